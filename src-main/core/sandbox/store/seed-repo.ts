// Seeded accounts: the spec a phone's history is generated from (deterministically) when a device links.
import type { Db } from '../../db/connection.js'
import { stmt } from '../../db/statements.js'

export function putSeed(db: Db, phone: string, spec: object): void {
  stmt(db, 'INSERT INTO history_seeds (phone, spec, created_at) VALUES (?, ?, ?)').run(phone, JSON.stringify(spec), Date.now())
}

export function getSeedJson(db: Db, phone: string): unknown {
  const r = stmt(db, 'SELECT spec FROM history_seeds WHERE phone = ?').get(phone) as { spec: string } | undefined
  return r ? (JSON.parse(r.spec) as unknown) : undefined
}
