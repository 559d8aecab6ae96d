// When a LID's phone number becomes known, rows stored under the LID move to the PN spelling, so one person
// is one chat (Baileys 7 may announce a chat by LID before the mapping arrives).
import type { Db } from '../../db/connection.js'
import { stmt } from '../../db/statements.js'

/** Moves a chat (and everything keyed by it or by the same person as sender) from `from` to `to`. */
export function rekeyChat(db: Db, instanceId: string, from: string, to: string, now: number): void {
  if (from === to) return
  const p = { i: instanceId, from, to }
  // Messages: move unless the PN chat already holds the same id (then the LID copy is a duplicate).
  stmt(
    db,
    `UPDATE OR IGNORE store_messages SET chat_id = @to, raw = json_set(raw, '$.key.remoteJid', @to, '$.key.remoteJidAlt', @from)
     WHERE instance_id = @i AND chat_id = @from`
  ).run(p)
  stmt(db, 'DELETE FROM store_messages WHERE instance_id = @i AND chat_id = @from').run(p)
  stmt(db, 'UPDATE store_messages SET sender = @to WHERE instance_id = @i AND sender = @from').run(p)
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

  const old = stmt(db, 'SELECT * FROM store_chats WHERE instance_id = @i AND chat_id = @from').get(p) as Record<string, unknown> | undefined
  if (!old) return
  const exists = stmt(db, 'SELECT 1 FROM store_chats WHERE instance_id = @i AND chat_id = @to').get(p)
  if (!exists) {
    stmt(db, 'UPDATE store_chats SET chat_id = @to, updated_at = @now WHERE instance_id = @i AND chat_id = @from').run({ ...p, now })
  } else {
    stmt(
      db,
      `UPDATE store_chats SET unread_count = unread_count + @unread, name = COALESCE(name, @name),
         archived = MAX(archived, @archived), last_message_at = MAX(last_message_at, @lastAt), updated_at = @now
       WHERE instance_id = @i AND chat_id = @to`
    ).run({ ...p, unread: old.unread_count, name: old.name, archived: old.archived, lastAt: old.last_message_at, now })
    stmt(db, 'DELETE FROM store_chats WHERE instance_id = @i AND chat_id = @from').run(p)
  }
  // The newest message may now be one that moved over.
  stmt(
    db,
    `UPDATE store_chats SET last_message_pk = (
       SELECT pk FROM store_messages WHERE instance_id = @i AND chat_id = @to ORDER BY timestamp DESC, pk DESC LIMIT 1)
     WHERE instance_id = @i AND chat_id = @to`
  ).run(p)
}
