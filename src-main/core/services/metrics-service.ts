// GET /metrics (issue 23 item 5): the health figures (health-service.ts) in Prometheus' text format with prom-client,
// plus the process metrics prom-client collects (CPU, memory, event loop lag, handles, GC). Each scrape builds the
// account's gauges from one fresh snapshot (nothing is counted between scrapes); the process registry lives on.
import { collectDefaultMetrics, Gauge, Registry } from 'prom-client'
import { INSTANCE_STATUSES } from '../domain/instance-status.js'
import type { HealthService, HealthSnapshot } from './health-service.js'

export class MetricsService {
  private process: Registry | undefined

  constructor(private readonly health: HealthService) {}

  /** Prometheus' text exposition format. */
  get contentType(): string {
    return Registry.PROMETHEUS_CONTENT_TYPE
  }

  /** The account's figures and the process metrics, as one scrape. */
  async render(accountId: string): Promise<string> {
    // Started at the first scrape: a core that is never scraped does not sample its event loop.
    if (!this.process) {
      this.process = new Registry()
      collectDefaultMetrics({ register: this.process })
    }
    const account = accountRegistry(this.health.snapshot(accountId))
    return `${await this.process.metrics()}\n${await account.metrics()}`
  }
}

/** The snapshot as gauges of a registry of its own (one per scrape). */
export function accountRegistry(snap: HealthSnapshot): Registry {
  const registry = new Registry()
  const gauge = <L extends string>(name: string, help: string, labelNames: readonly L[]) => new Gauge<L>({ name, help, labelNames, registers: [registry] })
  const base = ['instance_id', 'name'] as const
  const status = gauge('switchboard_instance_status', 'Instance status: 1 for the current one (STOPPED, STARTING, SCAN_QR_CODE, WORKING, FAILED)', [...base, 'status'])
  const up = gauge('switchboard_instance_up', '1 when the instance is WORKING', base)
  const queue = gauge('switchboard_send_queue_depth', 'Messages waiting in the send queue (rate-limit policy)', base)
  const oldest = gauge('switchboard_send_queue_oldest_wait_seconds', 'How long the oldest queued message has waited (0 when the queue is empty)', base)
  const sends = gauge('switchboard_sends', 'Outbound messages kept in the store, by result (sent, failed, purged; queued and sending in flight)', [...base, 'result'])
  const paused = gauge('switchboard_new_contacts_paused', '1 while the network does not let the account start new chats (463/475); replies go on', base)
  const held = gauge('switchboard_new_contact_sends_held', 'Sends to new contacts held while paused', base)
  const inbound = gauge('switchboard_inbound_messages', 'Incoming messages in the store', base)
  const deliveries = gauge('switchboard_webhook_deliveries', 'Webhook deliveries kept in the outbox, by state (pending, in_flight, delivered, dead)', [...base, 'state'])
  const attempts = gauge('switchboard_webhook_attempts', 'Webhook delivery attempts kept in the log, by outcome (delivered, retry, dead, gone)', [...base, 'outcome'])
  const pending = gauge('switchboard_webhook_outbox_pending', 'Webhook deliveries waiting to go out', base)
  const lag = gauge('switchboard_webhook_outbox_oldest_pending_seconds', 'Age of the oldest pending webhook delivery: the outbox lag (0 when none)', base)
  const clients = gauge('switchboard_event_stream_clients', 'Clients connected to GET /v2/events', [])
  for (const h of snap.instances) {
    const l = { instance_id: h.instanceId, name: h.name }
    for (const s of INSTANCE_STATUSES) if (s !== 'DELETED') status.set({ ...l, status: s }, s === h.status ? 1 : 0)
    up.set(l, h.status === 'WORKING' ? 1 : 0)
    queue.set(l, h.queueDepth)
    oldest.set(l, h.oldestQueuedSeconds)
    for (const [result, n] of Object.entries(h.sends)) sends.set({ ...l, result }, n)
    paused.set(l, h.newContactsPaused ? 1 : 0)
    held.set(l, h.heldNewContactSends)
    inbound.set(l, h.inboundMessages)
    for (const [state, n] of Object.entries(h.webhookDeliveries)) deliveries.set({ ...l, state }, n)
    for (const [outcome, n] of Object.entries(h.webhookAttempts)) attempts.set({ ...l, outcome }, n)
    pending.set(l, h.outboxPending)
    lag.set(l, h.outboxOldestPendingSeconds)
  }
  clients.set(snap.eventStreamClients)
  return registry
}
