// App-state (syncd) patches per account and collection, stored opaque with a server-assigned version.
import type { Db } from '../../db/connection.js'
import { columnStmt, stmt, typedStmt } from '../../db/statements.js'

export function collectionVersion(db: Db, phone: string, collection: string): number {
  return columnStmt<number>(db, 'SELECT coalesce(max(version), 0) AS v FROM app_state_patches WHERE phone = ? AND collection = ?').get(phone, collection) ?? 0
}

/**
 * Compare-and-append: when the collection is still at `base`, stores the patches as base+1, base+2, ... and returns
 * the new version; otherwise stores nothing and returns undefined (the writer built on a stale version).
 */
export function appendPatches(
  db: Db, phone: string, collection: string, base: number, encode: (version: number, index: number) => Buffer, count: number
): number | undefined {
  return db.transaction(() => {
    let v = collectionVersion(db, phone, collection)
    if (v !== base) return undefined
    for (let i = 0; i < count; i++) {
      v += 1
      stmt(db, 'INSERT INTO app_state_patches (phone, collection, version, patch) VALUES (?, ?, ?, ?)').run(phone, collection, v, encode(v, i))
    }
    return v
  })()
}

export function patchesSince(db: Db, phone: string, collection: string, version: number): { version: number; patch: Buffer }[] {
  return typedStmt<{ version: number; patch: Buffer }>(
    db, 'SELECT version, patch FROM app_state_patches WHERE phone = ? AND collection = ? AND version > ? ORDER BY version'
  ).all(phone, collection, version)
}
