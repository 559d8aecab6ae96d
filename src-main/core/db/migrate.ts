// Forward-only numbered migrations with checksums. Refuses a database written by a newer version, and one with
// applied migrations this code does not know (written by another branch or version).
import { createHash } from 'node:crypto'
import type { Db } from './connection.js'
import { DomainError } from '../domain/errors.js'

export interface Migration {
  /** Strictly increasing number; also the file prefix (0001-name.ts). */
  id: number
  name: string
  /** SQL run inside one transaction. Never edit a shipped migration: add a new one. */
  sql: string
}

export class MigrationError extends DomainError {}

const checksum = (m: Migration) => createHash('sha256').update(m.sql).digest('hex')

export function migrate(db: Db, migrations: readonly Migration[]): { applied: number[] } {
  const sorted = [...migrations].sort((a, b) => a.id - b.id)
  for (let i = 1; i < sorted.length; i++) {
    if (sorted[i]!.id === sorted[i - 1]!.id) throw new MigrationError('migration_invalid', `duplicate migration id ${sorted[i]!.id}`)
  }
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    id INTEGER PRIMARY KEY, name TEXT NOT NULL, checksum TEXT NOT NULL, applied_at INTEGER NOT NULL)`)
  const done = new Map(
    db.prepare<[], { id: number; name: string; checksum: string }>('SELECT id, name, checksum FROM schema_migrations').all().map((r) => [r.id, r])
  )
  const known = new Set(sorted.map((m) => m.id))
  const unknown = [...done.keys()].filter((id) => !known.has(id)).sort((a, b) => a - b)
  const latestKnown = sorted.at(-1)?.id ?? 0
  if (unknown.some((id) => id > latestKnown)) {
    throw new MigrationError(
      'database_too_new',
      `This database was written by a newer version of Switchboard (schema ${unknown.at(-1)} > ${latestKnown}). Update the app or use another data dir.`
    )
  }
  if (unknown.length) {
    // Its schema differs from ours in ways we cannot see; migrating on top of it would corrupt it quietly.
    const names = unknown.map((id) => `${id}-${done.get(id)!.name}`).join(', ')
    throw new MigrationError(
      'database_unknown_migrations',
      `This database has migrations this version of Switchboard does not know (${names}); another version or branch wrote it. Use that version or another data dir.`
    )
  }
  const applied: number[] = []
  for (const m of sorted) {
    const prior = done.get(m.id)
    if (prior) {
      if (prior.checksum !== checksum(m)) {
        throw new MigrationError('migration_checksum_mismatch', `migration ${m.id}-${m.name} was changed after it was applied`)
      }
      continue
    }
    db.transaction(() => {
      db.exec(m.sql)
      db.prepare('INSERT INTO schema_migrations (id, name, checksum, applied_at) VALUES (?, ?, ?, ?)').run(m.id, m.name, checksum(m), Date.now())
    })()
    applied.push(m.id)
  }
  return { applied }
}
