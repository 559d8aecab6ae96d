// Time-ordered event ids: `evt_` + 26-char ULID (48-bit ms time + 80-bit randomness, Crockford base32).
// Lowercase, as in the v2 docs' example; monotonic inside one millisecond so ids sort in creation order.
import { randomBytes } from 'node:crypto'

const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz'

export type IdGenerator = (nowMs: number) => string

/** A generator keeps its own monotonic state; pass one per process (or use `newEventId`). */
export function createEventIdGenerator(random: (n: number) => Uint8Array = randomBytes): IdGenerator {
  let lastTime = -1
  let last: Uint8Array = new Uint8Array(10)
  return (nowMs: number) => {
    const time = Math.max(0, Math.floor(nowMs))
    if (time <= lastTime) {
      // Same (or a backwards) millisecond: increment the previous randomness so ids stay strictly ordered.
      last = increment(last)
    } else {
      lastTime = time
      last = Uint8Array.from(random(10))
    }
    return `evt_${encodeTime(Math.max(time, lastTime))}${encodeRandom(last)}`
  }
}

function encodeTime(ms: number): string {
  let out = ''
  let t = ms
  for (let i = 0; i < 10; i++) {
    out = ALPHABET[t % 32]! + out
    t = Math.floor(t / 32)
  }
  return out
}

function encodeRandom(bytes: Uint8Array): string {
  // 80 bits, 5 at a time from the most significant end (no BigInt: this runs on every enqueue).
  let out = ''
  let acc = 0
  let bits = 0
  for (const b of bytes) {
    acc = ((acc << 8) | b) & 0x1fff
    bits += 8
    while (bits >= 5) {
      bits -= 5
      out += ALPHABET[(acc >> bits) & 31]!
    }
  }
  return out
}

function increment(bytes: Uint8Array): Uint8Array {
  const next = Uint8Array.from(bytes)
  for (let i = next.length - 1; i >= 0; i--) {
    if (next[i]! < 255) {
      next[i] = next[i]! + 1
      return next
    }
    next[i] = 0
  }
  return next // 2^80 ids in one millisecond: wraps, practically unreachable
}

/** Default process-wide generator (stateless callers); monotonic within this process. */
export const newEventId: IdGenerator = createEventIdGenerator()

export const EVENT_ID_PATTERN = /^evt_[0-9a-hjkmnp-tv-z]{26}$/
