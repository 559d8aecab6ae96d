// The store as unit tests open it: a fresh in-memory SQLite database with every app migration applied.
import { openDatabase, type Db } from '../db/connection.js'
import { migrate } from '../db/migrate.js'
import { appMigrations } from '../db/migrations/index.js'

/** A fresh migrated in-memory database; each call its own, closed with the test's process or by db.close(). */
export function openStoreDb(): Db {
  const db = openDatabase(':memory:')
  migrate(db, appMigrations)
  return db
}
