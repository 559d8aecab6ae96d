import { describe, expect, it } from 'vitest'
import { AuthFailureLimiter } from './auth-failure-limiter.js'

describe('AuthFailureLimiter', () => {
  it('counts per credential, per instance and per address, and frees each key as its window slides', () => {
    let now = 0
    const limiter = new AuthFailureLimiter({ perCredential: 2, perInstance: 3, perAddress: 4, windowMs: 10_000 }, () => now)
    const a = { address: '127.0.0.1', credential: 'stale', instanceId: 'AAAAAAAAAAAA' }
    limiter.recordFailure(a)
    now = 1000
    limiter.recordFailure(a)
    expect(limiter.retryAfterSeconds(a)).toBe(9)
    // The same credential from another address, or another credential, is not blocked by this one.
    expect(limiter.retryAfterSeconds({ ...a, address: '10.0.0.2' })).toBe(0)
    expect(limiter.retryAfterSeconds({ ...a, credential: 'other' })).toBe(0)
    limiter.recordFailure({ ...a, credential: 'other' })
    // Instance cap (3) reached: a third credential against that instance is blocked, on another instance it is not.
    expect(limiter.retryAfterSeconds({ ...a, credential: 'third' })).toBe(9)
    expect(limiter.retryAfterSeconds({ ...a, credential: 'third', instanceId: 'BBBBBBBBBBBB' })).toBe(0)
    limiter.recordFailure({ ...a, credential: 'third', instanceId: 'BBBBBBBBBBBB' })
    // Address cap (4) reached: anything from that address is blocked until the oldest failure leaves the window.
    expect(limiter.retryAfterSeconds({ address: '127.0.0.1', credential: 'new', instanceId: undefined })).toBe(9)
    now = 10_000
    expect(limiter.retryAfterSeconds({ address: '127.0.0.1', credential: 'new', instanceId: undefined })).toBe(0)
    expect(limiter.retryAfterSeconds(a)).toBe(0)
    expect(limiter.retryAfterSeconds({ address: '10.0.0.2', credential: 'x', instanceId: undefined })).toBe(0)
  })
})
