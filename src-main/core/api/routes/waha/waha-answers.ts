// WAHA's answer shapes on /api where they differ from the v2 answers the same handlers give (found by running WAHA's
// n8n node against its published OpenAPI, waha-n8n-node.test.ts): WAHA's session {name, status, config} with its
// webhook config shape, a message's id as a string (WAMessage), labels as an array, the raw QR as {value}, a group's invite link as a string, and 201 on every POST (WAHA's
// published status; its generated clients read the answer under that code). Reshaping only: the v2 routes are unchanged.
import type { FastifyReply, FastifyRequest } from 'fastify'
import { isPlainObject } from '../../request-params.js'

export type WahaAnswer = 'session' | 'sessions' | 'message' | 'labels' | 'qr' | 'inviteCode'
type Json = Record<string, unknown>

/** One v2 webhook (WebhookWire) as WAHA's WebhookConfig: hmac {key}, retries {delaySeconds, attempts}. */
function wahaWebhook(w: unknown): unknown {
  if (!isPlainObject(w)) return w
  const retries = isPlainObject(w.retries) ? w.retries : {}
  return {
    url: w.url,
    events: w.events,
    hmac: typeof w.hmac === 'string' ? { key: w.hmac } : null,
    retries: { delaySeconds: retries.delay ?? retries.delaySeconds, attempts: retries.attempts },
    customHeaders: null
  }
}

/** A session's config in WAHA's SessionConfig shape (webhooks as WebhookConfig; proxy as it is). */
export function wahaSessionConfig(config: unknown): unknown {
  if (!isPlainObject(config)) return config
  return { ...config, ...(Array.isArray(config.webhooks) ? { webhooks: config.webhooks.map(wahaWebhook) } : {}) }
}

/** v2's session answer as WAHA's SessionInfo/SessionDTO: `name` (v2's create says session_name), WAHA's config. */
function wahaSession(s: unknown): unknown {
  if (!isPlainObject(s)) return s
  const name = s.name ?? s.session_name
  return { ...s, ...(name === undefined ? {} : { name }), ...('config' in s ? { config: wahaSessionConfig(s.config) } : {}) }
}

const reshapers: Record<WahaAnswer, (payload: unknown) => unknown> = {
  session: wahaSession,
  sessions: (p) => (Array.isArray(p) ? p.map(wahaSession) : p),
  // WAMessage's id is the serialized string; key (Baileys) and _data.id (whatsapp-web.js) keep the other forms.
  message: (p) => (isPlainObject(p) && isPlainObject(p.id) && typeof p.id._serialized === 'string' ? { ...p, id: p.id._serialized } : p),
  // v2's labels are keyed by ordinal ({"0": {...}}); WAHA's are an array.
  labels: (p) => (isPlainObject(p) ? Object.values(p) : p),
  // format=raw is WAHA's QRCodeValue {value} alone (its schema is oneOf that and the image's {mimetype, data}).
  qr: (p) => (isPlainObject(p) && typeof p.value === 'string' ? { value: p.value } : p),
  // v2 answers {code, url}; WAHA the invite link as a bare (JSON) string.
  inviteCode: (p) => (isPlainObject(p) && typeof p.url === 'string' ? p.url : p)
}

/** The answer schema to match (fast-json-stringify writes only what the schema declares). */
function reshapeSchema(answer: WahaAnswer | undefined, schema: unknown): unknown {
  if (!isPlainObject(schema) || !answer) return schema
  const anyConfig = { type: 'object', additionalProperties: true }
  const session = (s: Json): Json => isPlainObject(s.properties)
    ? { ...s, properties: { ...s.properties, name: { type: 'string' }, ...(s.properties.config ? { config: anyConfig } : {}) } }
    : s
  switch (answer) {
    case 'session':
      return session(schema)
    case 'sessions':
      return isPlainObject(schema.items) ? { ...schema, items: session(schema.items) } : schema
    case 'message':
      return isPlainObject(schema.properties) ? { ...schema, properties: { ...schema.properties, id: { type: 'string', description: 'Serialized message id (WAMessage.id)' } } } : schema
    case 'qr':
      return { anyOf: [{ type: 'object', properties: { value: { type: 'string' } }, required: ['value'], additionalProperties: false }, schema] }
    case 'inviteCode':
      return { type: 'string', description: 'The invite link, https://chat.whatsapp.com/<code>' }
    case 'labels': {
      const label = isPlainObject(schema.patternProperties) ? Object.values(schema.patternProperties)[0] : schema.additionalProperties
      return { type: 'array', items: label ?? {} }
    }
  }
}

/** The registerAlias reshaping of one WAHA route: its answer shape, and 201 for a POST's 200. */
export function wahaReshape(method: string, answer: WahaAnswer | undefined) {
  const created = method === 'POST'
  return {
    hook: async (_request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
      if (reply.statusCode >= 300) return payload
      if (created && reply.statusCode === 200) reply.code(201)
      return answer ? reshapers[answer](payload) : payload
    },
    response: (response: unknown): unknown => {
      if (!isPlainObject(response)) return response
      const out: Json = Object.fromEntries(Object.entries(response).map(([code, s]) => [code, code.startsWith('2') ? reshapeSchema(answer, s) : s]))
      if (created && out[200] !== undefined && out[201] === undefined) {
        out[201] = out[200]
        delete out[200]
      }
      return out
    }
  }
}
