// Chats of the store: the newest message and unread count kept on the chat row (so listing chats never scans
// messages), flags from app-state sync (archive, pin, mute, marked unread), paged listing by an index.
import type { Db } from '../../db/connection.js'
import { columnStmt, stmt, typedStmt } from '../../db/statements.js'
import { fromMessageRow, MESSAGE_BY_PK_SQL, type MessageRow, type StoredMessage } from './messages-repo.js'
import { patchUpdate } from './patch-update.js'

export interface StoredChat {
  instanceId: string
  chatId: string
  name: string | null
  unreadCount: number
  lastMessagePk: number | null
  /** Seconds; 0 when the chat has no message yet. */
  lastMessageAt: number
  archived: boolean
  /** Seconds; null = not pinned. */
  pinnedAt: number | null
  /** Seconds (-1 = forever); null = not muted. */
  mutedUntil: number | null
  markedUnread: boolean
  createdAt: number
  updatedAt: number
}

interface ChatRow {
  instance_id: string
  chat_id: string
  name: string | null
  unread_count: number
  last_message_pk: number | null
  last_message_at: number
  archived: number
  pinned_at: number | null
  muted_until: number | null
  marked_unread: number
  created_at: number
  updated_at: number
}

const fromRow = (r: ChatRow): StoredChat => ({
  instanceId: r.instance_id,
  chatId: r.chat_id,
  name: r.name,
  unreadCount: r.unread_count,
  lastMessagePk: r.last_message_pk,
  lastMessageAt: r.last_message_at,
  archived: r.archived === 1,
  pinnedAt: r.pinned_at,
  mutedUntil: r.muted_until,
  markedUnread: r.marked_unread === 1,
  createdAt: r.created_at,
  updatedAt: r.updated_at
})

export function getChat(db: Db, instanceId: string, chatId: string): StoredChat | undefined {
  const row = typedStmt<ChatRow>(db, 'SELECT * FROM store_chats WHERE instance_id = ? AND chat_id = ?').get(instanceId, chatId)
  return row && fromRow(row)
}

const ensureChat = (db: Db, instanceId: string, chatId: string, now: number): void => {
  stmt(db, 'INSERT OR IGNORE INTO store_chats (instance_id, chat_id, created_at, updated_at) VALUES (?, ?, ?, ?)').run(instanceId, chatId, now, now)
}

/**
 * A message was stored in the chat: it becomes the last message when it is the newest; a live incoming one
 * counts as unread (countUnread), a live own one marks the chat read as on the phone (markRead). History
 * messages do neither: the synced chat carries the phone's own unread count.
 */
export function touchChatWithMessage(
  db: Db,
  instanceId: string,
  chatId: string,
  m: { pk: number; timestamp: number; markRead: boolean; countUnread: boolean },
  now: number
): void {
  ensureChat(db, instanceId, chatId, now)
  stmt(
    db,
    `UPDATE store_chats SET
       last_message_pk = CASE WHEN @ts >= last_message_at THEN @pk ELSE last_message_pk END,
       last_message_at = MAX(last_message_at, @ts),
       unread_count = CASE WHEN @markRead = 1 THEN 0 WHEN @countUnread = 1 THEN unread_count + 1 ELSE unread_count END,
       updated_at = @now
     WHERE instance_id = @instanceId AND chat_id = @chatId`
  ).run({ pk: m.pk, ts: m.timestamp, markRead: m.markRead ? 1 : 0, countUnread: m.countUnread ? 1 : 0, now, instanceId, chatId })
}

/**
 * Records the archive state the engine reported (chats.update / history sync) and returns the previous one
 * (false when it never reported one: WhatsApp's default). Independent of `archived`, which the chat
 * operations set optimistically, so chat.archive fires once per real change, whoever caused it.
 */
export function setEngineArchived(db: Db, instanceId: string, chatId: string, archived: boolean, now: number): boolean {
  ensureChat(db, instanceId, chatId, now)
  const prev = columnStmt<number | null>(db, 'SELECT engine_archived FROM store_chats WHERE instance_id = ? AND chat_id = ?').get(instanceId, chatId) ?? null
  stmt(db, 'UPDATE store_chats SET engine_archived = ? WHERE instance_id = ? AND chat_id = ?').run(archived ? 1 : 0, instanceId, chatId)
  return prev === 1
}

export interface ChatPatch {
  name?: string | null
  unreadCount?: number
  archived?: boolean
  pinnedAt?: number | null
  mutedUntil?: number | null
  markedUnread?: boolean
  /** Seconds; raises last_message_at (history sync's conversationTimestamp) without a message row. */
  lastMessageAt?: number
}

const updateChat = patchUpdate<ChatPatch>(
  'store_chats',
  ['instance_id', 'chat_id'],
  [
    ['name', 'name', (p) => p.name ?? null],
    ['unread_count', 'unreadCount', (p) => Math.max(0, p.unreadCount ?? 0)],
    ['archived', 'archived', (p) => (p.archived ? 1 : 0)],
    ['pinned_at', 'pinnedAt', (p) => p.pinnedAt ?? null],
    ['muted_until', 'mutedUntil', (p) => p.mutedUntil ?? null],
    ['marked_unread', 'markedUnread', (p) => (p.markedUnread ? 1 : 0)]
  ],
  { sql: 'last_message_at = MAX(last_message_at, @lastAt)', params: (p) => ({ lastAt: p.lastMessageAt ?? 0 }) }
)

/** Creates the chat if needed and applies the given fields. Returns the chat as it was before (undefined if new). */
export function patchChat(db: Db, instanceId: string, chatId: string, patch: ChatPatch, now: number): StoredChat | undefined {
  const before = getChat(db, instanceId, chatId)
  ensureChat(db, instanceId, chatId, now)
  updateChat(db, { instance_id: instanceId, chat_id: chatId }, patch, now)
  return before
}

/** After messages of a chat were deleted: point last_message at the newest remaining one. */
export function refreshLastMessage(db: Db, instanceId: string, chatId: string, now: number): void {
  stmt(
    db,
    `UPDATE store_chats SET last_message_pk = (
       SELECT pk FROM store_messages WHERE instance_id = @instanceId AND chat_id = @chatId ORDER BY timestamp DESC, pk DESC LIMIT 1
     ), updated_at = @now WHERE instance_id = @instanceId AND chat_id = @chatId`
  ).run({ instanceId, chatId, now })
}

/**
 * Read receipts went out for the chat's incoming messages up to `readUpTo` (/v2/send/seen): only later incoming
 * ones can still be unread, in the chat's own order (timestamp, then arrival: several arrive in one second).
 * Lowers the count, never raises it (the phone's own count may be lower).
 */
export function settleUnreadAfterRead(db: Db, instanceId: string, chatId: string, readUpTo: { timestamp: number; pk: number }, now: number): void {
  stmt(
    db,
    `UPDATE store_chats SET unread_count = MIN(unread_count, (
       SELECT COUNT(*) FROM store_messages WHERE instance_id = @instanceId AND chat_id = @chatId AND from_me = 0
         AND (timestamp > @ts OR (timestamp = @ts AND pk > @pk))
     )), updated_at = @now WHERE instance_id = @instanceId AND chat_id = @chatId AND unread_count > 0`
  ).run({ instanceId, chatId, ts: readUpTo.timestamp, pk: readUpTo.pk, now })
}

/** Deletes the chat and its messages, reactions, labels, votes and responses. */
export function deleteChat(db: Db, instanceId: string, chatId: string): boolean {
  for (const table of ['store_messages', 'store_reactions', 'store_chat_labels', 'store_poll_votes', 'store_event_responses']) {
    stmt(db, `DELETE FROM ${table} WHERE instance_id = ? AND chat_id = ?`).run(instanceId, chatId)
  }
  return stmt(db, 'DELETE FROM store_chats WHERE instance_id = ? AND chat_id = ?').run(instanceId, chatId).changes > 0
}

export type ChatSortBy = 'messageTimestamp' | 'id' | 'name'
export type SortOrder = 'ASC' | 'DESC'

export interface ChatListQuery {
  /** Default messageTimestamp (aliases accepted by normalizeChatSort: conversationTimestamp, timestamp). */
  sortBy?: ChatSortBy
  /** Default DESC. */
  sortOrder?: SortOrder
  limit?: number
  offset?: number
}

/** Maps loose API input (any case, WAHA and Wawp spellings) to a supported sort; unknown = messageTimestamp. */
export function normalizeChatSort(sortBy?: string, sortOrder?: string): { sortBy: ChatSortBy; sortOrder: SortOrder } {
  const by = (sortBy ?? '').toLowerCase()
  const s: ChatSortBy = by === 'id' ? 'id' : by === 'name' ? 'name' : 'messageTimestamp'
  return { sortBy: s, sortOrder: (sortOrder ?? '').toUpperCase() === 'ASC' ? 'ASC' : 'DESC' }
}

// Static SQL per sort (no string interpolation of input): each ORDER BY is served by an index.
// Newest-first ties (same second) go by arrival (last_message_pk), then chat id, matching store_chats_recent
// (last_message_at DESC, last_message_pk DESC, chat_id) or its exact reverse; any other mix of directions made
// SQLite sort in a temp b-tree.
const ORDER: Record<ChatSortBy, Record<SortOrder, string>> = {
  messageTimestamp: { DESC: 'last_message_at DESC, last_message_pk DESC, chat_id ASC', ASC: 'last_message_at ASC, last_message_pk ASC, chat_id DESC' },
  id: { DESC: 'chat_id DESC', ASC: 'chat_id ASC' },
  name: { DESC: 'name DESC, chat_id DESC', ASC: 'name ASC, chat_id ASC' }
}

export const chatListSql = (sortBy: ChatSortBy, sortOrder: SortOrder): string =>
  `SELECT * FROM store_chats WHERE instance_id = @instanceId ORDER BY ${ORDER[sortBy][sortOrder]} LIMIT @limit OFFSET @offset`

export function listChats(db: Db, instanceId: string, q: ChatListQuery = {}): StoredChat[] {
  const rows = typedStmt<ChatRow>(db, chatListSql(q.sortBy ?? 'messageTimestamp', q.sortOrder ?? 'DESC')).all({
    instanceId,
    limit: Math.min(Math.max(1, Math.floor(q.limit ?? 100)), 1000),
    offset: Math.max(0, Math.floor(q.offset ?? 0))
  })
  return rows.map(fromRow)
}

/** listChats plus each chat's last message (one indexed lookup per chat by primary key). */
export function listChatsWithLastMessage(db: Db, instanceId: string, q: ChatListQuery = {}): { chat: StoredChat; lastMessage: StoredMessage | null }[] {
  return listChats(db, instanceId, q).map((chat) => {
    const row = chat.lastMessagePk === null ? undefined : typedStmt<MessageRow>(db, MESSAGE_BY_PK_SQL).get(chat.lastMessagePk)
    return { chat, lastMessage: row ? fromMessageRow(row) : null }
  })
}

export const countChats = (db: Db, instanceId: string): number =>
  columnStmt<number>(db, 'SELECT COUNT(*) FROM store_chats WHERE instance_id = ?').get(instanceId) ?? 0
