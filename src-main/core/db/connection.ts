// SQLite connection factory: one place that decides pragmas, where the native binding comes from, the owner-only
// mode of the files (0600, folder 0700), the data key of secrets at rest (secrets/at-rest-crypto.ts) and the
// encryption of the whole file with a key derived from it (store-cipher.ts).
import Database from 'better-sqlite3-multiple-ciphers'
import { existsSync } from 'node:fs'
import { dirname } from 'node:path'
import { DomainError } from '../domain/errors.js'
import { ensurePrivateDir, ensurePrivateFile, tightenFile } from '../secrets/private-files.js'
import { registerAtRestFunctions } from '../secrets/at-rest-crypto.js'
import { assertReadableWithoutKey, encryptPlaintextStore, keyConnection, storeFileState, storeKeyOf } from './store-cipher.js'

export type Db = Database.Database

export interface OpenDatabaseOptions {
  /**
   * Path of an alternative better-sqlite3 binary (the Electron-ABI build is kept apart from Node's); default
   * SWITCHBOARD_SQLITE_BINDING, else the build in node_modules.
   */
  nativeBinding?: string
  readonly?: boolean
  /**
   * The data key (32 bytes): seals secrets with seal_secret()/open_secret() and encrypts the whole file with a key
   * derived from it (a file written in clear is encrypted on this open, once). Without it the file is in clear
   * (the sandbox's own database, tests).
   */
  dataKey?: Uint8Array | undefined
  /** Called once when a store in clear was just encrypted (for the log). */
  onEncrypted?: (file: string) => void
  /**
   * Another connection writes the same file (the history ingest thread). `db.transaction(fn)()` then begins
   * IMMEDIATE (the write lock taken at BEGIN, waiting up to busy_timeout) instead of DEFERRED: a deferred transaction
   * that read first fails at its first write with SQLITE_BUSY, without waiting, whenever the other connection
   * committed in between (WAL: its snapshot is stale). Nested calls are savepoints as before; the
   * .deferred/.immediate/.exclusive variants stay as they are. `onTopLevel(true/false)` brackets each outermost one
   * (the other writer gives way while it is true). `hold()` is holdStore's: a write that may wait without blocking
   * the event loop asks for the store first.
   */
  sharedWriter?: { onTopLevel?: (active: boolean) => void; hold?: () => StoreHold }
}

/** holdStore's answer: `ready` undefined means write now; else write once it settles. Then `release()`, always. */
export interface StoreHold {
  ready: Promise<void> | undefined
  release(): void
}

const FREE: StoreHold = { ready: undefined, release: () => undefined }

type DatabaseOptions = Database.Options

/** A connection whose default transaction is IMMEDIATE (OpenDatabaseOptions.sharedWriter). */
class SharedWriterDatabase extends Database {
  readonly #onTopLevel: ((active: boolean) => void) | undefined
  readonly hold: (() => StoreHold) | undefined
  constructor(path: string, options: DatabaseOptions, shared: OpenDatabaseOptions['sharedWriter']) {
    super(path, options)
    this.#onTopLevel = shared?.onTopLevel
    this.hold = shared?.hold
  }
  override transaction<F extends Parameters<Db['transaction']>[0]>(fn: F): Database.Transaction<F> {
    const tx = super.transaction(fn)
    const onTopLevel = this.#onTopLevel
    const run = (...args: Parameters<typeof tx.immediate>): ReturnType<F> => {
      if (!onTopLevel || this.inTransaction) return tx.immediate(...args)
      onTopLevel(true)
      try {
        return tx.immediate(...args)
      } finally {
        onTopLevel(false)
      }
    }
    return Object.assign(run, { default: tx.immediate, deferred: tx.deferred, immediate: tx.immediate, exclusive: tx.exclusive, database: this }) satisfies Database.Transaction<F>
  }
}

/**
 * For a write that may wait without blocking the event loop (an async caller, e.g. Baileys' key commits): with
 * another writer on the file (sharedWriter.hold) it asks that writer to give way and says when the store is free;
 * otherwise the store is free now. The caller writes, then releases the hold whatever happened.
 */
export function holdStore(db: Db): StoreHold {
  return db instanceof SharedWriterDatabase && db.hold ? db.hold() : FREE
}

/** `write` once the store is free (holdStore), the hold released after it; without another writer it runs at once, in this call. */
export async function writeWhenFree<T>(db: Db, write: () => T): Promise<T> {
  const hold = holdStore(db)
  try {
    if (hold.ready) await hold.ready
    return write()
  } finally {
    hold.release()
  }
}

/** The binary named for better-sqlite3 is missing or cannot be loaded by this runtime. */
export class SqliteBindingError extends DomainError {}

const REBUILD_HINT = 'For the desktop app run `npm run electron:sqlite` (or `npm start`, which builds it); unset SWITCHBOARD_SQLITE_BINDING to use the build in node_modules.'

export function openDatabase(file: string, options: OpenDatabaseOptions = {}): Db {
  if (file !== ':memory:' && !options.readonly) {
    ensurePrivateDir(dirname(file))
    // Created 0600 before SQLite opens it: SQLite gives the -wal and -shm files the database's own mode.
    ensurePrivateFile(file)
    for (const suffix of ['-wal', '-shm', '-journal']) tightenFile(file + suffix)
  }
  const nativeBinding = options.nativeBinding ?? process.env.SWITCHBOARD_SQLITE_BINDING
  // A named binary that is not there is a broken setup: silently using another build would hide it until the
  // wrong ABI fails somewhere less obvious.
  if (nativeBinding !== undefined && !existsSync(nativeBinding)) {
    throw new SqliteBindingError('sqlite_binding_missing', `The better-sqlite3 binary ${nativeBinding} does not exist. ${REBUILD_HINT}`)
  }
  const connect = (path: string, readonly: boolean, shared = false): Db => {
    const dbOptions: DatabaseOptions = { readonly, ...(nativeBinding ? { nativeBinding } : {}) }
    try {
      return shared ? new SharedWriterDatabase(path, dbOptions, options.sharedWriter) : new Database(path, dbOptions)
    } catch (e) {
      // Only a failed dlopen is the binary's fault (wrong ABI or platform, not a shared library).
      if (!nativeBinding || (e as { code?: unknown }).code !== 'ERR_DLOPEN_FAILED') throw e
      throw new SqliteBindingError('sqlite_binding_unloadable', `The better-sqlite3 binary ${nativeBinding} cannot be loaded here (${(e as Error).message.split('\n')[0]}). ${REBUILD_HINT}`)
    }
  }
  const readonly = options.readonly ?? false
  const encrypted = options.dataKey !== undefined && file !== ':memory:'
  let db: Db
  if (encrypted) {
    const storeKey = storeKeyOf(options.dataKey!)
    const state = storeFileState(file)
    if (state === 'plaintext' && !readonly) {
      encryptPlaintextStore(file, storeKey, (path) => connect(path, false))
      tightenFile(file)
      options.onEncrypted?.(file)
    }
    db = connect(file, readonly, options.sharedWriter !== undefined)
    // A read-only look at a store in clear (not migrated yet) reads it as it is.
    if (state !== 'plaintext' || !readonly) {
      try {
        keyConnection(db, storeKey)
      } catch (e) {
        db.close()
        throw e
      }
    }
  } else {
    if (file !== ':memory:') assertReadableWithoutKey(file)
    db = connect(file, readonly, options.sharedWriter !== undefined)
  }
  registerAtRestFunctions(db, options.dataKey)
  // A read-only connection cannot switch modes (a store in clear is left in rollback mode while it is encrypted).
  if (!readonly) db.pragma('journal_mode = WAL')
  db.pragma('synchronous = NORMAL')
  db.pragma('foreign_keys = ON')
  db.pragma('busy_timeout = 5000')
  // 16 MB of page cache per connection instead of SQLite's 2 MB: a chat's messages are spread over the file (they
  // arrive interleaved with every other chat's), so a page of 50 touches ~50 pages; at 100k messages the default
  // cache kept missing (one file read per row). Filled only as pages are read.
  db.pragma('cache_size = -16000')
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
