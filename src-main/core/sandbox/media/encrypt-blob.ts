// Blobs the simulated phone or server puts on the media host for a client to download by direct path (history
// chunks, app-state snapshots), encrypted as WhatsApp media are: keys expanded from a random mediaKey by HKDF with
// the media type's info string, AES-256-CBC, then the first 10 bytes of HMAC-SHA256(iv || ciphertext) appended.
import { createCipheriv, createHash, createHmac, hkdfSync, randomBytes } from 'node:crypto'
import { hkdfInfoKey, type MediaType } from '@whiskeysockets/baileys'

export interface EncryptedBlob {
  body: Buffer
  mediaKey: Buffer
  fileSha256: Buffer
  fileEncSha256: Buffer
}

export function encryptBlob(plain: Buffer, type: MediaType): EncryptedBlob {
  const mediaKey = randomBytes(32)
  const keys = Buffer.from(hkdfSync('sha256', mediaKey, Buffer.alloc(0), hkdfInfoKey(type), 112))
  const iv = keys.subarray(0, 16)
  const c = createCipheriv('aes-256-cbc', keys.subarray(16, 48), iv)
  const enc = Buffer.concat([c.update(plain), c.final()])
  const mac = createHmac('sha256', keys.subarray(48, 80)).update(iv).update(enc).digest().subarray(0, 10)
  const body = Buffer.concat([enc, mac])
  return { body, mediaKey, fileSha256: createHash('sha256').update(plain).digest(), fileEncSha256: createHash('sha256').update(body).digest() }
}
