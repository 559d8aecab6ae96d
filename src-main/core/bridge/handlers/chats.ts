// chats.*: the Chats view over the messaging module's ChatsService; `not_available` until that module is wired.
import { bridgeErrors } from '../errors.js'
import type { BridgeServices, ChatsService } from '../services.js'
import { ownedRow } from './context.js'
import type { HandlersOf } from './types.js'

export function chatHandlers(s: BridgeServices): HandlersOf<'chats'> {
  const chats = (): ChatsService => {
    if (!s.chats) throw bridgeErrors.notAvailable('Chats')
    return s.chats
  }
  return {
    'chats.list': ({ instanceId, search, limit, offset }) =>
      chats().listChats(ownedRow(s, instanceId).id, { ...(search?.trim() ? { search: search.trim() } : {}), limit: limit ?? 50, offset: offset ?? 0 }),
    'chats.messages': ({ instanceId, chatId, cursor, limit }) =>
      chats().listMessages(ownedRow(s, instanceId).id, chatId, { ...(cursor ? { cursor } : {}), limit: limit ?? 50 }),
    'chats.sendText': ({ instanceId, chatId, text }) => chats().sendText(ownedRow(s, instanceId).id, chatId, text),
    'chats.sendFile': ({ instanceId, chatId, file, caption }) =>
      chats().sendFile(ownedRow(s, instanceId).id, chatId, file, caption),
    'chats.markRead': async ({ instanceId, chatId }) => {
      await chats().markRead(ownedRow(s, instanceId).id, chatId)
      return { read: true as const }
    }
  }
}
