// Responder side of WhatsApp's Noise_XX_25519_AESGCM_SHA256 handshake plus the 3-byte length framing and the
// AES-GCM transport that follows. Mirrors Baileys' Utils/noise-handler.js (the initiator).
import {
  Curve, proto, NOISE_MODE, NOISE_WA_HEADER, aesEncryptGCM, aesDecryptGCM, sha256, hkdf,
  encodeBinaryNode, decodeBinaryNode, type BinaryNode
} from '@whiskeysockets/baileys'
import type { KeyPair } from './cert-authority.js'
import { ProtocolError } from '../wire/protocol-error.js'

const EMPTY = Buffer.alloc(0)
/** Largest frame the 3-byte length can carry. */
export const MAX_FRAME = 0xffffff

const ivFor = (counter: number): Buffer => {
  const b = Buffer.alloc(12)
  b.writeUInt32BE(counter, 8)
  return b
}

export class NoiseProtocolError extends ProtocolError {}

export type NoisePhase = 'hello' | 'finish' | 'transport'

export interface ClientFinish {
  clientStatic: Buffer
  payload: proto.ClientPayload
}

export class NoiseResponder {
  phase: NoisePhase = 'hello'
  private hash: Buffer
  private salt: Buffer
  private key: Buffer
  private counter = 0
  private inBytes: Buffer = EMPTY
  private sawIntro = false
  private eph: KeyPair | undefined
  private transport: { enc: Buffer; dec: Buffer; w: number; r: number } | undefined

  /** `maxFrame`: frames announcing more are refused at once instead of being buffered. */
  constructor(private readonly staticKey: KeyPair, private readonly certChain: Buffer, private readonly maxFrame = MAX_FRAME) {
    const mode = Buffer.from(NOISE_MODE)
    this.hash = mode.byteLength === 32 ? mode : Buffer.from(sha256(mode))
    this.salt = this.hash
    this.key = this.hash
    this.mixHash(Buffer.from(NOISE_WA_HEADER))
  }

  private mixHash(data: Uint8Array): void {
    if (!this.transport) this.hash = Buffer.from(sha256(Buffer.concat([this.hash, data])))
  }

  private encrypt(pt: Uint8Array): Buffer {
    const ct = Buffer.from(aesEncryptGCM(pt, this.key, ivFor(this.counter++), this.hash))
    this.mixHash(ct)
    return ct
  }

  private decrypt(ct: Uint8Array): Buffer {
    const pt = Buffer.from(aesDecryptGCM(ct, this.key, ivFor(this.counter++), this.hash))
    this.mixHash(ct)
    return pt
  }

  private mixIntoKey(data: Uint8Array): void {
    const k = hkdf(Buffer.from(data), 64, { salt: this.salt, info: '' })
    this.salt = Buffer.from(k.subarray(0, 32))
    this.key = Buffer.from(k.subarray(32))
    this.counter = 0
  }

  /** Feed raw socket bytes. Returns complete frames: raw handshake frames, or decrypted plaintexts in transport. */
  feed(data: Buffer): Buffer[] {
    this.inBytes = this.inBytes.length ? Buffer.concat([this.inBytes, data]) : data
    if (!this.sawIntro) {
      if (this.inBytes.length < 4) return []
      if (this.inBytes[0] === 0x45 && this.inBytes[1] === 0x44) {
        // 'ED' routing-info prefix: ED 0 1 + 3-byte length + routing info, then the WA intro.
        if (this.inBytes.length < 7) return []
        const len = (this.inBytes[4]! << 16) | this.inBytes.readUInt16BE(5)
        if (this.inBytes.length < 7 + len + 4) return []
        this.inBytes = this.inBytes.subarray(7 + len)
      }
      if (!this.inBytes.subarray(0, 4).equals(Buffer.from(NOISE_WA_HEADER))) throw new NoiseProtocolError('bad intro header')
      this.inBytes = this.inBytes.subarray(4)
      this.sawIntro = true
    }
    const out: Buffer[] = []
    while (this.inBytes.length >= 3) {
      const size = (this.inBytes[0]! << 16) | (this.inBytes[1]! << 8) | this.inBytes[2]!
      if (size > this.maxFrame) throw new NoiseProtocolError(`frame of ${size} bytes announced; the limit is ${this.maxFrame}`)
      if (this.inBytes.length < size + 3) break
      const frame = this.inBytes.subarray(3, size + 3)
      this.inBytes = this.inBytes.subarray(size + 3)
      if (this.transport) {
        try {
          out.push(Buffer.from(aesDecryptGCM(frame, this.transport.dec, ivFor(this.transport.r++), EMPTY)))
        } catch {
          throw new NoiseProtocolError('transport frame failed authentication')
        }
      } else {
        out.push(Buffer.from(frame))
      }
    }
    return out
  }

  /** ClientHello in, framed ServerHello (ephemeral, encrypted static key, encrypted cert chain) out. */
  serverHello(frame: Buffer): Buffer {
    let hello: proto.HandshakeMessage
    try {
      hello = proto.HandshakeMessage.decode(frame)
    } catch {
      throw new NoiseProtocolError('undecodable handshake message')
    }
    const clientEph = hello.clientHello?.ephemeral
    if (!clientEph || clientEph.length !== 32) throw new NoiseProtocolError('expected clientHello with a 32-byte ephemeral')
    this.mixHash(clientEph)
    this.eph = (() => {
      const k = Curve.generateKeyPair()
      return { public: Buffer.from(k.public), private: Buffer.from(k.private) }
    })()
    this.mixHash(this.eph.public)
    this.mixIntoKey(Curve.sharedKey(this.eph.private, clientEph))
    const staticEnc = this.encrypt(this.staticKey.public)
    this.mixIntoKey(Curve.sharedKey(this.staticKey.private, clientEph))
    const payloadEnc = this.encrypt(this.certChain)
    this.phase = 'finish'
    return frameBytes(
      proto.HandshakeMessage.encode({ serverHello: { ephemeral: this.eph.public, static: staticEnc, payload: payloadEnc } }).finish()
    )
  }

  /** ClientFinish in: authenticates the client's static (Noise) key, decodes its ClientPayload, enters transport. */
  clientFinish(frame: Buffer): ClientFinish {
    let finish: proto.HandshakeMessage
    try {
      finish = proto.HandshakeMessage.decode(frame)
    } catch {
      throw new NoiseProtocolError('undecodable handshake message')
    }
    const cf = finish.clientFinish
    if (!cf?.static || !cf.payload || !this.eph) throw new NoiseProtocolError('expected clientFinish')
    let clientStatic: Buffer
    let payload: proto.ClientPayload
    try {
      clientStatic = this.decrypt(cf.static)
      this.mixIntoKey(Curve.sharedKey(this.eph.private, clientStatic))
      payload = proto.ClientPayload.decode(this.decrypt(cf.payload))
    } catch {
      throw new NoiseProtocolError('clientFinish failed authentication')
    }
    const k = hkdf(EMPTY, 64, { salt: this.salt, info: '' })
    // The client encrypts with the first half and decrypts with the second; the server mirrors that.
    this.transport = { enc: Buffer.from(k.subarray(32)), dec: Buffer.from(k.subarray(0, 32)), w: 0, r: 0 }
    this.phase = 'transport'
    return { clientStatic, payload }
  }

  /** Encrypt and frame one stanza for the wire. */
  encodeNode(node: BinaryNode): Buffer {
    if (!this.transport) throw new NoiseProtocolError('not in transport phase')
    const ct = aesEncryptGCM(encodeBinaryNode(node), this.transport.enc, ivFor(this.transport.w++), EMPTY)
    return frameBytes(ct)
  }
}

export async function decodeStanza(plaintext: Buffer): Promise<BinaryNode> {
  return decodeBinaryNode(plaintext)
}

export function frameBytes(data: Uint8Array): Buffer {
  if (data.length > MAX_FRAME) throw new NoiseProtocolError('frame too large')
  const f = Buffer.alloc(3 + data.length)
  f[0] = (data.length >>> 16) & 0xff
  f[1] = (data.length >>> 8) & 0xff
  f[2] = data.length & 0xff
  Buffer.from(data).copy(f, 3)
  return f
}
