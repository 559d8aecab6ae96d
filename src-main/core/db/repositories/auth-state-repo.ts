// Baileys auth state rows: one creds document and many Signal keys per instance, stored as BufferJSON text
// encrypted with the connection's data key (seal_secret/open_secret, secrets/at-rest-crypto.ts). Serialisation is the
// caller's (engine/baileys/sqlite-auth-state.ts); this module only moves text.
import type { Statement } from 'better-sqlite3-multiple-ciphers'
import { SEALED_PREFIX } from '../../secrets/at-rest-crypto.js'
import type { Db } from '../connection.js'
import { columnStmt, stmt, typedStmt } from '../statements.js'

export interface KeyWrite {
  type: string
  id: string
  /** Serialized value, or null to delete the key. */
  value: string | null
}

export function readCreds(db: Db, instanceId: string): string | undefined {
  return columnStmt<string>(db, 'SELECT open_secret(creds) FROM engine_auth_creds WHERE instance_id = ?').get(instanceId)
}

export function readKeys(db: Db, instanceId: string, type: string, ids: string[]): Map<string, string> {
  const out = new Map<string, string>()
  if (!ids.length) return out
  const select = typedStmt<{ key_id: string; value: string }>(db, 'SELECT key_id, open_secret(value) AS value FROM engine_auth_keys WHERE instance_id = ? AND type = ? AND key_id = ?')
  for (const id of ids) {
    const row = select.get(instanceId, type, id)
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
    `INSERT INTO engine_auth_keys (instance_id, type, key_id, value) VALUES (?, ?, ?, seal_secret(?))
     ON CONFLICT (instance_id, type, key_id) DO UPDATE SET value = excluded.value`
  )
  const remove: Statement = stmt(db, 'DELETE FROM engine_auth_keys WHERE instance_id = ? AND type = ? AND key_id = ?')
  const saveCreds: Statement = stmt(db, 
    `INSERT INTO engine_auth_creds (instance_id, creds, updated_at) VALUES (?, seal_secret(?), ?)
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
    // History chunks of the pairing not yet stored (history-chunks-repo.ts): never announced into a new pairing.
    stmt(db, 'DELETE FROM engine_history_chunks WHERE instance_id = ?').run(instanceId)
  })()
}

export const countKeys = (db: Db, instanceId: string): number =>
  columnStmt<number>(db, 'SELECT count(*) FROM engine_auth_keys WHERE instance_id = ?').get(instanceId) ?? 0

/**
 * Start-up step: seals the rows an older install (or a connection without the key) wrote in clear, in one
 * transaction, with secure_delete so the plaintext is overwritten in the file rather than left in free space, then
 * folds the WAL into the file. First checks that the key opens what is already sealed: a wrong key stops the start
 * instead of leaving every instance unable to log in. Returns how many rows were sealed.
 */
export function sealAuthStateAtRest(db: Db): number {
  const plainFilter = (col: string) => `substr(${col}, 1, ${SEALED_PREFIX.length}) <> '${SEALED_PREFIX}'`
  const sealedCreds = db.prepare(`SELECT open_secret(creds) FROM engine_auth_creds WHERE NOT ${plainFilter('creds')} LIMIT 1`)
  const sealedKey = db.prepare(`SELECT open_secret(value) FROM engine_auth_keys WHERE NOT ${plainFilter('value')} LIMIT 1`)
  sealedCreds.get()
  sealedKey.get()
  const plain = db.prepare<unknown[], number>(
    `SELECT (SELECT count(*) FROM engine_auth_creds WHERE ${plainFilter('creds')}) + (SELECT count(*) FROM engine_auth_keys WHERE ${plainFilter('value')})`
  ).pluck().get() ?? 0
  if (!plain) return 0
  const secureDelete = db.pragma('secure_delete', { simple: true }) as number
  db.pragma('secure_delete = ON')
  try {
    db.transaction(() => {
      db.prepare(`UPDATE engine_auth_creds SET creds = seal_secret(creds) WHERE ${plainFilter('creds')}`).run()
      db.prepare(`UPDATE engine_auth_keys SET value = seal_secret(value) WHERE ${plainFilter('value')}`).run()
    })()
  } finally {
    db.pragma(`secure_delete = ${secureDelete}`)
  }
  db.pragma('wal_checkpoint(TRUNCATE)')
  return plain
}
