// Group operations under a policy, with a controllable clock: the first runs at once, the next waits briefly
// for its slot, a longer wait is a 429 rate_limited (nothing queued behind the caller's back), the daily
// cap a 429 daily_cap_reached, and only successful operations count.
import { afterEach, describe, expect, it } from 'vitest'
import type { Db } from '../db/connection.js'
import { createRateLimiter, createSendQueue, dailyCount, ManualClock, RateLimitError } from '../rate-limit/index.js'
import { limits, openRateDb } from '../rate-limit/testing.js'
import type { PolicyLimits } from '../rate-limit/limits.js'
import { createGroupPacer } from './group-pacing.js'

let db: Db
afterEach(() => db?.close())

const t0 = new Date(2026, 4, 12, 10, 0, 0).getTime()

function setup(policy: PolicyLimits, maxWaitMs = 20_000) {
  db = openRateDb().db
  const clock = new ManualClock(t0)
  const limiter = createRateLimiter({ db, limitsFor: () => policy, now: () => clock.now() })
  const queue = createSendQueue({ limiter, clock })
  return { clock, queue, pacer: createGroupPacer({ limiter, queue }, { maxWaitMs }) }
}

const rejection = async (p: Promise<unknown>): Promise<RateLimitError> => {
  const e = await p.then(() => undefined, (err: unknown) => err)
  if (!(e instanceof RateLimitError)) throw new Error(`expected a RateLimitError, got ${String(e)}`)
  return e
}

describe('group pacing', () => {
  it('strict-like 4/min: runs at once, waits 15 s for the next slot, refuses a third that would wait 30 s', async () => {
    const { clock, pacer } = setup(limits({ group_req_per_minute: 4, group_daily_cap: 50 }))
    const ran: number[] = []
    const op = (n: number) => pacer.run('I1', async () => (ran.push(clock.now() - t0), n))
    expect(await op(1)).toBe(1)
    const second = op(2)
    const third = await rejection(op(3))
    expect(third.code).toBe('rate_limited')
    expect(third.details).toMatchObject({ reason: 'per_minute', kind: 'group', limit: 4 })
    expect(Number(third.details?.retry_after_ms)).toBeGreaterThan(20_000)
    await clock.advance(15_000)
    expect(await second).toBe(2)
    expect(ran).toEqual([0, 15_000])
    expect(dailyCount(db, 'I1', 'group', clock.now())).toBe(2)
  })

  it('the daily cap refuses at once with resets_at; failures do not count', async () => {
    const { pacer, clock } = setup(limits({ group_daily_cap: 2 }))
    await expect(pacer.run('I1', async () => Promise.reject(new Error('network said no')))).rejects.toThrow('network said no')
    await pacer.run('I1', async () => 'a')
    await pacer.run('I1', async () => 'b')
    const capped = await rejection(pacer.run('I1', async () => 'c'))
    expect(capped.code).toBe('daily_cap_reached')
    expect(capped.details?.resets_at).toBe(new Date(new Date(2026, 4, 13, 0, 0, 0).getTime()).toISOString())
    expect(dailyCount(db, 'I1', 'group', clock.now())).toBe(2)
  })

  it('unlimited policies and instances are independent', async () => {
    const { pacer } = setup(limits({}), 0)
    const results = await Promise.all([1, 2, 3, 4, 5].map((n) => pacer.run(`I${n % 2}`, async () => n)))
    expect(results).toEqual([1, 2, 3, 4, 5])
  })

  it('without a limiter (no rate-limit module wired) the operation just runs', async () => {
    expect(await createGroupPacer(undefined).run('I1', async () => 'ok')).toBe('ok')
  })
})
