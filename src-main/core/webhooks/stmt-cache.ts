// Prepared-statement cache per connection: repositories are free functions taking `db`, so they cache here.
import type { Statement } from 'better-sqlite3'
import type { Db } from '../db/connection.js'

const cache = new WeakMap<Db, Map<string, Statement>>()

export function stmt(db: Db, sql: string): Statement {
  let byDb = cache.get(db)
  if (!byDb) cache.set(db, (byDb = new Map()))
  let s = byDb.get(sql)
  if (!s) byDb.set(sql, (s = db.prepare(sql)))
  return s
}
