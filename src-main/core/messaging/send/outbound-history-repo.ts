// The outbound rows as chat history (issue 20 item 1): the accepted sends of a chat the message store does not hold
// (waiting, held, sending, not sent; a sent one for the moment before Baileys' own copy is stored), and the row of
// each message of a page, for its queue state. Rows resent as a new message give way to it.
import type { Db } from '../../db/connection.js'
import { stmt, typedStmt } from '../../db/statements.js'
import type { OutboundRow } from './outbound-repo.js'

export interface HistoryRow extends OutboundRow {
  preview: string | null
  resent_as: string | null
}

/** Bounds on acceptance time, in ms: since inclusive, before exclusive. */
export interface HistoryRange {
  since: number
  before: number
}

/** Enough for any chat: the queue itself is bounded far below this. */
const MAX_ROWS = 1000

/**
 * The chat's accepted sends that have no message in the store (by id), oldest first: `chatJids` are the chat's
 * spellings (a send to a LID and the PN chat it belongs to). Uses outbound_chat and store_messages_id.
 */
export function unstoredOutbound(db: Db, instanceId: string, chatJids: readonly string[], range: HistoryRange): HistoryRow[] {
  if (!chatJids.length) return []
  return typedStmt<HistoryRow>(
    db,
    `SELECT o.* FROM outbound_messages o
     WHERE o.instance_id = ? AND o.chat_jid IN (SELECT value FROM json_each(?)) AND o.created_at >= ? AND o.created_at < ?
       AND o.preview IS NOT NULL AND o.resent_as IS NULL
       AND NOT EXISTS (SELECT 1 FROM store_messages s WHERE s.instance_id = o.instance_id AND s.id = o.message_id)
     ORDER BY o.created_at, o.seq LIMIT ${MAX_ROWS}`
  ).all(instanceId, JSON.stringify(chatJids), range.since, range.before)
}

/** The outbound rows of these message ids (messages this API accepted), by id. */
export function outboundRowsOf(db: Db, instanceId: string, ids: readonly string[]): Map<string, HistoryRow> {
  if (!ids.length) return new Map()
  const rows = typedStmt<HistoryRow>(db, 'SELECT * FROM outbound_messages WHERE instance_id = ? AND message_id IN (SELECT value FROM json_each(?))').all(instanceId, JSON.stringify(ids))
  return new Map(rows.map((r) => [r.message_id, r]))
}

/** A dropped message was resent as `newId`: its bubble gives way to the new message's. */
export function markResent(db: Db, instanceId: string, messageId: string, newId: string): void {
  stmt(db, 'UPDATE outbound_messages SET resent_as = ? WHERE instance_id = ? AND message_id = ?').run(newId, instanceId, messageId)
}
