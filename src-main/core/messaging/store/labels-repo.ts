// Labels (WhatsApp Business) and their chat assignments, from app-state sync (labels.edit / labels.association).
import type { Db } from '../../db/connection.js'
import { stmt, typedStmt, columnStmt } from '../../db/statements.js'

export interface StoredLabel {
  id: string
  name: string
  /** 0..19 */
  color: number
  predefinedId: string | null
}

/** WAHA's colour table: index -> #rrggbb. */
export const LABEL_COLORS = [
  '#ff9485', '#64c4ff', '#ffd429', '#dfaef0', '#99b6c1', '#55ccb3', '#ff9dff', '#d3a91d', '#6d7cce', '#d7e752',
  '#00d0e2', '#ffc5c7', '#93ceac', '#f74848', '#00a0f2', '#83e422', '#ffaf04', '#b5ebff', '#9ba6ff', '#9368cf'
] as const

export const labelColorHex = (color: number): string => LABEL_COLORS[((color % 20) + 20) % 20]!

export function getLabel(db: Db, instanceId: string, id: string): StoredLabel | undefined {
  return typedStmt<StoredLabel>(db, 'SELECT id, name, color, predefined_id AS predefinedId FROM store_labels WHERE instance_id = ? AND id = ?').get(instanceId, id)
}

/** Returns false when the label already had exactly these values. */
export function upsertLabel(db: Db, instanceId: string, l: StoredLabel, now: number): boolean {
  const cur = getLabel(db, instanceId, l.id)
  if (cur && cur.name === l.name && cur.color === l.color && cur.predefinedId === l.predefinedId) return false
  stmt(
    db,
    `INSERT INTO store_labels (instance_id, id, name, color, predefined_id, updated_at) VALUES (?, ?, ?, ?, ?, ?)
     ON CONFLICT (instance_id, id) DO UPDATE SET name = excluded.name, color = excluded.color, predefined_id = excluded.predefined_id,
       updated_at = excluded.updated_at`
  ).run(instanceId, l.id, l.name, l.color, l.predefinedId, now)
  return true
}

/** Deletes the label and its assignments; returns the label as it was (undefined if unknown). */
export function deleteLabel(db: Db, instanceId: string, id: string): StoredLabel | undefined {
  const cur = getLabel(db, instanceId, id)
  stmt(db, 'DELETE FROM store_labels WHERE instance_id = ? AND id = ?').run(instanceId, id)
  stmt(db, 'DELETE FROM store_chat_labels WHERE instance_id = ? AND label_id = ?').run(instanceId, id)
  return cur
}

export function listLabels(db: Db, instanceId: string): StoredLabel[] {
  return typedStmt<StoredLabel>(db, 'SELECT id, name, color, predefined_id AS predefinedId FROM store_labels WHERE instance_id = ? ORDER BY CAST(id AS INTEGER), id').all(
    instanceId
  )
}

/** Returns false when the assignment already existed. */
export function addChatLabel(db: Db, instanceId: string, labelId: string, chatId: string): boolean {
  return stmt(db, 'INSERT OR IGNORE INTO store_chat_labels (instance_id, label_id, chat_id) VALUES (?, ?, ?)').run(instanceId, labelId, chatId).changes > 0
}

/** Returns false when there was no such assignment. */
export function removeChatLabel(db: Db, instanceId: string, labelId: string, chatId: string): boolean {
  return stmt(db, 'DELETE FROM store_chat_labels WHERE instance_id = ? AND label_id = ? AND chat_id = ?').run(instanceId, labelId, chatId).changes > 0
}

export function chatsWithLabel(db: Db, instanceId: string, labelId: string): string[] {
  return columnStmt<string>(db, 'SELECT chat_id FROM store_chat_labels WHERE instance_id = ? AND label_id = ? ORDER BY chat_id').all(instanceId, labelId)
}

export function labelsOfChat(db: Db, instanceId: string, chatId: string): StoredLabel[] {
  return typedStmt<StoredLabel>(
    db,
    `SELECT l.id, l.name, l.color, l.predefined_id AS predefinedId FROM store_chat_labels c
     JOIN store_labels l ON l.instance_id = c.instance_id AND l.id = c.label_id
     WHERE c.instance_id = ? AND c.chat_id = ? ORDER BY CAST(l.id AS INTEGER), l.id`
  ).all(instanceId, chatId)
}
