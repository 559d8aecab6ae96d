// Message text search across an instance's chats (issue 20 item 6) through the FTS5 index of migration 0381:
// the words typed become prefix terms that must all appear ("pay inv" finds "payment of invoice 12"), newest
// first; deleted (revoked) messages are not found. The index is global; the instance filter joins on pk.
import type { Db } from '../../db/connection.js'
import { typedStmt } from '../../db/statements.js'
import { fromMessageRow, type MessageRow, type StoredMessage } from './messages-repo.js'

export interface MessageSearchQuery {
  /** The words typed (any punctuation is ignored). */
  text: string
  /** Only this chat (the store's JID). */
  chatId?: string
  limit: number
  offset: number
}

export interface MessageHit {
  message: StoredMessage
  /** The matching words marked with [[ and ]] in a short excerpt of the text. */
  snippet: string
}

/** Words longer than this are cut (a pasted blob is not a search). */
const MAX_TERMS = 12

/**
 * The FTS5 query for typed words: each word (letters and digits only, so no FTS syntax gets through) as a quoted
 * prefix term, all required. Undefined when nothing searchable was typed.
 */
export function ftsQuery(text: string): string | undefined {
  const words = text.normalize('NFKC').match(/[\p{L}\p{N}]+/gu)?.slice(0, MAX_TERMS) ?? []
  return words.length ? words.map((w) => `"${w}"*`).join(' ') : undefined
}

/** Exported so the query-plan test pins this very string. */
export const SEARCH_SQL = `SELECT m.*, snippet(store_messages_fts, 0, '[[', ']]', '…', 12) AS snippet
  FROM store_messages_fts f JOIN store_messages m ON m.pk = f.rowid
  WHERE store_messages_fts MATCH @match AND m.instance_id = @instanceId AND m.revoked_at IS NULL
    AND (@chatId IS NULL OR m.chat_id = @chatId)
  ORDER BY m.timestamp DESC, m.pk DESC LIMIT @limit OFFSET @offset`

export function searchMessages(db: Db, instanceId: string, q: MessageSearchQuery): MessageHit[] {
  const match = ftsQuery(q.text)
  if (!match) return []
  const rows = typedStmt<MessageRow & { snippet: string }>(db, SEARCH_SQL).all({
    match,
    instanceId,
    chatId: q.chatId ?? null,
    limit: Math.min(Math.max(1, Math.floor(q.limit)), 200),
    offset: Math.max(0, Math.floor(q.offset))
  })
  return rows.map((r) => ({ message: fromMessageRow(r), snippet: r.snippet }))
}
