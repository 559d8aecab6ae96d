// chats.*: the Chats view over the messaging module's ChatsService, on instances of the acting account.
import { normalizeCheckPhone } from '../../messaging/reads/contact-ops.js'
import type { BridgeContext } from './context.js'
import type { HandlersOf } from './types.js'

export function chatHandlers({ config: { chats }, services, owned }: BridgeContext): HandlersOf<'chats'> {
  return {
    'chats.list': ({ instanceId, search, limit, offset }) =>
      chats.listChats(owned(instanceId).id, { ...(search?.trim() ? { search: search.trim() } : {}), limit: limit ?? 50, offset: offset ?? 0 }),
    'chats.messages': ({ instanceId, chatId, cursor, limit }) =>
      chats.listMessages(owned(instanceId).id, chatId, { ...(cursor ? { cursor } : {}), limit: limit ?? 50 }),
    'chats.sendText': ({ instanceId, chatId, text }) => chats.sendText(owned(instanceId).id, chatId, text),
    'chats.sendFile': ({ instanceId, chatId, file, caption }) => chats.sendFile(owned(instanceId).id, chatId, file, caption),
    'chats.markRead': async ({ instanceId, chatId }) => {
      await chats.markRead(owned(instanceId).id, chatId)
      return { read: true as const }
    },
    'chats.media': ({ instanceId, chatId, messageId }) => chats.media(owned(instanceId).id, chatId, messageId),
    // The check behind /v2/contacts/check-exists (the policy's number-check limits); any spelling of the number.
    'chats.checkNumber': async ({ instanceId, phone }) => {
      const digits = normalizeCheckPhone(phone)
      const r = await services.reads.checkExists(owned(instanceId).id, digits)
      return { phone: digits, exists: r.numberExists, chatId: r.chatId }
    }
  }
}
