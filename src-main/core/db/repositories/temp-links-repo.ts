// Temporary QR links: at most one live link per instance (creating one revokes the others). A presented token is
// found by its SHA-256 hash (an index lookup: its timing depends on the hash, never on how close a guess came, so
// no constant-time compare is needed); the token itself is stored sealed with the data key (seal_secret) so that
// GET /v2/session/temp-link can show the live link again, and is never in the file in clear.
import type { Db } from '../connection.js'
import { stmt, typedStmt } from '../statements.js'
import { hashTokenHex } from '../../domain/tokens.js'

export interface TempLinkRow {
  token_hash: string
  /** In clear here (opened by open_secret); sealed in the table. */
  token: string
  instance_id: string
  created_at: number
  expires_at: number
  revoked_at: number | null
}

export function createTempLink(db: Db, instanceId: string, token: string, now: number, ttlMs: number): TempLinkRow {
  const row: TempLinkRow = { token_hash: hashTokenHex(token), token, instance_id: instanceId, created_at: now, expires_at: now + ttlMs, revoked_at: null }
  db.transaction(() => {
    stmt(db, "UPDATE temp_links SET revoked_at = ?, token = '' WHERE instance_id = ? AND revoked_at IS NULL").run(now, instanceId)
    stmt(db, 'INSERT INTO temp_links (token_hash, token, instance_id, created_at, expires_at) VALUES (?, seal_secret(?), ?, ?, ?)').run(
      row.token_hash,
      token,
      instanceId,
      now,
      row.expires_at
    )
    // Old rows serve no purpose once revoked or expired; keep the table small.
    stmt(db, 'DELETE FROM temp_links WHERE expires_at < ?').run(now - 24 * 3600_000)
  })()
  return row
}

const COLUMNS = 'token_hash, open_secret(token) AS token, instance_id, created_at, expires_at, revoked_at'

export const currentTempLink = (db: Db, instanceId: string, now: number): TempLinkRow | undefined =>
  typedStmt<TempLinkRow>(db, `SELECT ${COLUMNS} FROM temp_links WHERE instance_id = ? AND revoked_at IS NULL AND expires_at > ? ORDER BY created_at DESC LIMIT 1`).get(instanceId, now)

/** Resolves a presented token to its live link; expired and revoked links resolve to nothing. */
export const liveTempLinkByToken = (db: Db, token: string, now: number): TempLinkRow | undefined =>
  typedStmt<TempLinkRow>(db, `SELECT ${COLUMNS} FROM temp_links WHERE token_hash = ? AND revoked_at IS NULL AND expires_at > ?`).get(hashTokenHex(token), now)

/** A revoked link forgets its token too (only the hash stays, until the row is deleted a day later). */
export function revokeTempLinks(db: Db, instanceId: string, now: number): number {
  return stmt(db, "UPDATE temp_links SET revoked_at = ?, token = '' WHERE instance_id = ? AND revoked_at IS NULL AND expires_at > ?").run(now, instanceId, now)
    .changes
}
