// The backup file's encryption: a key stretched from the passphrase with scrypt, and the archive sealed in 64 KiB
// AES-256-GCM frames (a counter nonce each, the header as associated data, the last frame marked as last), so a file
// of any size streams through in bounded memory and a truncated, reordered or altered file is refused.
import { createCipheriv, createDecipheriv, randomBytes, scrypt } from 'node:crypto'
import { Transform, type TransformCallback } from 'node:stream'
import { DomainError } from '../domain/errors.js'

export class BackupError extends DomainError {}

/** The file starts with these bytes, then a 4-byte header length and the header's JSON. */
export const BACKUP_MAGIC = Buffer.from('SWITCHBOARD-BACKUP\n', 'latin1')
const FRAME_PLAIN_BYTES = 64 * 1024
const TAG_BYTES = 16
/** scrypt N=2^17, r=8: ~130 MB and ~0.3 s here; a passphrase is all that guards a copy of every conversation. */
const KDF = { N: 2 ** 17, r: 8, p: 1 } as const

export interface BackupHeader {
  format: 1
  kdf: { name: 'scrypt'; N: number; r: number; p: number; salt: string }
  /** 8 random bytes; each frame's 12-byte nonce is this prefix and the frame's 4-byte number. */
  noncePrefix: string
  createdAt: string
  appVersion: string
}

/** `cost` lowers scrypt's N for tests only: a file keeps its own parameters, so any N still opens. */
export function newHeader(appVersion: string, now: Date, cost: { N: number } = KDF): BackupHeader {
  return {
    format: 1,
    kdf: { name: 'scrypt', ...KDF, N: cost.N, salt: randomBytes(16).toString('base64') },
    noncePrefix: randomBytes(8).toString('base64'),
    createdAt: now.toISOString(),
    appVersion
  }
}

export function deriveKey(passphrase: string, header: BackupHeader): Promise<Buffer> {
  if (passphrase.length < 8) throw new BackupError('backup_passphrase_weak', 'The backup passphrase must have at least 8 characters.')
  const { N, r, p, salt } = header.kdf
  return new Promise((resolve, reject) =>
    scrypt(passphrase.normalize('NFC'), Buffer.from(salt, 'base64'), 32, { N, r, p, maxmem: 256 * N * r + 1024 * 1024 }, (err, key) => (err ? reject(err) : resolve(key)))
  )
}

export function encodeHeader(header: BackupHeader): Buffer {
  const json = Buffer.from(JSON.stringify(header), 'utf8')
  const length = Buffer.alloc(4)
  length.writeUInt32BE(json.length)
  return Buffer.concat([BACKUP_MAGIC, length, json])
}

const nonceOf = (prefix: Buffer, frame: number) => {
  const nonce = Buffer.alloc(12)
  prefix.copy(nonce, 0)
  nonce.writeUInt32BE(frame, 8)
  return nonce
}

/** The associated data of a frame: the whole header (so a header edit fails every frame) and whether it is the last. */
const aadOf = (headerBytes: Buffer, last: boolean) => Buffer.concat([headerBytes, Buffer.from([last ? 1 : 0])])

/** Plain archive bytes in, frames out: [4-byte length][ciphertext][16-byte tag], the last one marked in its AAD. */
export class SealFrames extends Transform {
  private pending: Buffer[] = []
  private pendingBytes = 0
  private frame = 0

  constructor(private readonly key: Buffer, private readonly headerBytes: Buffer, private readonly prefix: Buffer) {
    super()
  }

  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback): void {
    this.pending.push(chunk)
    this.pendingBytes += chunk.length
    // Keep at least one full frame back: only at the end is it known which frame is the last.
    while (this.pendingBytes > FRAME_PLAIN_BYTES) {
      const all = Buffer.concat(this.pending)
      this.push(this.seal(all.subarray(0, FRAME_PLAIN_BYTES), false))
      const rest = all.subarray(FRAME_PLAIN_BYTES)
      this.pending = [rest]
      this.pendingBytes = rest.length
    }
    done()
  }

  override _flush(done: TransformCallback): void {
    this.push(this.seal(Buffer.concat(this.pending), true))
    done()
  }

  private seal(plain: Buffer, last: boolean): Buffer {
    const cipher = createCipheriv('aes-256-gcm', this.key, nonceOf(this.prefix, this.frame++))
    cipher.setAAD(aadOf(this.headerBytes, last))
    const body = Buffer.concat([cipher.update(plain), cipher.final(), cipher.getAuthTag()])
    const length = Buffer.alloc(4)
    length.writeUInt32BE(body.length)
    return Buffer.concat([length, body])
  }
}

/** Frames in, plain archive bytes out; refuses a wrong passphrase, an altered frame and a file cut short. */
export class OpenFrames extends Transform {
  private buffered: Buffer = Buffer.alloc(0)
  private frame = 0
  private sawLast = false

  constructor(private readonly key: Buffer, private readonly headerBytes: Buffer, private readonly prefix: Buffer) {
    super()
  }

  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback): void {
    this.buffered = this.buffered.length ? Buffer.concat([this.buffered, chunk]) : chunk
    try {
      for (;;) {
        if (this.buffered.length < 4) break
        const length = this.buffered.readUInt32BE(0)
        if (length < TAG_BYTES || length > FRAME_PLAIN_BYTES + TAG_BYTES) throw corrupt('a frame has an impossible length')
        if (this.buffered.length < 4 + length) break
        const body = this.buffered.subarray(4, 4 + length)
        this.buffered = this.buffered.subarray(4 + length)
        if (this.sawLast) throw corrupt('data follows the last frame')
        this.push(this.open(body))
      }
      done()
    } catch (e) {
      done(e as Error)
    }
  }

  override _flush(done: TransformCallback): void {
    if (this.buffered.length || !this.sawLast) return done(corrupt('the file ends before its last frame (cut short?)'))
    done()
  }

  private open(body: Buffer): Buffer {
    const nonce = nonceOf(this.prefix, this.frame++)
    const ciphertext = body.subarray(0, body.length - TAG_BYTES)
    const tag = body.subarray(body.length - TAG_BYTES)
    // The last frame is the one whose tag verifies with the "last" mark; a middle frame verifies only without it.
    for (const last of [false, true]) {
      const decipher = createDecipheriv('aes-256-gcm', this.key, nonce)
      decipher.setAAD(aadOf(this.headerBytes, last))
      decipher.setAuthTag(tag)
      try {
        const plain = Buffer.concat([decipher.update(ciphertext), decipher.final()])
        this.sawLast = last
        return plain
      } catch {
        // try the other mark
      }
    }
    throw this.frame === 1
      ? new BackupError('backup_passphrase_wrong', 'The passphrase does not open this backup (or the file was altered).')
      : corrupt(`frame ${this.frame - 1} does not verify`)
  }
}

const corrupt = (why: string) => new BackupError('backup_corrupt', `The backup file is damaged: ${why}.`)

/** Reads the magic and the header from the file's first bytes; returns the header and how many bytes it took. */
export function parseHeader(head: Buffer): { header: BackupHeader; bytes: Buffer } {
  if (head.length < BACKUP_MAGIC.length + 4 || !head.subarray(0, BACKUP_MAGIC.length).equals(BACKUP_MAGIC)) {
    throw new BackupError('backup_not_a_backup', 'This file is not a Switchboard backup.')
  }
  const length = head.readUInt32BE(BACKUP_MAGIC.length)
  const end = BACKUP_MAGIC.length + 4 + length
  if (length > 64 * 1024 || head.length < end) throw corrupt('the header is cut short')
  let header: BackupHeader
  try {
    header = JSON.parse(head.subarray(BACKUP_MAGIC.length + 4, end).toString('utf8')) as BackupHeader
  } catch {
    throw corrupt('the header is not JSON')
  }
  if (header.format !== 1 || header.kdf?.name !== 'scrypt') {
    throw new BackupError('backup_format_unknown', 'This backup was written by a newer version of Switchboard; update the app to restore it.')
  }
  return { header, bytes: head.subarray(0, end) }
}
