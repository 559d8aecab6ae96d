// Read-through caches of the rows every authenticated request reads (the token's account, the caller's instance).
// A cached row stays valid only while the database is unchanged: total_changes() (0.1 µs) moves with any write
// through this connection (repositories, raw SQL, cascades), checked on every lookup; PRAGMA data_version moves
// when another connection commits (the `accounts` CLI on the same data dir). Reading data_version starts a read
// transaction and costs as much as the lookups it saves, so it is read at most once per millisecond: another
// process's rotation or removal is seen by every request that starts 1 ms after its commit.
import type { Db } from '../connection.js'
import { columnStmt, stmt } from '../statements.js'

/** How long another connection's commit may go unseen. */
export const FOREIGN_COMMIT_WINDOW_MS = 1

interface Stamp {
  changes: number
  version: number
  versionReadAt: number
}

const stamps = new WeakMap<Db, Stamp>()

/** The connection's change stamp, refreshed as described above. */
function changeStamp(db: Db): { changes: number; version: number } {
  const changes = columnStmt<number>(db, 'SELECT total_changes()').get() ?? 0
  let stamp = stamps.get(db)
  const now = performance.now()
  if (!stamp || now - stamp.versionReadAt >= FOREIGN_COMMIT_WINDOW_MS) {
    const version = columnStmt<number>(db, 'PRAGMA data_version').get() ?? 0
    stamps.set(db, (stamp = { changes, version, versionReadAt: now }))
  }
  return { changes, version: stamp.version }
}

/** Bounded (callers cache found rows only: junk keys only ever miss), emptied when the stamp moves. */
export class RowCache<T extends object> {
  private readonly rows = new WeakMap<Db, { changes: number; version: number; map: Map<string, T> }>()

  constructor(private readonly max = 1024) {}

  /**
   * The cached value for key, else load()'s result (cached when found). Inside a transaction the cache is
   * bypassed: what the transaction sees may still be rolled back.
   */
  get(db: Db, key: string, load: () => T | undefined): T | undefined {
    if (db.inTransaction) return load()
    const { changes, version } = changeStamp(db)
    let entry = this.rows.get(db)
    if (!entry || entry.changes !== changes || entry.version !== version) this.rows.set(db, (entry = { changes, version, map: new Map() }))
    const hit = entry.map.get(key)
    if (hit) return hit
    const row = load()
    if (row) {
      if (entry.map.size >= this.max) entry.map.clear()
      entry.map.set(key, Object.freeze(row))
    }
    return row
  }
}
