// webhooks.*: configure URLs and events per instance (paid plan, as the API), the delivery log with attempts,
// each delivery's exact body and signature headers, replay, and "Send test event", all through the
// WebhookService (replays, saves and tests wake its delivery worker).
import type { DeliveryDto, WebhooksDto } from '../../../../src-preload/contract/dto.js'
import { coreErrors } from '../../domain/core-errors.js'
import { hasActivePlan } from '../../domain/plans.js'
import { EVENT_DESCRIPTIONS } from '../../messaging/events/event-descriptions.js'
import { sendTestEvent, TEST_EVENT_CHOICES } from '../../services/webhook-samples.js'
import { deliveryAttempts, instanceEvent } from '../../services/webhook-access.js'
import { KNOWN_WEBHOOK_EVENTS, WebhookNotFoundError, type DeliveryInfo, type WebhookConfig } from '../../webhooks/index.js'
import type { BridgeContext } from './context.js'
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

export function webhookHandlers({ services: { webhooks }, account, owned }: BridgeContext): HandlersOf<'webhooks'> {
  const view = (instanceId: string): WebhooksDto => ({
    instanceId,
    allowed: hasActivePlan(account().plan),
    webhooks: webhooks.list(instanceId).map(webhookDto),
    knownEvents: [...KNOWN_WEBHOOK_EVENTS],
    eventDescriptions: { ...EVENT_DESCRIPTIONS },
    testEvents: [...TEST_EVENT_CHOICES],
    counts: webhooks.counts(instanceId)
  })
  const requirePaid = () => {
    if (!hasActivePlan(account().plan)) throw coreErrors.subscriptionRequired('Webhooks')
  }

  return {
    'webhooks.get': ({ instanceId }) => view(owned(instanceId).id),
    'webhooks.save': (r) => {
      const row = owned(r.instanceId)
      requirePaid()
      webhooks.set(row.id, {
        url: r.url,
        events: r.events,
        ...(r.isActive !== undefined ? { is_active: r.isActive } : {}),
        ...(r.name !== undefined ? { name: r.name } : {}),
        ...(r.secret !== undefined ? { hmac: r.secret } : {}),
        ...(r.retries ? { retries: r.retries } : {})
      })
      return view(row.id)
    },
    'webhooks.delete': ({ instanceId, url }) => {
      const row = owned(instanceId)
      if (!webhooks.remove(row.id, url)) throw new WebhookNotFoundError('webhook_not_found', 'This instance has no webhook with that URL', { field: 'url' })
      return view(row.id)
    },
    'webhooks.deliveries': ({ instanceId, limit, offset }) =>
      webhooks.deliveries({ instanceId: owned(instanceId).id, limit: limit ?? 50, offset: offset ?? 0 }).map(deliveryDto),
    'webhooks.attempts': ({ instanceId, deliveryId }) =>
      // Another instance's delivery is "not found", never shown.
      deliveryAttempts(webhooks, owned(instanceId).id, deliveryId, 200).map((a) => ({ id: a.id, attempt: a.attempt, outcome: a.outcome, statusCode: a.statusCode, error: a.error, durationMs: a.durationMs, at: a.at })),
    'webhooks.replay': ({ instanceId, eventId, webhookId }) => {
      const row = owned(instanceId)
      if (!instanceEvent(webhooks, row.id, eventId)) throw new WebhookNotFoundError('event_not_found', 'No recorded event with that id on this instance')
      return { replayed: webhooks.replayEvent(eventId, { ...(webhookId ? { webhookId } : {}), includeDelivered: true }) }
    },
    'webhooks.sendTest': ({ instanceId, webhookId, event }) => {
      const row = owned(instanceId)
      requirePaid()
      return { eventId: sendTestEvent(webhooks, row, webhookId, event).eventId }
    },
    'webhooks.payload': ({ instanceId, deliveryId }) => {
      const row = owned(instanceId)
      const p = webhooks.preview(deliveryId)
      // Another instance's delivery is "not found", never shown.
      if (!p || p.instanceId !== row.id) throw new WebhookNotFoundError('delivery_not_found', 'No delivery with that id on this instance')
      return { deliveryId: p.deliveryId, eventId: p.eventId, event: p.event, url: p.url, body: p.body, headers: p.headers, attempt: p.attempt, headersAt: p.headersAt, signed: p.signed }
    }
  }
}
