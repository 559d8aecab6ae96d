// What to do after one delivery attempt. Pure: the worker feeds it the HTTP outcome and applies the decision.
//
// Schedule: the webhook's {delay, attempts} (Wawp default {2 s, 15}). `attempts` counts every POST, the first
// included. After the k-th failure the next attempt waits delay * 2^(k-1), capped at maxDelayMs (1 h), then
// +/-20 % jitter. Default {2, 15}: 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048, 3600, 3600, 3600 s
// (14 retries over ~4.1 h), then dead-letter (row kept, replayable).
// Status rules (Standard Webhooks / Svix): 2xx = delivered; 410 = dead-letter and disable the webhook;
// 400/401/403/404/422 = dead-letter at once (the receiver will not change its mind by itself: fix it and
// replay; configurable through nonRetryableStatuses); 429/503 with Retry-After = wait exactly that long
// (clamped to maxRetryAfterMs), still counted as an attempt so retries stay bounded; 3xx, other 4xx/5xx,
// timeouts and network errors = retry on the schedule.
import type { WebhookRetries } from './webhook-input.js'

export interface RetryPolicyOptions {
  /** Milliseconds per unit of `retries.delay` and of Retry-After seconds: 1000 in production, tests shrink it. */
  delayUnitMs: number
  maxDelayMs: number
  /** Relative jitter, 0.2 = +/-20 %. */
  jitter: number
  maxRetryAfterMs: number
  nonRetryableStatuses: ReadonlySet<number>
}

export const DEFAULT_RETRY_POLICY: Readonly<RetryPolicyOptions> = {
  delayUnitMs: 1000,
  maxDelayMs: 3_600_000,
  jitter: 0.2,
  maxRetryAfterMs: 86_400_000,
  nonRetryableStatuses: new Set([400, 401, 403, 404, 422])
}

export interface AttemptOutcome {
  /** HTTP status, absent when no response arrived (timeout, refused, reset). */
  status?: number
  retryAfter?: string | null
}

export type Decision =
  | { kind: 'delivered' }
  | { kind: 'gone' }
  | { kind: 'dead'; reason: 'non_retryable' | 'exhausted' }
  | { kind: 'retry'; delayMs: number; fromRetryAfter: boolean }

/** Retry-After as delta-seconds or an HTTP date; null when absent or unparseable. Result in ms (>= 0). */
export function parseRetryAfter(value: string | null | undefined, nowMs: number, unitMs = 1000): number | null {
  if (!value) return null
  const text = value.trim()
  if (/^\d+$/.test(text)) return Number(text) * unitMs
  const at = Date.parse(text)
  return Number.isNaN(at) ? null : Math.max(0, at - nowMs)
}

/** Delay after the `failures`-th failed attempt (1-based), before jitter is applied by `jittered`. */
export function backoffMs(retries: WebhookRetries, failures: number, opts: RetryPolicyOptions): number {
  const base = retries.delay * opts.delayUnitMs * 2 ** Math.max(0, failures - 1)
  return Math.min(base, opts.maxDelayMs)
}

export const jittered = (ms: number, jitter: number, random: () => number): number => Math.max(0, Math.round(ms * (1 + jitter * (2 * random() - 1))))

export const totalAttempts = (retries: WebhookRetries): number => Math.max(1, retries.attempts)

/**
 * @param attemptNo 1-based number of the attempt just made in the current round.
 */
export function decide(
  outcome: AttemptOutcome,
  attemptNo: number,
  retries: WebhookRetries,
  opts: RetryPolicyOptions,
  nowMs: number,
  random: () => number
): Decision {
  const s = outcome.status
  if (s !== undefined && s >= 200 && s < 300) return { kind: 'delivered' }
  if (s === 410) return { kind: 'gone' }
  if (s !== undefined && opts.nonRetryableStatuses.has(s)) return { kind: 'dead', reason: 'non_retryable' }
  if (attemptNo >= totalAttempts(retries)) return { kind: 'dead', reason: 'exhausted' }
  if (s === 429 || s === 503) {
    const after = parseRetryAfter(outcome.retryAfter, nowMs, opts.delayUnitMs)
    if (after !== null) return { kind: 'retry', delayMs: Math.min(after, opts.maxRetryAfterMs), fromRetryAfter: true }
  }
  return { kind: 'retry', delayMs: jittered(backoffMs(retries, attemptNo, opts), opts.jitter, random), fromRetryAfter: false }
}
