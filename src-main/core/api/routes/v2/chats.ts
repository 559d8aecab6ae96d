// Reads of the message store: /v2/chats, /v2/chats/overview and /v2/chats/messages (issue 4, part F).
import { Type } from '@sinclair/typebox'
import type { FastifyInstance } from 'fastify'
import { toWaJid } from '../../../messaging/chat-ids.js'
import type { ApiDeps } from '../../api-deps.js'
import { chatSortParam, paging, sortOrderParam } from '../../params/list-params.js'
import { booleanParam, chatJidParam, idsParam, integerParam, objectParam } from '../../params/read-params.js'
import { CREDENTIALS_NOTE, Nullable, standardErrors, StringEnum } from '../../schemas/common.js'
import { ApiMessageSchema, ChatIdParam, LooseBoolean, LooseInteger } from '../../schemas/reads.js'
import { instanceRoutes } from '../instance-route.js'

const ChatSchema = Type.Object(
  {
    id: Type.String({ description: '<number>@c.us, <id>@g.us, <n>@lid (phone number unknown) or <n>@newsletter' }),
    name: Nullable(Type.String({ description: 'Group subject, saved name, push name or business name' })),
    isGroup: Type.Boolean(),
    unreadCount: Type.Integer(),
    timestamp: Type.Number({ description: 'Seconds of the newest message (0 without messages)' }),
    conversationTimestamp: Type.Number({ description: 'Same as timestamp (Baileys name)' }),
    archived: Type.Boolean(),
    pinned: Type.Boolean(),
    isMuted: Type.Boolean(),
    muteExpiration: Nullable(Type.Number({ description: 'Seconds; -1 = forever' })),
    markedUnread: Type.Boolean()
  },
  { additionalProperties: true }
)

const OverviewSchema = Type.Object(
  {
    id: Type.String(),
    name: Nullable(Type.String()),
    picture: Nullable(Type.String({ description: 'Cached picture URL, if /v2/chats/picture fetched it (no network query here)' })),
    unreadCount: Type.Integer(),
    archived: Type.Boolean(),
    pinned: Type.Boolean(),
    lastMessage: Nullable(ApiMessageSchema),
    _chat: ChatSchema
  },
  { additionalProperties: true }
)

/** Issue 20 item 1: accepted sends are part of their chat's history, with where they are in the queue. */
const QueueStateSchema = Type.Object(
  {
    status: StringEnum(['waiting', 'held', 'sending', 'sent', 'not_sent'], {
      description: 'waiting: in the rate-limit queue (or for WORKING); held: the network limits new chats (463/475) and it waits for the hold to end; sending: Baileys has it; sent: left (ack says how far it got); not_sent: final, see error'
    }),
    reason: Nullable(Type.String({ description: 'Why it waits: per_minute, protection, concurrency, daily_cap, new_contacts_paused, not_working, about_to_send; null when not waiting' })),
    not_before: Nullable(Type.Number({ description: 'When it is expected to go (Unix ms), when known' })),
    accepted_at: Type.Number({ description: 'When this API accepted it (Unix ms)' }),
    error: Nullable(
      Type.Object(
        { code: Type.String(), message: Type.String() },
        { description: 'not_sent only: queue_purged (a restart of the instance dropped it), app_restarted, send_interrupted, send_failed, reachout_timelocked, ...' }
      )
    ),
    resendable: Type.Boolean({ description: 'A restart dropped it and it can still be sent again as a new message (the app\'s Resend)' })
  },
  { description: 'Switchboard extension: present on messages this API accepted (source "api")' }
)

const ChatMessageSchema = Type.Object({ ...ApiMessageSchema.properties, queue: Type.Optional(QueueStateSchema) }, { additionalProperties: true, description: ApiMessageSchema.description })

const SYNC_NOTE =
  'Served from the local message store, which is kept across restarts: it answers 200 at once after a cold boot (never 202). Right after the first pairing the list fills while the phone\'s history sync arrives.'

export async function chatReadRoutes(app: FastifyInstance, deps: ApiDeps): Promise<void> {
  const reads = deps.services.reads
  const route = instanceRoutes(app, ['Chats'], standardErrors)

  route(['GET', 'POST'], '/v2/chats', {
    summary: 'List chats',
    description: `Pages with limit (default 100, at most 1000) and offset until a page comes back empty. sortBy: messageTimestamp (default; also conversationTimestamp or timestamp), id or name; sortOrder: DESC (default) or ASC, any case. Archived chats are included (archived: true). ${SYNC_NOTE} GET and POST. ${CREDENTIALS_NOTE}`,
    query: {
      sortBy: Type.Optional(Type.String({ description: 'messageTimestamp | id | name' })),
      sortOrder: Type.Optional(Type.String({ description: 'DESC (default) | ASC' })),
      limit: LooseInteger('1 to 1000, default 100; 0 = no limit (the maximum, 1000)'),
      offset: LooseInteger('default 0')
    },
    answers: { 200: Type.Array(ChatSchema) }
  }, async ({ instance }, request) => {
    const q = { sortBy: chatSortParam(request.input), sortOrder: sortOrderParam(request.input, 'DESC'), ...paging(request.input, 100) }
    return reads.listChats(instance.id, q)
  })

  route(['GET', 'POST'], '/v2/chats/overview', {
    summary: 'Chats overview: name, picture and last message',
    description: `[{id, name, picture, unreadCount, archived, pinned, lastMessage, _chat}] newest first; lastMessage is the full message object (id, body, timestamp...). limit (default 20, at most 1000), offset; ids (array or comma-separated) limits the answer to those chats. ${SYNC_NOTE} GET and POST. ${CREDENTIALS_NOTE}`,
    query: { limit: LooseInteger('1 to 1000, default 20; 0 = no limit (the maximum, 1000)'), offset: LooseInteger('default 0'), ids: Type.Optional(Type.Unknown({ description: 'Chat ids' })) },
    answers: { 200: Type.Array(OverviewSchema) }
  }, async ({ instance }, request) => {
    const ids = idsParam(request.input)
    return reads.overview(instance.id, ids ? { ids: ids.map((id) => toWaJid(id)) } : paging(request.input, 20))
  })

  route(['GET', 'POST'], '/v2/chats/messages', {
    summary: 'Messages of a chat',
    description: `Newest first. chatId (required); limit (default 50, at most 1000) and offset page back in time. downloadMedia (default true, as WAHA): media is downloaded once, kept under the data folder and served at media.url (/api/files/<instance_id>/<file>, same credentials); a failed download shows in that message's media.error. Filters (WAHA): filter.timestamp.gte / filter.timestamp.lte (seconds), filter.fromMe, filter.ack. An unknown chat answers []. Sends this API accepted are part of the history from the moment they are accepted: one that is waiting (rate limit, protection window, not WORKING), held (the network's limit on new chats), being sent or not sent (a restart dropped it, or it failed) is listed too, before Baileys stores it or although it never will, with ack 0 (PENDING) or -1 (ERROR), its body and media name (media.url null), and a \`queue\` object {status, reason, not_before, accepted_at, error, resendable}; every message this API accepted carries \`queue\` (a Switchboard extension). limit and offset count stored messages: a page also carries the accepted sends not in the store whose acceptance falls between its oldest message and the previous page's (the first page: every newer one), so it may hold more than limit entries. GET and POST. ${CREDENTIALS_NOTE}`,
    query: {
      chatId: Type.Optional(ChatIdParam()),
      limit: LooseInteger('1 to 1000, default 50; 0 = no limit (the maximum, 1000)'),
      offset: LooseInteger('default 0'),
      downloadMedia: LooseBoolean('Download media and give its URL; default true')
    },
    answers: { 200: Type.Array(ChatMessageSchema), 502: standardErrors[500] }
  }, async ({ instance }, request) => {
    const input = request.input
    const chatJid = chatJidParam(input, 'chatId', 'chat_id')
    const filter = objectParam(input, 'filter')
    const ts = objectParam(filter, 'timestamp')
    const fromMe = filter.fromMe === undefined ? undefined : booleanParam(filter, 'fromMe', false)
    const q = {
      ...paging(input, 50),
      since: integerParam(ts, 'gte', 0, { min: 0, max: Number.MAX_SAFE_INTEGER }),
      until: integerParam(ts, 'lte', Number.MAX_SAFE_INTEGER, { min: 0, max: Number.MAX_SAFE_INTEGER }),
      fromMe,
      ack: filter.ack === undefined ? undefined : integerParam(filter, 'ack', 0, { min: -1, max: 4 })
    }
    return reads.chatMessages(instance.id, chatJid, q, booleanParam(input, 'downloadMedia', true))
  })
}
