// API tokens: generation, hashing (only hashes are stored) and constant-time comparison.
import { hash, randomBytes, timingSafeEqual } from 'node:crypto'

/** 256 bits, URL-safe: fits query strings and headers unescaped. */
export const generateToken = (bytes = 32): string => randomBytes(bytes).toString('base64url')

// One-shot hash: no Hash object per call (the auth hook hashes the presented token on every request).
export const hashToken = (token: string): Buffer => hash('sha256', token, 'buffer')

export const hashTokenHex = (token: string): string => hashToken(token).toString('hex')

/** Compares SHA-256 digests, which always have the same length, so timingSafeEqual never throws. */
export function tokenMatchesHash(token: string, storedHashHex: string): boolean {
  const stored = Buffer.from(storedHashHex, 'hex')
  const given = hashToken(token)
  return stored.length === given.length && timingSafeEqual(stored, given)
}
