// Issue 19 end to end through the sandbox (real core, real Baileys, real HTTP and webhooks): a list uploaded as a
// multipart CSV with a broken row, a campaign to it that skips the number not on WhatsApp (never messaged), the
// opt-out reply (suppressed afterwards, one confirmation), a window that opens by itself, the autopilot pausing on
// the network's 463 and resuming by itself, and pausing on the failure rate. Counted on the simulated phones.
import { describe, expect, it } from 'vitest'
import { pairInstance, waitUntil, type TestCore } from '../testing/core-harness.js'
import { SkippableClock } from '../testing/skippable-clock.js'
import { useCore } from '../testing/suite.js'
import { startVerifyingReceiver, webhookTo, type VerifyingReceiver } from '../testing/event-fixtures.js'
import { campaignCsv } from '../sandbox/testing/campaign-fixtures.js'
import type { Campaign, CampaignStats } from './campaign-types.js'

const US = '15550140001'
const FAST = { minDelayMs: 50, maxDelayMs: 150, dailyCapPerNumber: null, warmup: false }

describe.sequential('campaigns end to end (sandbox)', () => {
  const clock = new SkippableClock()
  let t: TestCore
  let rx: VerifyingReceiver
  let id: string

  useCore(async (core, { closeAfter }) => {
    t = core
    rx = closeAfter(await startVerifyingReceiver('campaign-secret'))
    id = await pairInstance(t, US, 'Shop')
    await webhookTo(t, id, rx, ['campaign.status', 'campaign.progress', 'campaign.opt_out'])
    expect((await t.call('PATCH', '/v2/session/rate-limit', { instance_id: id, policy_slug: 'unlimited' })).statusCode).toBe(200)
  }, { plan: 'paid', timeoutMs: 120_000, clock })

  const received = async (phone: string) => (await t.call('GET', `/sandbox/phones/${phone}/messages`)).json() as { id: string; text: string | null; fromMe: boolean }[]
  const inbox = async (phone: string) => (await received(phone)).filter((m) => !m.fromMe)
  // A campaign counts a message sent at the server's ack; the phone decrypts it a moment later. Wait until the phone
  // has one, then the caller asserts it has exactly one (the thread-on suite once read it too early: 0 of 1).
  const arrived = async (phone: string, match: (m: { text: string | null }) => boolean) =>
    waitUntil(async () => {
      const got = (await inbox(phone)).filter(match)
      return got.length ? got : undefined
    }, 15_000, `a message at ${phone}`)
  const phone = async (p: string) => expect((await t.call('POST', '/sandbox/phones', {}, { phone_number: p, name: `P${p.slice(-3)}` })).statusCode).toBe(201)
  const upload = async (name: string, csv: string) => {
    const boundary = '----sb' + Math.random().toString(16).slice(2)
    const body = [`--${boundary}`, 'Content-Disposition: form-data; name="name"', '', name, `--${boundary}`, 'Content-Disposition: form-data; name="file"; filename="list.csv"', 'Content-Type: text/csv', '', csv, `--${boundary}--`, ''].join('\r\n')
    return t.inject({ method: 'POST', url: `/v2/campaigns/lists?access_token=${t.token}`, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` }, payload: body })
  }
  const get = async (cid: string) => (await t.call('GET', `/v2/campaigns/${cid}`)).json() as { campaign: Campaign; stats: CampaignStats }
  const waitState = (cid: string, state: string, ms = 30_000) => waitUntil(async () => ((await get(cid)).campaign.state === state ? true : undefined), ms, `campaign ${state}`)
  const draft = async (body: Record<string, unknown>) => {
    const res = await t.call('POST', '/v2/campaigns', {}, { instanceIds: [id], pacing: FAST, ...body })
    expect(res.statusCode, res.statusCode === 500 ? t.logLines.filter((l) => l.includes('"err"')).slice(-2).join('\n') : res.body).toBe(201)
    return res.json() as Campaign
  }
  const start = async (cid: string) => {
    const res = await t.call('POST', `/v2/campaigns/${cid}/start`, {}, { consent: { confirmed: true } })
    expect(res.statusCode, res.body).toBe(200)
    return res.json() as Campaign
  }

  let listId: string
  const fixture = campaignCsv({ count: 4, prefix: '1555014', start: 100, badRows: 1 })
  const [A, B, C, NOT_ON_WA] = fixture.phones as [string, string, string, string]

  it('a CSV list, a draft checked against it, consent, the audience check; the campaign skips the number not on WhatsApp and messages the others once', async () => {
    for (const p of [A, B, C]) await phone(p)
    const res = await upload('Customers', fixture.csv)
    expect(res.statusCode, res.body).toBe(201)
    const report = res.json() as { list: { id: string; contactCount: number; variables: string[] }; rejected: { line: number; reason: string }[]; rejectedCount: number }
    expect(report.list).toMatchObject({ contactCount: 4, variables: ['name', 'order'] })
    expect(report.rejected).toEqual([expect.objectContaining({ line: fixture.badLines[0], reason: 'invalid_phone' })])
    listId = report.list.id
    expect((await t.call('POST', '/v2/campaigns/lists', {}, { name: 'x', csv: 'name,city\na,b\n' })).json()).toMatchObject({ code: 'missing_phone_column' })

    const bad = await t.call('POST', '/v2/campaigns', {}, { name: 'Bad', listId, instanceIds: [id], template: { text: 'Hi {{nmae}}' } })
    expect(bad.statusCode).toBe(422)
    expect(bad.json()).toMatchObject({ code: 'unknown_variable', details: { variable: 'nmae' } })
    const preview = (await t.call('POST', '/v2/campaigns/preview', {}, { listId, template: { text: '{{name|friend}}: order {{order}} is ready' }, limit: 2 })).json() as { previews: { text: string }[] }
    expect(preview.previews.map((p) => p.text)).toEqual(['Person 0: order A-1000 is ready', 'Person 1: order A-1001 is ready'])

    const c = await draft({ name: 'Order ready', listId, template: { text: '{Hi|Hello} {{name}}, order {{order}} is ready' }, footer: 'Reply STOP to opt out' })
    expect((await t.call('POST', `/v2/campaigns/${c.id}/start`, {}, {})).json()).toMatchObject({ code: 'consent_required' })
    const progress = async () => (await t.call('GET', `/v2/campaigns/${c.id}/audience-check`)).json()
    expect(await progress()).toMatchObject({ total: 4, checked: 0, unchecked: 4, checking: false })
    // Two asks at once follow one check (the service's, not the front door's); the progress is the store's.
    const check = async () => (await t.call('POST', `/v2/campaigns/${c.id}/audience-check`)).json()
    const [audience, again] = await Promise.all([check(), check()])
    expect(audience).toMatchObject({ total: 4, checked: 4, onWhatsApp: 3, notOnWhatsApp: 1, unchecked: 0, checking: false })
    expect(again).toEqual(audience)
    expect(await progress()).toEqual(audience)
    // The English sentence for API clients, and the numbers and zone a client words in its own language.
    expect((await t.call('GET', `/v2/campaigns/${c.id}/estimate`)).json()).toMatchObject({ remaining: 3, text: expect.stringMatching(/^≈ \d+ min, ends \w{3} \d\d:\d\d$/), durationMs: expect.any(Number), endsAt: expect.any(Number), timeZone: c.schedule.timeZone })

    await start(c.id)
    await waitState(c.id, 'completed')
    for (const [p, i] of [[A, 0], [B, 1], [C, 2]] as const) {
      const got = await arrived(p, () => true)
      expect(got, p).toHaveLength(1)
      expect(got[0]!.text).toMatch(new RegExp(`^(Hi|Hello) Person ${i}, order A-${1000 + i} is ready\\n\\nReply STOP to opt out$`))
    }
    const notOnWa = (await t.call('GET', `/v2/campaigns/${c.id}/recipients`, { state: 'skipped' })).json() as { items: { phone: string; reason: string; messageId: string | null }[] }
    expect(notOnWa.items).toEqual([expect.objectContaining({ phone: NOT_ON_WA, reason: 'not_on_whatsapp', messageId: null })])
    const { stats } = await get(c.id)
    expect(stats.total).toBe(4)
    expect(stats.counts.skipped).toBe(1)
    expect(stats.counts.sent + stats.counts.delivered + stats.counts.read).toBe(3)
    await rx.waitFor('campaign.status', (p) => (p.campaign as Campaign).id === c.id && (p.campaign as Campaign).state === 'completed')
    await rx.waitFor('campaign.progress', (p) => p.campaignId === c.id)
    const csv = (await t.call('GET', `/v2/campaigns/${c.id}/export`)).body
    expect(csv.split('\r\n')[0]).toBe('phone,state,reason,instance_id,message_id,on_whatsapp,sent_at,name,order')
    expect(csv).toContain(`+${NOT_ON_WA},skipped,not_on_whatsapp,${id},,false,`)
    // Delivery receipts move recipients forward (a receipt that overtakes the store's copy of a first message is
    // not reported by the store, so not every one is seen).
    await waitUntil(async () => ((await get(c.id)).stats.counts.delivered + (await get(c.id)).stats.counts.read >= 1 ? true : undefined), 15_000, 'delivered')
  }, 90_000)

  it('an opt-out reply: the number is suppressed, gets one confirmation, an event; the next campaign skips it', async () => {
    const before = (await inbox(B)).length
    await t.core.sandbox!.sendText(B, US, 'STOP')
    await rx.waitFor('campaign.opt_out', (p) => (p.optOut as { phone: string }).phone === B, 15_000)
    await waitUntil(async () => ((await inbox(B)).length === before + 1 ? true : undefined), 15_000, 'confirmation')
    expect((await inbox(B)).at(-1)!.text).toMatch(/won't receive more messages/)
    expect(((await t.call('GET', '/v2/campaigns/opt-outs')).json() as { items: { phone: string; source: string }[] }).items).toEqual([expect.objectContaining({ phone: B, source: 'keyword' })])
    // A second STOP: no second confirmation.
    await t.core.sandbox!.sendText(B, US, 'stop')
    const again = await draft({ name: 'Second', listId, template: { text: 'Second {{name}}' } })
    await start(again.id)
    await waitState(again.id, 'completed')
    expect((await inbox(B)).filter((m) => /won't receive/.test(m.text ?? ''))).toHaveLength(1)
    expect((await inbox(B)).some((m) => m.text?.startsWith('Second'))).toBe(false)
    expect((await inbox(A)).some((m) => m.text === 'Second Person 0')).toBe(true)
    const skipped = (await t.call('GET', `/v2/campaigns/${again.id}/recipients`, { state: 'skipped' })).json() as { items: { phone: string; reason: string }[] }
    expect(skipped.items.map((r) => [r.phone, r.reason]).sort()).toEqual([[B, 'opted_out'], [NOT_ON_WA, 'not_on_whatsapp']].sort())
  }, 60_000)

  it('the autopilot pauses on the network\'s 463 (after 2 new chats) with the reason in words and resumes by itself when it lifts', async () => {
    const f = campaignCsv({ count: 4, prefix: '1555015', start: 0 })
    for (const p of f.phones) await phone(p)
    const list = (await t.call('POST', '/v2/campaigns/lists', {}, { name: 'New people', csv: f.csv })).json() as { list: { id: string } }
    expect((await t.call('PATCH', `/sandbox/phones/${US}/settings`, {}, { timelock_after: { new_chats: 2, window_seconds: 600, lock_seconds: 6 } })).statusCode).toBe(200)
    const c = await draft({ name: 'Cold', listId: list.list.id, template: { text: 'Welcome {{name}}' } })
    await start(c.id)
    const paused = await rx.waitFor('campaign.status', (p) => (p.campaign as Campaign).id === c.id && (p.campaign as Campaign).state === 'paused', 30_000)
    const reason = (paused.payload.campaign as Campaign).pauseReason!
    expect(reason).toMatchObject({ code: 'deliverability', autoResume: true })
    expect(reason.message).toMatch(/^WhatsApp locked new chats \(463\) on .+ \(\+15550140001\) until .+; the campaign resumes by itself/)
    await waitState(c.id, 'completed', 60_000)
    for (const p of f.phones) expect(await arrived(p, (m) => !!m.text?.startsWith('Welcome')), p).toHaveLength(1)
    expect((await get(c.id)).stats.counts.failed).toBe(0)
    await t.call('PATCH', `/sandbox/phones/${US}/settings`, {}, { timelock_after: null })
  }, 120_000)

  it('the autopilot pauses on the failure rate and says why; it does not resume by itself', async () => {
    const c = await draft({
      name: 'Broken media', listId, template: { text: 'See {{name}}', media: { url: `${t.core.url}/nothing-here.jpg`, mimetype: 'image/jpeg' } },
      autopilot: { window: 10, maxFailureRate: 0.5, minSample: 2 }
    })
    await start(c.id)
    await waitState(c.id, 'paused', 30_000)
    const { campaign, stats } = await get(c.id)
    expect(campaign.pauseReason).toMatchObject({ code: 'failure_rate', autoResume: false, message: expect.stringMatching(/^2 of the last 2 sends failed \(100%/) })
    expect(stats.counts.failed).toBe(2)
    expect(Object.keys(stats.failedBy)).toEqual(['file_unreachable'])
    await new Promise((r) => setTimeout(r, 3_000))
    expect((await get(c.id)).campaign.state).toBe('paused')
    expect((await t.call('POST', `/v2/campaigns/${c.id}/cancel`)).json()).toMatchObject({ state: 'cancelled' })
  }, 60_000)

  it('the restart operation (which empties the send queue) pauses the campaign; the dropped recipient waits again and is sent once', async () => {
    const f = campaignCsv({ count: 3, prefix: '1555017', start: 0 })
    for (const p of f.phones) await phone(p)
    const list = (await t.call('POST', '/v2/campaigns/lists', {}, { name: 'Restart', csv: f.csv })).json() as { list: { id: string } }
    // 20 a minute: the second send waits ~3 s in the instance's queue.
    expect((await t.call('PATCH', '/v2/session/rate-limit', { instance_id: id, policy_slug: 'standard_policy' })).statusCode).toBe(200)
    const c = await draft({ name: 'Restarted', listId: list.list.id, template: { text: 'Restart {{name}}' } })
    await start(c.id)
    const queued = await waitUntil(async () => {
      const page = (await t.call('GET', `/v2/campaigns/${c.id}/recipients`, { state: 'queued' })).json() as { items: { phone: string; messageId: string }[] }
      const r = page.items[0]
      return r && ((await t.call('GET', '/v2/send/queue', { instance_id: id, messageId: r.messageId })).json() as { message?: { status: string } }).message?.status === 'queued' ? r : undefined
    }, 20_000, 'a send waiting in the queue')
    expect((await t.call('POST', '/v2/session/restart', { instance_id: id })).statusCode).toBe(200)
    expect((await t.call('PATCH', '/v2/session/rate-limit', { instance_id: id, policy_slug: 'unlimited' })).statusCode).toBe(200)
    const paused = await waitUntil(async () => { const g = await get(c.id); return g.campaign.state === 'paused' ? g.campaign : undefined }, 15_000, 'paused')
    expect(['queue_purged', 'instance_not_working']).toContain(paused.pauseReason!.code)
    await t.waitForStatus(id, 'WORKING', 30_000)
    if ((await get(c.id)).campaign.pauseReason?.autoResume === false) expect((await t.call('POST', `/v2/campaigns/${c.id}/resume`)).statusCode).toBe(200)
    await waitState(c.id, 'completed', 60_000)
    for (const p of f.phones) expect(await arrived(p, (m) => !!m.text?.startsWith('Restart')), p).toHaveLength(1)
    // The dropped send stayed dropped (purged, never sent); the recipient waited again and went with a new message.
    expect(((await t.call('GET', '/v2/send/queue', { instance_id: id, messageId: queued.messageId })).json() as { message: { status: string } }).message.status).toBe('purged')
    const after = ((await t.call('GET', `/v2/campaigns/${c.id}/recipients`, { search: queued.phone })).json() as { items: { state: string; messageId: string }[] }).items[0]!
    expect(after.messageId).not.toBe(queued.messageId)
    expect(['sent', 'delivered', 'read']).toContain(after.state)
  }, 120_000)

  it('sandbox phones that answer STOP by themselves and that block the sender', async () => {
    const [X, Y] = ['15550180001', '15550180002']
    for (const p of [X, Y]) await phone(p)
    expect((await t.call('PATCH', `/sandbox/phones/${X}/settings`, {}, { auto_reply: 'STOP' })).json()).toMatchObject({ auto_reply: 'STOP', block_on_receive: false })
    expect((await t.call('PATCH', `/sandbox/phones/${Y}/settings`, {}, { block_on_receive: true })).json()).toMatchObject({ auto_reply: null, block_on_receive: true })
    const list = (await t.call('POST', '/v2/campaigns/lists', {}, { name: 'Behaviours', rows: [{ phone: `+${X}`, name: 'X' }, { phone: `+${Y}`, name: 'Y' }] })).json() as { list: { id: string } }
    const first = await draft({ name: 'First', listId: list.list.id, template: { text: 'First {{name}}' } })
    await start(first.id)
    await waitState(first.id, 'completed')
    await rx.waitFor('campaign.opt_out', (p) => (p.optOut as { phone: string }).phone === X, 15_000)
    await waitUntil(async () => ((await inbox(X)).some((m) => /won't receive/.test(m.text ?? '')) ? true : undefined), 15_000, 'confirmation to X')
    const second = (await t.call('POST', `/v2/campaigns/${first.id}/duplicate`, {}, { name: 'Second round' })).json() as Campaign
    expect(second).toMatchObject({ state: 'draft', name: 'Second round', listId: list.list.id })
    await start(second.id)
    await waitState(second.id, 'completed')
    const recipients = (await t.call('GET', `/v2/campaigns/${second.id}/recipients`)).json() as { items: { phone: string; state: string; reason: string | null }[] }
    expect(recipients.items.find((r) => r.phone === X)).toMatchObject({ state: 'skipped', reason: 'opted_out' })
    // Y blocked us after the first message: the second is accepted by the network (sent) and never delivered.
    expect(recipients.items.find((r) => r.phone === Y)).toMatchObject({ state: 'sent' })
    await new Promise((r) => setTimeout(r, 1_000))
    expect((await inbox(Y)).map((m) => m.text)).toEqual(['First Y'])
    expect((await inbox(X)).filter((m) => m.text?.startsWith('First') || m.text?.startsWith('Second'))).toHaveLength(1)
  }, 90_000)

  // Last: it moves the core's clock ahead, which the network's own hold times (463 above) do not follow.
  it('a window that is closed waits, and the campaign sends by itself when it opens', async () => {
    const now = new Date(clock.now())
    // At least 20 s ahead: on a loaded machine creating and starting the draft takes seconds.
    const open = new Date(Math.ceil((now.getTime() + 20_000) / 60_000) * 60_000)
    const hhmm = (d: Date) => `${String(d.getUTCHours()).padStart(2, '0')}:${String(d.getUTCMinutes()).padStart(2, '0')}`
    const close = new Date(open.getTime() + 10 * 60_000)
    if (close.getUTCDate() !== open.getUTCDate()) return // across midnight UTC: the window cannot be one day's (rare)
    const c = await draft({ name: 'Windowed', listId, template: { text: 'Windowed {{name}}' }, schedule: { timeZone: 'UTC', window: { days: [open.getUTCDay()], from: hhmm(open), to: hhmm(close) } } })
    await start(c.id)
    const waiting = await waitUntil(async () => (await get(c.id)).campaign.waitingUntil ?? undefined, 10_000, 'waiting')
    expect(waiting).toBe(open.getTime())
    expect((await inbox(A)).some((m) => m.text?.startsWith('Windowed'))).toBe(false)
    // Rather than wait up to 80 s for the minute: the clock skips to 2 s before the opening, still closed then.
    clock.skip(open.getTime() - 2_000 - clock.now())
    expect((await get(c.id)).campaign.state).toBe('running')
    expect((await inbox(A)).some((m) => m.text?.startsWith('Windowed'))).toBe(false)
    await waitState(c.id, 'completed', 30_000)
    expect(clock.now()).toBeGreaterThanOrEqual(open.getTime())
    expect(await arrived(A, (m) => m.text === 'Windowed Person 0')).toHaveLength(1)
  }, 120_000)
})
