// Where the data key (secrets/at-rest-crypto.ts) comes from. The desktop app hands it over (unwrapped with Electron
// safeStorage, electron/data-key.ts); headless, it is kept in the OS keyring where one is available (libsecret's
// secret-tool on Linux), else in <data-dir>/keys/data.key (0600, folder 0700). <data-dir>/keys/ always says where
// the key is, so a keyring that is briefly unreachable stops the start instead of minting a new key. With a
// passphrase the key file is kept wrapped instead (keys/data.key.wrapped, secrets/passphrase-wrap.ts).
import { spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { closeSync, existsSync, fstatSync, openSync, readFileSync, readdirSync, renameSync, rmSync, unlinkSync, writeFileSync, writeSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { DATA_KEY_BYTES, DataKeyError, assertDataKey } from './at-rest-crypto.js'
import { assertPassphrase, fsyncPath, readWrapped, wrapDataKey, writeDurably } from './passphrase-wrap.js'
import { PRIVATE_FILE_MODE, ensurePrivateDir, tightenFile } from './private-files.js'

export type DataKeySource = 'host' | 'keyring' | 'file' | 'passphrase'

export interface ResolvedDataKey {
  key: Buffer
  source: DataKeySource
  /** For the log: the file, or the keyring's name and entry. */
  where: string
}

/** An OS keyring: `lookup` tells a missing entry (undefined) from an unreachable keyring (throws). */
export interface Keyring {
  readonly name: string
  lookup(dataDir: string): string | undefined
  /** false when the keyring refused or is unreachable (the key file is used instead). */
  store(dataDir: string, secret: string): boolean
}

export const keysDir = (dataDir: string) => join(dataDir, 'keys')
/** The key itself, base64 (headless without a keyring). */
export const dataKeyFile = (dataDir: string) => join(keysDir(dataDir), 'data.key')
/** A note that the key is in the OS keyring. */
export const keyringMarkerFile = (dataDir: string) => join(keysDir(dataDir), 'data.key.keyring')
/** The key wrapped by Electron safeStorage (written by the desktop app's main process). */
export const desktopKeyFile = (dataDir: string) => join(keysDir(dataDir), 'data.key.safestorage')
/** The key wrapped with a key stretched from the passphrase (SWITCHBOARD_PASSPHRASE, --passphrase-file). */
export const wrappedKeyFile = (dataDir: string) => join(keysDir(dataDir), 'data.key.wrapped')

const decodeKey = (text: string, where: string): Buffer => {
  const key = Buffer.from(text.trim(), 'base64')
  if (key.length !== DATA_KEY_BYTES) throw new DataKeyError('data_key_invalid', `The data key in ${where} is not ${DATA_KEY_BYTES} bytes of base64.`)
  return key
}

/** Write-then-rename, 0600 from the first byte. */
export function writeKeyFile(file: string, text: string): void {
  ensurePrivateDir(join(file, '..'))
  const tmp = `${file}.${process.pid}.tmp`
  writeFileSync(tmp, text, { mode: PRIVATE_FILE_MODE })
  renameSync(tmp, file)
  tightenFile(file)
}

export interface ResolveDataKeyOptions {
  /** From the host (desktop app); wins over anything kept in the data dir. */
  hostKey?: Uint8Array | undefined
  /** undefined: no keyring on this machine (see secretToolKeyring). */
  keyring?: Keyring | undefined
  /**
   * Headless servers: keep the key file wrapped with this passphrase (a key file in clear is wrapped on the first
   * start with it). Required once the data dir has a wrapped key; not used with a host key or the OS keyring.
   */
  passphrase?: string | undefined
}

/** Overwrites the key file in clear before unlinking it, so its bytes do not linger in the file's old blocks. */
function eraseKeyFile(file: string): void {
  const fd = openSync(file, 'r+')
  try {
    writeSync(fd, Buffer.alloc(fstatSync(fd).size))
  } finally {
    closeSync(fd)
  }
  unlinkSync(file)
  fsyncPath(join(file, '..'))
}

/**
 * The wrapped key file, opened with the passphrase. A key file in clear beside it is what a start killed while
 * wrapping left: the wrapped file was complete (it was renamed into place), so the clear one is erased now.
 */
function openWrappedKey(dataDir: string, passphrase: string | undefined): ResolvedDataKey {
  const wrapped = wrappedKeyFile(dataDir)
  if (passphrase === undefined || passphrase === '') {
    throw new DataKeyError('data_key_passphrase_required', `The data key of ${dataDir} is protected by a passphrase (${wrapped}): give it with SWITCHBOARD_PASSPHRASE, --passphrase-file FILE or on the terminal.`)
  }
  tightenFile(wrapped)
  const key = readWrapped(wrapped, passphrase)
  const clear = dataKeyFile(dataDir)
  if (existsSync(clear)) {
    if (!decodeKey(readFileSync(clear, 'utf8'), clear).equals(key)) {
      throw new DataKeyError('data_key_invalid', `${clear} and ${wrapped} hold different data keys; keep the one this data dir was written with and remove the other.`)
    }
    eraseKeyFile(clear)
  }
  return { key, source: 'passphrase', where: wrapped }
}

/** Wraps the key, proves the written file opens, and only then erases the key file in clear (if any). */
function keepWrapped(dataDir: string, key: Buffer, passphrase: string): ResolvedDataKey {
  const wrapped = wrappedKeyFile(dataDir)
  // A start killed before its rename left a temp file (a wrapped key, never one in clear): not needed any more.
  for (const f of existsSync(keysDir(dataDir)) ? readdirSync(keysDir(dataDir)) : []) if (f.startsWith('data.key.wrapped.') && f.endsWith('.tmp')) rmSync(join(keysDir(dataDir), f), { force: true })
  writeDurably(wrapped, wrapDataKey(key, passphrase))
  return openWrappedKey(dataDir, passphrase)
}

export function resolveDataKey(dataDir: string, options: ResolveDataKeyOptions = {}): ResolvedDataKey {
  if (options.hostKey) return { key: assertDataKey(options.hostKey), source: 'host', where: 'handed over by the desktop app' }
  if (existsSync(wrappedKeyFile(dataDir))) return openWrappedKey(dataDir, options.passphrase)
  const passphrase = options.passphrase || undefined
  if (passphrase !== undefined) assertPassphrase(passphrase)
  const file = dataKeyFile(dataDir)
  if (existsSync(file)) {
    tightenFile(file)
    if (passphrase !== undefined) return keepWrapped(dataDir, decodeKey(readFileSync(file, 'utf8'), file), passphrase)
    return { key: decodeKey(readFileSync(file, 'utf8'), file), source: 'file', where: file }
  }
  const keyring = options.keyring
  const marker = keyringMarkerFile(dataDir)
  if (existsSync(marker)) {
    if (!keyring) throw new DataKeyError('data_key_unavailable', `The data key of ${dataDir} is kept in the OS keyring (${marker}), and no keyring is reachable here. Start Switchboard in the desktop session that holds it.`)
    const kept = keyring.lookup(dataDir)
    if (kept === undefined) throw new DataKeyError('data_key_unavailable', `The data key of ${dataDir} is missing from the OS keyring (${keyring.name}).`)
    return { key: decodeKey(kept, keyring.name), source: 'keyring', where: keyring.name }
  }
  if (existsSync(desktopKeyFile(dataDir))) {
    throw new DataKeyError('data_key_unavailable', `The data key of ${dataDir} is protected by the desktop app (${desktopKeyFile(dataDir)}); open this data dir with the desktop app.`)
  }
  const key = randomBytes(DATA_KEY_BYTES)
  // A passphrase asks for the key to stay beside the data, wrapped: the keyring is not used then.
  if (passphrase !== undefined) return keepWrapped(dataDir, key, passphrase)
  const text = key.toString('base64')
  if (keyring) {
    let stored = false
    try {
      stored = keyring.store(dataDir, text)
    } catch {
      stored = false
    }
    if (stored) {
      writeKeyFile(marker, `The data key of this folder is in the OS keyring: ${keyring.name}\n`)
      return { key, source: 'keyring', where: keyring.name }
    }
  }
  writeKeyFile(file, `${text}\n`)
  return { key, source: 'file', where: file }
}

/**
 * libsecret's secret-tool (GNOME Keyring, KWallet through the Secret Service) when it is installed and answers;
 * undefined elsewhere (macOS and Windows headless use the key file; the desktop app uses safeStorage there) and
 * with SWITCHBOARD_KEYRING=off.
 */
export function secretToolKeyring(env: NodeJS.ProcessEnv = process.env): Keyring | undefined {
  if (process.platform !== 'linux' || env.SWITCHBOARD_KEYRING === 'off') return undefined
  // A locked keyring asks the user to unlock it: long enough to type a password, bounded so a start cannot hang.
  const run = (args: string[], input?: string) => spawnSync('secret-tool', args, { input, encoding: 'utf8', timeout: 60_000, env })
  const probe = run(['search', 'service', 'switchboard-probe'])
  // Not installed, or no Secret Service on the session bus (a server, SSH without D-Bus).
  if (probe.error || (probe.status !== 0 && probe.stderr.trim() !== '')) return undefined
  const attributes = (dataDir: string) => ['service', 'switchboard', 'data-dir', resolve(dataDir)]
  return {
    name: 'Secret Service (secret-tool, service=switchboard)',
    lookup(dataDir) {
      const r = run(['lookup', ...attributes(dataDir)])
      if (r.status === 0 && r.stdout.trim()) return r.stdout.trim()
      if (r.error || r.stderr.trim()) throw new DataKeyError('data_key_unavailable', `The OS keyring did not answer: ${r.error?.message ?? r.stderr.trim()}`)
      return undefined
    },
    store(dataDir, secret) {
      return run(['store', '--label=Switchboard data key', ...attributes(dataDir)], secret).status === 0
    }
  }
}
