// Unread messages per instance for the UI's instance picker (issue 12 item 5): the sum of the chats' unread
// counts (status@broadcast aside, as in the chat list) and the newest message time of a chat with unread ones.
import type { Db } from '../../db/connection.js'
import { typedStmt } from '../../db/statements.js'

export interface UnreadSummary {
  unread: number
  /** ms; null when nothing is unread. */
  newestUnreadAt: number | null
}

export function unreadSummary(db: Db, instanceId: string): UnreadSummary {
  // An aggregate: always one row.
  const row = typedStmt<{ unread: number; newest: number | null }>(
    db,
    `SELECT COALESCE(SUM(unread_count), 0) AS unread, MAX(last_message_at) AS newest FROM store_chats
     WHERE instance_id = ? AND unread_count > 0 AND chat_id <> 'status@broadcast'`
  ).get(instanceId)
  const newest = row?.newest ?? null
  return { unread: row?.unread ?? 0, newestUnreadAt: newest === null ? null : newest * 1000 }
}
