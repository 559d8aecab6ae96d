// Reactions to messages (one current reaction per sender and message; removing a reaction deletes the row).
import type { Db } from '../../db/connection.js'
import { stmt, typedStmt } from '../../db/statements.js'

export interface StoredReaction {
  chatId: string
  messageId: string
  sender: string
  text: string
  reactionId: string | null
  timestamp: number
}

/**
 * Sets (or, with an empty text, removes) `sender`'s reaction to a message. Returns false when nothing changed
 * (the same reaction seen twice), so the caller emits message.reaction once per real change.
 */
export function setReaction(db: Db, instanceId: string, r: StoredReaction): boolean {
  const current = typedStmt<{ text: string; reaction_id: string | null }>(
    db,
    'SELECT text, reaction_id FROM store_reactions WHERE instance_id = ? AND message_id = ? AND sender = ?'
  ).get(instanceId, r.messageId, r.sender)
  if (!r.text) {
    if (!current) return false
    stmt(db, 'DELETE FROM store_reactions WHERE instance_id = ? AND message_id = ? AND sender = ?').run(instanceId, r.messageId, r.sender)
    return true
  }
  if (current && current.text === r.text && (current.reaction_id === r.reactionId || !r.reactionId)) return false
  stmt(
    db,
    `INSERT INTO store_reactions (instance_id, chat_id, message_id, sender, text, reaction_id, timestamp) VALUES (?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (instance_id, message_id, sender) DO UPDATE SET text = excluded.text, reaction_id = excluded.reaction_id, timestamp = excluded.timestamp`
  ).run(instanceId, r.chatId, r.messageId, r.sender, r.text, r.reactionId, r.timestamp)
  return true
}

/** Reactions to several messages by key.id (a page of messages) in one primary-key probe per id, in timestamp order. */
export function listReactionsOf(db: Db, instanceId: string, messageIds: readonly string[]): Map<string, StoredReaction[]> {
  const byMessage = new Map<string, StoredReaction[]>()
  if (!messageIds.length) return byMessage
  const rows = typedStmt<StoredReaction>(db, REACTIONS_OF_SQL).all(instanceId, JSON.stringify(messageIds))
  for (const r of rows) {
    const list = byMessage.get(r.messageId)
    if (list) list.push(r)
    else byMessage.set(r.messageId, [r])
  }
  return byMessage
}

/** Exported for the query-plan test: the ids come as one JSON array parameter (one cached statement for any count). */
export const REACTIONS_OF_SQL = `SELECT chat_id AS chatId, message_id AS messageId, sender, text, reaction_id AS reactionId, timestamp
     FROM store_reactions WHERE instance_id = ? AND message_id IN (SELECT value FROM json_each(?)) ORDER BY timestamp`

export function listReactions(db: Db, instanceId: string, messageId: string): StoredReaction[] {
  return typedStmt<StoredReaction>(
    db,
    `SELECT chat_id AS chatId, message_id AS messageId, sender, text, reaction_id AS reactionId, timestamp
     FROM store_reactions WHERE instance_id = ? AND message_id = ? ORDER BY timestamp`
  ).all(instanceId, messageId)
}
