// /v2/channels...: WhatsApp channels (newsletters) — the known list, create, info by id or invite, delete,
// preview of posts, follow/unfollow/mute/unmute (reference §2.7), and the search operations, which answer an
// empty result because neither the network API Baileys speaks nor the sandbox offers a channel directory.
import { Type, type TSchema } from '@sinclair/typebox'
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema, HTTPMethods } from 'fastify'
import type { ChannelKey } from '../../../account/channels/channel-key.js'
import { toApiChannel } from '../../../account/channels/channel-mapper.js'
import { readMediaParam } from '../../params/media-param.js'
import type { ApiDeps } from '../../api-deps.js'
import { channelKeyOf, channelRoleOf, newChannelOf, previewLimitOf } from '../../params/channel-params.js'
import { pathParam } from '../../path-params.js'
import { stringParam } from '../../request-params.js'
import { NOT_WORKING_NOTE } from '../../schemas/account-ops.js'
import { CREDENTIALS_NOTE, Nullable } from '../../schemas/common.js'
import { aliasOf, instanceAuth as config, instanceIdOf as instanceOf, opSchemas } from './account-route-kit.js'

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

export async function channelRoutes(app: FastifyInstance, deps: ApiDeps): Promise<void> {
  const { channels } = deps.services

  const keyOf = (request: FastifyRequest) => channelKeyOf(pathParam(request, 'id') ?? stringParam(request.input, 'id'))
  /** A route on the channel named in the path: `run` gets the instance and the channel, read before anything else. */
  const onChannel = (method: HTTPMethods, path: string, schema: FastifySchema, run: (instanceId: string, key: ChannelKey, request: FastifyRequest) => Promise<unknown>) =>
    app.route({ method, url: `/v2/channels/:id${path}`, config, schema, handler: async (request) => run(instanceOf(request), keyOf(request), request) })
  const opSchema = opSchemas(tags, note)
  /** An operation on the channel named in the path, or (withId false) on the list. */
  const schema = (summary: string, description: string, response: TSchema, query: Record<string, TSchema> = {}, withId = true) =>
    opSchema(summary, description, response, { query, params: withId ? IdParams : undefined })

  app.get('/v2/channels', {
    config,
    schema: schema('List known channels', 'The channels this instance created, administers or follows — as far as this app has seen them (created, followed or looked up through this API; the network offers linked devices no list). role=OWNER|ADMIN|SUBSCRIBER filters. Every item carries role.', Type.Array(Channel), { role: Type.Optional(Type.String()) }, false)
  }, async (request) => channels.list(instanceOf(request), channelRoleOf(request.input)).map(toApiChannel))

  const create = async (request: FastifyRequest, reply: FastifyReply) => {
    const { name, description } = newChannelOf(request.input)
    const picture = request.input.picture !== undefined ? (await readMediaParam(request.input, channels.pictureLimits, 'picture')).data : undefined
    return reply.code(201).send(toApiChannel(await channels.create(instanceOf(request), name, description, picture)))
  }
  const createSchema = opSchema.created('Create a channel', 'name (required), description, picture {url|data, mimetype, filename} (JPEG or PNG), type (accepted, ignored). Answers 201 with the channel; this account is its OWNER. Both POST /v2/channels and POST /v2/channels/create.', Channel, {
    query: { name: Type.Optional(Type.String()), description: Type.Optional(Type.String()), picture: Type.Optional(Type.Unknown()), type: Type.Optional(Type.Unknown()) }
  })
  app.post('/v2/channels', { config, bodyLimit: 16 * 1024 * 1024, schema: createSchema }, create)
  app.post('/v2/channels/create', { config, bodyLimit: 16 * 1024 * 1024, schema: aliasOf(createSchema) }, create)

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

  onChannel('GET', '', schema('Channel info', 'By channel id or by invite code / link, read from the network now (role GUEST for channels this account does not follow).', Channel),
    async (id, key) => toApiChannel(await channels.info(id, key)))

  onChannel('DELETE', '', schema('Delete a channel', 'Owner only (403 not_channel_admin otherwise). Answers {success:true, id}.', Done),
    async (id, key) => ({ success: true as const, id: await channels.delete(id, key) }))

  onChannel('GET', '/messages/preview', schema('Preview channel posts', 'The latest posts (limit 1-100, default 10), also of channels this account does not follow (by invite). Each item: {id, serverId, timestamp, viewCount, reactions, message}. downloadMedia is accepted; media is described, not downloaded.', Type.Array(Post), { limit: Type.Optional(Type.String()), downloadMedia: Type.Optional(Type.Unknown()) }),
    (id, key, request) => channels.preview(id, key, previewLimitOf(request.input)))

  const action = (verb: 'follow' | 'unfollow' | 'mute' | 'unmute', summary: string, description: string) => {
    const run = async (id: string, key: ChannelKey) => {
      const jid =
        verb === 'follow' ? (await channels.follow(id, key)).id
        : verb === 'unfollow' ? await channels.unfollow(id, key)
        : await channels.mute(id, key, verb === 'mute')
      return { success: true as const, id: jid }
    }
    onChannel('POST', `/${verb}`, schema(summary, `${description} Answers {success:true, id}.`, Done), run)
    // WAHA 2024.10 spelling: the id in the body or query.
    app.post(`/v2/channels/${verb}`, { config, schema: schema(`${summary} (id as a parameter)`, `id in the body or query. ${description}`, Done, { id: Type.Optional(Type.String()) }, false) }, async (request) => run(instanceOf(request), keyOf(request)))
  }
  action('follow', 'Follow a channel', 'By id or invite. The channel then appears in GET /v2/channels with role SUBSCRIBER.')
  action('unfollow', 'Unfollow a channel', 'The owner cannot unfollow its own channel (400; delete it instead).')
  action('mute', 'Mute a channel', 'Muting silences notifications on the phone; webhooks keep coming. 409 channel_not_followed when this account does not follow it.')
  action('unmute', 'Unmute a channel', '409 channel_not_followed when this account does not follow it.')
}
