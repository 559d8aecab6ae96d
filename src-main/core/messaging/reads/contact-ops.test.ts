// Number checks go through the instance's check limiter: short waits are held, long ones refused (429), the
// daily cap refused with its reset time. Manual clock, no sleeps.
import { afterEach, describe, expect, it } from 'vitest'
import type { Db } from '../../db/connection.js'
import { ManualClock } from '../../rate-limit/clock.js'
import { createRateLimiter } from '../../rate-limit/limiter.js'
import type { PolicyLimits } from '../../rate-limit/limits.js'
import { createSendQueue } from '../../rate-limit/send-queue.js'
import { limits, openRateDb } from '../../rate-limit/testing.js'
import { MAX_CHECK_WAIT_MS, normalizeCheckPhone, throughCheckLimiter } from './contact-ops.js'

let db: Db
afterEach(() => db?.close())

function setup(policy: PolicyLimits) {
  db = openRateDb().db
  const clock = new ManualClock(new Date(2026, 4, 12, 10, 0, 0).getTime())
  const limiter = createRateLimiter({ db, limitsFor: () => policy, now: () => clock.now() })
  const queue = createSendQueue({ limiter, clock })
  return { clock, deps: { limiter, queue } }
}

describe('number checks through the check limiter', () => {
  it('holds a check for a short wait and runs it on time', async () => {
    const { clock, deps } = setup(limits({ check_req_per_minute: 6 })) // one every 10 s
    expect(await throughCheckLimiter(deps, 'I1', async () => 'first')).toBe('first')
    let second: string | undefined
    void throughCheckLimiter(deps, 'I1', async () => 'second').then((v) => (second = v))
    await clock.advance(9_000)
    expect(second).toBeUndefined()
    await clock.advance(1_000)
    expect(second).toBe('second')
  })

  it('refuses a check that would wait longer than the limit with 429 rate_limited', async () => {
    const { deps } = setup(limits({ check_req_per_minute: 2 })) // one every 30 s
    await throughCheckLimiter(deps, 'I1', async () => 1)
    const err = await throughCheckLimiter(deps, 'I1', async () => 2).catch((e: unknown) => e)
    expect(err).toMatchObject({ code: 'rate_limited', details: { kind: 'check', reason: 'per_minute' } })
    expect((err as { details: { retry_after_ms: number } }).details.retry_after_ms).toBeGreaterThan(MAX_CHECK_WAIT_MS)
  })

  it('refuses over the daily cap with daily_cap_reached and resets_at', async () => {
    const { deps } = setup(limits({ check_daily_cap: 2 }))
    await throughCheckLimiter(deps, 'I1', async () => 1)
    await throughCheckLimiter(deps, 'I1', async () => 2)
    const err = await throughCheckLimiter(deps, 'I1', async () => 3).catch((e: unknown) => e)
    expect(err).toMatchObject({ code: 'daily_cap_reached', details: { kind: 'check', reason: 'daily_cap' } })
    expect((err as { details: { resets_at: string } }).details.resets_at).toMatch(/T/)
  })

  it('a failed check does not count', async () => {
    const { deps } = setup(limits({ check_daily_cap: 1 }))
    await expect(throughCheckLimiter(deps, 'I1', async () => Promise.reject(new Error('network')))).rejects.toThrow('network')
    expect(await throughCheckLimiter(deps, 'I1', async () => 'ok')).toBe('ok')
  })
})

describe('check-exists phone parameter', () => {
  it('keeps digits with the country code and refuses the rest', () => {
    expect(normalizeCheckPhone('+1 555 010-1002')).toBe('15550101002')
    expect(normalizeCheckPhone('15550101002@c.us')).toBe('15550101002')
    for (const bad of ['', 'abc', '0044123456789', '12345', '+']) expect(() => normalizeCheckPhone(bad)).toThrowError(expect.objectContaining({ code: 'invalid_param' }))
  })
})
