// Prepared-statement cache per connection: hot paths (queueing, acks, prekey reads) reuse compiled SQL.
import type { Db } from '../../db/connection.js'
import type { Statement } from 'better-sqlite3'

const caches = new WeakMap<Db, Map<string, Statement>>()

export function stmt(db: Db, sql: string): Statement {
  let cache = caches.get(db)
  if (!cache) caches.set(db, (cache = new Map()))
  let s = cache.get(sql)
  if (!s) cache.set(sql, (s = db.prepare(sql)))
  return s
}
