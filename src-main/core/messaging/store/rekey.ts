// When a LID's phone number becomes known, rows stored under the LID move to the PN spelling, so one person
// is one chat (the network addresses many chats by LID before, or without, the number): messages, unread count,
// last message, labels, reactions and votes. Runs inside the caller's transaction (the ingestor's batch).
import type { Db } from '../../db/connection.js'
import { columnStmt, stmt, typedStmt } from '../../db/statements.js'

export interface RekeyResult {
  /** A chat stored under `from` existed and is now part of `to`'s chat. */
  mergedChat: boolean
  /** Messages that moved (duplicates of messages `to` already held are dropped, not counted). */
  movedMessages: number
}

const REKEY_SENDER_UPDATE = `UPDATE store_messages SET sender = @to,
  raw = CASE WHEN json_extract(raw, '$.key.participant') = @from
             THEN json_set(raw, '$.key.participant', @to, '$.key.participantAlt', @from) ELSE raw END`

/**
 * A LID author's messages, found through the partial index store_messages_lid_sender (migration 0297; the LIKE term
 * must be spelled as in the index): without it every new mapping scanned all messages of the instance, which made a
 * history sync (hundreds of mappings) quadratic. Exported for the query-plan test.
 */
export const REKEY_LID_SENDER_SQL = `${REKEY_SENDER_UPDATE} WHERE instance_id = @i AND sender = @from AND sender LIKE '%@lid'`

/** Moves a chat (and everything keyed by it or by the same person as sender) from `from` to `to`. */
export function rekeyChat(db: Db, instanceId: string, from: string, to: string, now: number): RekeyResult {
  if (from === to) return { mergedChat: false, movedMessages: 0 }
  const p = { i: instanceId, from, to }
  // Incoming messages the PN chat already holds under the same id: each was counted unread in both chats.
  const dupIncoming = columnStmt<number>(
    db,
    `SELECT COUNT(*) FROM store_messages l WHERE l.instance_id = @i AND l.chat_id = @from AND l.from_me = 0
       AND EXISTS (SELECT 1 FROM store_messages t WHERE t.instance_id = @i AND t.chat_id = @to AND t.id = l.id)`
  ).get(p) ?? 0
  // Messages: move unless the PN chat already holds the same id (then the LID copy is a duplicate).
  const movedMessages = stmt(
    db,
    `UPDATE OR IGNORE store_messages SET chat_id = @to, raw = json_set(raw, '$.key.remoteJid', @to, '$.key.remoteJidAlt', @from)
     WHERE instance_id = @i AND chat_id = @from`
  ).run(p).changes
  stmt(db, 'DELETE FROM store_messages WHERE instance_id = @i AND chat_id = @from').run(p)
  // The person as author in groups: the column and the raw key, the LID kept as participantAlt.
  stmt(db, from.endsWith('@lid') ? REKEY_LID_SENDER_SQL : `${REKEY_SENDER_UPDATE} WHERE instance_id = @i AND sender = @from`).run(p)
  for (const [table, who] of [
    ['store_reactions', 'sender'],
    ['store_poll_votes', 'voter'],
    ['store_event_responses', 'responder']
  ] as const) {
    stmt(db, `UPDATE OR IGNORE ${table} SET chat_id = @to WHERE instance_id = @i AND chat_id = @from`).run(p)
    stmt(db, `UPDATE OR IGNORE ${table} SET ${who} = @to WHERE instance_id = @i AND ${who} = @from`).run(p)
    stmt(db, `DELETE FROM ${table} WHERE instance_id = @i AND (chat_id = @from OR ${who} = @from)`).run(p)
  }
  stmt(db, 'UPDATE OR IGNORE store_chat_labels SET chat_id = @to WHERE instance_id = @i AND chat_id = @from').run(p)
  stmt(db, 'DELETE FROM store_chat_labels WHERE instance_id = @i AND chat_id = @from').run(p)

  const old = typedStmt<Record<string, unknown>>(db, 'SELECT * FROM store_chats WHERE instance_id = @i AND chat_id = @from').get(p)
  if (!old) return { mergedChat: false, movedMessages }
  const exists = stmt(db, 'SELECT 1 FROM store_chats WHERE instance_id = @i AND chat_id = @to').get(p)
  if (!exists) {
    stmt(db, 'UPDATE store_chats SET chat_id = @to, updated_at = @now WHERE instance_id = @i AND chat_id = @from').run({ ...p, now })
  } else {
    stmt(
      db,
      `UPDATE store_chats SET unread_count = MAX(0, unread_count + @unread - @dup), name = COALESCE(name, @name),
         archived = MAX(archived, @archived), marked_unread = MAX(marked_unread, @marked),
         pinned_at = COALESCE(pinned_at, @pinned), muted_until = COALESCE(muted_until, @muted),
         last_message_at = MAX(last_message_at, @lastAt), updated_at = @now
       WHERE instance_id = @i AND chat_id = @to`
    ).run({
      ...p,
      unread: old.unread_count,
      dup: dupIncoming,
      name: old.name,
      archived: old.archived,
      marked: old.marked_unread,
      pinned: old.pinned_at,
      muted: old.muted_until,
      lastAt: old.last_message_at,
      now
    })
    stmt(db, 'DELETE FROM store_chats WHERE instance_id = @i AND chat_id = @from').run(p)
  }
  // The newest message may now be one that moved over.
  stmt(
    db,
    `UPDATE store_chats SET last_message_pk = (
       SELECT pk FROM store_messages WHERE instance_id = @i AND chat_id = @to ORDER BY timestamp DESC, pk DESC LIMIT 1)
     WHERE instance_id = @i AND chat_id = @to`
  ).run(p)
  return { mergedChat: true, movedMessages }
}
