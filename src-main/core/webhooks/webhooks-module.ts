// The webhooks module assembled once for the composition root: the webhook service (configs, the delivery log,
// replay and the delivery worker it owns) and the live event stream over the same outbox (/v2/events, MCP).
// The root starts the worker once the outbox producers exist and places each part's stop in its shutdown order.
import type { Logger } from 'pino'
import type { Db } from '../db/connection.js'
import { EventStreamService } from './event-stream.js'
import { createWebhookService, type WebhookService } from './webhook-service.js'

export interface WebhooksModuleDeps {
  db: Db
  /** The core's bus: any event on it is a hint that the outbox may hold something new for the live streams. */
  bus: { onAny(listener: () => void): () => void }
  /** A STOPPED instance's deliveries wait (asked per pass of the worker, so it may read state built later). */
  isInstanceDeliverable(instanceId: string): boolean
  logger: Logger
}

export interface WebhooksModule {
  webhooks: WebhookService
  events: EventStreamService
  /** Producers' wake: each enqueue that creates deliveries wakes the worker (a no-op until it starts). */
  wakeDeliveries(): void
}

export function assembleWebhooksModule(d: WebhooksModuleDeps): WebhooksModule {
  const webhooks = createWebhookService({ db: d.db, isInstanceDeliverable: (id) => d.isInstanceDeliverable(id), logger: d.logger.child({ module: 'webhooks' }) })
  // The live event stream reads the outbox after each subscriber's cursor; any bus event is a hint to look again
  // (producers publish after their commit), a slow poll covers producers without one. It listens only while a
  // stream is open.
  const events = new EventStreamService({ db: d.db, onActivity: (listener) => d.bus.onAny(() => listener()) })
  return { webhooks, events, wakeDeliveries: () => webhooks.wake() }
}
