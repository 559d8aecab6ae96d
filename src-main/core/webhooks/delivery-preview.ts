// What one delivery POSTs: the exact body (the event's stored bytes, the same on every attempt) and the headers of
// its last attempt (or of the next one, before any), rebuilt with the signing code the worker uses. Only the
// per-attempt request id cannot be rebuilt (a random UUID), so it is left out and said so.
import type { Db } from '../db/connection.js'
import { typedStmt } from '../db/statements.js'
import { isSampleBody } from './envelope.js'
import { deliveryHeaders } from './signing.js'

export interface DeliveryPreview {
  deliveryId: number
  eventId: string
  event: string
  webhookId: number
  instanceId: string
  url: string
  /** The exact body, byte for byte. */
  body: string
  /** Headers of the attempt `attempt` (null: the next one, timestamped now); without x-webhook-request-id. */
  headers: Record<string, string>
  attempt: number | null
  headersAt: number
  signed: boolean
}

interface Row {
  id: number
  event_id: string
  webhook_id: number
  instance_id: string
  event: string
  body: string
  url: string
  hmac: string | null
  last_at: number | null
  last_attempt: number | null
}

const PREVIEW = `
SELECT d.id, d.event_id, d.webhook_id, d.instance_id, e.event, e.body, w.url, w.hmac,
  (SELECT a.at FROM webhook_attempts a WHERE a.delivery_id = d.id ORDER BY a.id DESC LIMIT 1) AS last_at,
  (SELECT a.attempt FROM webhook_attempts a WHERE a.delivery_id = d.id ORDER BY a.id DESC LIMIT 1) AS last_attempt
FROM webhook_deliveries d JOIN webhook_events e ON e.id = d.event_id JOIN webhooks w ON w.id = d.webhook_id WHERE d.id = ?`

export const REQUEST_ID_HEADER = 'x-webhook-request-id'

export function deliveryPreview(db: Db, deliveryId: number, opts: { now: number; userAgent: string }): DeliveryPreview | null {
  const r = typedStmt<Row>(db, PREVIEW).get(deliveryId)
  if (!r) return null
  // The signature covers the attempt's own timestamp (seconds), which the attempt row keeps as `at`.
  const at = r.last_at ?? opts.now
  const headers = deliveryHeaders({ eventId: r.event_id, body: r.body, secret: r.hmac, nowMs: at, userAgent: opts.userAgent, sample: isSampleBody(r.body) })
  delete headers[REQUEST_ID_HEADER]
  return {
    deliveryId: r.id,
    eventId: r.event_id,
    event: r.event,
    webhookId: r.webhook_id,
    instanceId: r.instance_id,
    url: r.url,
    body: r.body,
    headers,
    attempt: r.last_attempt,
    headersAt: at,
    signed: r.hmac !== null
  }
}
