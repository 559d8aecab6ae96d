// Local contact names (migration 0383): what the shop calls a customer, on this PC only. One per instance and chat.
import type { Db } from '../../db/connection.js'
import { stmt, columnStmt } from '../../db/statements.js'

/** Sets the chat's local name, or clears it with null. */
export function setLocalName(db: Db, instanceId: string, chatId: string, name: string | null, now: number): void {
  if (name === null) stmt(db, 'DELETE FROM local_contact_names WHERE instance_id = ? AND chat_id = ?').run(instanceId, chatId)
  else
    stmt(db, 'INSERT INTO local_contact_names (instance_id, chat_id, name, updated_at) VALUES (?, ?, ?, ?) ON CONFLICT (instance_id, chat_id) DO UPDATE SET name = excluded.name, updated_at = excluded.updated_at').run(
      instanceId,
      chatId,
      name,
      now
    )
}

export function localName(db: Db, instanceId: string, chatId: string): string | undefined {
  return columnStmt<string>(db, 'SELECT name FROM local_contact_names WHERE instance_id = ? AND chat_id = ?').get(instanceId, chatId)
}
