// Encryption at rest of the secrets stored in SQLite (the Baileys credentials and Signal keys): AES-256-GCM with a
// random 96-bit nonce per value, text `enc1:` + base64(nonce ‖ ciphertext ‖ tag). The key belongs to the
// connection: openDatabase registers seal_secret()/open_secret() as SQL functions bound to it, so repositories
// write `seal_secret(?)` and read `open_secret(col)` and never hold the key themselves.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto'
import type Database from 'better-sqlite3-multiple-ciphers'
import { DomainError } from '../domain/errors.js'

/** Versioned: a value without it is a plaintext row of an older install (migrated at start). */
export const SEALED_PREFIX = 'enc1:'
export const DATA_KEY_BYTES = 32
const NONCE_BYTES = 12
const TAG_BYTES = 16

/** The data key is missing, malformed, or not the one the stored secrets were sealed with. */
export class DataKeyError extends DomainError {}

export const isSealed = (text: string): boolean => text.startsWith(SEALED_PREFIX)

export function assertDataKey(key: Uint8Array): Buffer {
  if (key.byteLength !== DATA_KEY_BYTES) throw new DataKeyError('data_key_invalid', `The data key must be ${DATA_KEY_BYTES} bytes (got ${key.byteLength}).`)
  return Buffer.from(key.buffer, key.byteOffset, key.byteLength)
}

export function sealText(key: Buffer, text: string): string {
  const nonce = randomBytes(NONCE_BYTES)
  const cipher = createCipheriv('aes-256-gcm', key, nonce)
  const body = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()])
  return SEALED_PREFIX + Buffer.concat([nonce, body, cipher.getAuthTag()]).toString('base64')
}

/** Plaintext passes through (rows not migrated yet); a sealed value needs the key it was sealed with. */
export function openText(key: Buffer | undefined, text: string): string {
  if (!isSealed(text)) return text
  if (!key) throw new DataKeyError('data_key_missing', 'A stored secret is encrypted, and this connection was opened without the data key.')
  const raw = Buffer.from(text.slice(SEALED_PREFIX.length), 'base64')
  if (raw.length < NONCE_BYTES + TAG_BYTES) throw new DataKeyError('data_key_mismatch', 'A stored secret is truncated.')
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, NONCE_BYTES))
    decipher.setAuthTag(raw.subarray(raw.length - TAG_BYTES))
    return Buffer.concat([decipher.update(raw.subarray(NONCE_BYTES, raw.length - TAG_BYTES)), decipher.final()]).toString('utf8')
  } catch {
    throw new DataKeyError('data_key_mismatch', 'A stored secret cannot be decrypted with this data key (another key, or the value was altered).')
  }
}

/**
 * seal_secret(text) and open_secret(text) on this connection. Without a key (tests on in-memory databases, the
 * sandbox's own database) seal_secret keeps plaintext and open_secret refuses sealed values.
 */
export function registerAtRestFunctions(db: Database.Database, dataKey: Uint8Array | undefined): void {
  const key = dataKey ? assertDataKey(dataKey) : undefined
  db.function('seal_secret', { deterministic: false }, (value: unknown) =>
    typeof value === 'string' && key && !isSealed(value) ? sealText(key, value) : value
  )
  db.function('open_secret', { deterministic: true }, (value: unknown) => (typeof value === 'string' ? openText(key, value) : value))
}
