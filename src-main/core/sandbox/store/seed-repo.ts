// Seeded accounts: the spec a phone's history is generated from (deterministically) when a device links.
import type { Db } from '../../db/connection.js'
import { columnStmt, stmt } from '../../db/statements.js'

export function putSeed(db: Db, phone: string, spec: object): void {
  stmt(db, 'INSERT INTO history_seeds (phone, spec, created_at) VALUES (?, ?, ?)').run(phone, JSON.stringify(spec), Date.now())
}

export function getSeedJson(db: Db, phone: string): unknown {
  const spec = columnStmt<string>(db, 'SELECT spec FROM history_seeds WHERE phone = ?').get(phone)
  return spec === undefined ? undefined : (JSON.parse(spec) as unknown)
}
