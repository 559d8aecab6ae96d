// Group and number-check limits of the strict policy through real HTTP on the sandbox, with the core's
// ManualClock: a call waits (held, not refused) for a slot up to 20 s away, a longer wait is 429 rate_limited
// with Retry-After, an exhausted daily cap 429 daily_cap_reached with resets_at. The clock is far ahead of the
// wall clock on purpose: waits are computed on the limiter's own clock.
import type { LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { dailyCount, ManualClock, nextLocalMidnight, recordSent } from '../../../rate-limit/index.js'
import { pairInstance, startTestCore, type TestCore } from '../../../testing/core-harness.js'

const ME = '15550131001'
const BOB = '15550131002'

/** Settles once the request answered; `done` says whether it has (a held request has not). */
function tracked(p: Promise<LightMyRequestResponse>): { done: boolean; res: Promise<LightMyRequestResponse> } {
  const t: { done: boolean; res: Promise<LightMyRequestResponse> } = { done: false, res: p }
  t.res = p.then((r) => ((t.done = true), r))
  return t
}
const turns = async (n = 20) => {
  for (let i = 0; i < n; i++) await new Promise((r) => setImmediate(r))
}

describe('group and number-check limits (strict policy, ManualClock)', () => {
  const clock = new ManualClock(Date.now() + 3 * 3_600_000)
  let t: TestCore
  let id = ''
  const api = (method: 'GET' | 'POST' | 'PUT', path: string, body?: Record<string, unknown>) =>
    method === 'GET' ? t.call('GET', path, { instance_id: id, ...(body as Record<string, string>) }) : t.call(method, path, { instance_id: id }, body ?? {})

  beforeAll(async () => {
    t = await startTestCore('sandbox', { clock })
    id = await pairInstance(t, ME, 'Me')
    await t.core.sandbox!.createPhone({ phoneNumber: BOB, name: 'Bob' })
  })
  afterAll(async () => t?.close())

  it('check-exists (10/min, 6 s apart): held while the slot is near, 429 rate_limited beyond 20 s, 429 daily_cap_reached over the cap', async () => {
    const check = () => api('GET', '/v2/contacts/check-exists', { phone: BOB })
    expect((await check()).json()).toEqual({ numberExists: true, chatId: `${BOB}@c.us` })
    const held = [tracked(check()), tracked(check()), tracked(check())] // 6, 12 and 18 s away
    await turns()
    expect(held.map((h) => h.done)).toEqual([false, false, false])
    const refused = await check() // 24 s away
    expect(refused.statusCode).toBe(429)
    expect(refused.json()).toMatchObject({ code: 'rate_limited', details: { reason: 'per_minute', kind: 'check', limit: 10 } })
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(20)
    await clock.advance(18_000)
    for (const h of held) expect((await h.res).json()).toMatchObject({ numberExists: true })
    expect(dailyCount(t.core.db, id, 'check', clock.now())).toBe(4)

    recordSent(t.core.db, id, 'check', clock.now(), 300 - 4) // the rest of today's 300
    await clock.advance(60_000)
    const capped = await check()
    expect(capped.statusCode).toBe(429)
    expect(capped.json()).toMatchObject({ code: 'daily_cap_reached', details: { resets_at: new Date(nextLocalMidnight(clock.now())).toISOString() } })
  })

  it('group mutations (4/min, 15 s apart): held while the slot is near, 429 rate_limited beyond 20 s, 429 daily_cap_reached over the cap', async () => {
    await clock.advance(60_000)
    const created = await api('POST', '/v2/groups', { name: 'Paced', participants: [`${BOB}@c.us`] })
    expect(created.statusCode, created.body).toBe(201)
    const gid = created.json().id as string
    const rename = (subject: string) => api('PUT', `/v2/groups/${gid}/subject`, { subject })
    const held = tracked(rename('Second')) // 15 s away
    await turns()
    expect(held.done).toBe(false)
    const refused = await rename('Third') // 30 s away
    expect(refused.statusCode).toBe(429)
    expect(refused.json()).toMatchObject({ code: 'rate_limited', details: { reason: 'per_minute', kind: 'group', limit: 4 } })
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(20)
    await clock.advance(15_000)
    expect((await held.res).statusCode).toBe(200)
    expect((await t.core.sandbox!.personSocket(BOB).then((s) => s.groupMetadata(gid))).subject).toBe('Second')
    // Reads are not counted or paced.
    expect((await api('GET', `/v2/groups/${gid}`)).statusCode).toBe(200)
    expect(dailyCount(t.core.db, id, 'group', clock.now())).toBe(2)

    recordSent(t.core.db, id, 'group', clock.now(), 50 - 2)
    await clock.advance(60_000)
    const capped = await rename('Over the cap')
    expect(capped.statusCode).toBe(429)
    expect(capped.json()).toMatchObject({ code: 'daily_cap_reached', details: { resets_at: new Date(nextLocalMidnight(clock.now())).toISOString() } })
  })
})
