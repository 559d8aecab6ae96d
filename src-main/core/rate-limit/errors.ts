// Rate-limit refusals as domain errors; the HTTP layer answers 429 with `details.retry_after_ms` / `resets_at`.
import { DomainError } from '../domain/errors.js'
import type { Denial } from './limiter.js'

export const DENIAL_CODES = {
  daily_cap: 'daily_cap_reached',
  per_minute: 'rate_limited',
  protection: 'account_protection',
  concurrency: 'concurrency_limit'
} as const

export class RateLimitError extends DomainError {
  constructor(readonly denial: Denial) {
    const what =
      denial.reason === 'daily_cap'
        ? `daily cap of ${denial.limit} reached; it resets at ${new Date(denial.resetsAt ?? 0).toISOString()}`
        : denial.reason === 'protection'
          ? 'the account protection window after connecting is still running'
          : denial.reason === 'concurrency'
            ? `${denial.limit} sends already in flight`
            : `more than ${denial.limit} per minute`
    super(DENIAL_CODES[denial.reason], `Rate limit: ${what}`, {
      reason: denial.reason,
      kind: denial.kind,
      limit: denial.limit,
      retry_after_ms: denial.retryAfterMs,
      // Whole seconds: the HTTP layer turns it into a Retry-After header.
      retry_after: Math.max(1, Math.ceil(denial.retryAfterMs / 1000)),
      ...(denial.resetsAt !== undefined ? { resets_at: new Date(denial.resetsAt).toISOString() } : {})
    })
  }
}

/** A queued job dropped because its instance restarted (or its queue was otherwise purged). */
export class QueuePurgedError extends DomainError {}

/** The instance's queue holds its maximum number of waiting jobs. */
export class QueueFullError extends DomainError {}
