// What to do when a Baileys socket closes, by disconnect code. Pure and clock-injected so it is unit-tested.
//
// The FAILED rule (documented in the OpenAPI description too): an instance becomes FAILED when
//  - it cannot reach a logged-in connection after `maxAttempts` consecutive attempts, retried with capped
//    exponential back-off and jitter (defaults: 8 attempts, 1 s doubling to 60 s, about 3 minutes), or
//  - no one scanned its QR during `maxQrCycles` full QR cycles (each cycle is about 2.5 minutes), or
//  - the network replaced the session (440) `conflictLimit` times within `conflictWindowMs`, or
//  - the network refused the account: 403 (locked/forbidden), 402 (temporarily banned) or 406 (banned), the
//    `<failure reason>` the real server answers a refused login with; retrying would only hammer the ban.
// 515 (restart required, normal right after pairing) reconnects at once and 401 (logged out) wipes the
// pairing and starts a fresh registration; neither counts as a failed attempt.
// FAILED for a cause that may pass (retries exhausted while the network was unreachable or timing out, e.g. a
// laptop asleep) is not the end for a paired instance: it stays FAILED but keeps trying in the background every
// `backgroundRetryMs` (default 5 minutes, shortened by up to `jitter`), and goes WORKING when one connects.
// Terminal causes never retry by themselves: logged out (401), conflicts (440), refusals (402/403/406), no scan.
// Stuck in STARTING (the service spec): a connection that neither opens nor shows a QR within `stuckStartMs`
// (45 s) is restarted by the session's watchdog; after `stuckStartLimit` such restarts in a row it is FAILED
// (stuck_starting), terminal like the causes above.
import type { EngineFailure } from '../engine-adapter.js'

export interface ReconnectConfig {
  maxAttempts: number
  baseDelayMs: number
  maxDelayMs: number
  /** 0..1: the delay is multiplied by a random factor in [1 - jitter, 1]. */
  jitter: number
  maxQrCycles: number
  conflictLimit: number
  conflictWindowMs: number
  /** Cadence of background attempts after a non-terminal FAILED (see above); 0 = never. */
  backgroundRetryMs: number
  /** A connection neither open nor showing a QR after this long is restarted (watchdog); 0 = never. */
  stuckStartMs: number
  /** Watchdog restarts in a row before FAILED (stuck_starting). */
  stuckStartLimit: number
}

export const DEFAULT_RECONNECT: ReconnectConfig = {
  maxAttempts: 8,
  baseDelayMs: 1000,
  maxDelayMs: 60_000,
  jitter: 0.3,
  maxQrCycles: 5,
  conflictLimit: 3,
  conflictWindowMs: 5 * 60_000,
  backgroundRetryMs: 5 * 60_000,
  stuckStartMs: 45_000,
  stuckStartLimit: 3
}

/** What happened before this close; the session keeps it and passes it back in. */
export interface ReconnectHistory {
  /** Consecutive closes since the last logged-in connection. */
  failedAttempts: number
  /** QR cycles that ran out unscanned since the last start. */
  qrCycles: number
  /** Times of recent 440 closes. */
  conflicts: number[]
}

export const freshHistory = (): ReconnectHistory => ({ failedAttempts: 0, qrCycles: 0, conflicts: [] })

export interface CloseInfo {
  code: number | undefined
  message: string | undefined
  /** The socket was showing a QR when it closed. */
  wasShowingQr: boolean
}

export type ReconnectDecision =
  | { action: 'reconnect'; delayMs: number; history: ReconnectHistory }
  | { action: 'logged_out'; history: ReconnectHistory }
  | { action: 'fail'; reason: EngineFailure; history: ReconnectHistory }

export const DISCONNECT = { loggedOut: 401, tempBanned: 402, forbidden: 403, banned: 406, timedOut: 408, conflict: 440, restartRequired: 515 } as const

export function backoffDelay(attempt: number, config: ReconnectConfig, random: () => number): number {
  const exp = Math.min(config.maxDelayMs, config.baseDelayMs * 2 ** Math.max(0, attempt - 1))
  return Math.round(exp * (1 - config.jitter * random()))
}

/**
 * After a `fail` decision: the delay before the next background attempt, or undefined when the cause is terminal
 * (the caller also requires a pairing: an unpaired instance has nothing to resume).
 */
export function backgroundRetryDelay(
  failure: { reason: EngineFailure; code: number | undefined },
  config: ReconnectConfig,
  random: () => number = Math.random
): number | undefined {
  if (config.backgroundRetryMs <= 0 || failure.reason !== 'retries_exhausted' || failure.code === DISCONNECT.loggedOut) return undefined
  return Math.round(config.backgroundRetryMs * (1 - config.jitter * random()))
}

export function decideReconnect(
  close: CloseInfo,
  history: ReconnectHistory,
  now: number,
  config: ReconnectConfig = DEFAULT_RECONNECT,
  random: () => number = Math.random
): ReconnectDecision {
  switch (close.code) {
    case DISCONNECT.restartRequired:
      return { action: 'reconnect', delayMs: 0, history }
    case DISCONNECT.loggedOut: {
      // Counted, so that a pairing that keeps getting refused cannot loop forever.
      const next = { ...history, failedAttempts: history.failedAttempts + 1 }
      if (next.failedAttempts >= config.maxAttempts) return { action: 'fail', reason: 'retries_exhausted', history: next }
      return { action: 'logged_out', history: next }
    }
    case DISCONNECT.forbidden:
      return { action: 'fail', reason: 'forbidden', history }
    case DISCONNECT.tempBanned:
    case DISCONNECT.banned:
      return { action: 'fail', reason: 'banned', history }
    case DISCONNECT.conflict: {
      const conflicts = [...history.conflicts.filter((t) => now - t < config.conflictWindowMs), now]
      const next = { ...history, conflicts }
      if (conflicts.length >= config.conflictLimit) return { action: 'fail', reason: 'conflict', history: next }
      // Back off harder than for a plain drop: reconnecting at once is how 440 loops start.
      return { action: 'reconnect', delayMs: backoffDelay(conflicts.length + 2, config, random), history: next }
    }
  }
  if (close.wasShowingQr && close.code === DISCONNECT.timedOut) {
    // The QR refs ran out with no scan: a new socket brings new QRs, but not forever.
    const qrCycles = history.qrCycles + 1
    const next = { ...history, qrCycles }
    if (qrCycles >= config.maxQrCycles) return { action: 'fail', reason: 'qr_timeout', history: next }
    return { action: 'reconnect', delayMs: 0, history: next }
  }
  const failedAttempts = history.failedAttempts + 1
  const next = { ...history, failedAttempts }
  if (failedAttempts >= config.maxAttempts) return { action: 'fail', reason: 'retries_exhausted', history: next }
  return { action: 'reconnect', delayMs: backoffDelay(failedAttempts, config, random), history: next }
}
