// Owner-only files of the data dir (session keys, message store, logs, media): folders 0700 and files 0600 from
// their creation whatever the umask, and an install made before this rule tightened once on start. Windows has no
// POSIX modes (chmod there only toggles read-only); the per-user profile folder protects it.
import { chmodSync, closeSync, lstatSync, mkdirSync, openSync, readdirSync, type Stats } from 'node:fs'
import { join } from 'node:path'

export const PRIVATE_DIR_MODE = 0o700
export const PRIVATE_FILE_MODE = 0o600

/** Entries of the data dir that are Switchboard's: only these are tightened (the dir may be a user's own folder). */
const OWN_FILES = ['switchboard.db', 'switchboard.db-wal', 'switchboard.db-shm', 'switchboard.db-journal', 'secrets.json']
const OWN_DIRS = ['logs', 'sandbox', 'keys']
/** Can hold many files: walked only when the data dir itself was open to others. */
const MEDIA_DIR = 'media'

const statOf = (path: string): Stats | undefined => {
  try {
    return lstatSync(path)
  } catch {
    return undefined
  }
}

/** mkdir -p with 0700 (a umask cannot loosen it: chmod after). */
export function ensurePrivateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE })
  chmodSync(dir, PRIVATE_DIR_MODE)
}

/** Creates the file empty if absent, and makes it 0600 (SQLite gives its -wal and -shm the mode of the database). */
export function ensurePrivateFile(file: string): void {
  closeSync(openSync(file, 'a', PRIVATE_FILE_MODE))
  chmodSync(file, PRIVATE_FILE_MODE)
}

/** chmod 0600 of a file that may not exist yet (never follows a symlink). */
export function tightenFile(file: string): void {
  const st = statOf(file)
  if (st?.isFile() && (st.mode & 0o777) !== PRIVATE_FILE_MODE) chmodSync(file, PRIVATE_FILE_MODE)
}

function tightenTree(dir: string): void {
  const st = statOf(dir)
  if (!st?.isDirectory()) return
  if ((st.mode & 0o777) !== PRIVATE_DIR_MODE) chmodSync(dir, PRIVATE_DIR_MODE)
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) tightenTree(path)
    else if (entry.isFile()) tightenFile(path)
  }
}

/**
 * The data dir 0700, created if needed, and what Switchboard keeps in it 0700/0600 (an install from before this
 * rule). The media folder is walked only when the data dir was open to others, so once, not on every start.
 */
export function ensurePrivateDataDir(dataDir: string): void {
  const before = statOf(dataDir)
  ensurePrivateDir(dataDir)
  for (const name of OWN_FILES) tightenFile(join(dataDir, name))
  for (const name of OWN_DIRS) tightenTree(join(dataDir, name))
  if (before && (before.mode & 0o077) !== 0) tightenTree(join(dataDir, MEDIA_DIR))
}
