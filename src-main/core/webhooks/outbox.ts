// The transactional outbox: enqueueEvent() records the event and one delivery row per matching active webhook.
// It only runs SQL on `db`, so calling it inside the caller's own transaction commits the event together
// with the message/status row that produced it. Producers pass the delivery worker's wake (opts.wake; start-core
// hands it to them), so no event of theirs waits for the worker's poll; without it (tests, scripts) a new event
// waits for a wake() or the poll.
import type { Db } from '../db/connection.js'
import { buildEnvelope, serializeEnvelope, type EnvelopeInput, type WebhookEnvelope } from './envelope.js'
import { columnStmt, stmt } from '../db/statements.js'
import { inTransaction } from './sql-tx.js'
import { newEventId, type IdGenerator } from './ulid.js'

export interface EnqueueOptions {
  /** Event time in ms (default Date.now()). */
  now?: number
  /** Reuse a known id (dedupe at the source: a second enqueue with the same id is a no-op). */
  id?: string
  newId?: IdGenerator
  /**
   * Called when the enqueue created deliveries (the delivery worker's wake). It runs inside the enqueue's
   * transaction, maybe the caller's, so it must only schedule: the worker looks at the outbox on a later turn of
   * the event loop, after the commit (better-sqlite3 transactions are synchronous).
   */
  wake?: () => void
  /** The name the event is recorded under when it differs from the envelope's (a sample is recorded as webhook.test). */
  recordAs?: string
  /**
   * Deliver to this webhook of the instance only, whatever events it subscribes to (the test event: "Send test
   * event" reaches the webhook it was sent for, never the others).
   */
  to?: number
}

export interface EnqueuedEvent<P = unknown> {
  envelope: WebhookEnvelope<P>
  /** Delivery rows created (0 when no active webhook subscribes to this event). */
  deliveries: number
  /** True when `opts.id` was already recorded; nothing was inserted. */
  duplicate: boolean
}

const INSERT_DELIVERIES = `
INSERT INTO webhook_deliveries (event_id, webhook_id, instance_id, state, next_attempt_at, created_at, updated_at)
SELECT @eventId, w.id, w.instance_id, 'pending', @now, @now, @now
FROM webhooks w
WHERE w.instance_id = @instanceId AND w.is_active = 1
  AND EXISTS (SELECT 1 FROM json_each(w.events) e WHERE e.value = '*' OR e.value = @event)`

const INSERT_DELIVERY_TO = `
INSERT INTO webhook_deliveries (event_id, webhook_id, instance_id, state, next_attempt_at, created_at, updated_at)
SELECT @eventId, w.id, w.instance_id, 'pending', @now, @now, @now FROM webhooks w WHERE w.id = @to AND w.instance_id = @instanceId`

export function enqueueEvent<P>(db: Db, input: EnvelopeInput<P>, opts: EnqueueOptions = {}): EnqueuedEvent<P> {
  // Every event is recorded (the UI lists them even when no webhook matched: "was it emitted at all?");
  // pruneEvents() bounds the table.
  return inTransaction(db, () => recordEvent(db, input, opts))
}

/**
 * The enqueue's SQL without a transaction of its own: the caller holds one (enqueueEvent's, or a group commit's,
 * outbox-group-commit.ts). The id is generated here, inside that transaction, so ids stay in commit order.
 */
export function recordEvent<P>(db: Db, input: EnvelopeInput<P>, opts: EnqueueOptions = {}): EnqueuedEvent<P> {
  // Outside one, the event row and its deliveries would commit apart (a crash between them loses the deliveries).
  if (!db.inTransaction) throw new Error('recordEvent runs inside a transaction; call enqueueEvent')
  const now = opts.now ?? Date.now()
  const id = opts.id ?? (opts.newId ?? newEventId)(now)
  const envelope = buildEnvelope(id, now, input)
  const body = serializeEnvelope(envelope)
  const inserted = stmt(db, 'INSERT OR IGNORE INTO webhook_events (id, instance_id, event, created_at, body) VALUES (?, ?, ?, ?, ?)').run(
    id,
    input.instanceId,
    opts.recordAs ?? input.event,
    now,
    body
  )
  if (inserted.changes === 0) {
    // The insert was ignored because this id is stored: its row is there.
    const stored = columnStmt<string>(db, 'SELECT body FROM webhook_events WHERE id = ?').get(id)!
    return { envelope: JSON.parse(stored) as WebhookEnvelope<P>, deliveries: 0, duplicate: true }
  }
  const { changes } =
    opts.to === undefined
      ? stmt(db, INSERT_DELIVERIES).run({ eventId: id, instanceId: input.instanceId, event: input.event, now })
      : stmt(db, INSERT_DELIVERY_TO).run({ eventId: id, instanceId: input.instanceId, to: opts.to, now })
  if (changes > 0) opts.wake?.()
  return { envelope, deliveries: changes, duplicate: false }
}

/** Called by the instance owner when an instance is deleted: its webhooks, events, deliveries and attempts go. */
export function deleteInstanceWebhooks(db: Db, instanceId: string): void {
  db.transaction(() => {
    stmt(db, 'DELETE FROM webhooks WHERE instance_id = ?').run(instanceId)
    stmt(db, 'DELETE FROM webhook_events WHERE instance_id = ?').run(instanceId)
  })()
}
