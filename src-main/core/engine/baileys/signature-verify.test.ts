// The Curve.verify installed for Baileys: true for libsignal's own XEdDSA signatures (the sandbox's and the real
// network's), false for anything else, where Baileys rc14's wrapper said true to every well-formed input.
import { randomBytes } from 'node:crypto'
import { Curve } from '@whiskeysockets/baileys'
import { createRequire } from 'node:module'
import { describe, expect, it } from 'vitest'
import { installSignatureVerify, verifyXEdDSA } from './signature-verify.js'

const require = createRequire(import.meta.url)
const libsignalCurve = require('libsignal/src/curve.js') as {
  generateKeyPair: () => { pubKey: Buffer; privKey: Buffer }
  calculateSignature: (priv: Buffer, msg: Buffer) => Buffer
  verifySignature: (pub: Buffer, msg: Buffer, sig: Buffer) => boolean
}

const flip = (b: Uint8Array, i: number, mask = 1): Buffer => {
  const c = Buffer.from(b)
  c[i] = (c[i] ?? 0) ^ mask
  return c
}

describe('XEdDSA verification for Baileys', () => {
  it('accepts libsignal signatures and agrees with libsignal on tampered ones', () => {
    for (let i = 0; i < 16; i++) {
      const pair = libsignalCurve.generateKeyPair() // pubKey carries the 0x05 type byte
      const msg = randomBytes(1 + (i % 7) * 40)
      const sig = libsignalCurve.calculateSignature(pair.privKey, msg)
      expect(verifyXEdDSA(pair.pubKey, msg, sig)).toBe(true)
      expect(verifyXEdDSA(pair.pubKey.subarray(1), msg, sig)).toBe(true)
      for (const [m, s] of [
        [flip(msg, 0), sig],
        [msg, flip(sig, i % 32)], // R
        [msg, flip(sig, 32 + (i % 31))], // s
        [msg, flip(sig, 63, 0x80)] // the sign bit of the Edwards key
      ] as const) {
        expect(verifyXEdDSA(pair.pubKey, m, s)).toBe(false)
        // libsignal's pure-JS check costs ~30 ms: compared on a few rounds
        if (i < 3) expect(libsignalCurve.verifySignature(pair.pubKey, m, s)).toBe(false)
      }
      const other = libsignalCurve.generateKeyPair()
      expect(verifyXEdDSA(other.pubKey, msg, sig)).toBe(false)
    }
  })

  it('refuses zeroed and misshapen signatures and keys without throwing', () => {
    const pair = libsignalCurve.generateKeyPair()
    const msg = Buffer.from('certificate details')
    const sig = libsignalCurve.calculateSignature(pair.privKey, msg)
    expect(verifyXEdDSA(pair.pubKey, msg, Buffer.alloc(64))).toBe(false)
    expect(verifyXEdDSA(pair.pubKey, msg, sig.subarray(0, 63))).toBe(false)
    expect(verifyXEdDSA(Buffer.alloc(33), msg, sig)).toBe(false)
    expect(verifyXEdDSA(pair.pubKey.subarray(0, 31), msg, sig)).toBe(false)
    // libsignal answers false here without throwing: the reason Baileys' try/catch wrapper said true.
    expect(libsignalCurve.verifySignature(pair.pubKey, msg, Buffer.alloc(64))).toBe(false)
  })

  it('once installed, Baileys\' Curve.verify (Noise certificates, pairing) refuses a forged signature', () => {
    installSignatureVerify()
    const pair = Curve.generateKeyPair() // Baileys' raw 32-byte keys
    const msg = randomBytes(100)
    const sig = Curve.sign(pair.private, msg)
    expect(Curve.verify(pair.public, msg, sig)).toBe(true)
    expect(Curve.verify(pair.public, msg, Buffer.alloc(64))).toBe(false)
    expect(Curve.verify(pair.public, flip(msg, 5), sig)).toBe(false)
  })
})
