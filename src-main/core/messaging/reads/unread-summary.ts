// Unread messages per instance for the UI's instance picker (issue 12 item 5): the sum of the chats' unread
// counts (status@broadcast aside, as in the chat list) and the newest message time of a chat with unread ones.
import type { Db } from '../../db/connection.js'
import { stmt } from '../../db/statements.js'

export interface UnreadSummary {
  unread: number
  /** ms; null when nothing is unread. */
  newestUnreadAt: number | null
}

export function unreadSummary(db: Db, instanceId: string): UnreadSummary {
  const row = stmt(
    db,
    `SELECT COALESCE(SUM(unread_count), 0) AS unread, MAX(last_message_at) AS newest FROM store_chats
     WHERE instance_id = ? AND unread_count > 0 AND chat_id <> 'status@broadcast'`
  ).get(instanceId) as { unread: number; newest: number | null }
  return { unread: row.unread, newestUnreadAt: row.newest === null ? null : row.newest * 1000 }
}
