// Backup and restore of a whole data dir: a consistent snapshot of the databases taken while the app runs (SQLite's
// VACUUM INTO, one read transaction), the data key, the owner's token and the media, sealed with a passphrase
// (backup-crypto.ts). Restore writes into a new folder and moves it into place only once every byte verified.
import Database from 'better-sqlite3-multiple-ciphers'
import { existsSync, lstatSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs'
import { createReadStream, createWriteStream } from 'node:fs'
import { open, readFile } from 'node:fs/promises'
import { basename, dirname, join, relative, sep } from 'node:path'
import { pipeline } from 'node:stream/promises'
import type { Db } from '../db/connection.js'
import { keyConnection, storeFileState, storeKeyOf } from '../db/store-cipher.js'
import { writeKeyFile, dataKeyFile } from '../secrets/data-key.js'
import { ensurePrivateDir } from '../secrets/private-files.js'
import { type ArchiveFile, readArchive, writeArchive } from './backup-container.js'
import { BackupError, OpenFrames, SealFrames, deriveKey, encodeHeader, newHeader, parseHeader } from './backup-crypto.js'

export const MANIFEST_PATH = 'backup-manifest.json'
const MAIN_DB = 'switchboard.db'
const SANDBOX_DB = 'sandbox/sandbox.db'
/** Folders copied as they are (files written crash-safely by the app: a file is either complete or absent). */
const FILE_TREES = ['media', 'outbox-media', 'sandbox']
const FILES = ['secrets.json']

export interface BackupManifest {
  createdAt: string
  appVersion: string
  /** The newest migration of the snapshot: a restore refuses what the running code could not open. */
  schema: number
  instances: { id: string; name: string; status: string; phone: string | null }[]
  messages: number
  files: number
}

export interface CreateBackupOptions {
  dataDir: string
  outFile: string
  passphrase: string
  /** The data key of the folder (secrets at rest are sealed with it; restored as keys/data.key). */
  dataKey: Buffer
  appVersion: string
  now?: Date
  /** The running core's connection, when the backup is taken from inside the app. */
  db?: Db
}

const quote = (path: string) => `'${path.replaceAll("'", "''")}'`

/** Read-only, keyed with the store key when the file is encrypted (the main store; the sandbox's is in clear). */
function openReadonly(file: string, dataKey: Buffer): Db {
  const db = new Database(file, { readonly: true, fileMustExist: true })
  try {
    if (storeFileState(file) === 'encrypted') keyConnection(db, storeKeyOf(dataKey))
  } catch (e) {
    db.close()
    throw e
  }
  return db
}

/**
 * VACUUM INTO: a compact copy as of one read transaction, taken beside writers in this or another process. The copy
 * of an encrypted store is encrypted with the same key (SQLite3MultipleCiphers attaches the target with the main
 * database's key), so no snapshot in clear ever touches the disk.
 */
function snapshot(source: Db | string, target: string, dataKey: Buffer): void {
  rmSync(target, { force: true })
  if (typeof source !== 'string') return void source.exec(`VACUUM INTO ${quote(target)}`)
  const db = openReadonly(source, dataKey)
  try {
    db.pragma('busy_timeout = 5000')
    db.exec(`VACUUM INTO ${quote(target)}`)
  } finally {
    db.close()
  }
}

function* filesUnder(root: string, dir: string, skip: (path: string) => boolean): Generator<ArchiveFile> {
  if (!existsSync(dir)) return
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name)
    const path = relative(root, full).split(sep).join('/')
    if (skip(path)) continue
    if (entry.isDirectory()) yield* filesUnder(root, full, skip)
    // Regular files only: a symlink could point anywhere on the machine.
    else if (entry.isFile()) yield { path, source: { file: full, size: lstatSync(full).size } }
  }
}

function describeSnapshot(file: string, dataKey: Buffer, createdAt: string, appVersion: string): Omit<BackupManifest, 'files'> {
  const db = openReadonly(file, dataKey)
  try {
    const schema = db.prepare<[], { id: number | null }>('SELECT max(id) AS id FROM schema_migrations').get()?.id ?? 0
    const instances = db
      .prepare<[], { id: string; name: string; status: string; me_id: string | null }>('SELECT id, session_name AS name, status, me_id FROM instances ORDER BY created_at')
      .all()
    const messages = db.prepare<[], { n: number }>('SELECT count(*) AS n FROM store_messages').get()?.n ?? 0
    return {
      createdAt,
      appVersion,
      schema,
      instances: instances.map((i) => ({ id: i.id, name: i.name, status: i.status, phone: i.me_id ? i.me_id.split('@')[0]!.split(':')[0]! : null })),
      messages
    }
  } finally {
    db.close()
  }
}

/** Writes an encrypted backup of `dataDir` to `outFile` (via a temporary file renamed at the end); returns its manifest. */
export async function createBackup(o: CreateBackupOptions): Promise<BackupManifest> {
  const now = o.now ?? new Date()
  const work = join(o.dataDir, 'backups', `.work-${process.pid}-${now.getTime()}`)
  ensurePrivateDir(work)
  const tmpOut = `${o.outFile}.${process.pid}.partial`
  try {
    // The sandbox's phones first, then our devices: a restored device is then never behind a restored phone's
    // view of it, so it never sends with a Signal counter the phone already used (the phones only skip ahead).
    const sandboxDb = join(o.dataDir, SANDBOX_DB)
    const sandboxSnapshot = join(work, 'sandbox.db')
    const hasSandbox = existsSync(sandboxDb)
    if (hasSandbox) snapshot(sandboxDb, sandboxSnapshot, o.dataKey)
    const mainSnapshot = join(work, MAIN_DB)
    snapshot(o.db ?? join(o.dataDir, MAIN_DB), mainSnapshot, o.dataKey)

    const skip = (path: string) => path === SANDBOX_DB || /\.db-(wal|shm|journal)$/.test(path) || /\.tmp$|\.partial$/.test(path)
    const files: ArchiveFile[] = [
      { path: MAIN_DB, source: { file: mainSnapshot, size: statSync(mainSnapshot).size } },
      ...(hasSandbox ? [{ path: SANDBOX_DB, source: { file: sandboxSnapshot, size: statSync(sandboxSnapshot).size } }] : []),
      { path: 'keys/data.key', source: { bytes: Buffer.from(`${o.dataKey.toString('base64')}\n`) } },
      ...FILES.filter((f) => existsSync(join(o.dataDir, f))).map((f) => ({ path: f, source: { file: join(o.dataDir, f), size: statSync(join(o.dataDir, f)).size } })),
      ...FILE_TREES.flatMap((tree) => [...filesUnder(o.dataDir, join(o.dataDir, tree), skip)])
    ]
    const manifest: BackupManifest = { ...describeSnapshot(mainSnapshot, o.dataKey, now.toISOString(), o.appVersion), files: files.length }
    files.unshift({ path: MANIFEST_PATH, source: { bytes: Buffer.from(JSON.stringify(manifest, null, 2)) } })

    const header = newHeader(o.appVersion, now)
    const headerBytes = encodeHeader(header)
    const key = await deriveKey(o.passphrase, header)
    mkdirSync(dirname(o.outFile), { recursive: true })
    const out = createWriteStream(tmpOut, { mode: 0o600 })
    out.write(headerBytes)
    const seal = new SealFrames(key, headerBytes, Buffer.from(header.noncePrefix, 'base64'))
    const sealed = pipeline(seal, out)
    await writeArchive(seal, files)
    await sealed
    // The finished file appears whole or not at all.
    renameSync(tmpOut, o.outFile)
    return manifest
  } finally {
    rmSync(work, { recursive: true, force: true })
    rmSync(tmpOut, { force: true })
  }
}

export interface RestoreOptions {
  inFile: string
  /** Must not exist yet, or be an empty folder. */
  dataDir: string
  passphrase: string
  /** The newest migration this code knows: a backup from a newer version is refused before anything is written. */
  knownSchema: number
}

async function readHead(file: string): Promise<Buffer> {
  const handle = await open(file, 'r')
  try {
    const buffer = Buffer.alloc(70 * 1024)
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0)
    return buffer.subarray(0, bytesRead)
  } finally {
    await handle.close()
  }
}

export async function restoreBackup(o: RestoreOptions): Promise<BackupManifest> {
  if (existsSync(o.dataDir) && readdirSync(o.dataDir).length > 0) {
    throw new BackupError('restore_target_not_empty', `${o.dataDir} is not empty: restore into a new folder (a restore never overwrites data).`)
  }
  const { header, bytes } = parseHeader(await readHead(o.inFile))
  const key = await deriveKey(o.passphrase, header)
  const staging = join(dirname(o.dataDir), `.${basename(o.dataDir)}.restoring-${process.pid}`)
  rmSync(staging, { recursive: true, force: true })
  ensurePrivateDir(staging)
  try {
    const opened = new OpenFrames(key, bytes, Buffer.from(header.noncePrefix, 'base64'))
    const input = createReadStream(o.inFile, { start: bytes.length })
    input.pipe(opened)
    input.on('error', (e) => opened.destroy(e))
    const written = await readArchive(opened, staging)
    if (!written.includes(MANIFEST_PATH) || !written.includes(MAIN_DB)) throw new BackupError('backup_corrupt', 'The backup file is damaged: it has no database.')
    const manifest = JSON.parse(await readText(join(staging, MANIFEST_PATH))) as BackupManifest
    if (manifest.schema > o.knownSchema) {
      throw new BackupError('backup_too_new', `This backup was made by a newer version of Switchboard (schema ${manifest.schema} > ${o.knownSchema}); update the app to restore it.`)
    }
    rmSync(join(staging, MANIFEST_PATH))
    // The key file makes the restored folder open headless at once; the desktop app wraps it on its first start.
    writeKeyFile(dataKeyFile(staging), (await readText(dataKeyFile(staging))).trim() + '\n')
    if (existsSync(o.dataDir)) rmSync(o.dataDir, { recursive: true })
    renameSync(staging, o.dataDir)
    return manifest
  } catch (e) {
    rmSync(staging, { recursive: true, force: true })
    throw e
  }
}

const readText = (file: string): Promise<string> => readFile(file, 'utf8')
