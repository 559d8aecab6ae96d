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

describe('AuthFailureLimiter across addresses (issue 21 item 5)', () => {
  const caps = { perCredential: 100, perInstance: 100, perAddress: 5, perAccount: 8, global: 12, windowMs: 10_000 }

  it('counts every loopback address as one: 127.x.y.z sources do not multiply the address cap', () => {
    const limiter = new AuthFailureLimiter(caps, () => 0)
    for (let i = 0; i < 5; i++) limiter.recordFailure({ address: `127.0.${i}.${i + 2}`, credential: `g${i}`, instanceId: undefined })
    expect(limiter.throttled({ address: '127.9.9.9', credential: 'next', instanceId: undefined })).toEqual({ retryAfter: 10, scope: 'address' })
    expect(limiter.throttled({ address: '::ffff:127.0.0.1', credential: 'next', instanceId: undefined })?.scope).toBe('address')
    expect(limiter.throttled({ address: '10.0.0.2', credential: 'next', instanceId: undefined })).toBeUndefined()
  })

  it('caps failures against one account from any address, then every failure anywhere', () => {
    const limiter = new AuthFailureLimiter(caps, () => 0)
    for (let i = 0; i < 8; i++) limiter.recordFailure({ address: `10.0.0.${i}`, credential: `g${i}`, instanceId: 'AAAAAAAAAAAA', accountId: 'acc_1' })
    expect(limiter.throttled({ address: '10.0.1.1', credential: 'x', instanceId: 'BBBBBBBBBBBB', accountId: 'acc_1' })?.scope).toBe('account')
    expect(limiter.throttled({ address: '10.0.1.1', credential: 'x', instanceId: 'CCCCCCCCCCCC', accountId: 'acc_2' })).toBeUndefined()
    for (let i = 0; i < 4; i++) limiter.recordFailure({ address: `10.0.2.${i}`, credential: `h${i}`, instanceId: undefined })
    expect(limiter.throttled({ address: '10.9.9.9', credential: 'y', instanceId: undefined })).toEqual({ retryAfter: 10, scope: 'global' })
  })
})
