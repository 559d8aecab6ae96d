// Chat operations through the engine (app-state patches synced to the phone, read receipts, typing) followed by
// the same change in the store, so a read right after the call sees it; the engine's own app-state events that
// follow are idempotent.
import type { SessionPort } from '../../engine/session-port.js'
import { isJidGroup, type WAMessage, type WAMessageKey } from '../../engine/wa-wire.js'
import { callEngine } from '../../engine/engine-errors.js'
import type { Db } from '../../db/connection.js'
import type { DomainError } from '../../domain/errors.js'
import {
  clearChatMessages,
  deleteChat,
  findMessage,
  getChat,
  listChatMessages,
  patchChat,
  refreshLastMessage,
  settleUnreadAfterRead,
  type StoredMessage
} from '../store/index.js'
import { readsErrors } from './errors.js'
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
  /**
   * What a failed engine call answers (`what`: the step, `why`: the engine's message); default 502
   * engine_request_failed naming the step. The /v2/send/ actions (seen, typing, star) answer send_failed.
   */
  failure?: (what: string, why: string) => DomainError
}

/** Runs one engine call of an operation; a failure that is not a domain error becomes the context's failure. */
const call = <T>(c: Pick<ChatOpContext, 'failure'>, what: string, fn: () => Promise<T>): Promise<T> =>
  callEngine(fn, (why) => (c.failure ?? readsErrors.engineRequestFailed)(what, why))

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
  await call(c, archived ? 'the archive' : 'the unarchive', () => c.socket.modifyChat({ archive: archived, lastMessages: lastMessages(c, chat) }, chat.jid))
  patchChat(c.db, c.instanceId, chat.chatJid, { archived }, c.now)
}

export interface ReadScope {
  /** How many of the newest incoming messages to mark read. */
  messages: number
  /** Only messages of the last `days` days. */
  days: number
}

/** The messages read receipts cover: the given keys, or the newest incoming messages the store has (since `since`, Unix s). */
export type SeenTarget = { keys: WAMessageKey[] } | { newest: number; since?: number }

/**
 * Sends read receipts for the target's messages, then settles the chat's unread count as the phone does: only
 * incoming messages after the newest one marked can still be unread. Returns the keys marked.
 */
export async function markSeen(c: ChatOpContext, chat: ChatTarget, target: SeenTarget): Promise<WAMessageKey[]> {
  const latest = 'keys' in target ? [] : newestIncoming(c, chat, target)
  const keys = 'keys' in target ? target.keys : latest.map((m) => m.message.key)
  if (keys.length) await call(c, 'the read receipts', () => c.socket.readMessages(keys))
  const newest = 'keys' in target ? newestKnown(c, chat, keys) : latest[0]
  if (newest) settleUnreadAfterRead(c.db, c.instanceId, chat.chatJid, newest, c.now)
  return keys
}

/**
 * Sends read receipts for the newest incoming messages in scope (markSeen) and marks the chat read on every device.
 * Returns the keys of the messages acknowledged.
 */
export async function markRead(c: ChatOpContext, chat: ChatTarget, scope: ReadScope): Promise<WAMessageKey[]> {
  const keys = await markSeen(c, chat, { newest: scope.messages, since: Math.floor(c.now / 1000) - scope.days * 86_400 })
  await call(c, 'the mark as read', () => c.socket.modifyChat({ markRead: true, lastMessages: lastMessages(c, chat) }, chat.jid))
  patchChat(c.db, c.instanceId, chat.chatJid, { unreadCount: 0, markedUnread: false }, c.now)
  return keys
}

/** The newest incoming messages of the chat the store has (newest first), with ids. */
function newestIncoming(c: ChatOpContext, chat: ChatTarget, q: { newest: number; since?: number }): StoredMessage[] {
  const list = listChatMessages(c.db, c.instanceId, chat.chatJid, { limit: q.newest, ...(q.since === undefined ? {} : { since: q.since }), fromMe: false })
  return list.filter((m) => !!m.message.key.id)
}

/** The newest of the marked messages the store knows, in the chat's order (timestamp, then arrival); unknown ids count for nothing. */
function newestKnown(c: ChatOpContext, chat: ChatTarget, keys: WAMessageKey[]): StoredMessage | undefined {
  const known = keys.map((k) => (k.id ? findMessage(c.db, c.instanceId, chat.chatJid, k.id) : undefined)).filter((m) => m !== undefined)
  return known.reduce<StoredMessage | undefined>((a, m) => (!a || m.timestamp > a.timestamp || (m.timestamp === a.timestamp && m.pk > a.pk) ? m : a), undefined)
}

/** Shows ("composing") or clears ("paused") "typing..." in the chat. */
export async function setTyping(c: ChatOpContext, chat: ChatTarget, state: 'composing' | 'paused'): Promise<void> {
  await call(c, 'the typing state', () => c.socket.sendPresence(state, chat.jid))
}

/** Stars or unstars one message of the chat (synced to the account's phone through app state). */
export async function setStarred(c: ChatOpContext, chat: ChatTarget, message: { id: string; fromMe: boolean }, star: boolean): Promise<void> {
  await call(c, star ? 'the star' : 'the unstar', () => c.socket.modifyChat({ star: { messages: [{ id: message.id, fromMe: message.fromMe }], star } }, chat.jid))
}

export async function markUnread(c: ChatOpContext, chat: ChatTarget): Promise<void> {
  await call(c, 'the mark as unread', () => c.socket.modifyChat({ markRead: false, lastMessages: lastMessages(c, chat) }, chat.jid))
  patchChat(c.db, c.instanceId, chat.chatJid, { markedUnread: true }, c.now)
}

/** Clears the chat's messages on every device; the chat stays. Returns how many stored messages went. */
export async function clearChat(c: ChatOpContext, chat: ChatTarget): Promise<number> {
  await call(c, 'the clear', () => c.socket.modifyChat({ clear: true, lastMessages: lastMessages(c, chat) }, chat.jid))
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
  // Read before the call: the engine applies its own patch as a chats.delete event, which the ingestor may store
  // before this continues, and the answer (and the media files to remove) must describe the chat as it was.
  const existed = getChat(c.db, c.instanceId, chat.chatJid) !== undefined
  const files = c.media?.chatFiles(c.instanceId, chat.chatJid) ?? []
  await call(c, 'the chat delete', () => c.socket.modifyChat({ delete: true, lastMessages: lastMessages(c, chat) }, chat.jid))
  c.db.transaction(() => deleteChat(c.db, c.instanceId, chat.chatJid))()
  c.media?.removeFiles(files)
  return existed
}
