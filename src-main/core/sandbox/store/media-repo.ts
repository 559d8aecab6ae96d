// Encrypted media blobs uploaded by clients (the sandbox never sees plaintext media).
import type { Db } from '../../db/connection.js'
import { columnStmt, stmt, typedStmt } from '../../db/statements.js'

export function putMedia(db: Db, path: string, body: Buffer): void {
  stmt(db, 'INSERT OR REPLACE INTO media (path, body, created_at) VALUES (?, ?, ?)').run(path, body, Date.now())
}

/** The blob with its upload time (ms), for expiry. */
export function getMediaEntry(db: Db, path: string): { body: Buffer; createdAt: number } | undefined {
  const r = typedStmt<{ body: Buffer; created_at: number }>(db, 'SELECT body, created_at FROM media WHERE path = ?').get(path)
  return r && { body: r.body, createdAt: r.created_at }
}

export function getMedia(db: Db, path: string): Buffer | undefined {
  return columnStmt<Buffer>(db, 'SELECT body FROM media WHERE path = ?').get(path)
}
