// The data key wrapped with a passphrase (headless servers where a key file would sit beside the data): a key
// stretched from the passphrase with scrypt (random salt, parameters stored) seals the data key with AES-256-GCM, the
// file's parameters bound as associated data. Written crash-safely (temp file, fsync, rename, folder fsync).
import { closeSync, fsyncSync, openSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { createCipheriv, createDecipheriv, randomBytes, scryptSync } from 'node:crypto'
import { dirname } from 'node:path'
import { DATA_KEY_BYTES, DataKeyError } from './at-rest-crypto.js'
import { PRIVATE_FILE_MODE, ensurePrivateDir, tightenFile } from './private-files.js'

/** scrypt N=2^17, r=8, p=1 (~130 MB, ~0.3 s once per start): the passphrase is all that guards a copied folder. */
export const PASSPHRASE_KDF = { N: 2 ** 17, r: 8, p: 1 } as const
export const MIN_PASSPHRASE_LENGTH = 8

interface WrappedKeyFile {
  format: 'switchboard-wrapped-data-key'
  version: 1
  kdf: { name: 'scrypt'; N: number; r: number; p: number; salt: string }
  cipher: 'aes-256-gcm'
  nonce: string
  sealed: string
  tag: string
}

const stretch = (passphrase: string, kdf: WrappedKeyFile['kdf']): Buffer =>
  scryptSync(passphrase.normalize('NFC'), Buffer.from(kdf.salt, 'base64'), 32, { N: kdf.N, r: kdf.r, p: kdf.p, maxmem: 256 * kdf.N * kdf.r + 1024 * 1024 })

/** What the tag covers besides the key: the format and the KDF parameters (a file with weakened ones is refused). */
const associated = (f: Pick<WrappedKeyFile, 'format' | 'version' | 'kdf' | 'cipher'>) =>
  Buffer.from(JSON.stringify([f.format, f.version, f.kdf.name, f.kdf.N, f.kdf.r, f.kdf.p, f.kdf.salt, f.cipher]))

export function assertPassphrase(passphrase: string): void {
  if (passphrase.length < MIN_PASSPHRASE_LENGTH) {
    throw new DataKeyError('data_key_passphrase_weak', `The passphrase must have at least ${MIN_PASSPHRASE_LENGTH} characters.`)
  }
}

export function wrapDataKey(key: Buffer, passphrase: string): string {
  assertPassphrase(passphrase)
  const head = { format: 'switchboard-wrapped-data-key', version: 1, kdf: { name: 'scrypt', ...PASSPHRASE_KDF, salt: randomBytes(16).toString('base64') }, cipher: 'aes-256-gcm' } as const
  const nonce = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', stretch(passphrase, head.kdf), nonce)
  cipher.setAAD(associated(head))
  const sealed = Buffer.concat([cipher.update(key), cipher.final()])
  const file: WrappedKeyFile = { ...head, kdf: { ...head.kdf }, nonce: nonce.toString('base64'), sealed: sealed.toString('base64'), tag: cipher.getAuthTag().toString('base64') }
  return `${JSON.stringify(file, null, 2)}\n`
}

/** The data key, or data_key_passphrase_wrong (nothing written); data_key_invalid for a file that is not ours. */
export function unwrapDataKey(text: string, passphrase: string, where: string): Buffer {
  let f: WrappedKeyFile
  try {
    f = JSON.parse(text) as WrappedKeyFile
    if (f.format !== 'switchboard-wrapped-data-key' || f.version !== 1 || f.kdf.name !== 'scrypt' || f.cipher !== 'aes-256-gcm') throw new Error('unknown format')
    // Bounds so a tampered file can neither make the start hang nor weaken the stretch below what we write.
    if (f.kdf.N < PASSPHRASE_KDF.N || f.kdf.N > 2 ** 20 || f.kdf.r < 8 || f.kdf.r > 16 || f.kdf.p < 1 || f.kdf.p > 4) throw new Error('KDF parameters out of bounds')
  } catch (e) {
    throw new DataKeyError('data_key_invalid', `${where} is not a passphrase-wrapped data key (${(e as Error).message}).`)
  }
  try {
    const decipher = createDecipheriv('aes-256-gcm', stretch(passphrase, f.kdf), Buffer.from(f.nonce, 'base64'))
    decipher.setAAD(associated(f))
    decipher.setAuthTag(Buffer.from(f.tag, 'base64'))
    const key = Buffer.concat([decipher.update(Buffer.from(f.sealed, 'base64')), decipher.final()])
    if (key.length !== DATA_KEY_BYTES) throw new Error('short key')
    return key
  } catch {
    throw new DataKeyError('data_key_passphrase_wrong', `The passphrase does not open the data key in ${where} (or the file was altered).`)
  }
}

export function fsyncPath(path: string): void {
  const fd = openSync(path, 'r')
  try {
    fsyncSync(fd)
  } catch (e) {
    // Some platforms (Windows) refuse to fsync a directory; the rename is still atomic there.
    const code = (e as { code?: unknown }).code
    if (code !== 'EISDIR' && code !== 'EPERM') throw e
  } finally {
    closeSync(fd)
  }
}

/** Temp file (0600), fsync, rename, folder fsync: after a crash the file is either the old one or the whole new one. */
export function writeDurably(file: string, text: string): void {
  ensurePrivateDir(dirname(file))
  const tmp = `${file}.${process.pid}.tmp`
  writeFileSync(tmp, text, { mode: PRIVATE_FILE_MODE })
  fsyncPath(tmp)
  renameSync(tmp, file)
  tightenFile(file)
  fsyncPath(dirname(file))
}

/** Reads it back and checks it opens with the passphrase: a wrapped key is only trusted once it proved so. */
export function readWrapped(file: string, passphrase: string): Buffer {
  return unwrapDataKey(readFileSync(file, 'utf8'), passphrase, file)
}
