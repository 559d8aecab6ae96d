// The FIFO that holds sends over the rate: positions/ETAs, in-order release, daily-cap refusal, purge.
import { afterEach, describe, expect, it } from 'vitest'
import type { Db } from '../db/connection.js'
import { ManualClock } from './clock.js'
import { QueuePurgedError, RateLimitError } from './errors.js'
import { createRateLimiter } from './limiter.js'
import type { PolicyLimits } from './limits.js'
import { createSendQueue, type SubmitResult } from './send-queue.js'
import { limits, openRateDb } from './testing.js'

let db: Db
afterEach(() => db?.close())

const t0 = new Date(2026, 4, 12, 10, 0, 0).getTime()

function setup(policy: PolicyLimits) {
  db = openRateDb().db
  const clock = new ManualClock(t0)
  const limiter = createRateLimiter({ db, limitsFor: () => policy, now: () => clock.now() })
  const queue = createSendQueue({ limiter, clock })
  return { clock, limiter, queue }
}

function deferred() {
  let resolve!: () => void
  const promise = new Promise<void>((r) => (resolve = r))
  return { promise, resolve }
}

const queued = <T>(r: SubmitResult<T>) => {
  if (r.status !== 'queued') throw new Error(`expected queued, got ${r.status}`)
  return r
}

describe('send queue', () => {
  it('runs the first at once, queues the rest with positions and ETAs, and runs them in order on time', async () => {
    const { clock, queue } = setup(limits({ send_message_per_minute: 6 }))
    const ran: Array<[number, number]> = []
    const submit = (n: number) => queue.submit('I1', 'send', async (ctx) => (ran.push([n, ctx.admittedAt - t0]), n))
    expect(submit(1).status).toBe('started')
    const q = [submit(2), submit(3), submit(4)].map(queued)
    expect(q.map((r) => [r.position, r.etaMs, r.reason])).toEqual([
      [1, 10_000, 'per_minute'],
      [2, 20_000, 'per_minute'],
      [3, 30_000, 'per_minute']
    ])
    expect(queue.position('I1', 'send', q[1]!.jobId)).toEqual({ position: 2, etaAt: t0 + 20_000, reason: 'per_minute' })
    expect(queue.snapshot('I1').queueLength).toBe(3)
    await clock.advance(10_000)
    expect(ran).toEqual([
      [1, 0],
      [2, 10_000]
    ])
    expect(queue.position('I1', 'send', q[1]!.jobId)).toEqual({ position: 1, etaAt: t0 + 20_000, reason: 'per_minute' })
    await clock.advance(20_000)
    expect(await Promise.all(q.map((r) => r.result))).toEqual([2, 3, 4])
    expect(ran.map(([, at]) => at)).toEqual([0, 10_000, 20_000, 30_000])
    expect(queue.length('I1')).toBe(0)
  })

  it('refuses at once what would pass the daily cap, counting queued jobs', async () => {
    const { clock, queue, limiter } = setup(limits({ send_message_per_minute: 60, send_message_daily_cap: 3 }))
    // In production sends are counted in the caller's transaction (recordSent); here via countOnSuccess.
    const job = async () => undefined
    const results = Array.from({ length: 5 }, () => queue.submit('I1', 'send', job, { countOnSuccess: true }))
    expect(results.map((r) => r.status)).toEqual(['started', 'queued', 'queued', 'rejected', 'rejected'])
    const rejected = results[3]!
    if (rejected.status !== 'rejected') throw new Error('unreachable')
    expect(rejected.error).toBeInstanceOf(RateLimitError)
    expect(rejected.error).toMatchObject({ code: 'daily_cap_reached', details: { reason: 'daily_cap', limit: 3 } })
    await clock.advance(2000)
    expect(limiter.snapshot('I1').send.today).toBe(3)
  })

  it('holds sends during the protection window and releases them when it ends', async () => {
    const { clock, limiter, queue } = setup(limits({ account_protection_seconds: 60, send_message_per_minute: 30 }))
    limiter.markWorking('I1', t0)
    const a = queued(queue.submit('I1', 'send', async () => 'a'))
    const b = queued(queue.submit('I1', 'send', async () => 'b'))
    expect([a.reason, a.etaMs, b.etaMs]).toEqual(['protection', 60_000, 62_000])
    // Each waiting job's own reason: the head waits for the protection, the next one also for its 2 s slot after it.
    expect(queue.position('I1', 'send', a.jobId)).toEqual({ position: 1, etaAt: t0 + 60_000, reason: 'protection' })
    expect(queue.position('I1', 'send', b.jobId)).toEqual({ position: 2, etaAt: t0 + 62_000, reason: 'per_minute' })
    await clock.advance(60_000)
    expect(await a.result).toBe('a')
    await clock.advance(2000)
    expect(await b.result).toBe('b')
  })

  it('starts the next job when an in-flight one finishes (concurrency), without waiting for a timer', async () => {
    const { queue } = setup(limits({ concurrent_limit: 1 }))
    const gate = deferred()
    const first = queue.submit('I1', 'send', () => gate.promise)
    const second = queued(queue.submit('I1', 'send', async () => 'second'))
    expect([first.status, second.reason]).toEqual(['started', 'concurrency'])
    expect(queue.position('I1', 'send', second.jobId)?.reason).toBe('concurrency')
    gate.resolve()
    expect(await second.result).toBe('second')
  })

  it('releases the slot when a job fails', async () => {
    const { queue } = setup(limits({ concurrent_limit: 1 }))
    const first = queue.submit('I1', 'send', async () => {
      throw new Error('engine down')
    })
    if (first.status !== 'started') throw new Error('expected started')
    await expect(first.result).rejects.toThrow('engine down')
    const next = queue.submit('I1', 'send', async () => 'ok')
    expect(next.status).toBe('started')
  })

  it('purge (restart) rejects waiting jobs and leaves other instances alone', async () => {
    const { queue } = setup(limits({ send_message_per_minute: 1 }))
    queue.submit('I1', 'send', async () => undefined)
    const waiting = [queued(queue.submit('I1', 'send', async () => 1)), queued(queue.submit('I1', 'send', async () => 2))]
    queue.submit('I2', 'send', async () => undefined)
    const other = queued(queue.submit('I2', 'send', async () => 3))
    expect(queue.purge('I1')).toBe(2)
    for (const w of waiting) await expect(w.result).rejects.toBeInstanceOf(QueuePurgedError)
    expect(queue.length('I1')).toBe(0)
    expect(queue.length('I2')).toBe(1)
    expect(queue.position('I2', 'send', other.jobId)?.position).toBe(1)
  })

  it('passes jobs straight through with the unlimited policy', async () => {
    const { queue } = setup(limits({}))
    const results = Array.from({ length: 200 }, (_, i) => queue.submit('I1', 'send', async () => i))
    expect(results.every((r) => r.status === 'started')).toBe(true)
    expect(queue.length('I1')).toBe(0)
  })
})
