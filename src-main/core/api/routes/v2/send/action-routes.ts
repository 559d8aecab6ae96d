// /v2/send/seen, /start-typing, /stop-typing and /star: operations on a chat that are not messages, so they
// need a WORKING session but neither the outbound queue nor the send rate limit. The wire is read here; the
// operations are the read service's (next to a chat's mark-read).
import { Type } from '@sinclair/typebox'
import type { WAMessageKey } from '../../../../engine/wa-wire.js'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { parseMessageId, toApiChatId, toWaJid } from '../../../../messaging/chat-ids.js'
import { bool, chatJid, list, requireAll, str } from '../../../params/send-params.js'
import type { ApiDeps } from '../../../api-deps.js'
import { authInstance } from '../../../plugins/auth.js'
import { CREDENTIALS_NOTE, instanceQuery, standardErrors } from '../../../schemas/common.js'
import { CHAT_ID, param } from './kind.js'

const tags = ['Sending']
const ActionResult = Type.Object({ status: Type.Literal('success'), message: Type.String() }, { additionalProperties: true })
const errors = 'Errors: 400 missing_param / invalid_chat_id / invalid_message_id, 404 invalid_session, 422 session_status_mismatch (not WORKING; details.status), 502 send_failed.'

export async function sendActionRoutes(app: FastifyInstance, deps: ApiDeps): Promise<void> {
  const chats = deps.services.reads
  const schema = (summary: string, description: string, params: Parameters<typeof instanceQuery>[0]) => ({
    tags,
    summary,
    description: `${description} ${errors} ${CREDENTIALS_NOTE}`,
    querystring: instanceQuery(params),
    response: { 200: ActionResult, ...standardErrors }
  })
  const config = { auth: 'instance' as const }

  app.post('/v2/send/seen', {
    config,
    schema: schema(
      'Mark messages as seen',
      'Sends read receipts (blue ticks, if the account\'s privacy settings send them). messageIds: serialized ids (array, JSON text or one string); participant: the sender in a group. Without messageIds, the latest received messages of the chat known to the message store are marked. The chat\'s unreadCount (/v2/chats) drops to the incoming messages newer than the newest one marked.',
      { chatId: CHAT_ID, messageIds: param('array', 'Serialized message ids'), participant: param('string', 'Group: the author of the messages') }
    )
  }, async (request) => {
    const { instance } = authInstance(request)
    const p = request.input
    requireAll({ chatId: str(p, 'chatId') ?? str(p, 'chat_id') })
    const jid = chatJid(p)
    const participant = str(p, 'participant')
    const ids = (list(p, 'messageIds') ?? list(p, 'messageId') ?? []).map(String)
    const keys = ids.length
      ? ids.map((id): WAMessageKey => {
          const ref = parseMessageId(id, toApiChatId(jid))
          const author = ref.participant ?? (participant ? toWaJid(participant) : undefined)
          return { remoteJid: ref.remoteJid, id: ref.id, fromMe: ref.fromMe, ...(author ? { participant: author } : {}) }
        })
      : undefined
    const marked = await chats.markSeen(instance.id, jid, keys)
    return { status: 'success' as const, message: `Marked ${marked.length} message(s) as seen`, chatId: toApiChatId(jid), messageIds: marked.map((k) => k.id) }
  })

  const typing = (path: string, state: 'composing' | 'paused', summary: string, description: string) =>
    app.post(path, { config, schema: schema(summary, description, { chatId: CHAT_ID }) }, async (request) => {
      const { instance } = authInstance(request)
      requireAll({ chatId: str(request.input, 'chatId') ?? str(request.input, 'chat_id') })
      const jid = chatJid(request.input)
      await chats.typing(instance.id, jid, state)
      return { status: 'success' as const, message: state === 'composing' ? 'Typing started' : 'Typing stopped', chatId: toApiChatId(jid) }
    })
  typing('/v2/send/start-typing', 'composing', 'Start typing', 'Shows "typing..." in the chat for about 10 to 20 seconds; call again to keep it showing.')
  typing('/v2/send/stop-typing', 'paused', 'Stop typing', 'Clears the typing indicator.')

  const star = async (request: FastifyRequest) => {
    const { instance } = authInstance(request)
    const p = request.input
    const id = str(p, 'messageId')
    requireAll({ messageId: id })
    const ref = parseMessageId(id!, str(p, 'chatId') ?? str(p, 'chat_id'))
    const jid = str(p, 'chatId') ?? str(p, 'chat_id') ? chatJid(p) : ref.remoteJid
    const starred = bool(p, 'star', true)
    await chats.star(instance.id, jid, ref, starred)
    return { status: 'success' as const, message: starred ? 'Message starred' : 'Message unstarred', messageId: id, star: starred }
  }
  const starSchema = schema('Star or unstar a message', 'star: true (default) or false; synced to the account\'s phone through app state.', {
    chatId: param('string', 'Chat of the message (needed only with a bare message id)'),
    messageId: param('string, required', 'Serialized message id'),
    star: param('boolean', 'true to star, false to unstar')
  })
  app.route({ method: ['PUT', 'POST'], url: '/v2/send/star', config, schema: starSchema, handler: star })
}

