// SQLite connection factory: one place that decides pragmas and where the native binding comes from.
import Database from 'better-sqlite3'
import { existsSync, mkdirSync } from 'node:fs'
import { dirname } from 'node:path'

export type Db = Database.Database

export interface OpenDatabaseOptions {
  /** Path of an alternative better-sqlite3 binary (the Electron-ABI build is kept apart from Node's). */
  nativeBinding?: string
  readonly?: boolean
}

export function openDatabase(file: string, options: OpenDatabaseOptions = {}): Db {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true })
  const nativeBinding = options.nativeBinding ?? process.env.SWITCHBOARD_SQLITE_BINDING
  const db = new Database(file, {
    readonly: options.readonly ?? false,
    ...(nativeBinding && existsSync(nativeBinding) ? { nativeBinding } : {})
  })
  db.pragma('journal_mode = WAL')
  db.pragma('synchronous = NORMAL')
  db.pragma('foreign_keys = ON')
  db.pragma('busy_timeout = 5000')
  return db
}

/** Flush the WAL into the main file; called on clean shutdown so the file is self-contained. */
export function checkpointAndClose(db: Db): void {
  if (!db.open) return
  try {
    db.pragma('wal_checkpoint(TRUNCATE)')
  } finally {
    db.close()
  }
}
