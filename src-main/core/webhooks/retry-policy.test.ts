import { describe, expect, it } from 'vitest'
import { backoffMs, decide, DEFAULT_RETRY_POLICY, parseRetryAfter } from './retry-policy.js'

const policy = DEFAULT_RETRY_POLICY
const retries = { delay: 2, attempts: 15 }
const mid = () => 0.5 // no jitter

describe('retry policy', () => {
  it('documents the default schedule: exponential from 2 s, capped at 1 h, 14 retries', () => {
    const delays = Array.from({ length: 14 }, (_, i) => backoffMs(retries, i + 1, policy) / 1000)
    expect(delays).toEqual([2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048, 3600, 3600, 3600])
    expect(decide({ status: 500 }, 14, retries, policy, 0, mid)).toEqual({ kind: 'retry', delayMs: 3_600_000, fromRetryAfter: false })
    expect(decide({ status: 500 }, 15, retries, policy, 0, mid)).toEqual({ kind: 'dead', reason: 'exhausted' })
  })

  it('applies +/-20 % jitter', () => {
    expect(decide({}, 1, retries, policy, 0, () => 0)).toMatchObject({ delayMs: 1600 })
    expect(decide({}, 1, retries, policy, 0, () => 1)).toMatchObject({ delayMs: 2400 })
  })

  it('classifies statuses', () => {
    expect(decide({ status: 204 }, 1, retries, policy, 0, mid).kind).toBe('delivered')
    expect(decide({ status: 410 }, 1, retries, policy, 0, mid).kind).toBe('gone')
    for (const s of [400, 401, 403, 404, 422]) expect(decide({ status: s }, 1, retries, policy, 0, mid)).toEqual({ kind: 'dead', reason: 'non_retryable' })
    for (const s of [301, 408, 500, 502]) expect(decide({ status: s }, 1, retries, policy, 0, mid).kind).toBe('retry')
    expect(decide({ status: 500 }, 1, { delay: 2, attempts: 0 }, policy, 0, mid)).toEqual({ kind: 'dead', reason: 'exhausted' })
  })

  it('honours Retry-After (seconds or HTTP date) on 429 and 503 only', () => {
    const now = Date.parse('2026-01-01T00:00:00Z')
    expect(decide({ status: 429, retryAfter: '7' }, 1, retries, policy, now, mid)).toEqual({ kind: 'retry', delayMs: 7000, fromRetryAfter: true })
    expect(decide({ status: 503, retryAfter: 'Thu, 01 Jan 2026 00:01:00 GMT' }, 1, retries, policy, now, mid)).toMatchObject({ delayMs: 60_000 })
    expect(decide({ status: 500, retryAfter: '7' }, 1, retries, policy, now, mid)).toMatchObject({ delayMs: 2000, fromRetryAfter: false })
    expect(parseRetryAfter('soon', now)).toBeNull()
    expect(parseRetryAfter('Wed, 31 Dec 2025 00:00:00 GMT', now)).toBe(0)
  })
})
