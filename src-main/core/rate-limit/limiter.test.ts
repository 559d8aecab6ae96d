// Limiter semantics with a controllable clock and a real SQLite file.
import { afterEach, describe, expect, it } from 'vitest'
import type { Db } from '../db/connection.js'
import { ManualClock } from './clock.js'
import { nextLocalMidnight } from './calendar.js'
import { recordSent } from './counters-repo.js'
import { createRateLimiter, type Admission, type Denial } from './limiter.js'
import type { PolicyLimits } from './limits.js'
import { findPolicy, parseProtectionSeconds, withProtectionSeconds } from './policies.js'
import { limits, openRateDb, UNLIMITED } from './testing.js'

let db: Db
afterEach(() => {
  if (db?.open) db.close()
})

// A fixed local time, so midnight arithmetic is in the machine's zone like the product's.
const t0 = new Date(2026, 4, 12, 10, 0, 0).getTime()

function setup(policy: PolicyLimits, file?: string) {
  if (!file) ({ db, file } = openRateDb())
  else db = openRateDb(file).db
  const clock = new ManualClock(t0)
  const limiter = createRateLimiter({ db, limitsFor: () => policy, now: () => clock.now() })
  return { clock, limiter, file: file! }
}

const ok = (r: Admission | Denial): Admission => {
  if (!r.ok) throw new Error(`denied: ${r.reason}`)
  return r
}

describe('rate limiter', () => {
  it('spaces sends 60/N seconds apart and never allows more than N in any 60 s window', async () => {
    const { clock, limiter } = setup(limits({ send_message_per_minute: 6 }))
    ok(limiter.admit('I1', 'send')).release()
    expect(limiter.admit('I1', 'send')).toMatchObject({ ok: false, reason: 'per_minute', retryAfterMs: 10_000, limit: 6 })
    await clock.advance(9_999)
    expect(limiter.admit('I1', 'send').ok).toBe(false)
    await clock.advance(1)
    ok(limiter.admit('I1', 'send')).release()

    // Greedy sender trying every 250 ms for 5 minutes.
    const admitted: number[] = []
    for (let i = 0; i < 1200; i++) {
      const r = limiter.admit('I1', 'send')
      if (r.ok) {
        admitted.push(clock.now())
        r.release()
      }
      await clock.advance(250)
    }
    for (const start of admitted) expect(admitted.filter((t) => t >= start && t < start + 60_000).length).toBeLessThanOrEqual(6)
    expect(admitted.length).toBe(29) // one every 10 s from t0+20 s to t0+300 s
  })

  it('keeps the daily cap across a restart (reopened database) and resets it at local midnight', async () => {
    const policy = limits({ send_message_daily_cap: 3 })
    const first = setup(policy)
    for (let i = 0; i < 3; i++) ok(first.limiter.admit('I1', 'send')).commit()
    const denied = first.limiter.admit('I1', 'send')
    expect(denied).toMatchObject({ ok: false, reason: 'daily_cap', limit: 3, resetsAt: nextLocalMidnight(t0) })
    expect((denied as Denial).retryAfterMs).toBe(nextLocalMidnight(t0) - t0)
    db.close()

    const again = setup(policy, first.file)
    expect(again.limiter.admit('I1', 'send')).toMatchObject({ ok: false, reason: 'daily_cap' })
    expect(again.limiter.admit('I2', 'send').ok).toBe(true) // per instance
    await again.clock.advanceTo(nextLocalMidnight(t0) - 1)
    expect(again.limiter.admit('I1', 'send').ok).toBe(false)
    await again.clock.advance(1)
    expect(again.limiter.admit('I1', 'send').ok).toBe(true)
  })

  it('counts a calendar day, not a rolling 24 h: sends at 23:59 do not block 00:00', async () => {
    const { clock, limiter } = setup(limits({ send_message_daily_cap: 2 }))
    await clock.advanceTo(new Date(2026, 4, 12, 23, 59, 30).getTime())
    ok(limiter.admit('I1', 'send')).commit()
    ok(limiter.admit('I1', 'send')).commit()
    expect(limiter.admit('I1', 'send')).toMatchObject({ reason: 'daily_cap', retryAfterMs: 30_000 })
    await clock.advance(30_000)
    expect(limiter.snapshot('I1').send).toMatchObject({ today: 0, remainingToday: 2 })
    ok(limiter.admit('I1', 'send')).commit()
  })

  it('reserves in-flight sends against the cap and counts only what was recorded', () => {
    const { limiter } = setup(limits({ send_message_daily_cap: 2 }))
    const a = ok(limiter.admit('I1', 'send'))
    ok(limiter.admit('I1', 'send'))
    expect(limiter.admit('I1', 'send')).toMatchObject({ reason: 'daily_cap' })
    a.release() // that send failed: its slot comes back
    const c = ok(limiter.admit('I1', 'send'))
    // Counted in the caller's transaction; a rollback means not counted.
    expect(() =>
      db.transaction(() => {
        recordSent(db, 'I1', 'send', t0)
        throw new Error('rollback')
      })()
    ).toThrow('rollback')
    expect(limiter.snapshot('I1').send.today).toBe(0)
    db.transaction(() => recordSent(db, 'I1', 'send', t0))()
    c.release()
    expect(limiter.snapshot('I1').send).toMatchObject({ today: 1, inFlight: 1, remainingToday: 0 })
  })

  it('holds sends (only sends) during the protection window after WORKING', async () => {
    const { clock, limiter } = setup(limits({ account_protection_seconds: 60 }))
    ok(limiter.admit('I1', 'send')).release() // never marked WORKING: no window
    limiter.markWorking('I1')
    expect(limiter.admit('I1', 'send')).toMatchObject({ ok: false, reason: 'protection', retryAfterMs: 60_000, limit: 60 })
    ok(limiter.admit('I1', 'check')).release()
    ok(limiter.admit('I1', 'group')).release()
    await clock.advance(59_000)
    expect(limiter.admit('I1', 'send')).toMatchObject({ reason: 'protection', retryAfterMs: 1000 })
    await clock.advance(1000)
    ok(limiter.admit('I1', 'send'))
    expect(limiter.snapshot('I1').protectionUntil).toBe(t0 + 60_000)
  })

  it('the operator\'s protection override replaces the window of policies that have one, never adds one', () => {
    const strict = findPolicy('strict')!.limits
    expect(withProtectionSeconds(strict, undefined)).toBe(strict)
    expect(withProtectionSeconds(strict, 5)).toEqual({ ...strict, account_protection_seconds: 5 })
    expect(withProtectionSeconds(findPolicy('unlimited')!.limits, 5).account_protection_seconds).toBeNull()
    expect(parseProtectionSeconds(undefined)).toBeUndefined()
    expect(parseProtectionSeconds('')).toBeUndefined()
    expect(parseProtectionSeconds('0')).toBe(0)
    expect(parseProtectionSeconds('15')).toBe(15)
    for (const bad of ['-1', '1.5', 'soon', '3601']) expect(() => parseProtectionSeconds(bad), bad).toThrow(/SWITCHBOARD_ACCOUNT_PROTECTION_SECONDS/)
    const { limiter } = setup(withProtectionSeconds(limits({ account_protection_seconds: 60 }), 5))
    limiter.markWorking('I1')
    expect(limiter.admit('I1', 'send')).toMatchObject({ ok: false, reason: 'protection', retryAfterMs: 5_000, limit: 5 })
  })

  it('limits sends in flight; a purge frees slots and ignores late releases', () => {
    const { limiter } = setup(limits({ concurrent_limit: 2 }))
    const a = ok(limiter.admit('I1', 'send'))
    const b = ok(limiter.admit('I1', 'send'))
    expect(limiter.admit('I1', 'send')).toMatchObject({ ok: false, reason: 'concurrency', limit: 2 })
    ok(limiter.admit('I1', 'check')).release() // other kinds are not concurrency-limited
    a.release()
    a.release() // idempotent
    const c = ok(limiter.admit('I1', 'send'))
    limiter.purge('I1')
    ok(limiter.admit('I1', 'send'))
    b.release()
    c.release() // from before the purge: must not free the new run's slots
    ok(limiter.admit('I1', 'send'))
    expect(limiter.admit('I1', 'send')).toMatchObject({ reason: 'concurrency' })
  })

  it('applies group and check limits separately from sends', async () => {
    const { clock, limiter } = setup(
      limits({ send_message_per_minute: 1, group_req_per_minute: 2, group_daily_cap: 3, check_req_per_minute: 60, check_daily_cap: 2 })
    )
    ok(limiter.admit('I1', 'send')).release()
    ok(limiter.admit('I1', 'group')).commit()
    expect(limiter.admit('I1', 'group')).toMatchObject({ reason: 'per_minute', retryAfterMs: 30_000 })
    ok(limiter.admit('I1', 'check')).commit()
    expect(limiter.admit('I1', 'check')).toMatchObject({ reason: 'per_minute', retryAfterMs: 1000 })
    await clock.advance(1000)
    ok(limiter.admit('I1', 'check')).commit()
    await clock.advance(1000)
    expect(limiter.admit('I1', 'check')).toMatchObject({ reason: 'daily_cap', limit: 2 })
    await clock.advance(28_000)
    ok(limiter.admit('I1', 'group')).commit()
    await clock.advance(30_000)
    ok(limiter.admit('I1', 'group')).commit()
    await clock.advance(30_000)
    expect(limiter.admit('I1', 'group')).toMatchObject({ reason: 'daily_cap', limit: 3 })
    expect(limiter.snapshot('I1')).toMatchObject({ group: { today: 3, remainingToday: 0 }, check: { today: 2 } })
  })

  it('unlimited means unlimited', () => {
    const { limiter } = setup(UNLIMITED)
    limiter.markWorking('I1')
    for (let i = 0; i < 5000; i++) {
      for (const kind of ['send', 'group', 'check'] as const) expect(limiter.admit('I1', kind).ok).toBe(true)
    }
    expect(limiter.snapshot('I1').send).toMatchObject({ inFlight: 5000, lastMinute: 5000, dailyCap: null, remainingToday: null })
  })

  it('persists the per-minute state across a restart', () => {
    const policy = limits({ send_message_per_minute: 2 })
    const first = setup(policy)
    ok(first.limiter.admit('I1', 'send')).release()
    db.close()
    const again = setup(policy, first.file)
    expect(again.limiter.admit('I1', 'send')).toMatchObject({ reason: 'per_minute', retryAfterMs: 30_000 })
  })

  it('treats a rate or cap of 0 as "none allowed"', () => {
    const { limiter } = setup(limits({ check_daily_cap: 0, group_req_per_minute: 0 }))
    expect(limiter.admit('I1', 'check')).toMatchObject({ reason: 'daily_cap' })
    expect(limiter.admit('I1', 'group')).toMatchObject({ reason: 'per_minute' })
  })
})
