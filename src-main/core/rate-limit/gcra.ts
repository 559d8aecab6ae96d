// GCRA (generic cell rate algorithm): one timestamp per key, no drip timer. With burst 1 it spaces
// requests exactly `intervalMs` apart, which also guarantees at most N per any 60 s window for N/min.

export interface GcraResult {
  allowed: boolean
  /** New theoretical arrival time to store (unchanged when not allowed). */
  tat: number
  /** How long until the request would be allowed (0 when allowed). */
  retryAfterMs: number
}

/**
 * @param tat stored theoretical arrival time (0 or less when the key is fresh)
 * @param burst requests allowed back to back (>= 1)
 */
export function gcra(tat: number, now: number, intervalMs: number, burst = 1): GcraResult {
  const base = Math.max(tat, now)
  const newTat = base + intervalMs
  const allowAt = newTat - intervalMs * Math.max(1, burst)
  if (now < allowAt) return { allowed: false, tat, retryAfterMs: allowAt - now }
  return { allowed: true, tat: newTat, retryAfterMs: 0 }
}

/** Earliest time a request would pass, without consuming it. */
export const gcraNextAllowedAt = (tat: number, now: number, intervalMs: number, burst = 1): number =>
  Math.max(now, Math.max(tat, now) + intervalMs - intervalMs * Math.max(1, burst))
