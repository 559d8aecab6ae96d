// chats.*: the Chats view over services.chats (services/chats-service.ts), on instances of the acting account;
// the service's domain types are mapped to the contract's DTOs in chat-dtos.ts.
import { toApiChatId, toWaJid } from '../../messaging/chat-ids.js'
import { normalizeCheckPhone } from '../../messaging/reads/contact-ops.js'
import { chatDto, mediaContentDto, messagesPageDto, sentDto } from './chat-dtos.js'
import type { BridgeContext } from './context.js'
import type { HandlersOf } from './types.js'

export function chatHandlers({ services, owned }: BridgeContext): HandlersOf<'chats'> {
  const { chats } = services
  return {
    'chats.list': ({ instanceId, search, limit, offset }) => {
      const page = chats.listChats(owned(instanceId).id, { ...(search?.trim() ? { search: search.trim() } : {}), limit: limit ?? 50, offset: offset ?? 0 })
      return { chats: page.chats.map(chatDto), hasMore: page.hasMore }
    },
    'chats.messages': ({ instanceId, chatId, cursor, limit }) =>
      messagesPageDto(chats.listMessages(owned(instanceId).id, chatId, { ...(cursor ? { cursor } : {}), limit: limit ?? 50 })),
    'chats.sendText': async ({ instanceId, chatId, text }) => sentDto(await chats.sendText(owned(instanceId).id, chatId, text)),
    'chats.sendFile': async ({ instanceId, chatId, file, caption }) => sentDto(await chats.sendFile(owned(instanceId).id, chatId, file, caption)),
    'chats.markRead': async ({ instanceId, chatId }) => {
      await chats.markRead(owned(instanceId).id, chatId)
      return { read: true as const }
    },
    'chats.media': async ({ instanceId, chatId, messageId }) => mediaContentDto(await chats.media(owned(instanceId).id, chatId, messageId)),
    // Issue 20 item 7: a local name for the chat's person.
    'chats.setName': ({ instanceId, chatId, name }) => {
      services.reads.setLocalName(owned(instanceId).id, toWaJid(chatId), name)
      return { name: name?.trim() || null }
    },
    // Issue 20 item 6: the API's /v2/chats/search, one more for hasMore.
    'chats.search': ({ instanceId, query, chatId, limit, offset }) => {
      const max = Math.min(limit ?? 30, 100)
      const hits = services.reads.searchMessages(owned(instanceId).id, { text: query, limit: max + 1, offset: offset ?? 0, ...(chatId ? { chatJid: toWaJid(chatId) } : {}) })
      return {
        hits: hits.slice(0, max).map((h) => ({
          chatId: toApiChatId(h.message.chatId),
          chatName: h.chatName ?? toApiChatId(h.message.chatId).split('@')[0]!,
          messageId: h.message.id,
          fromMe: h.message.fromMe,
          timestamp: h.message.timestamp * 1000,
          snippet: h.snippet
        })),
        hasMore: hits.length > max
      }
    },
    // The check behind /v2/contacts/check-exists (the policy's number-check limits); any spelling of the number.
    'chats.checkNumber': async ({ instanceId, phone }) => {
      const digits = normalizeCheckPhone(phone)
      const r = await services.reads.checkExists(owned(instanceId).id, digits)
      return { phone: digits, exists: r.numberExists, chatId: r.chatId }
    }
  }
}
