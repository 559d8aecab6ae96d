// Per-phone settings of the simulated world (table phone_settings): one JSON value per key, so each fault or
// behaviour that needs a per-phone knob (send limits, privacy...) adds a key instead of a column.
import type { Db } from '../../db/connection.js'
import { stmt, columnStmt } from '../../db/statements.js'

export function getPhoneSetting<T>(db: Db, phone: string, key: string): T | undefined {
  const v = columnStmt<string>(db, 'SELECT value FROM phone_settings WHERE phone = ? AND key = ?').get(phone, key)
  return v === undefined ? undefined : (JSON.parse(v) as T)
}

export function setPhoneSetting(db: Db, phone: string, key: string, value: unknown): void {
  stmt(db, 'INSERT INTO phone_settings (phone, key, value) VALUES (?, ?, ?) ON CONFLICT (phone, key) DO UPDATE SET value = excluded.value').run(
    phone,
    key,
    JSON.stringify(value)
  )
}

/** Records that two accounts exchanged a 1:1 message (both directions count as one conversation). */
export function recordConversation(db: Db, a: string, b: string): void {
  if (a === b) return
  const ins = stmt(db, 'INSERT OR IGNORE INTO conversations (phone, peer) VALUES (?, ?)')
  ins.run(a, b)
  ins.run(b, a)
}

export function hasConversation(db: Db, phone: string, peer: string): boolean {
  return !!stmt(db, 'SELECT 1 FROM conversations WHERE phone = ? AND peer = ?').get(phone, peer)
}

/** A message that opened a new chat (counted by the new-chat cap). */
export function recordNewChatSend(db: Db, phone: string, peer: string, t: number): void {
  stmt(db, 'INSERT INTO new_chat_sends (phone, peer, t) VALUES (?, ?, ?)').run(phone, peer, t)
}

export function countNewChats(db: Db, phone: string): number {
  return columnStmt<number>(db, 'SELECT count(DISTINCT peer) FROM new_chat_sends WHERE phone = ?').get(phone) ?? 0
}

export function countNewChatsSince(db: Db, phone: string, since: number): number {
  return columnStmt<number>(db, 'SELECT count(DISTINCT peer) FROM new_chat_sends WHERE phone = ? AND t >= ?').get(phone, since) ?? 0
}
