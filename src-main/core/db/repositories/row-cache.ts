// Read-through caches of the rows every authenticated request reads (the token's account, the caller's instance),
// so the request path costs no SQL while nothing changed. A cached row stays valid only while the connection's
// generation is unchanged: the repositories' writes bump it, and so does PRAGMA data_version moving (another
// connection, e.g. the `accounts` CLI on the same data dir, committed), checked at most once per synchronous run.
import type { Db } from '../connection.js'
import { stmt } from '../statements.js'

interface Generation {
  value: number
  dataVersion: number
  /** data_version was read in the current synchronous run (cleared by a microtask). */
  fresh: boolean
}

const generations = new WeakMap<Db, Generation>()

function generationOf(db: Db): Generation {
  let g = generations.get(db)
  if (!g) generations.set(db, (g = { value: 0, dataVersion: -1, fresh: false }))
  return g
}

/** Called by every write of a cached table (also inside a transaction: a rollback then only costs a re-read). */
export function noteRowWrite(db: Db): void {
  generationOf(db).value++
}

/** A number that changes whenever a cached row may have changed. */
export function rowGeneration(db: Db): number {
  const g = generationOf(db)
  if (!g.fresh) {
    const version = stmt(db, 'PRAGMA data_version').pluck().get() as number
    if (version !== g.dataVersion) {
      g.dataVersion = version
      g.value++
    }
    g.fresh = true
    queueMicrotask(() => {
      g.fresh = false
    })
  }
  return g.value
}

/** Bounded (junk keys only ever miss: callers cache found rows only), emptied when the generation moves. */
export class RowCache<T extends object> {
  private readonly rows = new WeakMap<Db, { generation: number; map: Map<string, T> }>()

  constructor(private readonly max = 1024) {}

  /**
   * The cached value for key, else load()'s result (cached when found). Inside a transaction the cache is
   * bypassed: what the transaction sees may still be rolled back.
   */
  get(db: Db, key: string, load: () => T | undefined): T | undefined {
    if (db.inTransaction) return load()
    const generation = rowGeneration(db)
    let entry = this.rows.get(db)
    if (!entry || entry.generation !== generation) this.rows.set(db, (entry = { generation, map: new Map() }))
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
