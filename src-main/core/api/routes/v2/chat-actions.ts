// Chat operations: /v2/chats/archive, unarchive, read, unread, clear, delete. Each goes to the phone as an
// app-state change (and read receipts for read), then updates the store so reads right after agree.
import { Type } from '@sinclair/typebox'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { LiveChat } from '../../../messaging/reads/read-service.js'
import type { ApiDeps } from '../../api-deps.js'
import { chatJidParam, integerParam } from '../../params/read-params.js'
import { authInstance } from '../../plugins/auth.js'
import { CREDENTIALS_NOTE, instanceQuery, standardErrors } from '../../schemas/common.js'
import { ChatIdParam, LooseInteger } from '../../schemas/reads.js'

const tags = ['Chats']
const errors = { ...standardErrors, 502: standardErrors[500] }
const NOTE = `chatId: <number>@c.us, digits or <id>@g.us. The change syncs to the phone and the account's other devices. 422 session_status_mismatch when the session is not WORKING; 502 engine_request_failed when the network does not answer. ${CREDENTIALS_NOTE}`

const Answer = Type.Object({ success: Type.Boolean(), chatId: Type.String() }, { additionalProperties: true })

export async function chatActionRoutes(app: FastifyInstance, deps: ApiDeps): Promise<void> {
  // The chat first, then the session (422 when not WORKING), then the operation's own parameters.
  const liveChat = (request: FastifyRequest): LiveChat => {
    const { instance } = authInstance(request)
    return deps.services.reads.chat(instance.id, chatJidParam(request.input, 'chatId', 'chat_id'))
  }

  const route = (
    url: string,
    methods: ('GET' | 'POST' | 'DELETE' | 'PUT')[],
    summary: string,
    description: string,
    run: (chat: LiveChat, request: FastifyRequest) => Promise<Record<string, unknown>>,
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
        const chat = liveChat(request)
        return { success: true, chatId: chat.chatId, ...(await run(chat, request)) }
      }
    })

  route('/v2/chats/archive', ['POST', 'PUT'], 'Archive a chat', 'Answers {success, chatId, archived:true}.', async (chat) => {
    await chat.setArchived(true)
    return { archived: true }
  })
  route('/v2/chats/unarchive', ['POST', 'PUT'], 'Unarchive a chat', 'Answers {success, chatId, archived:false}.', async (chat) => {
    await chat.setArchived(false)
    return { archived: false }
  })
  route(
    '/v2/chats/read',
    ['POST', 'PUT'],
    'Mark a chat read',
    'Sends read receipts (blue ticks) for the newest incoming messages — messages (default 30, at most 1000) of the last days (default 7) — and marks the chat read on every device. Answers {success, chatId, readMessages: [serialized ids]}.',
    async (chat, request) => {
      const ids = await chat.markRead({
        messages: integerParam(request.input, 'messages', 30, { min: 1, max: 1000 }),
        days: integerParam(request.input, 'days', 7, { min: 1, max: 3650 })
      })
      return { readMessages: ids }
    },
    { messages: LooseInteger('How many of the newest incoming messages, default 30'), days: LooseInteger('Only the last days, default 7') }
  )
  route('/v2/chats/unread', ['POST', 'PUT'], 'Mark a chat unread', 'Answers {success, chatId, markedUnread:true}.', async (chat) => {
    await chat.markUnread()
    return { markedUnread: true }
  })
  route('/v2/chats/clear', ['POST', 'DELETE'], "Clear a chat's messages", 'The chat stays, its messages go (on every device, in the store, and their downloaded media files). Answers {success, chatId, cleared: <messages removed from the store>}.', async (chat) => ({
    cleared: await chat.clear()
  }))
  route('/v2/chats/delete', ['DELETE', 'POST'], 'Delete a chat', 'Deletes the chat and its messages on every device, in the store and their downloaded media files. Answers {success, chatId, deleted: <whether the store had it>}.', async (chat) => ({
    deleted: await chat.remove()
  }))
}
