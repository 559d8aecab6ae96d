// /v2/channels...: WhatsApp channels (newsletters) — the known list, create, info by id or invite, delete,
// preview of posts, follow/unfollow/mute/unmute (reference §2.7), and the search operations, which answer an
// empty result because neither the network API Baileys speaks nor the sandbox offers a channel directory.
import { Type, type TSchema } from '@sinclair/typebox'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { toApiChannel } from '../../../account/channels/channel-mapper.js'
import { channelKeyOf } from '../../../account/channels/channel-params.js'
import type { KnownChannel } from '../../../account/channels/channels-repo.js'
import { pictureLimits } from '../../../account/images.js'
import { coreErrors } from '../../../domain/core-errors.js'
import { readMediaParam } from '../../../messaging/send/media-input.js'
import type { ApiDeps } from '../../api-deps.js'
import { pathParam } from '../../path-params.js'
import { authInstance } from '../../plugins/auth.js'
import { stringParam, type Params } from '../../request-params.js'
import { accountOpErrors, NOT_WORKING_NOTE } from '../../schemas/account-ops.js'
import { CREDENTIALS_NOTE, instanceQuery, Nullable } from '../../schemas/common.js'

const tags = ['Channels']

const Role = Type.Union([Type.Literal('OWNER'), Type.Literal('ADMIN'), Type.Literal('SUBSCRIBER'), Type.Literal('GUEST')])
const Channel = Type.Object({
  id: Type.String({ description: '<number>@newsletter' }),
  name: Type.String(),
  description: Type.String(),
  invite: Nullable(Type.String({ description: 'https://whatsapp.com/channel/<code>' })),
  inviteCode: Nullable(Type.String()),
  picture: Nullable(Type.String({ description: 'The network\'s media URL of the picture' })),
  preview: Nullable(Type.String()),
  verified: Type.Boolean(),
  role: Role,
  muted: Type.Boolean(),
  subscribersCount: Nullable(Type.Number()),
  createdAt: Nullable(Type.Number({ description: 'Unix seconds' }))
})
const Post = Type.Object({
  id: Type.String(),
  serverId: Type.String(),
  timestamp: Type.Number(),
  viewCount: Nullable(Type.Number()),
  reactions: Type.Record(Type.String(), Type.Number(), { description: 'emoji -> count' }),
  message: Type.Object({}, { additionalProperties: true, description: 'The post as an API message (id, body, type, hasMedia, _data...)' })
})
const Done = Type.Object({ success: Type.Literal(true), id: Type.String() })
const SearchResult = Type.Object({
  page: Type.Object({ startCursor: Nullable(Type.String()), endCursor: Nullable(Type.String()), hasNextPage: Type.Boolean(), hasPreviousPage: Type.Boolean() }),
  channels: Type.Array(Channel)
})
const IdParams = Type.Object({ id: Type.String({ description: 'Channel id <number>@newsletter (raw or percent-encoded), or an invite code / https://whatsapp.com/channel/<code> link' }) })

const note = `${NOT_WORKING_NOTE} Errors: 404 channel_not_found, 403 not_channel_admin (owner or admin rights needed), 400 invalid_param naming the parameter. ${CREDENTIALS_NOTE}`
const SEARCH_NOTE =
  'Channel directory search is not available: the network API the engine speaks (Baileys) has no directory query and the sandbox has no directory. Answers an empty result (never an error) so clients that page through results simply stop. Look a channel up by id or invite with GET /v2/channels/{id} instead.'

const ROLES = new Set(['OWNER', 'ADMIN', 'SUBSCRIBER'])

function roleParam(input: Params): KnownChannel['role'] | undefined {
  const v = stringParam(input, 'role')
  if (v === undefined) return undefined
  const r = v.toUpperCase()
  if (!ROLES.has(r)) throw coreErrors.invalidParam('role', 'use OWNER, ADMIN or SUBSCRIBER')
  return r as KnownChannel['role']
}

function limitParam(input: Params): number {
  const v = stringParam(input, 'limit')
  if (v === undefined) return 10
  const n = Number(v)
  if (!Number.isInteger(n) || n < 1 || n > 100) throw coreErrors.invalidParam('limit', 'expected a whole number from 1 to 100')
  return n
}

export async function channelRoutes(app: FastifyInstance, deps: ApiDeps): Promise<void> {
  const { channels } = deps.services

  const config = { auth: 'instance' as const }
  const instanceOf = (request: FastifyRequest) => authInstance(request).instance.id
  const keyOf = (request: FastifyRequest) => channelKeyOf(pathParam(request, 'id') ?? stringParam(request.input, 'id'))
  const schema = (summary: string, description: string, response: TSchema, extra: Record<string, TSchema> = {}, withId = true) => ({
    tags,
    summary,
    description: `${description} ${note}`,
    querystring: instanceQuery(extra),
    ...(withId ? { params: IdParams } : {}),
    response: { 200: response, ...accountOpErrors }
  })

  app.get('/v2/channels', {
    config,
    schema: schema('List known channels', 'The channels this instance created, administers or follows — as far as this app has seen them (created, followed or looked up through this API; the network offers linked devices no list). role=OWNER|ADMIN|SUBSCRIBER filters. Every item carries role.', Type.Array(Channel), { role: Type.Optional(Type.String()) }, false)
  }, async (request) => channels.list(authInstance(request).instance.id, roleParam(request.input)).map(toApiChannel))

  const create = async (request: FastifyRequest, reply: import('fastify').FastifyReply) => {
    const input = request.input
    const name = stringParam(input, 'name')
    if (!name) throw coreErrors.missingParam(['name'])
    if (name.length > 100) throw coreErrors.invalidParam('name', 'at most 100 characters')
    const description = typeof input.description === 'string' ? input.description : ''
    if (description.length > 2048) throw coreErrors.invalidParam('description', 'at most 2048 characters')
    const picture = input.picture !== undefined ? (await readMediaParam(input, pictureLimits(deps.network), 'picture')).data : undefined
    const created = await channels.create(instanceOf(request), name, description, picture)
    return reply.code(201).send(toApiChannel(created))
  }
  const createSchema = {
    tags,
    summary: 'Create a channel',
    description: `name (required), description, picture {url|data, mimetype, filename} (JPEG or PNG), type (accepted, ignored). Answers 201 with the channel; this account is its OWNER. Both POST /v2/channels and POST /v2/channels/create. ${note}`,
    querystring: instanceQuery({ name: Type.Optional(Type.String()), description: Type.Optional(Type.String()), picture: Type.Optional(Type.Unknown()), type: Type.Optional(Type.Unknown()) }),
    response: { 201: Channel, ...accountOpErrors }
  }
  app.post('/v2/channels', { config, bodyLimit: 16 * 1024 * 1024, schema: createSchema }, create)
  app.post('/v2/channels/create', { config, bodyLimit: 16 * 1024 * 1024, schema: { ...createSchema, summary: 'Create a channel (alias)' } }, create)

  // ---- search: no directory behind the engine ---------------------------------------------------------------

  const emptyPage = { page: { startCursor: null, endCursor: null, hasNextPage: false, hasPreviousPage: false }, channels: [] }
  app.post('/v2/channels/search/by-view', {
    config,
    schema: schema('Search channels by view', `view, countries, categories, limit, startCursor are accepted. ${SEARCH_NOTE}`, SearchResult, {}, false)
  }, async () => emptyPage)
  app.post('/v2/channels/search/by-text', {
    config,
    schema: schema('Search channels by text', `text, categories, limit, startCursor are accepted. ${SEARCH_NOTE}`, SearchResult, {}, false)
  }, async () => emptyPage)
  for (const what of ['views', 'countries', 'categories'] as const) {
    app.get(`/v2/channels/search/${what}`, {
      config,
      schema: schema(`Channel search ${what}`, `Answers an empty array. ${SEARCH_NOTE}`, Type.Array(Type.Object({ value: Type.String(), name: Type.String() })), {}, false)
    }, async () => [])
  }

  // ---- one channel ------------------------------------------------------------------------------------------

  app.get('/v2/channels/:id', {
    config,
    schema: schema('Channel info', 'By channel id or by invite code / link, read from the network now (role GUEST for channels this account does not follow).', Channel)
  }, async (request) => toApiChannel(await channels.info(instanceOf(request), keyOf(request))))

  app.delete('/v2/channels/:id', {
    config,
    schema: schema('Delete a channel', 'Owner only (403 not_channel_admin otherwise). Answers {success:true, id}.', Done)
  }, async (request) => ({ success: true as const, id: await channels.delete(instanceOf(request), keyOf(request)) }))

  app.get('/v2/channels/:id/messages/preview', {
    config,
    schema: schema('Preview channel posts', 'The latest posts (limit 1-100, default 10), also of channels this account does not follow (by invite). Each item: {id, serverId, timestamp, viewCount, reactions, message}. downloadMedia is accepted; media is described, not downloaded.', Type.Array(Post), { limit: Type.Optional(Type.String()), downloadMedia: Type.Optional(Type.Unknown()) })
  }, async (request) => channels.preview(instanceOf(request), keyOf(request), limitParam(request.input)))

  const action = (verb: 'follow' | 'unfollow' | 'mute' | 'unmute', summary: string, description: string) => {
    const run = async (request: FastifyRequest) => {
      const id = instanceOf(request)
      const key = keyOf(request)
      const jid =
        verb === 'follow' ? (await channels.follow(id, key)).id
        : verb === 'unfollow' ? await channels.unfollow(id, key)
        : await channels.mute(id, key, verb === 'mute')
      return { success: true as const, id: jid }
    }
    app.post(`/v2/channels/:id/${verb}`, { config, schema: schema(summary, `${description} Answers {success:true, id}.`, Done) }, run)
    // WAHA 2024.10 spelling: the id in the body or query.
    app.post(`/v2/channels/${verb}`, { config, schema: { ...schema(`${summary} (id as a parameter)`, `id in the body or query. ${description}`, Done, { id: Type.Optional(Type.String()) }, false) } }, run)
  }
  action('follow', 'Follow a channel', 'By id or invite. The channel then appears in GET /v2/channels with role SUBSCRIBER.')
  action('unfollow', 'Unfollow a channel', 'The owner cannot unfollow its own channel (400; delete it instead).')
  action('mute', 'Mute a channel', 'Muting silences notifications on the phone; webhooks keep coming. 409 channel_not_followed when this account does not follow it.')
  action('unmute', 'Unmute a channel', '409 channel_not_followed when this account does not follow it.')
}
