// The worker's side of the outbox: find due rows, lease them, record each attempt's outcome, and give rows
// back (crash recovery, shutdown). A lease (owner + deadline) makes a delivery killed mid-flight run again.
// claim/recordAttempt/releaseLease open no transaction of their own: the worker runs a whole tick's claims and
// outcomes in one (one commit per tick, not one savepoint per row); run them inside inTransaction elsewhere.
import type { Db } from '../db/connection.js'
import type { Decision } from './retry-policy.js'
import { columnStmt, stmt, typedStmt } from '../db/statements.js'
import type { WebhookRetries } from './webhook-input.js'
import { disableWebhook } from './webhook-repo.js'

export interface DueRow {
  id: number
  instance_id: string
  webhook_id: number
}

export interface ClaimedDelivery {
  deliveryId: number
  eventId: string
  webhookId: number
  instanceId: string
  /** Attempts already made in this round (the next one is attempts + 1). */
  attempts: number
  totalAttempts: number
  body: string
  url: string
  hmac: string | null
  retries: WebhookRetries
  /** Deadline of this lease (ms): past it the row may be taken again (reclaimExpiredLeases). */
  leaseUntil: number
}

export type AttemptOutcomeLabel = 'delivered' | 'retry' | 'dead' | 'gone'

export interface AttemptRecord {
  deliveryId: number
  eventId: string
  webhookId: number
  instanceId: string
  /** 1-based over the delivery's life. */
  attempt: number
  outcome: AttemptOutcomeLabel
  statusCode: number | null
  error: string | null
  durationMs: number
  at: number
  /** When outcome is "retry". */
  nextAttemptAt: number | null
}

/** Rows left in flight by a previous process (crash, SIGKILL): run them again. One core owns the database. */
export const reclaimAllLeases = (db: Db, now: number): number =>
  stmt(db, "UPDATE webhook_deliveries SET state = 'pending', lease_owner = NULL, lease_until = NULL, updated_at = ? WHERE state = 'in_flight'").run(now).changes

/** Safety net while running: leases whose deadline passed (their holder is gone) become due again. */
export const reclaimExpiredLeases = (db: Db, now: number): number =>
  stmt(
    db,
    "UPDATE webhook_deliveries SET state = 'pending', lease_owner = NULL, lease_until = NULL, updated_at = @now WHERE state = 'in_flight' AND lease_until < @now"
  ).run({ now }).changes

/** Due rows of active webhooks, oldest first, skipping paused instances and webhooks at their concurrency cap. */
export function findDue(db: Db, now: number, pausedInstances: readonly string[], fullWebhooks: readonly number[], limit: number): DueRow[] {
  // The common case (nothing paused, no webhook at its cap) without the two json_each scans.
  if (pausedInstances.length === 0 && fullWebhooks.length === 0) {
    return typedStmt<DueRow>(
      db,
      `SELECT d.id, d.instance_id, d.webhook_id FROM webhook_deliveries d
       JOIN webhooks w ON w.id = d.webhook_id AND w.is_active = 1
       WHERE d.state = 'pending' AND d.next_attempt_at <= @now
       ORDER BY d.next_attempt_at, d.id LIMIT @limit`
    ).all({ now, limit })
  }
  return typedStmt<DueRow>(
    db,
    `SELECT d.id, d.instance_id, d.webhook_id FROM webhook_deliveries d
     JOIN webhooks w ON w.id = d.webhook_id AND w.is_active = 1
     WHERE d.state = 'pending' AND d.next_attempt_at <= @now
       AND d.instance_id NOT IN (SELECT value FROM json_each(@paused))
       AND d.webhook_id NOT IN (SELECT value FROM json_each(@full))
     ORDER BY d.next_attempt_at, d.id LIMIT @limit`
  ).all({ now, paused: JSON.stringify(pausedInstances), full: JSON.stringify(fullWebhooks), limit })
}

/** Earliest future attempt time, for the worker's timer (due-but-blocked rows are left to the poll). */
export const nextDueAt = (db: Db, now: number): number | null =>
  columnStmt<number | null>(db, "SELECT MIN(next_attempt_at) FROM webhook_deliveries WHERE state = 'pending' AND next_attempt_at > ?").get(now) ?? null

interface ClaimRow {
  id: number
  event_id: string
  webhook_id: number
  instance_id: string
  attempts: number
  total_attempts: number
  body: string
  url: string
  hmac: string | null
  retry_delay_s: number
  retry_attempts: number
}

/**
 * Leases the rows `ids` still pending (one UPDATE and one SELECT for the batch) and answers them in the order of
 * `ids` (findDue's: oldest due first); rows taken meanwhile (replayed, deleted) are left out.
 */
export function claim(db: Db, ids: readonly number[], owner: string, leaseUntil: number, now: number): ClaimedDelivery[] {
  if (ids.length === 0) return []
  const list = JSON.stringify(ids)
  const taken = columnStmt<number>(
    db,
    `UPDATE webhook_deliveries SET state = 'in_flight', lease_owner = @owner, lease_until = @leaseUntil, updated_at = @now
     WHERE id IN (SELECT value FROM json_each(@ids)) AND state = 'pending' RETURNING id`
  ).all({ owner, leaseUntil, now, ids: list })
  if (taken.length === 0) return []
  const rows = typedStmt<ClaimRow>(
    db,
    `SELECT d.id, d.event_id, d.webhook_id, d.instance_id, d.attempts, d.total_attempts, e.body, w.url, w.hmac, w.retry_delay_s, w.retry_attempts
     FROM webhook_deliveries d JOIN webhook_events e ON e.id = d.event_id JOIN webhooks w ON w.id = d.webhook_id
     WHERE d.id IN (SELECT value FROM json_each(?))`
  ).all(JSON.stringify(taken))
  const byId = new Map(rows.map((r) => [r.id, r]))
  const out: ClaimedDelivery[] = []
  for (const id of ids) {
    const r = byId.get(id)
    if (!r) continue
    out.push({
      deliveryId: r.id,
      eventId: r.event_id,
      webhookId: r.webhook_id,
      instanceId: r.instance_id,
      attempts: r.attempts,
      totalAttempts: r.total_attempts,
      body: r.body,
      url: r.url,
      hmac: r.hmac,
      retries: { delay: r.retry_delay_s, attempts: r.retry_attempts },
      leaseUntil
    })
  }
  return out
}

export interface AttemptResultInput {
  decision: Decision
  statusCode: number | null
  error: string | null
  durationMs: number
  /** Start of the attempt. */
  at: number
  /** Decision time (base of the next attempt). */
  now: number
}

const label = (d: Decision): AttemptOutcomeLabel => (d.kind === 'delivered' ? 'delivered' : d.kind === 'gone' ? 'gone' : d.kind === 'dead' ? 'dead' : 'retry')

/** Applies one attempt's decision; null when the lease was lost (row replayed, reclaimed or deleted meanwhile). */
export function recordAttempt(db: Db, c: ClaimedDelivery, owner: string, r: AttemptResultInput): AttemptRecord | null {
  const d = r.decision
  const nextAttemptAt = d.kind === 'retry' ? r.now + d.delayMs : null
  const state = d.kind === 'delivered' ? 'delivered' : d.kind === 'retry' ? 'pending' : 'dead'
  const error = d.kind === 'dead' && d.reason === 'exhausted' ? `${r.error ?? ''} (last attempt)`.trim() : r.error
  const updated = stmt(
    db,
    `UPDATE webhook_deliveries SET state = @state, attempts = attempts + 1, total_attempts = total_attempts + 1,
       next_attempt_at = COALESCE(@next, next_attempt_at), lease_owner = NULL, lease_until = NULL,
       last_status = @status, last_error = @error, updated_at = @now,
       delivered_at = CASE WHEN @state = 'delivered' THEN @now ELSE delivered_at END,
       dead_at = CASE WHEN @state = 'dead' THEN @now ELSE NULL END
     WHERE id = @id AND state = 'in_flight' AND lease_owner = @owner`
  ).run({ state, next: nextAttemptAt, status: r.statusCode, error, now: r.now, id: c.deliveryId, owner })
  if (updated.changes === 0) return null
  const attempt = c.totalAttempts + 1
  const outcome = label(d)
  stmt(
    db,
    `INSERT INTO webhook_attempts (delivery_id, event_id, webhook_id, attempt, outcome, status_code, error, duration_ms, at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`
  ).run(c.deliveryId, c.eventId, c.webhookId, attempt, outcome, r.statusCode, error, r.durationMs, r.at)
  if (d.kind === 'gone') disableWebhook(db, c.webhookId, 'http_410', r.now)
  return {
    deliveryId: c.deliveryId,
    eventId: c.eventId,
    webhookId: c.webhookId,
    instanceId: c.instanceId,
    attempt,
    outcome,
    statusCode: r.statusCode,
    error,
    durationMs: r.durationMs,
    at: r.at,
    nextAttemptAt
  }
}

/** Gives a leased row back untouched (shutdown aborted the POST): no attempt is counted. */
export const releaseLease = (db: Db, deliveryId: number, owner: string, now: number): void => {
  stmt(
    db,
    "UPDATE webhook_deliveries SET state = 'pending', lease_owner = NULL, lease_until = NULL, updated_at = ? WHERE id = ? AND state = 'in_flight' AND lease_owner = ?"
  ).run(now, deliveryId, owner)
}
