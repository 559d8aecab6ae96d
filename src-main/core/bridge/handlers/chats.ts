// chats.*: the Chats view over the messaging module's ChatsService, on instances of the acting account.
import type { BridgeContext } from './context.js'
import type { HandlersOf } from './types.js'

export function chatHandlers({ config: { chats }, owned }: BridgeContext): HandlersOf<'chats'> {
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
    }
  }
}
