// Baileys' Curve.verify made to verify: in 7.0.0-rc14 it wraps libsignal's verifySignature in a try and returns true
// whenever nothing throws, but that call returns false for a bad signature, so the Noise certificate chain and the
// primary phone's account signature at pairing were accepted whatever they held. Installed once per process.
// Checked natively: an XEdDSA signature over a Curve25519 key is an Ed25519 signature over the key's Edwards form.
import { createPublicKey, verify as verifyNative } from 'node:crypto'
import { Curve } from '@whiskeysockets/baileys'

const P = 2n ** 255n - 19n

/** 1/a mod P by the extended Euclidean algorithm (5x quicker than a^(P-2) with BigInt); a is never 0 mod P here. */
function invert(a: bigint): bigint {
  let [r0, r1] = [P, a % P]
  let [t0, t1] = [0n, 1n]
  while (r1 !== 0n) {
    const q = r0 / r1
    ;[r0, r1] = [r1, r0 - q * r1]
    ;[t0, t1] = [t1, t0 - q * t1]
  }
  return ((t0 % P) + P) % P
}

function toBigIntLE(bytes: Uint8Array): bigint {
  let n = 0n
  for (let i = bytes.length - 1; i >= 0; i--) n = (n << 8n) | BigInt(bytes[i] ?? 0)
  return n
}

function fromBigIntLE(n: bigint): Buffer {
  const out = Buffer.alloc(32)
  let v = n
  for (let i = 0; i < 32; i++) {
    out[i] = Number(v & 0xffn)
    v >>= 8n
  }
  return out
}

/** The 32 raw bytes of a Signal public key (with or without its 0x05 type byte), or undefined. */
function rawCurveKey(key: Uint8Array): Uint8Array | undefined {
  if (key.length === 32) return key
  if (key.length === 33 && key[0] === 5) return key.subarray(1)
  return undefined
}

/**
 * XEdDSA verification (Signal's spec, as libsignal and curve25519-js do it): the Montgomery u becomes the Edwards
 * y = (u − 1) / (u + 1), the sign of x travels in the top bit of the signature's last byte, and the rest is Ed25519.
 */
export function verifyXEdDSA(publicKey: Uint8Array, message: Uint8Array, signature: Uint8Array): boolean {
  const raw = rawCurveKey(publicKey)
  if (!raw || signature.length !== 64) return false
  const u = toBigIntLE(raw) & ((1n << 255n) - 1n)
  const y = (u + 1n) % P === 0n ? 0n : (((u - 1n + P) % P) * invert(u + 1n)) % P
  const edwards = fromBigIntLE(y)
  edwards[31] = (edwards[31] ?? 0) | ((signature[63] ?? 0) & 0x80)
  const sig = Buffer.from(signature)
  sig[63] = (sig[63] ?? 0) & 0x7f
  try {
    const key = createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: edwards.toString('base64url') }, format: 'jwk' })
    return verifyNative(null, message, key, sig)
  } catch {
    return false // not a point on the curve
  }
}

let installed = false

/** Routes Curve.verify (Noise certificates, account signature at pairing) through verifyXEdDSA, once per process. */
export function installSignatureVerify(): void {
  if (installed) return
  installed = true
  Curve.verify = (pubKey: Uint8Array, message: Uint8Array, signature: Uint8Array) => verifyXEdDSA(pubKey, message, signature)
}
