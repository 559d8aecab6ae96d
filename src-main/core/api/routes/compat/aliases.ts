// Deprecated aliases for older clients of the hosted service: the v1-style names Wawp's own n8n node and
// WordPress/WooCommerce plugin call on the same base (/v2/send, /v2/sendImage, /v2/getQr ...) and WAHA-style chat
// paths with the chat id in the path (/v2/chats/{chatId}/messages ...). Each alias runs its v2 operation's own
// handler, hooks, config and schema (route-table.ts); only the path parameters (and a few v1 defaults) are moved
// into the request's parameters first. Listed in /docs with deprecated: true.
import { Type, type TSchema } from '@sinclair/typebox'
import type { FastifyInstance, FastifyRequest, HTTPMethods, preHandlerAsyncHookHandler, preSerializationAsyncHookHandler, preValidationHookHandler, RouteOptions } from 'fastify'
import type { RouteTable } from './route-table.js'
import { toV1Status, v1AnswerSchema, V1_ANSWER_DOCS, withV1MessageInfo, type V1Answer } from './v1-answers.js'

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE'

export interface CompatAlias {
  path: string
  methods: Method[]
  /** The v2 operation. */
  target: string
  /** The target's method when it does not take the alias's (default: the same method). */
  targetMethod?: Method
  /** Parameters filled in when the request does not give them (v1 defaults that differ from v2's). */
  defaults?: Record<string, string>
  /** Why this alias exists (who calls it), for /docs. */
  caller: string
  /** The v1 shape of the answer (v1 names only; see v1-answers.ts). */
  answer?: V1Answer
  /** Parameters renamed before the target sees them (WAHA's phoneNumber is phone_number), when the target's is absent. */
  renames?: Record<string, string>
}

const N8N = "Wawp's n8n node and WordPress plugin (v1 names)"
const WAHA = 'WAHA-style path (the chat id in the path, raw or percent-encoded)'
const GET_POST: Method[] = ['GET', 'POST']
const POST_PUT: Method[] = ['POST', 'PUT']

/** v1's camel-case names of the send operations: /v2/send<Kind> for /v2/send/<kind>. */
const n8nSends = (methods: Method[], ...kinds: string[]): CompatAlias[] =>
  kinds.map((kind) => ({ path: `/v2/send${kind[0]!.toUpperCase()}${kind.slice(1)}`, methods, target: `/v2/send/${kind}`, caller: N8N, answer: 'message' }))

/** WAHA's /v2/chats/{chatId}/<op> for the chat operations at /v2/chats/<op>. */
const wahaChatOps = (methods: Method[], ...ops: string[]): CompatAlias[] =>
  ops.map((op) => ({ path: `/v2/chats/:chatId/${op}`, methods, target: `/v2/chats/${op}`, caller: WAHA }))

/** Every alias. Path parameters (:chatId, :messageId) become the parameters of the same name. */
export const COMPAT_ALIASES: readonly CompatAlias[] = [
  { path: '/v2/send', methods: GET_POST, target: '/v2/send/text', caller: N8N, answer: 'message' },
  { path: '/v2/sendText', methods: GET_POST, target: '/v2/send/text', caller: 'WAHA name' },
  ...n8nSends(GET_POST, 'image'),
  { path: '/v2/sendFile', methods: GET_POST, target: '/v2/send/pdf', caller: N8N, answer: 'message' },
  ...n8nSends(GET_POST, 'voice', 'video', 'location'),
  ...n8nSends(['POST'], 'poll'),
  { path: '/v2/sendContactVcard', methods: ['POST'], target: '/v2/send/contact', caller: N8N, answer: 'message' },
  { path: '/v2/sendSeen', methods: ['POST'], target: '/v2/send/seen', caller: N8N },
  { path: '/v2/startTyping', methods: ['POST'], target: '/v2/send/start-typing', caller: N8N },
  { path: '/v2/stopTyping', methods: ['POST'], target: '/v2/send/stop-typing', caller: N8N },
  { path: '/v2/reaction', methods: ['PUT', 'POST'], target: '/v2/send/reaction', caller: N8N },
  { path: '/v2/star', methods: ['PUT', 'POST'], target: '/v2/send/star', caller: N8N },
  { path: '/v2/createSession', methods: ['POST'], target: '/v2/session/create', caller: N8N },
  // v1's getQr without format is the image; format=raw the raw value.
  { path: '/v2/getQr', methods: GET_POST, target: '/v2/auth/qr', defaults: { format: 'image' }, caller: N8N },
  { path: '/v2/requestCode', methods: ['POST'], target: '/v2/auth/request-code', caller: N8N },
  { path: '/v2/status', methods: GET_POST, target: '/v2/session/info', caller: N8N, answer: 'status' },
  { path: '/v2/message', methods: GET_POST, target: '/v2/messages/get', caller: N8N, answer: 'message' },
  { path: '/v2/session/all', methods: ['GET'], target: '/v2/sessions', defaults: { all: 'true' }, caller: 'a guess of older clients; every instance, STOPPED ones included' },
  { path: '/v2/chats/:chatId', methods: ['DELETE'], target: '/v2/chats/delete', caller: WAHA },
  ...wahaChatOps(['GET'], 'picture'),
  ...wahaChatOps(GET_POST, 'messages'),
  { path: '/v2/chats/:chatId/messages', methods: ['DELETE'], target: '/v2/chats/clear', caller: WAHA },
  { path: '/v2/chats/:chatId/messages/read', methods: POST_PUT, target: '/v2/chats/read', caller: WAHA },
  ...wahaChatOps(POST_PUT, 'read', 'archive', 'unarchive', 'unread'),
  { path: '/v2/chats/:chatId/messages/:messageId', methods: GET_POST, target: '/v2/messages/get', caller: WAHA },
  { path: '/v2/chats/:chatId/messages/:messageId', methods: ['DELETE'], target: '/v2/messages/delete', caller: WAHA },
  { path: '/v2/chats/:chatId/messages/:messageId', methods: ['PUT'], target: '/v2/messages/edit', caller: WAHA },
  { path: '/v2/chats/:chatId/messages/:messageId/pin', methods: ['POST'], target: '/v2/messages/pin', caller: WAHA },
  { path: '/v2/chats/:chatId/messages/:messageId/unpin', methods: ['POST'], target: '/v2/messages/unpin', caller: WAHA }
]

const pathParamNames = (path: string) => [...path.matchAll(/:(\w+)/g)].map((m) => m[1]!)

/** Path parameters win over the query and body (the path names the chat); defaults fill only what is missing. */
function aliasInput(alias: CompatAlias): preValidationHookHandler {
  const names = pathParamNames(alias.path)
  return (request: FastifyRequest, _reply, done) => {
    const params = (request.params ?? {}) as Record<string, unknown>
    for (const name of names) if (typeof params[name] === 'string') request.input[name] = params[name]
    for (const [name, value] of Object.entries(alias.defaults ?? {})) if (request.input[name] === undefined) request.input[name] = value
    for (const [from, to] of Object.entries(alias.renames ?? {})) if (request.input[to] === undefined && request.input[from] !== undefined) request.input[to] = request.input[from]
    done()
  }
}

const asArray = <T>(v: T | T[] | undefined): T[] => (v === undefined ? [] : Array.isArray(v) ? v : [v])

/** Reshapes a 2xx answer object into v1's (only on the aliases that have one; errors pass unchanged). */
function v1Reshape(kind: V1Answer): preSerializationAsyncHookHandler {
  const reshape = kind === 'status' ? toV1Status : withV1MessageInfo
  return async (_request, reply, payload) =>
    reply.statusCode < 300 && payload && typeof payload === 'object' && !Array.isArray(payload) ? reshape(payload as Record<string, unknown>) : payload
}

/** The target's answer schemas with the v1 fields on its 2xx answers. */
function v1Responses(kind: V1Answer, response: unknown): Record<string, unknown> | undefined {
  if (!response || typeof response !== 'object') return undefined
  return Object.fromEntries(Object.entries(response).map(([code, schema]) => [code, Number(code) < 300 ? v1AnswerSchema(kind, schema as TSchema) : schema]))
}

/** How a translated route is documented and configured beyond its target's own. */
export interface AliasPresentation {
  deprecated: boolean
  summary(targetSummary: string): string
  description(targetDescription: string, names: string[], defaults: string): string
  /** Added to the target's route config (e.g. sessionByName for WAHA's /api). */
  config?: Record<string, unknown>
  tags?: string[]
  /** Answer reshaping and its schema (v1 answers; WAHA's shapes). */
  reshape?: { hook: preSerializationAsyncHookHandler; response(response: unknown): unknown }
  /** Extra work around the target's handler (WAHA's config.webhooks on create), after the target's own hooks. */
  extra?: { preHandler?: preHandlerAsyncHookHandler; preSerialization?: preSerializationAsyncHookHandler }
}

/** Registers `alias` for `method` with its target's handler, hooks, config and schema (never a copy that could drift). */
export function registerAlias(app: FastifyInstance, table: RouteTable, alias: CompatAlias, method: Method, how: AliasPresentation): void {
  const targetMethod = alias.targetMethod ?? method
  const target = table.get(targetMethod, alias.target)
  // A missing target is a programming error: fail the start (and every test) rather than serve a 404.
  if (!target) throw new Error(`alias ${method} ${alias.path}: no route ${targetMethod} ${alias.target}`)
  const schema = (target.schema ?? {}) as Record<string, unknown>
  const { body, response, tags, ...rest } = schema
  const answers = how.reshape ? how.reshape.response(response) : response
  const names = pathParamNames(alias.path)
  // Fastify adds url and method to a route's config; the alias has its own.
  const { url: _url, method: _method, ...config } = (target.config ?? {}) as Record<string, unknown>
  const defaults = Object.entries(alias.defaults ?? {}).map(([k, v]) => `${k}=${v}`).join(', ')
  app.route({
    method: method as HTTPMethods,
    url: alias.path,
    handler: target.handler,
    config: { ...config, ...how.config },
    ...(target.bodyLimit === undefined ? {} : { bodyLimit: target.bodyLimit }),
    preValidation: [aliasInput(alias), ...asArray(target.preValidation)],
    ...(target.preHandler === undefined && !how.extra?.preHandler ? {} : { preHandler: [...asArray(target.preHandler), ...(how.extra?.preHandler ? [how.extra.preHandler] : [])] }),
    ...(how.reshape || how.extra?.preSerialization ? { preSerialization: [...(how.extra?.preSerialization ? [how.extra.preSerialization] : []), ...(how.reshape ? [how.reshape.hook] : [])] } : {}),
    schema: {
      ...rest,
      tags: how.tags ?? tags,
      ...(answers === undefined ? {} : { response: answers }),
      ...(method === 'GET' || body === undefined ? {} : { body }),
      ...(names.length ? { params: Type.Object(Object.fromEntries(names.map((n) => [n, Type.String()]))) } : {}),
      ...(how.deprecated ? { deprecated: true } : {}),
      summary: how.summary(String(schema.summary ?? alias.target)),
      description: how.description(String(schema.description ?? ''), names, defaults)
    }
  } as RouteOptions)
}

export async function compatAliasRoutes(app: FastifyInstance, table: RouteTable): Promise<void> {
  for (const alias of COMPAT_ALIASES) {
    const answer = alias.answer
    for (const method of alias.methods) {
      const targetMethod = alias.targetMethod ?? method
      registerAlias(app, table, alias, method, {
        deprecated: true,
        summary: (s) => `${s} (deprecated alias)`,
        description: (d, names, defaults) =>
          `Deprecated alias of ${targetMethod} ${alias.target} (${alias.caller}): the same operation, parameters and answers${names.length ? `; ${names.join(' and ')} come from the path` : ''}${defaults ? `; default ${defaults}` : ''}${answer ? `. ${V1_ANSWER_DOCS[answer]}` : ''}. Use ${alias.target} in new code.\n\n${d}`,
        ...(answer ? { reshape: { hook: v1Reshape(answer), response: (r: unknown) => v1Responses(answer, r) } } : {})
      })
    }
  }
}
