// Undecryptable-message faults: the server rewrites the <enc> it hands one device so that the device's Signal
// layer fails the way it does on the real network — Bad MAC (a corrupted ciphertext), no session (a whisper `msg`
// with no pre-key part for a device that has no session with the sender), invalid pre-key (a pkmsg naming a
// one-time pre-key the device already used). The sender's retry (after the device's retry receipt) passes
// untouched unless the fault was set to persist, in which case every retry of that message fails too.
import type { BinaryNode } from '@whiskeysockets/baileys'

export type EncFaultKind = 'corrupt_ciphertext' | 'no_session' | 'invalid_prekey'

interface Armed {
  kind: EncFaultKind
  /** Messages still to fault. */
  remaining: number
  /** Fault every later copy (retries) of the messages already faulted. */
  persist: boolean
  /** Only messages from these senders (phone numbers) are faulted and counted; absent: from anyone. */
  from?: ReadonlySet<string>
}

/** A pre-key id no Baileys device ever generates (ids are 24-bit and counted up from 1). */
const NEVER_ISSUED_PREKEY = 0xfffff0

export class EncFaults {
  private readonly armed = new Map<string, Armed>()
  /** deviceKey -> message id -> kind, for faults that persist over retries. */
  private readonly sticky = new Map<string, Map<string, EncFaultKind>>()
  /** deviceKey -> a pre-key id the device consumed (seen in an earlier pkmsg to it). */
  private readonly usedPreKey = new Map<string, number>()

  /**
   * Fault the next `count` messages (by id) to the device; `persist` makes their retries fail too; `from` limits
   * the fault to messages from those senders (a storm's), so everyone else's still decrypt.
   */
  arm(deviceKey: string, kind: EncFaultKind, count: number, persist: boolean, from?: readonly string[]): void {
    const n = Math.max(0, Math.floor(count))
    if (n === 0) this.armed.delete(deviceKey)
    else this.armed.set(deviceKey, { kind, remaining: n, persist, ...(from?.length ? { from: new Set(from) } : {}) })
  }

  /**
   * The <enc> nodes one device gets for message `id`, faulted when a fault is armed for it (or persists for
   * this id). Unfaulted input comes back as is.
   */
  apply(deviceKey: string, id: string, encs: BinaryNode[], from: string): BinaryNode[] {
    const kind = this.kindFor(deviceKey, id, from)
    const out = kind ? encs.map((e) => faultEnc(kind, e, this.usedPreKey.get(deviceKey))) : encs
    for (const e of encs) {
      // Remember a pre-key id this device consumed: a later invalid_prekey fault names it.
      const pre = e.attrs.type === 'pkmsg' && e.content instanceof Uint8Array ? preKeyIdOf(e.content) : undefined
      if (pre !== undefined && !kind) this.usedPreKey.set(deviceKey, pre)
    }
    return out
  }

  private kindFor(deviceKey: string, id: string, from: string): EncFaultKind | undefined {
    const stuck = this.sticky.get(deviceKey)?.get(id)
    if (stuck) return stuck
    const a = this.armed.get(deviceKey)
    if (!a || (a.from && !a.from.has(from))) return undefined
    if (--a.remaining <= 0) this.armed.delete(deviceKey)
    if (a.persist) {
      const m = this.sticky.get(deviceKey) ?? new Map<string, EncFaultKind>()
      m.set(id, a.kind)
      this.sticky.set(deviceKey, m)
    }
    return a.kind
  }

  clear(): void {
    this.armed.clear()
    this.sticky.clear()
  }
}

function faultEnc(kind: EncFaultKind, enc: BinaryNode, usedPreKey: number | undefined): BinaryNode {
  const body = enc.content
  if (!(body instanceof Uint8Array) || body.length < 2) return enc
  const type = enc.attrs.type
  if (kind === 'corrupt_ciphertext') {
    // msg: the last 8 bytes are the MAC; skmsg: the last 64 the signature; pkmsg: the inner msg's MAC.
    const bytes = Buffer.from(body)
    const at = type === 'pkmsg' ? innerMessageEnd(bytes) : bytes.length - 1
    if (at === undefined) return enc
    bytes[at - 1]! ^= 0xff
    return { ...enc, content: bytes }
  }
  if (type !== 'pkmsg') return enc
  const fields = readFields(Buffer.from(body))
  if (!fields) return enc
  if (kind === 'no_session') {
    // The sender believes a session exists: the device gets the bare whisper message, with nothing to start one.
    const inner = fields.find((f) => f.no === 4)
    return inner?.bytes ? { ...enc, attrs: { ...enc.attrs, type: 'msg' }, content: inner.bytes } : enc
  }
  // invalid_prekey: the pkmsg names a one-time pre-key the device already consumed (unauthenticated field).
  const pre = usedPreKey ?? NEVER_ISSUED_PREKEY
  const rebuilt = fields.map((f) => (f.no === 1 ? encodeVarintField(1, pre) : f.raw))
  if (!fields.some((f) => f.no === 1)) rebuilt.unshift(encodeVarintField(1, pre))
  return { ...enc, content: Buffer.concat([Buffer.from(body).subarray(0, 1), ...rebuilt]) }
}

// ---- the PreKeyWhisperMessage envelope: one version byte, then protobuf fields -----------------------------

interface Field {
  no: number
  raw: Buffer
  value?: number
  bytes?: Buffer
  /** Offset just past the field in the whole message. */
  end: number
}

function readVarint(b: Buffer, at: number): [number, number] | undefined {
  let v = 0
  let mul = 1
  for (let i = at; i < b.length && i < at + 10; i++) {
    v += (b[i]! & 0x7f) * mul
    mul *= 128
    if (!(b[i]! & 0x80)) return [v, i + 1]
  }
  return undefined
}

function readFields(b: Buffer): Field[] | undefined {
  const out: Field[] = []
  let at = 1 // version byte
  while (at < b.length) {
    const start = at
    const tag = readVarint(b, at)
    if (!tag) return undefined
    const [key, next] = tag
    const no = Math.floor(key / 8)
    const wire = key % 8
    if (wire === 0) {
      const v = readVarint(b, next)
      if (!v) return undefined
      at = v[1]
      out.push({ no, raw: b.subarray(start, at), value: v[0], end: at })
    } else if (wire === 2) {
      const len = readVarint(b, next)
      if (!len || len[1] + len[0] > b.length) return undefined
      at = len[1] + len[0]
      out.push({ no, raw: b.subarray(start, at), bytes: b.subarray(len[1], at), end: at })
    } else return undefined
  }
  return out
}

function encodeVarintField(no: number, value: number): Buffer {
  const bytes = [no * 8]
  let v = value
  do {
    let byte = v % 128
    v = Math.floor(v / 128)
    if (v > 0) byte |= 0x80
    bytes.push(byte)
  } while (v > 0)
  return Buffer.from(bytes)
}

function innerMessageEnd(b: Buffer): number | undefined {
  return readFields(b)?.find((f) => f.no === 4)?.end
}

function preKeyIdOf(body: Uint8Array): number | undefined {
  return readFields(Buffer.from(body))?.find((f) => f.no === 1)?.value
}
