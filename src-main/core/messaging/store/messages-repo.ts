// Messages of the store: insert-or-merge from upserts, ack/edit/revoke transitions (each returns what changed,
// so the event mapper emits exactly once per real change), reads by key and paged by chat.
import { normalizeMessageContent, type WAMessage } from '../../engine/wa-wire.js'
import type { Statement } from 'better-sqlite3-multiple-ciphers'
import type { Db } from '../../db/connection.js'
import { stmt, typedStmt, columnStmt } from '../../db/statements.js'
import { ackOf, bodyOf, typeOf } from '../message-mapper.js'
import { decodeMessage, encodeRaw } from './raw-json.js'

export interface StoredMedia {
  mimetype: string | null
  filename: string | null
  size: number | null
  /** Local file once downloaded (null until then). */
  path: string | null
}

export interface StoredMessage {
  pk: number
  instanceId: string
  chatId: string
  id: string
  fromMe: boolean
  sender: string | null
  timestamp: number
  type: string
  body: string
  ack: number
  hasMedia: boolean
  media: StoredMedia | null
  editedAt: number | null
  revokedAt: number | null
  revokedBy: string | null
  starred: boolean
  pushName: string | null
  /** The WAMessage as Baileys gave it (buffers restored), with edits applied to `message`. */
  message: WAMessage
}

export interface MessageRow {
  pk: number
  instance_id: string
  chat_id: string
  id: string
  from_me: number
  sender: string | null
  timestamp: number
  type: string
  body: string
  ack: number
  has_media: number
  media_mimetype: string | null
  media_filename: string | null
  media_size: number | null
  media_path: string | null
  edited_at: number | null
  revoked_at: number | null
  revoked_by: string | null
  starred: number
  push_name: string | null
  raw: string
}

export const fromMessageRow = (r: MessageRow): StoredMessage => ({
  pk: r.pk,
  instanceId: r.instance_id,
  chatId: r.chat_id,
  id: r.id,
  fromMe: r.from_me === 1,
  sender: r.sender,
  timestamp: r.timestamp,
  type: r.type,
  body: r.body,
  ack: r.ack,
  hasMedia: r.has_media === 1,
  media: r.has_media ? { mimetype: r.media_mimetype, filename: r.media_filename, size: r.media_size, path: r.media_path } : null,
  editedAt: r.edited_at,
  revokedAt: r.revoked_at,
  revokedBy: r.revoked_by,
  starred: r.starred === 1,
  pushName: r.push_name,
  message: decodeMessage(r.raw)
})

const MEDIA_KINDS = ['imageMessage', 'videoMessage', 'audioMessage', 'documentMessage', 'stickerMessage', 'ptvMessage'] as const

/** Indexed columns derived from a WAMessage. */
export function messageColumns(m: WAMessage): { type: string; body: string; ack: number; media: Omit<StoredMedia, 'path'> | null; timestamp: number } {
  const content = normalizeMessageContent(m.message)
  const kind = content ? MEDIA_KINDS.find((k) => content[k]) : undefined
  const media = kind ? (content![kind] as { mimetype?: string | null; fileName?: string | null; fileLength?: unknown }) : undefined
  return {
    type: typeOf(content),
    body: bodyOf(content),
    ack: ackOf(m.status),
    media: media ? { mimetype: media.mimetype ?? null, filename: media.fileName ?? null, size: media.fileLength == null ? null : Number(media.fileLength) } : null,
    timestamp: Number(m.messageTimestamp ?? 0)
  }
}

/** The named SQL parameters of a message's content columns (@type ... @raw), as an insert and a recovery write them. */
export function contentParams(m: WAMessage, c = messageColumns(m)) {
  return {
    type: c.type,
    body: c.body,
    ack: c.ack,
    hasMedia: c.media ? 1 : 0,
    mimetype: c.media?.mimetype ?? null,
    filename: c.media?.filename ?? null,
    size: c.media?.size ?? null,
    pushName: m.pushName ?? null,
    raw: encodeRaw(m)
  }
}

export interface UpsertMessageInput {
  chatId: string
  sender: string | null
  message: WAMessage
  now: number
}

export interface UpsertResult {
  pk: number
  /** False when the row existed (same chat and id): it was merged, not re-inserted. */
  inserted: boolean
  /** Ack before the merge (when not inserted). */
  previousAck: number | null
}

/**
 * Inserts a message or merges a repeat (Baileys re-announces messages: append after notify, resends,
 * history sync). A merge keeps edits/revokes and never lowers the ack; the raw JSON is refreshed only
 * when the repeat carries content (a bare key must not erase the text).
 */
export function upsertMessage(db: Db, instanceId: string, input: UpsertMessageInput): UpsertResult {
  const m = input.message
  const id = m.key.id ?? ''
  const c = messageColumns(m)
  const existing = typedStmt<{ pk: number; ack: number; revoked_at: number | null; edited_at: number | null }>(
    db,
    'SELECT pk, ack, revoked_at, edited_at FROM store_messages WHERE instance_id = ? AND chat_id = ? AND id = ?'
  ).get(instanceId, input.chatId, id)
  if (existing) {
    const hasContent = !!m.message && existing.revoked_at === null && existing.edited_at === null
    stmt(
      db,
      `UPDATE store_messages SET ack = MAX(ack, @ack), push_name = COALESCE(@pushName, push_name), updated_at = @now,
         raw = CASE WHEN @hasContent = 1 THEN @raw ELSE raw END,
         body = CASE WHEN @hasContent = 1 THEN @body ELSE body END,
         type = CASE WHEN @hasContent = 1 THEN @type ELSE type END
       WHERE pk = @pk`
    ).run({ ack: c.ack, pushName: m.pushName ?? null, now: input.now, hasContent: hasContent ? 1 : 0, raw: encodeRaw(m), body: c.body, type: c.type, pk: existing.pk })
    return { pk: existing.pk, inserted: false, previousAck: existing.ack }
  }
  const r = stmt(
    db,
    `INSERT INTO store_messages (instance_id, chat_id, id, from_me, sender, timestamp, type, body, ack, has_media, media_mimetype,
       media_filename, media_size, push_name, raw, created_at, updated_at)
     VALUES (@instanceId, @chatId, @id, @fromMe, @sender, @timestamp, @type, @body, @ack, @hasMedia, @mimetype, @filename, @size,
       @pushName, @raw, @now, @now)`
  ).run({
    instanceId,
    chatId: input.chatId,
    id,
    fromMe: m.key.fromMe ? 1 : 0,
    sender: input.sender,
    timestamp: c.timestamp,
    ...contentParams(m, c),
    now: input.now
  })
  return { pk: Number(r.lastInsertRowid), inserted: true, previousAck: null }
}

/** By chat and id; when the chat spelling differs (LID vs PN not yet mapped), by id alone if that is unique. */
export function findMessage(db: Db, instanceId: string, chatId: string | null, id: string): StoredMessage | undefined {
  if (chatId) {
    const row = typedStmt<MessageRow>(db, MESSAGE_IN_CHAT_SQL).get(instanceId, chatId, id)
    if (row) return fromMessageRow(row)
  }
  const rows = typedStmt<MessageRow>(db, MESSAGE_BY_ID_SQL).all(instanceId, id)
  return rows.length === 1 ? fromMessageRow(rows[0]!) : undefined
}

/** Every message of the instance with this id (ids are unique per chat only), by index store_messages_id. */
export const messagesWithId = (db: Db, instanceId: string, id: string): StoredMessage[] =>
  (typedStmt<MessageRow>(db, 'SELECT * FROM store_messages WHERE instance_id = ? AND id = ?').all(instanceId, id)).map(fromMessageRow)

export const getMessageByPk = (db: Db, pk: number): StoredMessage | undefined => {
  const row = typedStmt<MessageRow>(db, MESSAGE_BY_PK_SQL).get(pk)
  return row && fromMessageRow(row)
}

export interface ChatMessagesQuery {
  limit?: number
  offset?: number
  /** Seconds, inclusive bounds on the message timestamp. */
  since?: number
  until?: number
  fromMe?: boolean
  /** Exact WAHA ack value. */
  ack?: number
}

/**
 * The columns of a stored message in MessageRow's order, for reads that take rows as arrays (raw mode): better-sqlite3
 * builds an object per row in C++ at twice the cost of the arrays plus a JS object literal (a page of 50 rows).
 */
const MESSAGE_COLUMNS =
  'pk, instance_id, chat_id, id, from_me, sender, timestamp, type, body, ack, has_media, media_mimetype, media_filename, media_size, media_path, edited_at, revoked_at, revoked_by, starred, push_name, raw'

/** A row of MESSAGE_COLUMNS as an array -> the stored message (the same as fromMessageRow of the object). */
type MessageValues = [number, string, string, string, number, string | null, number, string, string, number, number, string | null, string | null, number | null, string | null, number | null, number | null, string | null, number, string | null, string]
const fromMessageValues = (v: MessageValues): StoredMessage =>
  fromMessageRow({
    pk: v[0],
    instance_id: v[1],
    chat_id: v[2],
    id: v[3],
    from_me: v[4],
    sender: v[5],
    timestamp: v[6],
    type: v[7],
    body: v[8],
    ack: v[9],
    has_media: v[10],
    media_mimetype: v[11],
    media_filename: v[12],
    media_size: v[13],
    media_path: v[14],
    edited_at: v[15],
    revoked_at: v[16],
    revoked_by: v[17],
    starred: v[18],
    push_name: v[19],
    raw: v[20]
  })

// The read queries as run, exported so the query-plan tests pin these very strings (not copies).
/** A chat's messages, newest first, paged and filtered: index store_messages_chat_time. */
export const CHAT_MESSAGES_SQL = `SELECT ${MESSAGE_COLUMNS} FROM store_messages WHERE instance_id = @instanceId AND chat_id = @chatId
       AND timestamp >= @since AND timestamp <= @until
       AND (@fromMe IS NULL OR from_me = @fromMe) AND (@ack IS NULL OR ack = @ack)
     ORDER BY timestamp DESC, pk DESC LIMIT @limit OFFSET @offset`
/** One message by (instance, chat, id): the unique key. */
export const MESSAGE_IN_CHAT_SQL = 'SELECT * FROM store_messages WHERE instance_id = ? AND chat_id = ? AND id = ?'
/** A message by id alone (two rows = ambiguous): index store_messages_id. */
export const MESSAGE_BY_ID_SQL = 'SELECT * FROM store_messages WHERE instance_id = ? AND id = ? LIMIT 2'
/** A message by row number (a chat's last message). */
export const MESSAGE_BY_PK_SQL = 'SELECT * FROM store_messages WHERE pk = ?'

/** A chat's messages, newest first (index store_messages_chat_time). */
export function listChatMessages(db: Db, instanceId: string, chatId: string, q: ChatMessagesQuery = {}): StoredMessage[] {
  // Raw mode (rows as arrays): the statement is this function's alone.
  const rows = (stmt(db, CHAT_MESSAGES_SQL).raw(true) as Statement<unknown[], MessageValues>).all({
    instanceId,
    chatId,
    since: q.since ?? 0,
    until: q.until ?? Number.MAX_SAFE_INTEGER,
    fromMe: q.fromMe === undefined ? null : q.fromMe ? 1 : 0,
    ack: q.ack ?? null,
    limit: Math.min(Math.max(1, Math.floor(q.limit ?? 50)), 1000),
    offset: Math.max(0, Math.floor(q.offset ?? 0))
  })
  return rows.map(fromMessageValues)
}

/** Raises the ack (never lowers it, except to ERROR from PENDING). Returns the previous ack when it changed. */
export function raiseAck(db: Db, pk: number, ack: number, now: number): number | null {
  const prev = columnStmt<number>(db, 'SELECT ack FROM store_messages WHERE pk = ?').get(pk)
  if (prev === undefined) return null
  const allowed = ack > prev || (ack === -1 && prev === 0)
  if (!allowed) return null
  stmt(db, 'UPDATE store_messages SET ack = ?, updated_at = ? WHERE pk = ?').run(ack, now, pk)
  return prev
}

/** Applies an edit: the content becomes `edited` (raw keeps the original key and metadata). */
export function applyEdit(db: Db, pk: number, edited: WAMessage['message'], editedAt: number, now: number): { prevBody: string; newBody: string } | null {
  const row = typedStmt<{ raw: string; body: string; edited_at: number | null; revoked_at: number | null }>(
    db,
    'SELECT raw, body, edited_at, revoked_at FROM store_messages WHERE pk = ?'
  ).get(pk)
  if (!row || row.revoked_at !== null) return null
  const msg = decodeMessage(row.raw)
  const newBody = bodyOf(normalizeMessageContent(edited ?? undefined))
  // The same edit seen twice (edit echoed to own devices, re-announced) is not a second change.
  if (row.edited_at === editedAt && row.body === newBody) return null
  // Keep the original's messageContextInfo (messageSecret) so retries and decryption still work.
  const next: WAMessage = { ...msg, message: { ...edited, messageContextInfo: msg.message?.messageContextInfo ?? edited?.messageContextInfo } }
  stmt(db, 'UPDATE store_messages SET raw = ?, body = ?, edited_at = ?, updated_at = ? WHERE pk = ?').run(encodeRaw(next), newBody, editedAt, now, pk)
  return { prevBody: row.body, newBody }
}

/** Marks a message revoked (deleted for everyone). Returns the message as it was, or null if already revoked. */
export function markRevoked(db: Db, pk: number, revokedBy: string | null, at: number, now: number): StoredMessage | null {
  const row = typedStmt<MessageRow>(db, 'SELECT * FROM store_messages WHERE pk = ?').get(pk)
  if (!row || row.revoked_at !== null) return null
  stmt(db, `UPDATE store_messages SET revoked_at = ?, revoked_by = ?, type = 'revoked', body = '', updated_at = ? WHERE pk = ?`).run(at, revokedBy, now, pk)
  return fromMessageRow(row)
}

export function setStarred(db: Db, pk: number, starred: boolean, now: number): boolean {
  return stmt(db, 'UPDATE store_messages SET starred = ?, updated_at = ? WHERE pk = ? AND starred <> ?').run(starred ? 1 : 0, now, pk, starred ? 1 : 0).changes > 0
}

/** Where the media module saved a message's media (served by the API afterwards). */
export function setMediaPath(db: Db, pk: number, path: string | null, now = Date.now()): void {
  stmt(db, 'UPDATE store_messages SET media_path = ?, updated_at = ? WHERE pk = ?').run(path, now, pk)
}

/** "Delete for me" of single messages (messages.delete): the rows go. Returns the number deleted. */
export function deleteMessage(db: Db, pk: number): number {
  return stmt(db, 'DELETE FROM store_messages WHERE pk = ?').run(pk).changes
}

/** Clear a chat's messages (messages.delete {jid, all}); the chat itself stays. */
export function clearChatMessages(db: Db, instanceId: string, chatId: string): number {
  return stmt(db, 'DELETE FROM store_messages WHERE instance_id = ? AND chat_id = ?').run(instanceId, chatId).changes
}

export const countMessages = (db: Db, instanceId: string, chatId?: string): number =>
  chatId === undefined
    ? (columnStmt<number>(db, 'SELECT COUNT(*) FROM store_messages WHERE instance_id = ?').get(instanceId) ?? 0)
    : (columnStmt<number>(db, 'SELECT COUNT(*) FROM store_messages WHERE instance_id = ? AND chat_id = ?').get(instanceId, chatId) ?? 0)
