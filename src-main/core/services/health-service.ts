// The health figures of an account's instances (issue 23 item 5), read at the moment they are asked for (a
// Prometheus scrape, the UI's health panel) from the store and the services' own state: nothing is counted on the
// hot paths. GET /metrics renders them with prom-client (metrics-service.ts); the bridge shows the same figures.
import type { Db } from '../db/connection.js'
import { stmt, typedStmt } from '../db/statements.js'
import type { InstanceStatus } from '../domain/instance-status.js'
import type { SendService } from '../messaging/send/send-service.js'
import type { EventStreamService } from '../webhooks/event-stream.js'
import type { InstanceService } from './instance-service.js'

export const SEND_STATES = ['queued', 'sending', 'sent', 'failed', 'purged'] as const
export const DELIVERY_STATES = ['pending', 'in_flight', 'delivered', 'dead'] as const

export interface InstanceHealth {
  instanceId: string
  name: string
  status: InstanceStatus
  /** Messages waiting in the instance's send queue, and how long the oldest has waited (seconds; 0 when empty). */
  queueDepth: number
  oldestQueuedSeconds: number
  /** Outbound messages kept in the store, by their state (sent, failed, purged, and the queued/sending ones). */
  sends: Record<(typeof SEND_STATES)[number], number>
  /** Whether the network lets the account start new chats now, and sends to new contacts held meanwhile. */
  newContactsPaused: boolean
  heldNewContactSends: number
  /** Incoming messages in the store. */
  inboundMessages: number
  /** Webhook deliveries kept in the outbox, by state; attempts by outcome (delivered, retry, dead, gone). */
  webhookDeliveries: Record<(typeof DELIVERY_STATES)[number], number>
  webhookAttempts: Record<string, number>
  /** Deliveries waiting to go out, and the age of the oldest (seconds; 0 when none): the outbox lag. */
  outboxPending: number
  outboxOldestPendingSeconds: number
}

export interface HealthSnapshot {
  instances: InstanceHealth[]
  /** Clients connected to GET /v2/events (every account). */
  eventStreamClients: number
  /** When the figures were read (ms). */
  at: number
}

export interface HealthServiceDeps {
  db: Db
  instances: InstanceService
  send: SendService
  events: EventStreamService
  now?: () => number
}

// One grouped read per figure for all the account's instances (not one per instance): a scrape of many instances
// costs a handful of indexed queries.
const SENDS = `SELECT o.instance_id AS id, o.status AS k, COUNT(*) AS n, MIN(CASE WHEN o.status = 'queued' THEN o.created_at END) AS oldest
FROM outbound_messages o JOIN instances i ON i.id = o.instance_id WHERE i.account_id = ? GROUP BY o.instance_id, o.status`
const INBOUND = `SELECT m.instance_id AS id, COUNT(*) AS n FROM store_messages m JOIN instances i ON i.id = m.instance_id
WHERE i.account_id = ? AND m.from_me = 0 GROUP BY m.instance_id`
const DELIVERIES = `SELECT d.instance_id AS id, d.state AS k, COUNT(*) AS n, MIN(CASE WHEN d.state = 'pending' THEN d.created_at END) AS oldest
FROM webhook_deliveries d JOIN instances i ON i.id = d.instance_id WHERE i.account_id = ? GROUP BY d.instance_id, d.state`
const ATTEMPTS = `SELECT w.instance_id AS id, a.outcome AS k, COUNT(*) AS n FROM webhook_attempts a JOIN webhooks w ON w.id = a.webhook_id
JOIN instances i ON i.id = w.instance_id WHERE i.account_id = ? GROUP BY w.instance_id, a.outcome`

interface Grouped {
  id: string
  k: string
  n: number
  oldest: number | null
}

const zeros = <K extends string>(keys: readonly K[]) => Object.fromEntries(keys.map((k) => [k, 0])) as Record<K, number>
const ageSeconds = (now: number, since: number | null | undefined) => (since ? Math.max(0, Math.round((now - since) / 1000)) : 0)

export class HealthService {
  constructor(private readonly deps: HealthServiceDeps) {}

  /** Every figure of the account's instances (optionally one instance), read now. */
  snapshot(accountId: string, instanceId?: string): HealthSnapshot {
    const { db, instances, send, events } = this.deps
    const now = (this.deps.now ?? Date.now)()
    const views = instances.list(accountId, true).filter((v) => instanceId === undefined || v.id === instanceId)
    const byId = new Map<string, InstanceHealth>()
    for (const v of views) {
      const d = send.deliverabilityOf(v.id)
      byId.set(v.id, {
        instanceId: v.id,
        name: v.name,
        status: v.status,
        queueDepth: 0,
        oldestQueuedSeconds: 0,
        sends: zeros(SEND_STATES),
        newContactsPaused: d.new_contacts === 'paused',
        heldNewContactSends: d.held,
        inboundMessages: 0,
        webhookDeliveries: zeros(DELIVERY_STATES),
        webhookAttempts: {},
        outboxPending: 0,
        outboxOldestPendingSeconds: 0
      })
    }
    for (const r of typedStmt<Grouped>(db, SENDS).all(accountId)) {
      const h = byId.get(r.id)
      if (!h) continue
      if (r.k in h.sends) h.sends[r.k as keyof InstanceHealth['sends']] = r.n
      if (r.k === 'queued') (h.queueDepth = r.n), (h.oldestQueuedSeconds = ageSeconds(now, r.oldest))
    }
    for (const r of typedStmt<Grouped>(db, INBOUND).all(accountId)) {
      const h = byId.get(r.id)
      if (h) h.inboundMessages = r.n
    }
    for (const r of typedStmt<Grouped>(db, DELIVERIES).all(accountId)) {
      const h = byId.get(r.id)
      if (!h) continue
      if (r.k in h.webhookDeliveries) h.webhookDeliveries[r.k as keyof InstanceHealth['webhookDeliveries']] = r.n
      if (r.k === 'pending') (h.outboxPending = r.n), (h.outboxOldestPendingSeconds = ageSeconds(now, r.oldest))
    }
    for (const r of typedStmt<Grouped>(db, ATTEMPTS).all(accountId)) {
      const h = byId.get(r.id)
      if (h) h.webhookAttempts[r.k] = r.n
    }
    return { instances: [...byId.values()], eventStreamClients: events.size, at: now }
  }
}
