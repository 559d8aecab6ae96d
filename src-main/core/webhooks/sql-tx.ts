// One cached transaction runner per connection for this module's hot paths (every enqueue, every worker tick).
// better-sqlite3's db.transaction(fn) builds four wrapper functions and defines their properties on every call;
// creating it once per connection and passing the work as an argument costs a plain call instead.
import type { Db } from '../db/connection.js'

type Runner = (work: () => unknown) => unknown
const runners = new WeakMap<Db, Runner>()

/** Runs `work` in a transaction (a savepoint when one is already open, as db.transaction does). */
export function inTransaction<T>(db: Db, work: () => T): T {
  let run = runners.get(db)
  if (!run) runners.set(db, (run = db.transaction((w: () => unknown) => w())))
  return run(work) as T
}
