// Curve25519 key pairs made ahead in libuv's thread pool, for Baileys' synchronous Curve.generateKeyPair: at its
// first connection an account uploads 812 pre-keys, generated in one synchronous loop (0.4-0.7 s of the event loop
// on a loaded 2-core machine, 2 s at load 15) during which the API answers nothing. While an unpaired socket shows
// its QR the pool fills off the main thread; generateKeyPair then takes from it and falls back to Baileys' own
// generation when it is empty. Each pair is handed out once. The pairs are what libsignal's generateKeyPair gives
// (node's X25519: the raw 32-byte private and public keys; libsignal reads the same bytes out of DER).
import { generateKeyPair as generateAsync } from 'node:crypto'
import { Curve, type KeyPair } from '@whiskeysockets/baileys'

/** Pairs generated at once in the thread pool (it has 4 threads, shared with fs, zlib and DNS). */
const IN_FLIGHT = 16

const pool: KeyPair[] = []
let target = 0
let inFlight = 0
let installed = false

function oneAsync(): Promise<KeyPair> {
  return new Promise((resolve, reject) =>
    generateAsync('x25519', undefined, (err, publicKey, privateKey) => {
      if (err) return reject(err)
      const pub = publicKey.export({ format: 'jwk' }).x
      const priv = privateKey.export({ format: 'jwk' }).d
      if (!pub || !priv) return reject(new Error('x25519 key without its raw bytes'))
      resolve({ private: Buffer.from(priv, 'base64url'), public: Buffer.from(pub, 'base64url') })
    })
  )
}

function pump(): void {
  while (inFlight < IN_FLIGHT && pool.length + inFlight < target) {
    inFlight++
    oneAsync()
      .then((pair) => void pool.push(pair), () => undefined) // a failure: Baileys generates that one itself
      .finally(() => {
        inFlight--
        pump()
      })
  }
}

/** Routes Curve.generateKeyPair through the pool (once per process). */
export function installKeyPairPool(): void {
  if (installed) return
  installed = true
  const own = Curve.generateKeyPair.bind(Curve)
  Curve.generateKeyPair = () => pool.shift() ?? own()
}

/** Fills the pool up to `count` pairs in the background (an unpaired socket: its pre-keys come at pairing). */
export function fillKeyPairPool(count: number): void {
  installKeyPairPool()
  target = count
  pump()
}

/** Forgets the pairs ready and the target (tests: a process that ran other sockets first holds theirs). */
export function emptyKeyPairPool(): void {
  target = 0
  pool.length = 0
}

/** Pairs ready now (tests, benches). */
export const keyPairsReady = (): number => pool.length
