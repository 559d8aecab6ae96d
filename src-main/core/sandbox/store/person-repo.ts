// The simulated person's device: Baileys auth state (creds + Signal keys) and the decrypted message log.
import type { Db } from '../../db/connection.js'
import { columnStmt, stmt, typedStmt } from '../../db/statements.js'
import { getMeta, setMeta } from './meta-repo.js'

export function loadPersonCreds(db: Db, phone: string): string | undefined {
  return columnStmt<string>(db, 'SELECT creds FROM person_auth WHERE phone = ?').get(phone)
}

export function savePersonCreds(db: Db, phone: string, creds: string): void {
  stmt(db, 'INSERT INTO person_auth (phone, creds) VALUES (?, ?) ON CONFLICT (phone) DO UPDATE SET creds = excluded.creds').run(phone, creds)
}

export function getPersonKeys(db: Db, phone: string, type: string, ids: string[]): Map<string, string> {
  const out = new Map<string, string>()
  const get = columnStmt<string>(db, 'SELECT value FROM person_keys WHERE phone = ? AND type = ? AND id = ?')
  for (const id of ids) {
    const value = get.get(phone, type, id)
    if (value !== undefined) out.set(id, value)
  }
  return out
}

/** Applies a batch of key writes (value undefined = delete) in one transaction. */
export function writePersonKeys(db: Db, phone: string, writes: { type: string; id: string; value: string | undefined }[]): void {
  const put = stmt(db, 'INSERT INTO person_keys (phone, type, id, value) VALUES (?, ?, ?, ?) ON CONFLICT (phone, type, id) DO UPDATE SET value = excluded.value')
  const del = stmt(db, 'DELETE FROM person_keys WHERE phone = ? AND type = ? AND id = ?')
  db.transaction(() => {
    for (const w of writes) {
      if (w.value === undefined) del.run(phone, w.type, w.id)
      else put.run(phone, w.type, w.id, w.value)
    }
  })()
}

export interface PersonMessage {
  id: string
  chat: string
  from: string
  to: string
  type: string
  text: string | null
  mediaMimetype: string | null
  mediaSha256: string | null
  /** The decrypted message as Baileys' proto JSON (polls, locations, contacts, reactions...). */
  content: unknown
  fromMe: boolean
  timestamp: number
}

export function recordPersonMessage(db: Db, phone: string, m: PersonMessage): void {
  stmt(
    db,
    `INSERT INTO person_messages (phone, id, chat, sender, recipient, type, text, media_mimetype, media_sha256, content, from_me, timestamp)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (phone, id) DO UPDATE SET media_mimetype = coalesce(excluded.media_mimetype, media_mimetype),
       media_sha256 = coalesce(excluded.media_sha256, media_sha256)`
  ).run(phone, m.id, m.chat, m.from, m.to, m.type, m.text, m.mediaMimetype, m.mediaSha256, JSON.stringify(m.content ?? null), m.fromMe ? 1 : 0, m.timestamp)
}

interface PersonMessageRow {
  id: string; chat: string; sender: string; recipient: string; type: string; text: string | null; media_mimetype: string | null
  media_sha256: string | null; content: string; from_me: number; timestamp: number
}

export function personMessages(db: Db, phone: string, limit = 500): PersonMessage[] {
  return typedStmt<PersonMessageRow>(
    db,
    `SELECT id, chat, sender, recipient, type, text, media_mimetype, media_sha256, content, from_me, timestamp FROM
     (SELECT rowid AS r, * FROM person_messages WHERE phone = ? ORDER BY timestamp DESC, rowid DESC LIMIT ?) ORDER BY timestamp, r`
  ).all(phone, limit).map((r) => ({
    id: r.id, chat: r.chat, from: r.sender, to: r.recipient, type: r.type, text: r.text, mediaMimetype: r.media_mimetype,
    mediaSha256: r.media_sha256, content: JSON.parse(r.content) as unknown, fromMe: !!r.from_me, timestamp: r.timestamp
  }))
}

export function savePersonMedia(db: Db, phone: string, id: string, mimetype: string | null, body: Buffer): void {
  stmt(db, 'INSERT OR REPLACE INTO person_media (phone, id, mimetype, body) VALUES (?, ?, ?, ?)').run(phone, id, mimetype, body)
}

export function getPersonMedia(db: Db, phone: string, id: string): { mimetype: string | null; body: Buffer } | undefined {
  return typedStmt<{ mimetype: string | null; body: Buffer }>(db, 'SELECT mimetype, body FROM person_media WHERE phone = ? AND id = ?').get(phone, id)
}

/** A message the person's phone could not decrypt (issue 21 item 3: e.g. "Key used already or never filled"). */
export interface DecryptFailure {
  id: string
  from: string
  error: string
  at: number
}

export interface DecryptFailures {
  count: number
  /** The newest ones (at most 50), oldest first. */
  recent: DecryptFailure[]
}

const DECRYPT_FAILURES_KEY = (phone: string) => `decrypt_failures:${phone}`
const RECENT_FAILURES = 50

/** Counted in the sandbox's meta table (no schema change): it survives a crash of the process. */
export function recordDecryptFailure(db: Db, phone: string, failure: DecryptFailure): void {
  db.transaction(() => {
    const now = decryptFailures(db, phone)
    const next: DecryptFailures = { count: now.count + 1, recent: [...now.recent, failure].slice(-RECENT_FAILURES) }
    setMeta(db, DECRYPT_FAILURES_KEY(phone), Buffer.from(JSON.stringify(next)))
  })()
}

export function decryptFailures(db: Db, phone: string): DecryptFailures {
  const raw = getMeta(db, DECRYPT_FAILURES_KEY(phone))
  return raw ? (JSON.parse(raw.toString()) as DecryptFailures) : { count: 0, recent: [] }
}
