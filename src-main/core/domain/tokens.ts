// API tokens: generation, hashing (only hashes are stored) and constant-time comparison.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'

/** 256 bits, URL-safe: fits query strings and headers unescaped. */
export const generateToken = (bytes = 32): string => randomBytes(bytes).toString('base64url')

export const hashToken = (token: string): Buffer => createHash('sha256').update(token, 'utf8').digest()

export const hashTokenHex = (token: string): string => hashToken(token).toString('hex')

/** Compares SHA-256 digests, which always have the same length, so timingSafeEqual never throws. */
export function tokenMatchesHash(token: string, storedHashHex: string): boolean {
  const stored = Buffer.from(storedHashHex, 'hex')
  const given = hashToken(token)
  return stored.length === given.length && timingSafeEqual(stored, given)
}
