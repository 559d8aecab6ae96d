// Small persisted facts of the sandbox itself: the CA root key, the server static key, the ports it used.
import type { Db } from '../../db/connection.js'
import { stmt } from './stmt.js'

export function getMeta(db: Db, key: string): Buffer | undefined {
  return (stmt(db, 'SELECT value FROM meta WHERE key = ?').get(key) as { value: Buffer } | undefined)?.value
}

export function setMeta(db: Db, key: string, value: Buffer): void {
  stmt(db, 'INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value').run(key, value)
}
