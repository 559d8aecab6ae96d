// Rows of engine_history_chunks (migration 0600): history chunks taken over from Baileys whose ingest has not
// committed yet. The engine writes and reads them (engine/baileys/history-takeover.ts); the ingestor deletes them in
// the transaction that commits a chunk's last slice. Notifications are opaque bytes here, sealed at rest.
import type { Db } from '../connection.js'
import { stmt, typedStmt } from '../statements.js'

export interface StoredHistoryChunk {
  id: string
  notification: Buffer
  /** The downloaded chunk, still compressed (undefined until downloaded). */
  chunk: Buffer | undefined
  isLatest: boolean
  /** Starts that announced it again before this one. */
  attempts: number
}

export function recordHistoryChunk(db: Db, instanceId: string, id: string, notification: Uint8Array, isLatest: boolean, now: number): void {
  stmt(
    db,
    `INSERT INTO engine_history_chunks (instance_id, id, notification, is_latest, created_at) VALUES (?, ?, seal_secret(?), ?, ?)
     ON CONFLICT (instance_id, id) DO UPDATE SET notification = excluded.notification`
  ).run(instanceId, id, Buffer.from(notification).toString('base64'), isLatest ? 1 : 0, now)
}

/** Keeps a recorded chunk's downloaded (compressed) bytes; nothing when the record is already gone. */
export function keepHistoryChunkBytes(db: Db, instanceId: string, id: string, compressed: Uint8Array): void {
  stmt(db, 'UPDATE engine_history_chunks SET chunk = ? WHERE instance_id = ? AND id = ?').run(compressed, instanceId, id)
}

/** The instance's chunks not yet committed, oldest first. */
export function pendingHistoryChunks(db: Db, instanceId: string): StoredHistoryChunk[] {
  return typedStmt<{ id: string; notification: string; chunk: Buffer | null; is_latest: number; attempts: number }>(
    db,
    'SELECT id, open_secret(notification) AS notification, chunk, is_latest, attempts FROM engine_history_chunks WHERE instance_id = ? ORDER BY created_at, rowid'
  )
    .all(instanceId)
    .map((r) => ({ id: r.id, notification: Buffer.from(r.notification, 'base64'), chunk: r.chunk ?? undefined, isLatest: r.is_latest === 1, attempts: r.attempts }))
}

/** One more start announced it again. */
export function countHistoryChunkAttempt(db: Db, instanceId: string, id: string): void {
  stmt(db, 'UPDATE engine_history_chunks SET attempts = attempts + 1 WHERE instance_id = ? AND id = ?').run(instanceId, id)
}

export function deleteHistoryChunks(db: Db, instanceId: string, ids: readonly string[]): void {
  const del = stmt(db, 'DELETE FROM engine_history_chunks WHERE instance_id = ? AND id = ?')
  for (const id of ids) del.run(instanceId, id)
}
