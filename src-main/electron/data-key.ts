// The desktop app's data key (session keys at rest, core/secrets/at-rest-crypto.ts): kept wrapped by Electron
// safeStorage (macOS Keychain, Windows DPAPI, the Secret Service on Linux) in <data-dir>/keys/data.key.safestorage;
// main unwraps it and hands it to the core's utility process. Without real protection from safeStorage, nothing is
// handed over and the core keeps its headless rule (OS keyring, else a 0600 key file; core/secrets/data-key.ts).
import { randomBytes } from 'node:crypto'
import { existsSync, readFileSync, rmSync } from 'node:fs'
import { DATA_KEY_BYTES } from '../core/secrets/at-rest-crypto.js'
import { dataKeyFile, desktopKeyFile, keyringMarkerFile, writeKeyFile } from '../core/secrets/data-key.js'

/** The part of Electron's safeStorage used here (a fake in tests). */
export interface SafeStorageLike {
  isEncryptionAvailable(): boolean
  encryptString(plainText: string): Buffer
  decryptString(encrypted: Buffer): string
  getSelectedStorageBackend?(): string
}

export interface DesktopDataKey {
  /** undefined: the core resolves the key itself (headless rule). */
  key: Uint8Array | undefined
  /** Why, for the log. */
  note: string
}

/** Throws when the wrapped key exists but cannot be unwrapped (another user, a reset keychain): never a new key. */
export function desktopDataKey(dataDir: string, safeStorage: SafeStorageLike, platform: NodeJS.Platform = process.platform): DesktopDataKey {
  const wrappedFile = desktopKeyFile(dataDir)
  // On Linux without a Secret Service, safeStorage "encrypts" with a fixed password: no better than the key file.
  const protective = safeStorage.isEncryptionAvailable() && !(platform === 'linux' && safeStorage.getSelectedStorageBackend?.() === 'basic_text')
  if (existsSync(wrappedFile)) {
    if (!protective) throw new Error(`The data key in ${wrappedFile} is protected by the system's keychain, which is not available now.`)
    return { key: decode(safeStorage.decryptString(Buffer.from(readFileSync(wrappedFile, 'utf8').trim(), 'base64')), wrappedFile), note: 'safeStorage' }
  }
  if (!protective) return { key: undefined, note: 'safeStorage unavailable: the core keeps the key (OS keyring or key file)' }
  // A data dir whose key the headless core keeps in the OS keyring: leave it there (the core reads it).
  if (existsSync(keyringMarkerFile(dataDir))) return { key: undefined, note: 'kept in the OS keyring by the headless core' }
  const plainFile = dataKeyFile(dataDir)
  // A data dir used headless before: adopt its key file, now wrapped, and remove the plain copy.
  const key = existsSync(plainFile) ? decode(readFileSync(plainFile, 'utf8'), plainFile) : randomBytes(DATA_KEY_BYTES)
  writeKeyFile(wrappedFile, safeStorage.encryptString(Buffer.from(key).toString('base64')).toString('base64'))
  rmSync(plainFile, { force: true })
  return { key, note: 'safeStorage (new wrap)' }
}

function decode(text: string, where: string): Uint8Array {
  const key = Buffer.from(text.trim(), 'base64')
  if (key.length !== DATA_KEY_BYTES) throw new Error(`The data key in ${where} is not ${DATA_KEY_BYTES} bytes.`)
  return new Uint8Array(key)
}
