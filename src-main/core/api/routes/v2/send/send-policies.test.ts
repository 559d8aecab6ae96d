// Rate-limit policies enforced on /v2/send/* with a controllable clock: the protection window after WORKING,
// per-minute pacing (202 with position/ETA, then sent in order), concurrency (202 while a send is in flight),
// the daily cap (429 with its reset time, kept across a core restart), restart purging the queue, and the
// unlimited policy never queueing.
import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { localDayKey, ManualClock, nextLocalMidnight, recordSent } from '../../../../rate-limit/index.js'
import { pairInstance, startTestCore, waitUntil, type TestCore } from '../../../../testing/core-harness.js'

const ME = '15551270001'
const PEER = '15551270002'

/** Checks `cond` on every turn of the event loop (no fixed sleep) until it holds; fails after `ms` of real time. */
async function eventLoopTurnsUntil<T>(cond: () => T | undefined, ms: number): Promise<T> {
  const deadline = Date.now() + ms
  for (;;) {
    const v = cond()
    if (v !== undefined) return v
    if (Date.now() > deadline) throw new Error('condition not met in time')
    await new Promise((r) => setImmediate(r))
  }
}

describe('send policies (strict by default)', () => {
  const clock = new ManualClock(Date.now())
  let t: TestCore
  let id = ''
  let dataDir = ''
  const send = (message: string, extra: Record<string, string> = {}) =>
    t.call('POST', '/v2/send/text', { instance_id: id, ...extra }, { chatId: PEER, message })
  const queueOf = async (messageId?: string) =>
    (await t.call('GET', '/v2/send/queue', { instance_id: id, ...(messageId ? { messageId } : {}) })).json()
  const inbox = async () => (await t.core.sandbox!.messages(PEER)).map((m) => m.text)

  beforeAll(async () => {
    t = await startTestCore('sandbox', { clock })
    dataDir = t.dataDir
    id = await pairInstance(t, ME)
    await t.core.sandbox!.createPhone({ phoneNumber: PEER, name: 'Peer' })
  })
  afterAll(async () => t?.close())

  it('protection window: sends right after WORKING are queued (202, position, ETA) and go out when it ends', async () => {
    const res = await send('after protection')
    expect(res.statusCode, res.body).toBe(202)
    const body = res.json()
    expect(body).toMatchObject({ status: 'queued', code: 'queued', position: 1, reason: 'protection' })
    expect(body.job_id).toBe(body.key.id)
    expect(body.id._serialized).toBe(`true_${PEER}@c.us_${body.key.id}`)
    // The id in every form a 200 carries it, _data.id included (clients probe _data.id._serialized first).
    expect(body._data.id).toEqual({ fromMe: true, remote: `${PEER}@c.us`, id: body.key.id, _serialized: body.id._serialized })
    expect(Date.parse(body.eta)).toBeGreaterThan(clock.now() + 50_000)
    expect(body.eta_ms).toBeGreaterThan(50_000)
    expect((await queueOf(body.key.id)).message.status).toBe('queued')
    expect(await inbox()).not.toContain('after protection')

    await clock.advance(60_000)
    await waitUntil(async () => (await inbox()).includes('after protection'), 10_000, 'sent after the window')
    // A first message to a contact is marked sent once the server acked it (463/475 come there), which may be
    // just after the recipient already has it.
    const q = await waitUntil(async () => { const r = await queueOf(body.key.id); return r.message.status === 'sent' && r }, 10_000, 'marked sent')
    expect(q.message.status).toBe('sent')
    expect(q.counters.send.today).toBe(1)
    expect(q.policy).toBe('strict')
  })

  it('per minute (8/min): one every 7.5 s; later ones wait in order with growing positions', async () => {
    await clock.advance(10_000)
    const first = await send('pace 1')
    expect(first.statusCode, first.body).toBe(200)
    const second = await send('pace 2')
    const third = await send('pace 3')
    expect([second.statusCode, third.statusCode]).toEqual([202, 202])
    expect([second.json().position, third.json().position]).toEqual([1, 2])
    expect(Date.parse(third.json().eta)).toBeGreaterThan(Date.parse(second.json().eta))
    await clock.advance(7_500)
    await waitUntil(async () => (await inbox()).includes('pace 2'), 10_000, 'pace 2')
    expect(await inbox()).not.toContain('pace 3')
    await clock.advance(7_500)
    await waitUntil(async () => (await inbox()).includes('pace 3'), 10_000, 'pace 3')
    const texts = (await inbox()).filter((x) => x?.startsWith('pace'))
    expect(texts).toEqual(['pace 1', 'pace 2', 'pace 3'])
  })

  it('concurrent_limit 1: a send while another is being handed to the network is 202 with reason concurrency, then goes out', async () => {
    await clock.advance(60_000)
    // A 4 MB document keeps the first send in flight (encrypted and uploaded to the media service) for many turns.
    const file = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(4 * 1024 * 1024)])
    const first = t.call('POST', '/v2/send/pdf', { instance_id: id }, { chatId: PEER, file: { data: file.toString('base64'), filename: 'big.pdf', mimetype: 'application/pdf' } })
    const sending = () => t.core.db.prepare("SELECT message_id FROM outbound_messages WHERE instance_id = ? AND status = 'sending'").pluck().get(id) as string | undefined
    const inFlight = await eventLoopTurnsUntil(sending, 20_000)
    const second = await send('while the pdf uploads')
    expect(second.statusCode, second.body).toBe(202)
    expect(second.json()).toMatchObject({ status: 'queued', reason: 'concurrency', position: 1 })
    expect((await queueOf(inFlight)).message.status).toBe('sending')
    expect((await first).statusCode).toBe(200)
    // Then the per-minute spacing (8/min) decides when it leaves.
    await clock.advance(7_500)
    await waitUntil(async () => (await inbox()).includes('while the pdf uploads'), 10_000, 'queued behind the pdf')
    expect((await queueOf(second.json().key.id)).message.status).toBe('sent')
  })

  it('daily cap: 429 daily_cap_reached with the reset time; it survives a core restart and resets at local midnight', async () => {
    await clock.advance(60_000)
    const today = (await queueOf()).counters.send.today as number
    recordSent(t.core.db, id, 'send', clock.now(), 200 - today - 1) // one left today
    expect((await send('last of the day')).statusCode).toBe(200)
    await clock.advance(10_000)
    const refused = await send('one too many')
    expect(refused.statusCode).toBe(429)
    const err = refused.json()
    expect(err.code).toBe('daily_cap_reached')
    expect(err.details.resets_at).toBe(new Date(nextLocalMidnight(clock.now())).toISOString())
    expect(err.details.retry_after_ms).toBeGreaterThan(0)
    expect(Number(refused.headers['retry-after'])).toBe(Math.ceil(err.details.retry_after_ms / 1000))

    // The counter is in SQLite: a new core on the same data dir still refuses.
    await t.close()
    t = await startTestCore('sandbox', { clock, dataDir })
    await t.waitForStatus(id, 'WORKING', 20_000)
    await clock.advance(61_000)
    const again = await send('still too many')
    expect([again.statusCode, again.json().code]).toEqual([429, 'daily_cap_reached'])

    const day = localDayKey(clock.now())
    await clock.advanceTo(nextLocalMidnight(clock.now()) + 1_000)
    expect(localDayKey(clock.now())).not.toBe(day)
    const tomorrow = await send('a new day')
    expect(tomorrow.statusCode, tomorrow.body).toBe(200)
  })

  it('restart purges the queue: queued rows become purged and are never sent', async () => {
    await clock.advance(10_000)
    const first = await send('before restart')
    expect(first.statusCode).toBe(200)
    const queued = await send('purged 1')
    expect(queued.statusCode).toBe(202)
    const restart = await t.call('POST', '/v2/session/restart', { instance_id: id })
    expect(restart.statusCode, restart.body).toBe(200)
    expect((await queueOf(queued.json().key.id)).message.status).toBe('purged')
    await t.waitForStatus(id, 'WORKING', 20_000)
    await clock.advance(120_000)
    const after = await send('after restart')
    expect(after.statusCode, after.body).toBe(200)
    await waitUntil(async () => (await inbox()).includes('after restart'), 10_000, 'after restart')
    expect(await inbox()).not.toContain('purged 1')
  })

  it('unlimited (paid plan only): a burst is sent at once, never queued', async () => {
    const refused = await t.call('PATCH', '/v2/session/rate-limit', { instance_id: id, policy_slug: 'unlimited' })
    expect(refused.statusCode).toBe(403)
    t.core.db.prepare("UPDATE accounts SET plan = 'paid'").run()
    expect((await t.call('PATCH', '/v2/session/rate-limit', { instance_id: id, policy_slug: 'unlimited' })).statusCode).toBe(200)
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => send(`burst ${i}`)))
    expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(200))
    await waitUntil(async () => (await inbox()).filter((x) => x?.startsWith('burst')).length === 20, 15_000, 'burst')
  })
})
