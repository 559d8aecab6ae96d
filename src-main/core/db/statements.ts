// Prepared statements cached per connection: preparing compiles SQL, which costs more than most of our
// queries. Repositories (the core's and the sandbox's alike) call stmt(db, sql) instead of db.prepare(sql).
import type { Statement } from 'better-sqlite3-multiple-ciphers'
import type { Db } from './connection.js'

// Rows and plucking statements are cached apart: pluck() changes the statement itself, so sharing one between
// stmt() and columnStmt() callers of the same SQL would hand the stmt() caller single values instead of rows.
const rows = new WeakMap<Db, Map<string, Statement>>()
const columns = new WeakMap<Db, Map<string, Statement>>()

function cached(cache: WeakMap<Db, Map<string, Statement>>, db: Db, sql: string, prepare: () => Statement): Statement {
  let byDb = cache.get(db)
  if (!byDb) cache.set(db, (byDb = new Map()))
  let s = byDb.get(sql)
  if (!s) byDb.set(sql, (s = prepare()))
  return s
}

export function stmt(db: Db, sql: string): Statement {
  return cached(rows, db, sql, () => db.prepare(sql))
}

/** The row `sql` finds by one key, mapped to its domain shape; undefined when there is none. */
export function oneRow<R, T>(db: Db, sql: string, key: unknown, map: (row: R) => T): T | undefined {
  const row = stmt(db, sql).get(key) as R | undefined
  return row && map(row)
}

/**
 * stmt() typed by the row shape its query answers (as Signal-Desktop types its SQL layer): the repository declares
 * the shape once, where the SQL is, and get()/all() answer it without a cast at each call.
 */
export function typedStmt<Row>(db: Db, sql: string): Statement<unknown[], Row> {
  return stmt(db, sql) as Statement<unknown[], Row>
}

/** A query answering one column, typed by its value: get() is that value (undefined when no row), all() the list. */
export function columnStmt<Value>(db: Db, sql: string): Statement<unknown[], Value> {
  return cached(columns, db, sql, () => db.prepare(sql).pluck()) as Statement<unknown[], Value>
}
