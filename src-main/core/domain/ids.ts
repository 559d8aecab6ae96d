// Instance identifiers: 12 uppercase alphanumeric characters, as the v2 API documents them.
import { randomInt } from 'node:crypto'

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'
export const INSTANCE_ID_LENGTH = 12

export function generateInstanceId(): string {
  let id = ''
  // randomInt is uniform over the alphabet (no modulo bias).
  for (let i = 0; i < INSTANCE_ID_LENGTH; i++) id += ALPHABET[randomInt(ALPHABET.length)]
  return id
}

/** Lenient input check: clients type ids in lower case too, so callers normalise with toUpperCase first. */
export const isInstanceId = (value: string): boolean => /^[A-Z0-9]{12}$/.test(value)

/** Display name of a new session, in the hosted service's style (`wawp-84729105`). */
export function generateSessionName(): string {
  return `sb-${String(randomInt(10_000_000, 100_000_000))}`
}
