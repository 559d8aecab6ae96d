// Baileys auth state rows: one creds document and many Signal keys per instance, stored as BufferJSON text.
// Serialisation is the caller's (engine/baileys/sqlite-auth-state.ts); this module only moves text.
import type { Statement } from 'better-sqlite3'
import type { Db } from '../connection.js'
import { stmt } from '../statements.js'

export interface KeyWrite {
  type: string
  id: string
  /** Serialized value, or null to delete the key. */
  value: string | null
}

export function readCreds(db: Db, instanceId: string): string | undefined {
  const row = stmt(db, 'SELECT creds FROM engine_auth_creds WHERE instance_id = ?').get(instanceId) as { creds: string } | undefined
  return row?.creds
}

export function readKeys(db: Db, instanceId: string, type: string, ids: string[]): Map<string, string> {
  const out = new Map<string, string>()
  if (!ids.length) return out
  const select = stmt(db, 'SELECT key_id, value FROM engine_auth_keys WHERE instance_id = ? AND type = ? AND key_id = ?')
  for (const id of ids) {
    const row = select.get(instanceId, type, id) as { key_id: string; value: string } | undefined
    if (row) out.set(row.key_id, row.value)
  }
  return out
}

/**
 * Writes a batch of keys and (optionally) the creds document in ONE transaction: either all of it is on disk
 * or none. Errors propagate to Baileys; they are never swallowed.
 */
export function writeAuthState(db: Db, instanceId: string, keys: KeyWrite[], creds: string | undefined, now: number): void {
  const upsert: Statement = stmt(db, 
    `INSERT INTO engine_auth_keys (instance_id, type, key_id, value) VALUES (?, ?, ?, ?)
     ON CONFLICT (instance_id, type, key_id) DO UPDATE SET value = excluded.value`
  )
  const remove: Statement = stmt(db, 'DELETE FROM engine_auth_keys WHERE instance_id = ? AND type = ? AND key_id = ?')
  const saveCreds: Statement = stmt(db, 
    `INSERT INTO engine_auth_creds (instance_id, creds, updated_at) VALUES (?, ?, ?)
     ON CONFLICT (instance_id) DO UPDATE SET creds = excluded.creds, updated_at = excluded.updated_at`
  )
  db.transaction(() => {
    for (const k of keys) {
      if (k.value === null) remove.run(instanceId, k.type, k.id)
      else upsert.run(instanceId, k.type, k.id, k.value)
    }
    if (creds !== undefined) saveCreds.run(instanceId, creds, now)
  })()
}

/** Forget the pairing: creds and every key of the instance, atomically. */
export function clearAuthState(db: Db, instanceId: string): void {
  db.transaction(() => {
    stmt(db, 'DELETE FROM engine_auth_keys WHERE instance_id = ?').run(instanceId)
    stmt(db, 'DELETE FROM engine_auth_creds WHERE instance_id = ?').run(instanceId)
  })()
}

export const countKeys = (db: Db, instanceId: string): number =>
  (stmt(db, 'SELECT count(*) AS n FROM engine_auth_keys WHERE instance_id = ?').get(instanceId) as { n: number }).n
