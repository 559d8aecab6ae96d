// Rows of ui_devices (migration 0382): browsers let into the headless UI. A presented token is found by its SHA-256
// (an index lookup: its timing depends on the hash, never on how close a guess came); revoked rows are kept (the
// Settings list says when) but admit nothing.
import type { Db } from '../connection.js'
import { stmt, typedStmt, columnStmt } from '../statements.js'

export interface UiDeviceRow {
  id: string
  label: string
  created_at: number
  last_seen_at: number
  revoked_at: number | null
}

export function insertUiDevice(db: Db, row: { id: string; tokenHash: string; label: string }, now: number): void {
  stmt(db, 'INSERT INTO ui_devices (id, token_hash, label, created_at, last_seen_at) VALUES (?, ?, ?, ?, ?)').run(row.id, row.tokenHash, row.label, now, now)
}

/** The live device holding this token hash, its last use stamped; undefined when unknown or revoked. */
export function admitUiDevice(db: Db, tokenHash: string, now: number): string | undefined {
  const id = columnStmt<string>(db, 'SELECT id FROM ui_devices WHERE token_hash = ? AND revoked_at IS NULL').get(tokenHash)
  if (id) stmt(db, 'UPDATE ui_devices SET last_seen_at = ? WHERE id = ?').run(now, id)
  return id
}

export function listUiDevices(db: Db): UiDeviceRow[] {
  return typedStmt<UiDeviceRow>(db, 'SELECT id, label, created_at, last_seen_at, revoked_at FROM ui_devices WHERE revoked_at IS NULL ORDER BY last_seen_at DESC').all()
}

/** Revokes the given live devices; returns those that were live. */
export function revokeUiDevices(db: Db, ids: readonly string[], now: number): string[] {
  return db.transaction(() => ids.filter((id) => stmt(db, 'UPDATE ui_devices SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL').run(now, id).changes > 0))()
}

export function liveUiDeviceIds(db: Db): string[] {
  return columnStmt<string>(db, 'SELECT id FROM ui_devices WHERE revoked_at IS NULL').all()
}
