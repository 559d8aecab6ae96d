// The history takeover's records (history-takeover.ts) kept in engine_history_chunks for one instance: written before
// Baileys is handed the empty chunk, deleted by the ingestor when the chunk's ingest commits. Leftovers are handed
// out once per session (its first socket; a later socket of the same run would announce chunks still in flight), and
// a chunk announced again MAX_HISTORY_CHUNK_ATTEMPTS times without committing is dropped, logged, so that one bad
// chunk cannot come back at every start.
import { writeWhenFree, type Db } from '../../db/connection.js'
import {
  countHistoryChunkAttempt,
  deleteHistoryChunks,
  pendingHistoryChunks,
  keepHistoryChunkBytes,
  recordHistoryChunk
} from '../../db/repositories/history-chunks-repo.js'
import type { HistoryChunkRecords, HistoryLogger, KeptHistoryChunk } from './history-takeover.js'

/** Starts that may announce a recorded chunk again. */
export const MAX_HISTORY_CHUNK_ATTEMPTS = 3

export function historyChunkRecords(db: Db, instanceId: string, logger: HistoryLogger, now: () => number = Date.now): HistoryChunkRecords {
  let handedOut = false
  return {
    // Each in a transaction of its own, not autocommit: with the history ingest thread writing the same file, a
    // transaction of this connection waits on the thread's turn flag (write-turns.ts) and cuts the thread's turn
    // short, where a lone statement would sleep in SQLite's busy handler past the lock's release. The bytes, whose
    // caller can wait, wait for the store without blocking the event loop (writeWhenFree).
    record: (c) => db.transaction(() => recordHistoryChunk(db, instanceId, c.id, c.notification, c.isLatest, now()))(),
    keepBytes: (id, compressed) => writeWhenFree(db, () => db.transaction(() => keepHistoryChunkBytes(db, instanceId, id, compressed))()),
    leftovers(): KeptHistoryChunk[] {
      if (handedOut) return []
      handedOut = true
      const out: KeptHistoryChunk[] = []
      for (const c of pendingHistoryChunks(db, instanceId)) {
        if (c.attempts >= MAX_HISTORY_CHUNK_ATTEMPTS) {
          logger.error({ instanceId, chunk: c.id, attempts: c.attempts }, 'history sync chunk dropped: never committed')
          deleteHistoryChunks(db, instanceId, [c.id])
          continue
        }
        countHistoryChunkAttempt(db, instanceId, c.id)
        out.push({ id: c.id, notification: c.notification, isLatest: c.isLatest, ...(c.chunk ? { chunk: c.chunk } : {}) })
      }
      return out
    }
  }
}
