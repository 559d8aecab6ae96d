// WAHA's webhooks inside a session's config (POST /api/sessions, PUT /api/sessions/{session}): config.webhooks
// [{url, events, hmac: {key}, retries: {delaySeconds, attempts}}] becomes the instance's webhook list (the same
// WebhookService as /v2/session/webhook). Translation only; the plan rule is the webhooks' own (paid).
import { Type } from '@sinclair/typebox'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { coreErrors } from '../../../domain/core-errors.js'
import { hasActivePlan } from '../../../domain/plans.js'
import { WebhookValidationError, type WebhookInput } from '../../../webhooks/index.js'
import type { ApiDeps } from '../../api-deps.js'
import { authInstance } from '../../plugins/auth.js'
import { isPlainObject } from '../../request-params.js'
import { ErrorBody, instanceQuery, standardErrors } from '../../schemas/common.js'
import { wahaSessionConfig } from './waha-answers.js'
import { WAHA_TAG } from './waha-tag.js'

/** config.webhooks as WebhookInputs, or undefined when the config has none. */
export function wahaWebhooksOf(input: Record<string, unknown>): WebhookInput[] | undefined {
  const config = input.config
  if (!isPlainObject(config) || config.webhooks === undefined) return undefined
  if (!Array.isArray(config.webhooks)) throw new WebhookValidationError('invalid_webhooks', 'config.webhooks must be an array of {url, events, hmac, retries}', { field: 'config.webhooks' })
  return config.webhooks.map((w, i) => {
    if (!isPlainObject(w)) throw new WebhookValidationError('invalid_webhooks', `config.webhooks[${i}] must be an object`, { field: 'config.webhooks', index: i })
    const hmac = isPlainObject(w.hmac) ? w.hmac.key : w.hmac
    return {
      url: w.url as string,
      events: (w.events as string[] | undefined) ?? ['message'],
      ...(hmac === undefined ? {} : { hmac: hmac === null ? null : String(hmac) }),
      ...(isPlainObject(w.retries) ? { retries: w.retries as WebhookInput['retries'] } : {})
    }
  })
}

export async function wahaSessionConfigRoutes(app: FastifyInstance, deps: ApiDeps): Promise<void> {
  const { webhooks, instances } = deps.services
  const requirePaid = (request: FastifyRequest) => {
    if (!hasActivePlan(authInstance(request).account.plan)) throw coreErrors.subscriptionRequired('Webhook management')
  }
  app.put('/api/sessions/:session', {
    config: { auth: 'instance', sessionByName: true },
    schema: {
      tags: [WAHA_TAG],
      summary: "Update a session's config (webhooks)",
      description:
        "WAHA's PUT /api/sessions/{session}: config.webhooks [{url, events, hmac: {key}, retries: {delaySeconds, attempts}}] becomes the session's webhook list (as POST /v2/session/webhook; paid plan). Answers WAHA's session {name, status, config}.",
      params: Type.Object({ session: Type.String() }),
      querystring: instanceQuery(),
      response: { 200: Type.Object({ name: Type.String(), status: Type.String(), config: Type.Object({}, { additionalProperties: true }) }), ...standardErrors, 403: ErrorBody }
    }
  }, async (request) => {
    const { instance } = authInstance(request)
    const list = wahaWebhooksOf(request.input)
    if (list === undefined) throw coreErrors.missingParam(['config.webhooks'])
    requirePaid(request)
    webhooks.replace(instance.id, list)
    const view = instances.mustView(instance.id)
    return { name: view.name, status: view.status, config: wahaSessionConfig(instances.sessionConfig(view.id)) }
  })
}

/** POST /api/sessions with config.webhooks: checked before the session is created, applied once it exists. */
export function wahaCreateWebhooks(deps: ApiDeps) {
  const pending = new WeakMap<FastifyRequest, WebhookInput[]>()
  return {
    preHandler: async (request: FastifyRequest) => {
      const list = wahaWebhooksOf(request.input)
      if (list === undefined) return
      if (!request.auth || !hasActivePlan(request.auth.account.plan)) throw coreErrors.subscriptionRequired('Webhook management')
      pending.set(request, list)
    },
    preSerialization: async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
      const list = pending.get(request)
      const id = isPlainObject(payload) && typeof payload.instance_id === 'string' ? payload.instance_id : undefined
      if (!list || !id || reply.statusCode >= 300) return payload
      deps.services.webhooks.replace(id, list)
      const body = payload as Record<string, unknown>
      return { ...body, config: { ...(isPlainObject(body.config) ? body.config : {}), webhooks: deps.services.webhooks.listWire(id) } }
    }
  }
}
