// Read and repair side of the outbox for the API and the UI: events, deliveries, attempts, replay, pruning.
import type { Db } from '../db/connection.js'
import type { WebhookEnvelope } from './envelope.js'
import { WebhookNotFoundError } from './errors.js'
import { stmt, columnStmt, typedStmt } from '../db/statements.js'

export type DeliveryState = 'pending' | 'in_flight' | 'delivered' | 'dead'

export interface EventSummary {
  id: string
  instanceId: string
  event: string
  createdAt: number
}

export interface DeliveryInfo {
  id: number
  eventId: string
  event: string
  webhookId: number
  url: string
  instanceId: string
  state: DeliveryState
  attempts: number
  totalAttempts: number
  nextAttemptAt: number
  lastStatus: number | null
  lastError: string | null
  createdAt: number
  deliveredAt: number | null
  deadAt: number | null
}

export interface AttemptInfo {
  id: number
  deliveryId: number
  eventId: string
  webhookId: number
  attempt: number
  outcome: 'delivered' | 'retry' | 'dead' | 'gone'
  statusCode: number | null
  error: string | null
  durationMs: number
  at: number
}

export interface Page {
  limit?: number
  offset?: number
}

const clampLimit = (n: number | undefined) => Math.min(Math.max(1, Math.floor(n ?? 50)), 1000)

/** A log query's parameters: each optional filter null when absent (the SQL reads null as "any"), then the page. */
function logParams<Q extends Page>(q: Q, filters: readonly (keyof Q & string)[]): Record<string, unknown> {
  return { ...Object.fromEntries(filters.map((f) => [f, q[f] ?? null])), limit: clampLimit(q.limit), offset: q.offset ?? 0 }
}

/** Newest first. */
export function listEvents(db: Db, q: { instanceId: string; event?: string } & Page): EventSummary[] {
  return typedStmt<EventSummary>(
    db,
    `SELECT id, instance_id AS instanceId, event, created_at AS createdAt FROM webhook_events
     WHERE instance_id = @instanceId AND (@event IS NULL OR event = @event)
     ORDER BY created_at DESC, id DESC LIMIT @limit OFFSET @offset`
  ).all(logParams(q, ['instanceId', 'event']))
}

export function getEvent(db: Db, eventId: string): WebhookEnvelope | null {
  const body = columnStmt<string>(db, 'SELECT body FROM webhook_events WHERE id = ?').get(eventId)
  return body === undefined ? null : (JSON.parse(body) as WebhookEnvelope)
}

const DELIVERY_COLUMNS = `d.id, d.event_id AS eventId, e.event, d.webhook_id AS webhookId, w.url, d.instance_id AS instanceId, d.state,
  d.attempts, d.total_attempts AS totalAttempts, d.next_attempt_at AS nextAttemptAt, d.last_status AS lastStatus,
  d.last_error AS lastError, d.created_at AS createdAt, d.delivered_at AS deliveredAt, d.dead_at AS deadAt`

/** Newest first; every filter optional. */
export function listDeliveries(
  db: Db,
  q: { instanceId?: string; webhookId?: number; eventId?: string; state?: DeliveryState } & Page = {}
): DeliveryInfo[] {
  return typedStmt<DeliveryInfo>(
    db,
    `SELECT ${DELIVERY_COLUMNS} FROM webhook_deliveries d
     JOIN webhook_events e ON e.id = d.event_id JOIN webhooks w ON w.id = d.webhook_id
     WHERE (@instanceId IS NULL OR d.instance_id = @instanceId) AND (@webhookId IS NULL OR d.webhook_id = @webhookId)
       AND (@eventId IS NULL OR d.event_id = @eventId) AND (@state IS NULL OR d.state = @state)
     ORDER BY d.id DESC LIMIT @limit OFFSET @offset`
  ).all(logParams(q, ['instanceId', 'webhookId', 'eventId', 'state']))
}

/** Attempts log: by event (ascending attempt order) or by webhook / delivery (newest first). */
export function listAttempts(db: Db, q: { eventId?: string; webhookId?: number; deliveryId?: number } & Page): AttemptInfo[] {
  const order = q.eventId !== undefined ? 'delivery_id, attempt' : 'id DESC'
  return typedStmt<AttemptInfo>(
    db,
    `SELECT id, delivery_id AS deliveryId, event_id AS eventId, webhook_id AS webhookId, attempt, outcome, status_code AS statusCode,
       error, duration_ms AS durationMs, at FROM webhook_attempts
     WHERE (@eventId IS NULL OR event_id = @eventId) AND (@webhookId IS NULL OR webhook_id = @webhookId)
       AND (@deliveryId IS NULL OR delivery_id = @deliveryId)
     ORDER BY ${order} LIMIT @limit OFFSET @offset`
  ).all(logParams(q, ['eventId', 'webhookId', 'deliveryId']))
}

/** Delivery counts per state for an instance (UI badge). */
export function deliveryCounts(db: Db, instanceId: string): Record<DeliveryState, number> {
  const out: Record<DeliveryState, number> = { pending: 0, in_flight: 0, delivered: 0, dead: 0 }
  const rows = typedStmt<{ state: DeliveryState; n: number }>(
    db, 'SELECT state, COUNT(*) AS n FROM webhook_deliveries WHERE instance_id = ? GROUP BY state'
  ).all(instanceId)
  for (const r of rows) out[r.state] = r.n
  return out
}

const REQUEUE = `UPDATE webhook_deliveries SET state = 'pending', attempts = 0, next_attempt_at = @now, dead_at = NULL, updated_at = @now`

/**
 * Re-queues an event's dead deliveries (optionally one webhook's; with includeDelivered also re-sends
 * delivered ones) as a new round of attempts with the SAME event id. Returns the rows re-queued; call
 * worker.wake() afterwards. Deliveries of a disabled webhook wait until it is re-activated.
 */
export function replayEvent(db: Db, eventId: string, opts: { webhookId?: number; includeDelivered?: boolean; now?: number } = {}): number {
  if (!stmt(db, 'SELECT 1 FROM webhook_events WHERE id = ?').get(eventId)) {
    throw new WebhookNotFoundError('event_not_found', `no recorded event ${eventId}`, { field: 'event_id' })
  }
  return stmt(
    db,
    `${REQUEUE} WHERE event_id = @eventId AND (@webhookId IS NULL OR webhook_id = @webhookId)
       AND (state = 'dead' OR (@includeDelivered = 1 AND state = 'delivered'))`
  ).run({ now: opts.now ?? Date.now(), eventId, webhookId: opts.webhookId ?? null, includeDelivered: opts.includeDelivered ? 1 : 0 }).changes
}

/** Re-queues every dead delivery of a webhook (optionally only those dead-lettered since `since` ms). */
export function replayDeadLetters(db: Db, webhookId: number, opts: { since?: number; now?: number } = {}): number {
  return stmt(db, `${REQUEUE} WHERE webhook_id = @webhookId AND state = 'dead' AND dead_at >= @since`).run({
    now: opts.now ?? Date.now(),
    webhookId,
    since: opts.since ?? 0
  }).changes
}

/**
 * Retention: deletes events older than `before` whose deliveries are all delivered (or that had none),
 * with their deliveries and attempts. Dead and pending rows are kept until replayed or their webhook goes.
 * Instance by instance, through the (instance_id, created_at) index: no index on created_at alone is kept, since
 * every enqueue would write it (migration 0590).
 */
export function pruneEvents(db: Db, before: number): number {
  let pruned = 0
  for (const instanceId of columnStmt<string>(db, 'SELECT DISTINCT instance_id FROM webhook_events').all()) {
    pruned += stmt(
      db,
      `DELETE FROM webhook_events WHERE instance_id = ? AND created_at < ? AND NOT EXISTS (
         SELECT 1 FROM webhook_deliveries d WHERE d.event_id = webhook_events.id AND d.state <> 'delivered')`
    ).run(instanceId, before).changes
  }
  return pruned
}
