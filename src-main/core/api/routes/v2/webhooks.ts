// Webhook management (paid plan): /v2/webhook/set (upsert by URL), /v2/webhook/update, /v2/webhook/delete,
// GET/POST /v2/session/webhook (list / replace the whole list). Input is accepted loosely (query, JSON, form,
// JSON text) and validated by the webhook module, which names the offending field.
import { Type } from '@sinclair/typebox'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { coreErrors } from '../../../domain/core-errors.js'
import { hasActivePlan } from '../../../domain/plans.js'
import { sendTestEvent, TEST_EVENT_CHOICES } from '../../../services/webhook-samples.js'
import { DEFAULT_RETRIES, KNOWN_WEBHOOK_EVENTS, SAMPLE_HEADER, WebhookNotFoundError, WebhookValidationError, type WebhookInput } from '../../../webhooks/index.js'
import type { ApiDeps } from '../../api-deps.js'
import { authInstance } from '../../plugins/auth.js'
import { isPlainObject } from '../../request-params.js'
import { CREDENTIALS_NOTE, ErrorBody, instanceQuery, standardErrors } from '../../schemas/common.js'

const tags = ['Webhooks']

export const WebhookWireSchema = Type.Object({
  url: Type.String(),
  name: Type.Union([Type.String(), Type.Null()]),
  events: Type.Array(Type.String()),
  is_active: Type.Boolean(),
  retries: Type.Object({ delay: Type.Number({ description: 'Base delay in seconds' }), attempts: Type.Integer({ description: 'Total attempts, the first included' }) }),
  hmac: Type.Union([Type.String(), Type.Null()]),
  disabled_reason: Type.Union([Type.String(), Type.Null()], { description: 'Set when delivery disabled it (http_410); cleared by is_active=1' })
})

const SystemConfig = Type.Object({
  available_events: Type.Array(Type.String()),
  default_retries: Type.Object({ delay: Type.Number(), attempts: Type.Integer() }),
  signature_headers: Type.Array(Type.String())
})

const Saved = Type.Object({ status: Type.Literal('success'), message: Type.String(), webhook: WebhookWireSchema, webhooks: Type.Array(WebhookWireSchema) })
const Listed = Type.Object({ webhooks: Type.Array(WebhookWireSchema), systemConfig: SystemConfig })
const Replaced = Type.Composite([Type.Object({ status: Type.Literal('success'), message: Type.String() }), Listed])
const Deleted = Type.Object({ status: Type.Literal('success'), message: Type.String(), deleted: Type.Boolean(), webhooks: Type.Array(WebhookWireSchema) })

const loose = (description: string) => Type.Optional(Type.Unknown({ description }))
const FIELDS = {
  url: loose('Receiver URL (absolute http or https); the key of the webhook'),
  events: loose('Array of event names, "*" for all; also JSON text or a comma list'),
  is_active: loose('true/false or 1/0 (default 1)'),
  retries: loose('{delay: seconds, attempts: total}; default {delay:2, attempts:15}; also JSON text or retries[delay]=...'),
  hmac: loose('Signing secret ("" or null removes it); a whsec_<base64> secret is base64-decoded for the Standard Webhooks signature'),
  name: loose('A label')
}

export const errors = { ...standardErrors, 403: ErrorBody }

export const DELIVERY_NOTE = `Each event is one POST of {id, timestamp (ms), session, instance_id, engine ("NOWEB"), event, payload, me}; the id (evt_<ulid>) stays the same across retries and equals the webhook-id header. Headers: webhook-id, webhook-timestamp, webhook-signature (Standard Webhooks, v1,<base64 HMAC-SHA256 of "{id}.{timestamp}.{body}">) plus x-webhook-hmac (hex HMAC-SHA512, WAHA) and x-wawp-signature (hex HMAC-SHA256) when hmac is set. 2xx = delivered; 410 disables the webhook; 400/401/403/404/422 dead-letter at once; 429/503 honour Retry-After; others retry after delay*2^(n-1) s (capped at 1 h, ±20 % jitter) until attempts, then dead-letter (replayable with POST /v2/webhook/replay). Nothing is delivered while the instance is STOPPED; events wait and go out after start. At-least-once: receivers dedupe on webhook-id.`

export function requireWebhookPlan(request: FastifyRequest): { instanceId: string } {
  const { account, instance } = authInstance(request)
  if (!hasActivePlan(account.plan)) throw coreErrors.subscriptionRequired('Webhook management')
  return { instanceId: instance.id }
}

const systemConfig = () => ({
  available_events: [...KNOWN_WEBHOOK_EVENTS],
  default_retries: { ...DEFAULT_RETRIES },
  signature_headers: ['webhook-id', 'webhook-timestamp', 'webhook-signature', 'x-webhook-hmac', 'x-webhook-hmac-algorithm', 'x-wawp-signature']
})

function webhookInput(input: Record<string, unknown>): WebhookInput {
  const out: WebhookInput = { url: input.url as string }
  for (const k of ['events', 'is_active', 'retries', 'hmac', 'name'] as const) {
    if (input[k] !== undefined) (out as unknown as Record<string, unknown>)[k] = input[k]
  }
  // Nested retries from bracket/dotted keys arrive as an object already; delaySeconds is accepted too.
  return out
}

function webhookList(raw: unknown): WebhookInput[] {
  let list = raw
  if (typeof list === 'string') {
    try {
      list = JSON.parse(list) as unknown
    } catch {
      throw new WebhookValidationError('invalid_webhooks', 'webhooks is not valid JSON', { field: 'webhooks' })
    }
  }
  // Bracket keys (webhooks[0][url]=...) arrive as an object keyed by index.
  if (isPlainObject(list)) list = Object.keys(list).sort((a, b) => Number(a) - Number(b)).map((k) => (list as Record<string, unknown>)[k])
  if (!Array.isArray(list)) throw new WebhookValidationError('invalid_webhooks', 'webhooks must be an array of {url, events, is_active, retries, hmac, name}', { field: 'webhooks' })
  return list.map((w, i) => {
    if (!isPlainObject(w)) throw new WebhookValidationError('invalid_webhooks', `webhooks[${i}] must be an object`, { field: 'webhooks', index: i })
    return webhookInput(w)
  })
}

export async function webhookRoutes(app: FastifyInstance, deps: ApiDeps): Promise<void> {
  const svc = deps.services.webhooks
  const config = { auth: 'instance' as const }
  /** The saved webhook as listed, with the whole list. */
  const savedAnswer = (instanceId: string, url: string, message: string) => {
    const webhooks = svc.listWire(instanceId)
    return { status: 'success' as const, message, webhook: webhooks.find((x) => x.url === url)!, webhooks }
  }

  // set creates or updates (by URL); update only changes an existing one. Same parameters, same answer.
  const saves = [
    {
      method: 'POST' as const,
      url: '/v2/webhook/set',
      summary: 'Create or update a webhook (by URL)',
      description: `Paid plan (403 subscription_required on free). An existing URL is updated in place (omitted fields keep their value), a new one is appended; url and (for a new webhook) events are required. ${DELIVERY_NOTE} ${CREDENTIALS_NOTE}`,
      save: (instanceId: string, input: WebhookInput) => svc.set(instanceId, input),
      done: 'saved'
    },
    {
      method: 'PATCH' as const,
      url: '/v2/webhook/update',
      summary: 'Update a webhook (events, is_active, retries, hmac, name)',
      description: `Paid plan. url must already exist (404 webhook_not_found); omitted fields stay unchanged; is_active=1 re-enables a webhook that delivery disabled (410) and releases its held deliveries. ${CREDENTIALS_NOTE}`,
      save: (instanceId: string, input: WebhookInput) => svc.update(instanceId, input),
      done: 'updated'
    }
  ]
  for (const { method, url: path, summary, description, save, done } of saves) {
    app.route({
      method,
      url: path,
      config,
      schema: { tags, summary, description, querystring: instanceQuery(FIELDS), response: { 200: Saved, ...errors } },
      handler: async (request) => {
        const { instanceId } = requireWebhookPlan(request)
        const { url } = save(instanceId, webhookInput(request.input))
        return savedAnswer(instanceId, url, `Webhook ${url} ${done}`)
      }
    })
  }

  app.delete('/v2/webhook/delete', {
    config,
    schema: {
      tags,
      summary: 'Delete a webhook (by URL)',
      description: `Paid plan. url in the query or the body; 404 webhook_not_found when the instance has no such webhook. Its queued deliveries are dropped. ${CREDENTIALS_NOTE}`,
      querystring: instanceQuery({ url: FIELDS.url }),
      response: { 200: Deleted, ...errors }
    }
  }, async (request) => {
    const { instanceId } = requireWebhookPlan(request)
    const url = request.input.url
    if (!svc.remove(instanceId, url as string)) {
      throw new WebhookNotFoundError('webhook_not_found', `This instance has no webhook with url ${String(url).slice(0, 200)}`, { field: 'url' })
    }
    return { status: 'success' as const, message: 'Webhook deleted', deleted: true, webhooks: svc.listWire(instanceId) }
  })

  app.post('/v2/webhooks/:id/test', {
    config,
    schema: {
      tags,
      summary: 'Send a test or sample event to one webhook (Switchboard extension)',
      description: `Paid plan. Our extension (the hosted API has none). {id} names one webhook of the instance: its URL (percent-encoded), its name, or its id in the delivery log. Without event: a webhook.test event (payload.test true). With event (e.g. message, message.ack, session.status; in the query or the body): a sample of that event kind in its documented shape, so n8n and Make can map its fields — flagged as a sample with "sample": true as the last key of the envelope and the header ${SAMPLE_HEADER}: true; nothing in it happened. Either way it is one real delivery to that webhook only, whatever events it subscribes to, through the same outbox, signing, retries and delivery log (recorded as webhook.test, never in GET /v2/events). Events: ${TEST_EVENT_CHOICES.join(', ')}. ${CREDENTIALS_NOTE}`,
      params: Type.Object({ id: Type.String({ description: 'The webhook: its URL (percent-encoded), name or delivery-log id' }) }),
      querystring: instanceQuery({ event: Type.Optional(Type.String({ description: 'The event kind of the sample; default webhook.test' })) }),
      response: {
        200: Type.Object({ status: Type.Literal('success'), message: Type.String(), event_id: Type.String(), event: Type.String(), sample: Type.Boolean(), url: Type.String() }),
        ...errors
      }
    }
  }, async (request) => {
    const { instance } = authInstance(request)
    requireWebhookPlan(request)
    const { id } = request.params as { id: string }
    const webhook = svc.list(instance.id).find((w) => w.url === id || w.name === id || String(w.id) === id)
    if (!webhook) throw new WebhookNotFoundError('webhook_not_found', 'This instance has no webhook with that URL, name or id', { field: 'id' })
    const event = typeof request.input.event === 'string' && request.input.event.trim() ? request.input.event.trim() : undefined
    const sent = sendTestEvent(svc, instance, webhook.id, event)
    const sample = sent.event !== 'webhook.test'
    return { status: 'success' as const, message: `${sample ? `Sample ${sent.event}` : 'Test'} event queued for ${webhook.url}`, event_id: sent.eventId, event: sent.event, sample, url: webhook.url }
  })

  app.get('/v2/session/webhook', {
    config,
    schema: {
      tags,
      summary: 'Webhooks of an instance',
      description: `Paid plan. Answers {webhooks, systemConfig}; systemConfig describes delivery here (there is no hosted "system webhook"). ${CREDENTIALS_NOTE}`,
      querystring: instanceQuery(),
      response: { 200: Listed, ...errors }
    }
  }, async (request) => {
    const { instanceId } = requireWebhookPlan(request)
    return { webhooks: svc.listWire(instanceId), systemConfig: systemConfig() }
  })

  app.post('/v2/session/webhook', {
    config,
    schema: {
      tags,
      summary: 'Replace the webhooks of an instance',
      description: `Paid plan. webhooks (array of {url, events, is_active, retries, hmac, name}, or its JSON text) becomes the whole list: URLs not listed are deleted, listed ones keep their queued deliveries (omitted fields keep their value), new ones are added. [] removes all. ${CREDENTIALS_NOTE}`,
      querystring: instanceQuery({ webhooks: loose('Array of webhook objects, or its JSON text') }),
      response: { 200: Replaced, ...errors }
    }
  }, async (request) => {
    const { instanceId } = requireWebhookPlan(request)
    if (request.input.webhooks === undefined) throw coreErrors.missingParam(['webhooks'])
    svc.replace(instanceId, webhookList(request.input.webhooks))
    return { status: 'success' as const, message: 'Webhooks replaced', webhooks: svc.listWire(instanceId), systemConfig: systemConfig() }
  })
}
