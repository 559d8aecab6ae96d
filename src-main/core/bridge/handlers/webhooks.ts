// webhooks.*: configure URLs and events per instance (paid plan, as the API), the delivery log with attempts,
// and replay. Calls the webhook module's repository and outbox queries; the running worker is woken on replay.
import type { DeliveryDto, WebhooksDto } from '../../../../src-preload/contract/dto.js'
import { coreErrors } from '../../domain/core-errors.js'
import { hasActivePlan } from '../../domain/plans.js'
import {
  deleteWebhook,
  deliveryCounts,
  getEvent,
  getWebhookById,
  KNOWN_WEBHOOK_EVENTS,
  listAttempts,
  listDeliveries,
  listWebhooks,
  replayEvent,
  setWebhook,
  WebhookNotFoundError,
  type DeliveryInfo,
  type WebhookConfig
} from '../../webhooks/index.js'
import type { BridgeServices } from '../services.js'
import { accountOf, nowOf, ownedRow } from './context.js'
import type { HandlersOf } from './types.js'

const webhookDto = (w: WebhookConfig) => ({
  id: w.id,
  url: w.url,
  name: w.name,
  events: [...w.events],
  isActive: w.isActive,
  retries: { ...w.retries },
  hasSecret: w.hmac !== null,
  disabledReason: w.disabledReason
})

const deliveryDto = (d: DeliveryInfo): DeliveryDto => ({
  id: d.id,
  eventId: d.eventId,
  event: d.event,
  webhookId: d.webhookId,
  url: d.url,
  state: d.state,
  attempts: d.totalAttempts,
  lastStatus: d.lastStatus,
  lastError: d.lastError,
  createdAt: d.createdAt,
  deliveredAt: d.deliveredAt,
  deadAt: d.deadAt,
  nextAttemptAt: d.state === 'pending' ? d.nextAttemptAt : null
})

export function webhookHandlers(s: BridgeServices): HandlersOf<'webhooks'> {
  const view = (instanceId: string): WebhooksDto => ({
    instanceId,
    allowed: hasActivePlan(accountOf(s).plan),
    webhooks: listWebhooks(s.db, instanceId).map(webhookDto),
    knownEvents: [...KNOWN_WEBHOOK_EVENTS],
    counts: deliveryCounts(s.db, instanceId)
  })
  const requirePaid = () => {
    if (!hasActivePlan(accountOf(s).plan)) throw coreErrors.subscriptionRequired('Webhooks')
  }

  return {
    'webhooks.get': ({ instanceId }) => view(ownedRow(s, instanceId).id),
    'webhooks.save': (r) => {
      const row = ownedRow(s, r.instanceId)
      requirePaid()
      setWebhook(
        s.db,
        row.id,
        {
          url: r.url,
          events: r.events,
          ...(r.isActive !== undefined ? { is_active: r.isActive } : {}),
          ...(r.name !== undefined ? { name: r.name } : {}),
          ...(r.secret !== undefined ? { hmac: r.secret } : {}),
          ...(r.retries ? { retries: r.retries } : {})
        },
        nowOf(s)
      )
      return view(row.id)
    },
    'webhooks.delete': ({ instanceId, url }) => {
      const row = ownedRow(s, instanceId)
      if (!deleteWebhook(s.db, row.id, url)) throw new WebhookNotFoundError('webhook_not_found', 'This instance has no webhook with that URL', { field: 'url' })
      return view(row.id)
    },
    'webhooks.deliveries': ({ instanceId, limit, offset }) =>
      listDeliveries(s.db, { instanceId: ownedRow(s, instanceId).id, limit: limit ?? 50, offset: offset ?? 0 }).map(deliveryDto),
    'webhooks.attempts': ({ instanceId, deliveryId }) => {
      const row = ownedRow(s, instanceId)
      const attempts = listAttempts(s.db, { deliveryId, limit: 200 })
      // Another instance's delivery is "not found", never shown.
      if (attempts.some((a) => getWebhookById(s.db, a.webhookId)?.instanceId !== row.id)) return []
      return attempts.map((a) => ({ id: a.id, attempt: a.attempt, outcome: a.outcome, statusCode: a.statusCode, error: a.error, durationMs: a.durationMs, at: a.at }))
    },
    'webhooks.replay': ({ instanceId, eventId, webhookId }) => {
      const row = ownedRow(s, instanceId)
      if (getEvent(s.db, eventId)?.instance_id !== row.id) throw new WebhookNotFoundError('event_not_found', 'No recorded event with that id on this instance')
      const replayed = replayEvent(s.db, eventId, { ...(webhookId ? { webhookId } : {}), includeDelivered: true, now: nowOf(s) })
      s.webhookRuntime?.wake()
      return { replayed }
    }
  }
}
