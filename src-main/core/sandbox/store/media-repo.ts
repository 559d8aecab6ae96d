// Encrypted media blobs uploaded by clients (the sandbox never sees plaintext media).
import type { Db } from '../../db/connection.js'
import { stmt } from '../../db/statements.js'

export function putMedia(db: Db, path: string, body: Buffer): void {
  stmt(db, 'INSERT OR REPLACE INTO media (path, body, created_at) VALUES (?, ?, ?)').run(path, body, Date.now())
}

export function getMedia(db: Db, path: string): Buffer | undefined {
  return (stmt(db, 'SELECT body FROM media WHERE path = ?').get(path) as { body: Buffer } | undefined)?.body
}
