// GET/POST /v2/chats/search (a Switchboard extension, issue 20 item 6): message text across the instance's chats
// (or one chat) from the local store's full-text index, newest first, with the chat and a marked excerpt.
import { Type } from '@sinclair/typebox'
import type { FastifyInstance } from 'fastify'
import { coreErrors } from '../../../domain/core-errors.js'
import { toApiChatId, toWaJid } from '../../../messaging/chat-ids.js'
import { ftsQuery } from '../../../messaging/store/search-repo.js'
import type { ApiDeps } from '../../api-deps.js'
import { paging } from '../../params/list-params.js'
import { optionalString, requiredString } from '../../params/read-params.js'
import { CREDENTIALS_NOTE, standardErrors } from '../../schemas/common.js'
import { ApiMessageSchema, LooseInteger } from '../../schemas/reads.js'
import { instanceRoutes } from '../instance-route.js'

const SearchHitSchema = Type.Object({
  chatId: Type.String({ description: 'The chat the message is in (<number>@c.us, <id>@g.us, ...): open it with /v2/chats/messages' }),
  chatName: Type.Union([Type.String(), Type.Null()], { description: 'Group subject, saved name or push name' }),
  snippet: Type.String({ description: 'An excerpt of the text with the matching words between [[ and ]]' }),
  message: ApiMessageSchema
})

export async function chatSearchRoutes(app: FastifyInstance, deps: ApiDeps): Promise<void> {
  const reads = deps.services.reads
  const route = instanceRoutes(app, ['Chats', 'Switchboard extensions'], standardErrors)

  route(['GET', 'POST'], '/v2/chats/search', {
    summary: 'Search message text across chats',
    description: `Switchboard extension. Messages whose text (a caption too) contains every word of q, each as the start of a word ("pay inv" finds "payment of invoice 12"; case and accents ignored: "cafe" finds "Café"), newest first, from the local message store's full-text index (SQLite FTS5; fast at hundreds of thousands of messages). chatId limits it to one chat. limit (default 20, at most 200), offset. Deleted messages are not found; punctuation in q is ignored, and a q without letters or digits is 400 invalid_param. GET and POST. ${CREDENTIALS_NOTE}`,
    query: {
      q: Type.Optional(Type.String({ description: 'The words to find (also query, search)', maxLength: 200 })),
      chatId: Type.Optional(Type.String({ description: 'Only this chat' })),
      limit: LooseInteger('1 to 200, default 20'),
      offset: LooseInteger('default 0')
    },
    answers: { 200: Type.Array(SearchHitSchema) }
  }, async ({ instance }, request) => {
    const input = request.input
    const text = requiredString(input, 'q', 'query', 'search')
    if (text.length > 200) throw coreErrors.invalidParam('q', 'at most 200 characters')
    if (!ftsQuery(text)) throw coreErrors.invalidParam('q', 'has no letters or digits to search for')
    const chat = optionalString(input, 'chatId', 'chat_id')
    const { limit, offset } = paging(input, 20)
    const hits = reads.searchMessages(instance.id, { text, limit: Math.min(limit, 200), offset, ...(chat ? { chatJid: toWaJid(chat) } : {}) })
    const messages = await reads.apiMessages(instance.id, hits.map((h) => h.message), false)
    return hits.map((h, i) => ({ chatId: toApiChatId(h.message.chatId), chatName: h.chatName, snippet: h.snippet, message: messages[i]! }))
  })
}
