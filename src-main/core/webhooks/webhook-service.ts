// The webhook module as one service for the composition root, the API routes and the desktop UI: configs,
// the event/delivery/attempt log, replay, and the delivery worker it owns (replays and config changes wake it).
import type { Db } from '../db/connection.js'
import type { AttemptRecord } from './delivery-store.js'
import { deliveryPreview, type DeliveryPreview } from './delivery-preview.js'
import { createDeliveryWorker, DEFAULT_USER_AGENT, type DeliveryWorker, type DeliveryWorkerOptions, type WorkerLogger } from './delivery-worker.js'
import type { WebhookEnvelope, WebhookMe } from './envelope.js'
import { WebhookNotFoundError } from './errors.js'
import {
  deliveryCounts,
  getEvent,
  listAttempts,
  listDeliveries,
  listEvents,
  replayDeadLetters,
  replayEvent,
  type AttemptInfo,
  type DeliveryInfo,
  type DeliveryState,
  type EventSummary,
  type Page
} from './outbox-queries.js'
import { deleteInstanceWebhooks } from './outbox.js'
import { enqueueTestEvent, type SampleEvent } from './test-event.js'
import type { WebhookInput } from './webhook-input.js'
import {
  deleteWebhook,
  getWebhookById,
  listWebhooks,
  replaceWebhooks,
  setWebhook,
  toWebhookWire,
  updateWebhook,
  type WebhookConfig,
  type WebhookWire
} from './webhook-repo.js'

export interface WebhookServiceDeps {
  db: Db
  /** False while the instance is STOPPED: its deliveries wait. */
  isInstanceDeliverable: (instanceId: string) => boolean
  logger?: WorkerLogger
  now?: () => number
}

export interface WebhookService {
  readonly worker: DeliveryWorker
  start(): void
  stop(): Promise<void>
  /**
   * Look at the outbox now (after an instance resumed). Only schedules: the outbox producers pass it to
   * enqueueEvent (opts.wake), so each enqueue that creates deliveries wakes the worker.
   */
  wake(): void

  list(instanceId: string): readonly WebhookConfig[]
  /** The v2 wire shape (session answers' config.webhooks, GET /v2/session/webhook). */
  listWire(instanceId: string): WebhookWire[]
  get(webhookId: number): WebhookConfig | null
  set(instanceId: string, input: WebhookInput): WebhookConfig
  update(instanceId: string, input: WebhookInput): WebhookConfig
  remove(instanceId: string, url: string): boolean
  replace(instanceId: string, inputs: readonly WebhookInput[]): readonly WebhookConfig[]

  events(q: { instanceId: string; event?: string } & Page): EventSummary[]
  event(eventId: string): WebhookEnvelope | null
  deliveries(q?: { instanceId?: string; webhookId?: number; eventId?: string; state?: DeliveryState } & Page): DeliveryInfo[]
  attempts(q: { eventId?: string; webhookId?: number; deliveryId?: number } & Page): AttemptInfo[]
  counts(instanceId: string): Record<DeliveryState, number>
  /** Re-queues an event's dead (optionally delivered) deliveries with the same event id; returns rows re-queued. */
  replayEvent(eventId: string, opts?: { webhookId?: number; includeDelivered?: boolean }): number
  replayDeadLetters(webhookId: number, opts?: { since?: number }): number
  /**
   * "Send test event": records a `webhook.test` event delivered to this webhook of the instance only, through the
   * outbox (signed, retried, logged like any event); returns its event id. webhook_not_found for another's webhook.
   */
  sendTest(instanceId: string, webhookId: number, envelope: { session: string; me: WebhookMe | null }, sample?: SampleEvent): string
  /** The exact body and the signature headers of one delivery (its last attempt's, or the next one's). */
  preview(deliveryId: number): DeliveryPreview | null
  /** Every attempt as it is recorded (UI push); returns an unsubscribe function. */
  onAttempt(listener: (attempt: AttemptRecord) => void): () => void
  /** Instance deleted: its webhooks, events, deliveries and attempts go. */
  deleteInstance(instanceId: string): void
}

export function createWebhookService(deps: WebhookServiceDeps, options: DeliveryWorkerOptions = {}): WebhookService {
  const { db } = deps
  const now = deps.now ?? Date.now
  const listeners = new Set<(a: AttemptRecord) => void>()
  const worker = createDeliveryWorker(
    {
      db,
      isInstanceDeliverable: deps.isInstanceDeliverable,
      now,
      ...(deps.logger ? { logger: deps.logger } : {}),
      onAttempt: (a) => {
        for (const l of listeners) l(a)
      }
    },
    options
  )
  const woken = <T>(value: T): T => {
    worker.wake()
    return value
  }
  return {
    worker,
    start: () => worker.start(),
    stop: () => worker.stop(),
    wake: () => worker.wake(),
    list: (instanceId) => listWebhooks(db, instanceId),
    listWire: (instanceId) => listWebhooks(db, instanceId).map(toWebhookWire),
    get: (id) => getWebhookById(db, id),
    // Re-activating a webhook releases its held deliveries: wake the worker.
    set: (instanceId, input) => woken(setWebhook(db, instanceId, input, now())),
    update: (instanceId, input) => woken(updateWebhook(db, instanceId, input, now())),
    remove: (instanceId, url) => deleteWebhook(db, instanceId, url),
    replace: (instanceId, inputs) => woken(replaceWebhooks(db, instanceId, inputs, now())),
    events: (q) => listEvents(db, q),
    event: (id) => getEvent(db, id),
    deliveries: (q = {}) => listDeliveries(db, q),
    attempts: (q) => listAttempts(db, q),
    counts: (instanceId) => deliveryCounts(db, instanceId),
    replayEvent: (eventId, opts = {}) => woken(replayEvent(db, eventId, { ...opts, now: now() })),
    replayDeadLetters: (webhookId, opts = {}) => woken(replayDeadLetters(db, webhookId, { ...opts, now: now() })),
    sendTest(instanceId, webhookId, envelope, sample) {
      const webhook = getWebhookById(db, webhookId)
      if (!webhook || webhook.instanceId !== instanceId) throw new WebhookNotFoundError('webhook_not_found', 'This instance has no webhook with that id', { field: 'webhookId' })
      return enqueueTestEvent(db, { instanceId, ...envelope, engine: 'NOWEB', webhook }, { now: now(), wake: () => worker.wake() }, sample)
    },
    preview: (deliveryId) => deliveryPreview(db, deliveryId, { now: now(), userAgent: options.userAgent ?? DEFAULT_USER_AGENT }),
    onAttempt(listener) {
      listeners.add(listener)
      return () => void listeners.delete(listener)
    },
    deleteInstance: (instanceId) => deleteInstanceWebhooks(db, instanceId)
  }
}
