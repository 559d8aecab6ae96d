// Chat operations through the engine (app-state patches synced to the phone, read receipts) followed by the
// same change in the store, so a read right after the call sees it; the engine's own app-state events that
// follow are idempotent.
import type { SessionPort } from '../../engine/session-port.js'
import { isJidGroup, type WAMessage, type WAMessageKey } from '../../engine/wa-wire.js'
import type { Db } from '../../db/connection.js'
import { clearChatMessages, deleteChat, listChatMessages, patchChat, refreshLastMessage } from '../store/index.js'
import { engineCall } from './errors.js'
import type { MediaFiles } from './media-files.js'

export interface ChatTarget {
  /** The JID the network knows the chat by (what the phone indexes app-state under). */
  jid: string
  /** Canonical chat JID of the store. */
  chatJid: string
}

export interface ChatOpContext {
  socket: SessionPort
  db: Db
  instanceId: string
  now: number
  /** Downloaded files of removed messages are deleted too. */
  media?: MediaFiles
}

/** The newest message of the chat, as app-state's message range wants it (empty when the store has none). */
function lastMessages(c: ChatOpContext, chat: ChatTarget): Pick<WAMessage, 'key' | 'messageTimestamp'>[] {
  const last = listChatMessages(c.db, c.instanceId, chat.chatJid, { limit: 1 })[0]
  if (!last?.message.key.id) return []
  const key: WAMessageKey = { ...last.message.key }
  // app-state requires a participant on others' group messages
  if (isJidGroup(key.remoteJid ?? '') && !key.fromMe && !key.participant) key.participant = last.sender ?? undefined
  return [{ key, messageTimestamp: last.timestamp }]
}

export async function setArchived(c: ChatOpContext, chat: ChatTarget, archived: boolean): Promise<void> {
  await engineCall(archived ? 'the archive' : 'the unarchive', () => c.socket.modifyChat({ archive: archived, lastMessages: lastMessages(c, chat) }, chat.jid))
  patchChat(c.db, c.instanceId, chat.chatJid, { archived }, c.now)
}

export interface ReadScope {
  /** How many of the newest incoming messages to mark read. */
  messages: number
  /** Only messages of the last `days` days. */
  days: number
}

/**
 * Sends read receipts for the newest incoming messages in scope and marks the chat read on every device.
 * Returns the keys of the messages acknowledged.
 */
export async function markRead(c: ChatOpContext, chat: ChatTarget, scope: ReadScope): Promise<WAMessageKey[]> {
  const since = Math.floor(c.now / 1000) - scope.days * 86_400
  const incoming = listChatMessages(c.db, c.instanceId, chat.chatJid, { limit: scope.messages, since, fromMe: false })
  const keys = incoming.map((m) => m.message.key).filter((k) => !!k.id)
  if (keys.length) await engineCall('the read receipts', () => c.socket.readMessages(keys))
  await engineCall('the mark as read', () => c.socket.modifyChat({ markRead: true, lastMessages: lastMessages(c, chat) }, chat.jid))
  patchChat(c.db, c.instanceId, chat.chatJid, { unreadCount: 0, markedUnread: false }, c.now)
  return keys
}

export async function markUnread(c: ChatOpContext, chat: ChatTarget): Promise<void> {
  await engineCall('the mark as unread', () => c.socket.modifyChat({ markRead: false, lastMessages: lastMessages(c, chat) }, chat.jid))
  patchChat(c.db, c.instanceId, chat.chatJid, { markedUnread: true }, c.now)
}

/** Clears the chat's messages on every device; the chat stays. Returns how many stored messages went. */
export async function clearChat(c: ChatOpContext, chat: ChatTarget): Promise<number> {
  await engineCall('the clear', () => c.socket.modifyChat({ clear: true, lastMessages: lastMessages(c, chat) }, chat.jid))
  const files = c.media?.chatFiles(c.instanceId, chat.chatJid) ?? []
  const removed = c.db.transaction(() => {
    const n = clearChatMessages(c.db, c.instanceId, chat.chatJid)
    refreshLastMessage(c.db, c.instanceId, chat.chatJid, c.now)
    patchChat(c.db, c.instanceId, chat.chatJid, { unreadCount: 0 }, c.now)
    return n
  })()
  c.media?.removeFiles(files)
  return removed
}

/** Deletes the chat on every device and from the store. Returns whether the store had it. */
export async function removeChat(c: ChatOpContext, chat: ChatTarget): Promise<boolean> {
  await engineCall('the chat delete', () => c.socket.modifyChat({ delete: true, lastMessages: lastMessages(c, chat) }, chat.jid))
  const files = c.media?.chatFiles(c.instanceId, chat.chatJid) ?? []
  const existed = c.db.transaction(() => deleteChat(c.db, c.instanceId, chat.chatJid))()
  c.media?.removeFiles(files)
  return existed
}
