// Switchboard extensions to the v2 API: the recorded events, the delivery outbox with its attempts, and
// replay of dead-lettered (or delivered) events with the same event id. Paid plan, like the management routes.
import { Type } from '@sinclair/typebox'
import type { FastifyInstance } from 'fastify'
import { coreErrors } from '../../../domain/core-errors.js'
import { WebhookNotFoundError, type DeliveryState } from '../../../webhooks/index.js'
import type { ApiDeps } from '../../api-deps.js'
import { looseBoolean, stringParam } from '../../request-params.js'
import { CREDENTIALS_NOTE, instanceQuery, Nullable } from '../../schemas/common.js'
import { instanceEvent } from '../../../services/webhook-access.js'
import { errors, requireWebhookPlan } from './webhooks.js'

const tags = ['Webhooks']
const STATES = ['pending', 'in_flight', 'delivered', 'dead'] as const

const Delivery = Type.Object({
  id: Type.Integer(),
  event_id: Type.String(),
  event: Type.String(),
  url: Type.String(),
  state: Type.String({ description: STATES.join(', ') }),
  attempts: Type.Integer({ description: 'Attempts made in total (replays continue the count)' }),
  next_attempt_at: Type.Union([Type.Integer(), Type.Null()], { description: 'ms; pending rows only' }),
  last_status: Type.Union([Type.Integer(), Type.Null()]),
  last_error: Nullable(Type.String()),
  created_at: Type.Integer(),
  delivered_at: Type.Union([Type.Integer(), Type.Null()]),
  dead_at: Type.Union([Type.Integer(), Type.Null()])
})
const Attempt = Type.Object({
  attempt: Type.Integer(),
  url: Type.String(),
  outcome: Type.String({ description: 'delivered, retry, dead, gone (410)' }),
  status_code: Type.Union([Type.Integer(), Type.Null()]),
  error: Nullable(Type.String()),
  duration_ms: Type.Integer(),
  at: Type.Integer()
})
const Counts = Type.Object({ pending: Type.Integer(), in_flight: Type.Integer(), delivered: Type.Integer(), dead: Type.Integer() })
const EventSummary = Type.Object({ id: Type.String(), event: Type.String(), created_at: Type.Integer() })

const page = (input: Record<string, unknown>) => {
  const n = (k: string) => {
    const v = stringParam(input, k)
    if (v === undefined) return undefined
    if (!/^\d+$/.test(v)) throw coreErrors.invalidParam(k, 'must be a non-negative integer')
    return Number(v)
  }
  const limit = n('limit')
  // 0 is "no limit" (n8n's default): the maximum page, 1000.
  return { limit: limit === 0 ? 1000 : limit ?? 50, offset: n('offset') ?? 0 }
}

export async function webhookLogRoutes(app: FastifyInstance, deps: ApiDeps): Promise<void> {
  const svc = deps.services.webhooks
  const config = { auth: 'instance' as const }

  /** The webhook of this instance with that URL, or 404. */
  const webhookIdOf = (instanceId: string, url: string | undefined): number | undefined => {
    if (url === undefined) return undefined
    const w = svc.list(instanceId).find((x) => x.url === url || x.url === safeHref(url))
    if (!w) throw new WebhookNotFoundError('webhook_not_found', 'This instance has no webhook with that url', { field: 'url' })
    return w.id
  }

  const deliveryWire = (instanceId: string, q: { eventId?: string; state?: DeliveryState; webhookId?: number; limit?: number; offset?: number }) =>
    svc.deliveries({ instanceId, ...q }).map((d) => ({
      id: d.id,
      event_id: d.eventId,
      event: d.event,
      url: d.url,
      state: d.state,
      attempts: d.totalAttempts,
      next_attempt_at: d.state === 'pending' ? d.nextAttemptAt : null,
      last_status: d.lastStatus,
      last_error: d.lastError,
      created_at: d.createdAt,
      delivered_at: d.deliveredAt,
      dead_at: d.deadAt
    }))

  app.get('/v2/webhook/deliveries', {
    config,
    schema: {
      tags,
      summary: 'Delivery log (Switchboard extension)',
      description: `Deliveries of this instance's events (one per event and webhook), newest first, with counts per state. Filters: state (${STATES.join('|')}), event_id, url; limit (default 50, max 1000; 0 = the maximum), offset. ${CREDENTIALS_NOTE}`,
      querystring: instanceQuery({
        state: Type.Optional(Type.String()),
        event_id: Type.Optional(Type.String()),
        url: Type.Optional(Type.String()),
        limit: Type.Optional(Type.Unknown()),
        offset: Type.Optional(Type.Unknown())
      }),
      response: { 200: Type.Object({ counts: Counts, deliveries: Type.Array(Delivery) }), ...errors }
    }
  }, async (request) => {
    const { instanceId } = requireWebhookPlan(request)
    const state = stringParam(request.input, 'state')
    if (state !== undefined && !(STATES as readonly string[]).includes(state)) throw coreErrors.invalidParam('state', `must be one of ${STATES.join(', ')}`)
    const eventId = stringParam(request.input, 'event_id')
    const webhookId = webhookIdOf(instanceId, stringParam(request.input, 'url'))
    return {
      counts: svc.counts(instanceId),
      deliveries: deliveryWire(instanceId, {
        ...page(request.input),
        ...(state ? { state: state as DeliveryState } : {}),
        ...(eventId ? { eventId } : {}),
        ...(webhookId !== undefined ? { webhookId } : {})
      })
    }
  })

  app.get('/v2/webhook/events', {
    config,
    schema: {
      tags,
      summary: 'Recorded events (Switchboard extension)',
      description: `Events this instance produced (kept 7 days once delivered), newest first; filter by event (name). With event_id: that event's envelope (exactly the bytes POSTed), its deliveries and every attempt. ${CREDENTIALS_NOTE}`,
      querystring: instanceQuery({
        event: Type.Optional(Type.String()),
        event_id: Type.Optional(Type.String()),
        limit: Type.Optional(Type.Unknown()),
        offset: Type.Optional(Type.Unknown())
      }),
      response: {
        200: Type.Union([
          Type.Object({ events: Type.Array(EventSummary) }),
          Type.Object({ event: Type.Unknown({ description: 'The envelope' }), deliveries: Type.Array(Delivery), attempts: Type.Array(Attempt) })
        ]),
        ...errors
      }
    }
  }, async (request) => {
    const { instanceId } = requireWebhookPlan(request)
    const eventId = stringParam(request.input, 'event_id')
    if (eventId) {
      const envelope = instanceEvent(svc, instanceId, eventId)
      if (!envelope) throw new WebhookNotFoundError('event_not_found', 'No recorded event with that id on this instance', { field: 'event_id' })
      const urls = new Map(svc.list(instanceId).map((w) => [w.id, w.url]))
      return {
        event: envelope,
        deliveries: deliveryWire(instanceId, { eventId, limit: 1000 }),
        attempts: svc.attempts({ eventId, limit: 1000 }).map((a) => ({
          attempt: a.attempt,
          url: urls.get(a.webhookId) ?? '',
          outcome: a.outcome,
          status_code: a.statusCode,
          error: a.error,
          duration_ms: a.durationMs,
          at: a.at
        }))
      }
    }
    const event = stringParam(request.input, 'event')
    return {
      events: svc.events({ instanceId, ...page(request.input), ...(event ? { event } : {}) }).map((e) => ({ id: e.id, event: e.event, created_at: e.createdAt }))
    }
  })

  app.post('/v2/webhook/replay', {
    config,
    schema: {
      tags,
      summary: 'Replay events (Switchboard extension)',
      description: `Re-sends with the SAME event id (receivers dedupe on webhook-id). event_id: that event's dead deliveries (include_delivered=true: delivered ones too), optionally only to url. Without event_id, url is required: every dead-lettered delivery of that webhook (since: ms, optional). A disabled webhook's replays wait until it is re-activated. ${CREDENTIALS_NOTE}`,
      querystring: instanceQuery({
        event_id: Type.Optional(Type.String()),
        url: Type.Optional(Type.String()),
        include_delivered: Type.Optional(Type.Unknown()),
        since: Type.Optional(Type.Unknown())
      }),
      response: { 200: Type.Object({ status: Type.Literal('success'), replayed: Type.Integer() }), ...errors }
    }
  }, async (request) => {
    const { instanceId } = requireWebhookPlan(request)
    const eventId = stringParam(request.input, 'event_id')
    const webhookId = webhookIdOf(instanceId, stringParam(request.input, 'url'))
    if (eventId) {
      if (!instanceEvent(svc, instanceId, eventId)) throw new WebhookNotFoundError('event_not_found', 'No recorded event with that id on this instance', { field: 'event_id' })
      const includeDelivered = looseBoolean(request.input.include_delivered) ?? false
      return { status: 'success' as const, replayed: svc.replayEvent(eventId, { includeDelivered, ...(webhookId !== undefined ? { webhookId } : {}) }) }
    }
    if (webhookId === undefined) throw coreErrors.missingParam(['event_id', 'url'])
    const since = stringParam(request.input, 'since')
    if (since !== undefined && !/^\d+$/.test(since)) throw coreErrors.invalidParam('since', 'must be milliseconds since the epoch')
    return { status: 'success' as const, replayed: svc.replayDeadLetters(webhookId, since ? { since: Number(since) } : {}) }
  })
}

function safeHref(url: string): string {
  try {
    return new URL(url.trim()).href
  } catch {
    return url
  }
}
