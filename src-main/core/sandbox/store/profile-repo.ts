// Per-account blocklists and the profile pictures of accounts and groups.
import type { Db } from '../../db/connection.js'
import { columnStmt, stmt, typedStmt } from '../../db/statements.js'

export function blocklistOf(db: Db, phone: string): string[] {
  return columnStmt<string>(db, 'SELECT jid FROM blocklist WHERE phone = ? ORDER BY rowid').all(phone)
}

export function setBlocked(db: Db, phone: string, jid: string, blocked: boolean): void {
  if (blocked) stmt(db, 'INSERT OR IGNORE INTO blocklist (phone, jid) VALUES (?, ?)').run(phone, jid)
  else stmt(db, 'DELETE FROM blocklist WHERE phone = ? AND jid = ?').run(phone, jid)
}

export function isBlocked(db: Db, phone: string, jids: string[]): boolean {
  if (!jids.length) return false
  const q = `SELECT 1 FROM blocklist WHERE phone = ? AND jid IN (${jids.map(() => '?').join(',')}) LIMIT 1`
  return !!stmt(db, q).get(phone, ...jids)
}

export interface Picture {
  jid: string
  pictureId: string
  image: Buffer
  author: string | null
  updatedAt: number
}

export function getPicture(db: Db, jid: string): Picture | undefined {
  const r = typedStmt<{ jid: string; picture_id: string; image: Buffer; author: string | null; updated_at: number }>(
    db, 'SELECT jid, picture_id, image, author, updated_at FROM pictures WHERE jid = ?'
  ).get(jid)
  return r && { jid: r.jid, pictureId: r.picture_id, image: r.image, author: r.author, updatedAt: r.updated_at }
}

export function setPicture(db: Db, p: Picture): void {
  stmt(db, 'INSERT OR REPLACE INTO pictures (jid, picture_id, image, author, updated_at) VALUES (?, ?, ?, ?, ?)').run(
    p.jid, p.pictureId, p.image, p.author, p.updatedAt
  )
}

export function deletePicture(db: Db, jid: string): boolean {
  return stmt(db, 'DELETE FROM pictures WHERE jid = ?').run(jid).changes > 0
}
