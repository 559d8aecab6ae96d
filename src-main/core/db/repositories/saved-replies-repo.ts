// Rows of saved_replies (migration 0460): one account's texts by shortcut. The service checks values first.
import type { Db } from '../connection.js'
import { stmt, typedStmt } from '../statements.js'

export interface SavedReplyRow {
  id: number
  shortcut: string
  text: string
  updated_at: number
}

export function listSavedReplies(db: Db, accountId: string): SavedReplyRow[] {
  return typedStmt<SavedReplyRow>(db, 'SELECT id, shortcut, text, updated_at FROM saved_replies WHERE account_id = ? ORDER BY shortcut').all(accountId)
}

export function savedReplyByShortcut(db: Db, accountId: string, shortcut: string): SavedReplyRow | undefined {
  return typedStmt<SavedReplyRow>(db, 'SELECT id, shortcut, text, updated_at FROM saved_replies WHERE account_id = ? AND shortcut = ?').get(accountId, shortcut)
}

export function savedReplyById(db: Db, accountId: string, id: number): SavedReplyRow | undefined {
  return typedStmt<SavedReplyRow>(db, 'SELECT id, shortcut, text, updated_at FROM saved_replies WHERE account_id = ? AND id = ?').get(accountId, id)
}

export function insertSavedReply(db: Db, accountId: string, shortcut: string, text: string, now: number): number {
  return Number(stmt(db, 'INSERT INTO saved_replies (account_id, shortcut, text, created_at, updated_at) VALUES (?, ?, ?, ?, ?)').run(accountId, shortcut, text, now, now).lastInsertRowid)
}

export function updateSavedReply(db: Db, accountId: string, id: number, shortcut: string, text: string, now: number): boolean {
  return stmt(db, 'UPDATE saved_replies SET shortcut = ?, text = ?, updated_at = ? WHERE account_id = ? AND id = ?').run(shortcut, text, now, accountId, id).changes > 0
}

export function deleteSavedReply(db: Db, accountId: string, id: number): boolean {
  return stmt(db, 'DELETE FROM saved_replies WHERE account_id = ? AND id = ?').run(accountId, id).changes > 0
}
