// Encryption of the whole SQLite store at rest (SQLite3MultipleCiphers, AEGIS-256 per page): the page key
// derived from the data key (secrets/data-key.ts), keying a connection with a clear error for a wrong or missing
// key, and the one-time, crash-safe migration of a store written in clear by an older version.
import { hkdfSync } from 'node:crypto'
import { closeSync, existsSync, fsyncSync, openSync, readSync, renameSync, rmSync, statSync } from 'node:fs'
import { dirname } from 'node:path'
import type Database from 'better-sqlite3-multiple-ciphers'
import { DataKeyError, assertDataKey } from '../secrets/at-rest-crypto.js'
import { ensurePrivateFile } from '../secrets/private-files.js'

type Db = Database.Database

/** Every SQLite file in clear starts with these 16 bytes; an encrypted one starts with its random salt. */
const PLAINTEXT_HEADER = Buffer.from('SQLite format 3\0', 'latin1')
const STORE_KEY_INFO = 'switchboard sqlite store v1'

/**
 * AEGIS-256 (an AEAD: each page encrypted and authenticated), named with its parameters explicitly, so a change of
 * the library's defaults never leaves a store unreadable (they are not stored in the file). Chosen by measurement
 * (bench/cipher.bench.ts): small commits cost ~1.3x a store in clear with AEGIS, ~3x with ChaCha20 or SQLCipher's
 * AES-CBC + HMAC. The key-derivation function (Argon2id) runs at its minimum cost: the key is already 256
 * uniformly random bits (HKDF of the data key), so stretching adds no strength, and its default cost would be paid
 * on every open (each CLI command, backup, test).
 */
const CIPHER_PRAGMAS = ["cipher = 'aegis'", 'algorithm = 4', 'tcost = 1', 'mcost = 8', 'pcost = 1']

/** Before the key: the cipher and its parameters, the same on every open. */
function configureCipher(db: Db): void {
  for (const pragma of CIPHER_PRAGMAS) db.pragma(pragma)
}

/** The statements that key a connection (cipher, parameters, key), for a connection opened where this module is not loaded (wal-checkpointer.ts's thread). */
export const keyPragmas = (storeKey: Buffer): string[] => [...CIPHER_PRAGMAS, `hexkey = '${storeKey.toString('hex')}'`]

/**
 * The store's page key: its own key derived from the data key (HKDF), so the secrets sealed inside the store and the
 * pages around them never share a key, and a backup (which carries the data key) still opens its snapshot.
 */
export function storeKeyOf(dataKey: Uint8Array): Buffer {
  return Buffer.from(hkdfSync('sha256', assertDataKey(dataKey), Buffer.alloc(0), STORE_KEY_INFO, 32))
}

export type StoreFileState = 'absent' | 'plaintext' | 'encrypted'

/** What is on disk: nothing (or an empty file SQLite has not written yet), a store in clear, or an encrypted one. */
export function storeFileState(file: string): StoreFileState {
  if (!existsSync(file) || statSync(file).size === 0) return 'absent'
  const head = Buffer.alloc(PLAINTEXT_HEADER.length)
  const fd = openSync(file, 'r')
  try {
    readSync(fd, head, 0, head.length, 0)
  } finally {
    closeSync(fd)
  }
  return head.equals(PLAINTEXT_HEADER) ? 'plaintext' : 'encrypted'
}

const isNotADatabase = (e: unknown) => (e as { code?: unknown }).code === 'SQLITE_NOTADB'

/**
 * Keys a freshly opened connection (before any other statement) and proves the key by reading the schema: SQLite
 * reports a wrong key only on the first read, as "file is not a database".
 */
export function keyConnection(db: Db, storeKey: Buffer): void {
  configureCipher(db)
  // A binary of plain SQLite ignores these pragmas: the store would silently be written in clear.
  if (db.pragma('cipher', { simple: true }) !== 'aegis') {
    throw new DataKeyError('store_cipher_unavailable', 'This SQLite binary cannot encrypt the store (a build of plain better-sqlite3?). Rebuild it: npm run electron:sqlite, or unset SWITCHBOARD_SQLITE_BINDING.')
  }
  db.pragma(`hexkey = '${storeKey.toString('hex')}'`)
  try {
    db.prepare('SELECT count(*) FROM sqlite_master').get()
  } catch (e) {
    if (!isNotADatabase(e)) throw e
    throw new DataKeyError('store_key_mismatch', `The database ${db.name} cannot be decrypted with this data key (another key, or the file is damaged).`)
  }
}

/** An encrypted store opened without a key: say so instead of SQLite's "file is not a database". */
export function assertReadableWithoutKey(file: string): void {
  if (storeFileState(file) === 'encrypted') {
    throw new DataKeyError('store_key_missing', `The database ${file} is encrypted, and it was opened without the data key.`)
  }
}

function fsyncPath(path: string): void {
  const fd = openSync(path, 'r')
  try {
    fsyncSync(fd)
  } catch (e) {
    // Some platforms (Windows) refuse to fsync a directory; the rename is still atomic there.
    if ((e as { code?: unknown }).code !== 'EISDIR' && (e as { code?: unknown }).code !== 'EPERM') throw e
  } finally {
    closeSync(fd)
  }
}

export const encryptingFile = (file: string) => `${file}.encrypting`

/**
 * Encrypts a store written in clear, once: the store's WAL folded into the file, a compact copy (VACUUM INTO)
 * encrypted in place (PRAGMA rekey), checked, fsynced, and renamed over the original. Until the rename the file in
 * clear is the store and a crash leaves it usable (the half-made copy is discarded on the next attempt); after it
 * the encrypted file is. `open` opens a connection with the caller's native binding.
 */
export function encryptPlaintextStore(file: string, storeKey: Buffer, open: (path: string) => Db): void {
  const tmp = encryptingFile(file)
  const discardTmp = () => {
    for (const suffix of ['', '-journal', '-wal', '-shm']) rmSync(tmp + suffix, { force: true })
  }
  discardTmp()
  // Owner-only from its first byte (VACUUM INTO accepts an empty file): the copy is in clear until it is rekeyed.
  ensurePrivateFile(tmp)
  const source = open(file)
  let tables: number
  try {
    source.pragma('busy_timeout = 5000')
    // Out of WAL mode: the committed frames go into the main file and the -wal is deleted, so no WAL in clear is
    // left beside the encrypted file the rename puts in its place (SQLite would replay it onto that file).
    source.pragma('journal_mode = DELETE')
    tables = source.prepare<[], { n: number }>('SELECT count(*) AS n FROM sqlite_master').get()?.n ?? 0
    source.exec(`VACUUM INTO '${tmp.replaceAll("'", "''")}'`)
  } finally {
    source.close()
  }
  try {
    const copy = open(tmp)
    try {
      // Rekeying is refused in WAL mode; the copy is a rollback-journal file until the store reopens it.
      copy.pragma('journal_mode = DELETE')
      configureCipher(copy)
      copy.pragma(`hexrekey = '${storeKey.toString('hex')}'`)
    } finally {
      copy.close()
    }
    // Proof before the swap: the copy opens with the key and holds the same schema.
    const check = open(tmp)
    try {
      keyConnection(check, storeKey)
      const copied = check.prepare<[], { n: number }>('SELECT count(*) AS n FROM sqlite_master').get()?.n ?? 0
      const ok = check.pragma('quick_check', { simple: true })
      if (copied !== tables || ok !== 'ok') throw new Error(`the encrypted copy of ${file} did not verify (${copied}/${tables} schema entries, quick_check: ${String(ok)})`)
    } finally {
      check.close()
    }
    if (storeFileState(tmp) !== 'encrypted') throw new Error(`the copy of ${file} was not encrypted`)
    fsyncPath(tmp)
  } catch (e) {
    discardTmp()
    throw e
  }
  renameSync(tmp, file)
  fsyncPath(dirname(file))
  // The original's -shm (its -wal went with journal_mode = DELETE) describes the old file: never reuse it.
  rmSync(`${file}-shm`, { force: true })
}
