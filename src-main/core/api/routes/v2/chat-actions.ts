// Chat operations: /v2/chats/archive, unarchive, read, unread, clear, delete. Each goes to the phone as an
// app-state change (and read receipts for read), then updates the store so reads right after agree.
import { Type } from '@sinclair/typebox'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { serializeMessageId, toApiChatId, toWaJid } from '../../../messaging/chat-ids.js'
import { clearChat, markRead, markUnread, removeChat, setArchived, type ChatOpContext, type ChatTarget } from '../../../messaging/reads/chat-ops.js'
import { requireLiveSocket } from '../../../messaging/reads/live-socket.js'
import { integerParam, requiredString } from '../../../messaging/reads/params.js'
import { canonicalJid } from '../../../messaging/store/index.js'
import type { ApiDeps } from '../../api-deps.js'
import { authInstance } from '../../plugins/auth.js'
import { CREDENTIALS_NOTE, instanceQuery, standardErrors } from '../../schemas/common.js'
import { ChatIdParam, LooseInteger } from '../../schemas/reads.js'

const tags = ['Chats']
const errors = { ...standardErrors, 502: standardErrors[500] }
const NOTE = `chatId: <number>@c.us, digits or <id>@g.us. The change syncs to the phone and the account's other devices. 422 session_status_mismatch when the session is not WORKING; 502 engine_request_failed when the network does not answer. ${CREDENTIALS_NOTE}`

const Answer = Type.Object({ success: Type.Boolean(), chatId: Type.String() }, { additionalProperties: true })

export async function chatActionRoutes(app: FastifyInstance, deps: ApiDeps): Promise<void> {
  const context = (request: FastifyRequest): { c: ChatOpContext; chat: ChatTarget } => {
    const { instance } = authInstance(request)
    const jid = toWaJid(requiredString(request.input, 'chatId', 'chat_id'))
    const chatJid = canonicalJid(deps.db, instance.id, jid)
    const socket = requireLiveSocket(deps.engine, deps.manager, instance.id)
    return { c: { socket, db: deps.db, instanceId: instance.id, now: (deps.now ?? Date.now)(), media: deps.media }, chat: { jid: chatJid, chatJid } }
  }

  const route = (
    url: string,
    methods: ('GET' | 'POST' | 'DELETE' | 'PUT')[],
    summary: string,
    description: string,
    run: (c: ChatOpContext, chat: ChatTarget, request: FastifyRequest) => Promise<Record<string, unknown>>,
    extra: Parameters<typeof instanceQuery>[0] = {}
  ) =>
    app.route({
      method: methods,
      url,
      config: { auth: 'instance' },
      schema: {
        tags,
        summary,
        description: `${description} ${methods.join(', ')}. ${NOTE}`,
        querystring: instanceQuery({ chatId: Type.Optional(ChatIdParam()), ...extra }),
        response: { 200: Answer, ...errors }
      },
      handler: async (request) => {
        const { c, chat } = context(request)
        return { success: true, chatId: toApiChatId(chat.chatJid), ...(await run(c, chat, request)) }
      }
    })

  route('/v2/chats/archive', ['POST', 'PUT'], 'Archive a chat', 'Answers {success, chatId, archived:true}.', async (c, chat) => {
    await setArchived(c, chat, true)
    return { archived: true }
  })
  route('/v2/chats/unarchive', ['POST', 'PUT'], 'Unarchive a chat', 'Answers {success, chatId, archived:false}.', async (c, chat) => {
    await setArchived(c, chat, false)
    return { archived: false }
  })
  route(
    '/v2/chats/read',
    ['POST', 'PUT'],
    'Mark a chat read',
    'Sends read receipts (blue ticks) for the newest incoming messages — messages (default 30, at most 1000) of the last days (default 7) — and marks the chat read on every device. Answers {success, chatId, readMessages: [serialized ids]}.',
    async (c, chat, request) => {
      const keys = await markRead(c, chat, {
        messages: integerParam(request.input, 'messages', 30, { min: 1, max: 1000 }),
        days: integerParam(request.input, 'days', 7, { min: 1, max: 3650 })
      })
      return { readMessages: keys.map((k) => serializeMessageId(k)) }
    },
    { messages: LooseInteger('How many of the newest incoming messages, default 30'), days: LooseInteger('Only the last days, default 7') }
  )
  route('/v2/chats/unread', ['POST', 'PUT'], 'Mark a chat unread', 'Answers {success, chatId, markedUnread:true}.', async (c, chat) => {
    await markUnread(c, chat)
    return { markedUnread: true }
  })
  route('/v2/chats/clear', ['POST', 'DELETE'], "Clear a chat's messages", 'The chat stays, its messages go (on every device, in the store, and their downloaded media files). Answers {success, chatId, cleared: <messages removed from the store>}.', async (c, chat) => ({
    cleared: await clearChat(c, chat)
  }))
  route('/v2/chats/delete', ['DELETE', 'POST'], 'Delete a chat', 'Deletes the chat and its messages on every device, in the store and their downloaded media files. Answers {success, chatId, deleted: <whether the store had it>}.', async (c, chat) => ({
    deleted: await removeChat(c, chat)
  }))
}
