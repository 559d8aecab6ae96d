// Issue 20 item 1, the cases against a sandbox core with real Baileys: accepted sends are part of their
// chat's history from the moment they are accepted, in GET /v2/chats/messages (ack + `queue`) and the UI bridge's
// chats.messages (what a reload or a chat switch reads): 4 sends waiting (Strict protection), then a restart of the
// instance (all 4 "not sent" with Resend, never gone; a Resend replaces its bubble), a 463 hold (held, with its
// end), then an app restart on the same data dir (the waiting ones listed before WORKING, then sent once each).
import { afterAll, describe, expect, it } from 'vitest'
import type { MessageDto } from '../../../../src-preload/contract/dto.js'
import { connectTestBridge, type TestBridge } from '../../bridge/testing/ws-bridge-client.js'
import { ManualClock } from '../../rate-limit/clock.js'
import { pairInstance, startTestCore, waitUntil, type TestCore } from '../../testing/core-harness.js'

const ME = '15550380001'
const PEER = '15550380002'
const NEW = '15550380003'

interface ApiRow {
  id: string
  body: string
  fromMe: boolean
  ack: number
  ackName: string
  source: string
  queue?: { status: string; reason: string | null; not_before: number | null; accepted_at: number; error: { code: string; message: string } | null; resendable: boolean }
}

describe.sequential('outbound messages in the chat history (sandbox)', () => {
  const clock = new ManualClock(Date.now())
  let t: TestCore
  let ui: TestBridge
  let id = ''
  const open: { close(): unknown }[] = []
  afterAll(async () => {
    for (const c of open.reverse()) await c.close()
  })

  const history = async (chat = PEER, params: Record<string, string> = {}): Promise<ApiRow[]> => {
    const r = await t.call('GET', '/v2/chats/messages', { instance_id: id, chatId: chat, downloadMedia: 'false', ...params })
    expect(r.statusCode, r.body).toBe(200)
    return r.json() as ApiRow[]
  }
  const thread = async (chat = PEER): Promise<MessageDto[]> => {
    const r = await ui.bridge.chats.messages({ instanceId: id, chatId: `${chat}@c.us`, limit: 30 })
    if (!r.ok) throw new Error(r.error.message)
    return r.data.messages
  }
  const send = async (text: string, to = PEER) => {
    const r = await t.call('POST', '/v2/send/text', { instance_id: id }, { chatId: `${to}@c.us`, message: text })
    expect(r.statusCode, r.body).toBe(202)
    return (r.json() as { key: { id: string }; reason: string }).key.id
  }
  const start = async (dataDir?: string, token?: string) => {
    t = await startTestCore('sandbox', { clock, ...(dataDir ? { dataDir } : {}), ...(token ? { accessToken: token } : {}) })
    open.push(t)
    ui = await connectTestBridge(t.core.url, t.core.ui.token)
    open.push(ui)
  }

  it('4 sends waiting are listed at once (ack 0, queue waiting with reason), newest first, and in the thread', async () => {
    await start()
    await t.core.sandbox!.createPhone({ phoneNumber: PEER, name: 'Pat' })
    id = await pairInstance(t, ME, 'Shop')
    await t.core.sandbox!.sendText(PEER, ME, 'hi shop')
    await waitUntil(async () => (await history()).length === 1, 15_000, 'the incoming message stored')
    // Outbound rows are stamped with the limiter's clock (the wall clock in the product): catch it up with the store's.
    await clock.advanceTo(Date.now() + 1_000)
    const ids = []
    for (const text of ['w1', 'w2', 'w3', 'w4']) ids.push(await send(text))

    const rows = await history()
    expect(rows.map((r) => r.body)).toEqual(['w4', 'w3', 'w2', 'w1', 'hi shop'])
    expect(rows.slice(0, 4).map((r) => r.id.split('_').at(-1))).toEqual([...ids].reverse())
    for (const r of rows.slice(0, 4)) expect(r).toMatchObject({ fromMe: true, ack: 0, ackName: 'PENDING', source: 'api', queue: { status: 'waiting', error: null, resendable: false } })
    expect(rows[3]!.queue).toMatchObject({ reason: 'protection', not_before: expect.any(Number) })
    expect(rows[0]!.queue!.reason).toBe('per_minute')
    expect(rows[4]).not.toHaveProperty('queue')
    // Paging counts stored messages; the first page carries every newer waiting send, a later page none of them.
    expect((await history(PEER, { limit: '1' })).map((r) => r.body)).toEqual(['w4', 'w3', 'w2', 'w1', 'hi shop'])
    expect(await history(PEER, { limit: '1', offset: '1' })).toEqual([])
    // Filters: incoming only has none of them; ack=-1 none yet.
    expect((await history(PEER, { 'filter.fromMe': 'false' })).map((r) => r.body)).toEqual(['hi shop'])
    expect(await history(PEER, { 'filter.ack': '-1' })).toEqual([])

    const bubbles = await thread()
    expect(bubbles.map((m) => [m.text, m.ack, m.queue?.state])).toEqual([
      ['hi shop', null, undefined],
      ['w1', 'pending', 'waiting'],
      ['w2', 'pending', 'waiting'],
      ['w3', 'pending', 'waiting'],
      ['w4', 'pending', 'waiting']
    ])
  }, 90_000)

  it('an instance restart: all 4 stay, not sent with the reason and Resend; a Resend replaces its bubble', async () => {
    expect((await t.call('POST', '/v2/session/restart', { instance_id: id })).statusCode).toBe(200)
    const rows = await history()
    expect(rows.map((r) => [r.body, r.ack, r.queue?.status, r.queue?.error?.code, r.queue?.resendable])).toEqual([
      ['w4', -1, 'not_sent', 'queue_purged', true],
      ['w3', -1, 'not_sent', 'queue_purged', true],
      ['w2', -1, 'not_sent', 'queue_purged', true],
      ['w1', -1, 'not_sent', 'queue_purged', true],
      ['hi shop', 0, undefined, undefined, undefined]
    ])
    expect((await history(PEER, { 'filter.ack': '-1' })).length).toBe(4)
    const bubbles = await thread()
    expect(bubbles.filter((m) => m.fromMe).map((m) => [m.text, m.ack, m.queue?.state, m.queue?.resendable])).toEqual([
      ['w1', 'failed', 'not_sent', true],
      ['w2', 'failed', 'not_sent', true],
      ['w3', 'failed', 'not_sent', true],
      ['w4', 'failed', 'not_sent', true]
    ])
    expect(bubbles[1]!.queue!.error).toMatch(/restarted/)

    await t.waitForStatus(id, 'WORKING', 25_000)
    const w2 = bubbles.find((m) => m.text === 'w2')!
    const again = await ui.bridge.queue.resend({ instanceId: id, messageId: w2.id })
    if (!again.ok) throw new Error(again.error.message)
    const after = (await thread()).filter((m) => m.fromMe)
    expect(after.map((m) => [m.text, m.ack])).toEqual([
      ['w1', 'failed'],
      ['w3', 'failed'],
      ['w4', 'failed'],
      ['w2', 'pending']
    ])
    expect(after.at(-1)!.id).toBe(again.data.id)
  }, 60_000)

  it('a 463 hold: the held send is in its chat, held, with the hold\'s end', async () => {
    await t.core.sandbox!.createPhone({ phoneNumber: NEW, name: 'Nora' })
    const until = Date.now() + 3_600_000
    await t.call('PATCH', `/sandbox/phones/${ME}/settings`, {}, { new_contacts: 'timelock', timelock_until: new Date(until).toISOString() })
    await waitUntil(async () => ((await t.call('GET', '/v2/session/info', { instance_id: id })).json() as { deliverability: { new_contacts: string } }).deliverability.new_contacts === 'paused', 10_000, 'paused')
    const held = await send('held one', NEW)
    const rows = await history(NEW)
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ id: expect.stringContaining(held), body: 'held one', ack: 0, queue: { status: 'held', reason: 'new_contacts_paused' } })
    expect(Math.abs(rows[0]!.queue!.not_before! - until)).toBeLessThan(2_000)
    expect((await thread(NEW)).map((m) => [m.text, m.queue?.state, m.queue?.reason])).toEqual([['held one', 'held', 'new_contacts_paused']])
  }, 60_000)

  it('an app restart: the waiting sends are listed before WORKING (not_working), then go out once each', async () => {
    const waitingBefore = (await history()).filter((r) => r.queue?.status === 'waiting').map((r) => r.body)
    expect(waitingBefore).toEqual(['w2'])
    const { dataDir, token } = t
    ui.close()
    await t.close()
    await start(dataDir, token)
    // Before the instance is WORKING again: listed, waiting for WORKING; the dropped ones still not sent.
    const rows = await history()
    expect(rows.map((r) => [r.body, r.queue?.status])).toEqual([
      ['w2', 'waiting'],
      ['w4', 'not_sent'],
      ['w3', 'not_sent'],
      ['w1', 'not_sent'],
      ['hi shop', undefined]
    ])
    expect(rows[0]!.queue!.reason).toBe('not_working')
    expect((await history(NEW)).map((r) => [r.body, r.queue?.status])).toEqual([['held one', 'waiting']])

    await t.waitForStatus(id, 'WORKING', 30_000)
    await t.call('PATCH', `/sandbox/phones/${ME}/settings`, {}, { new_contacts: 'ok' })
    await clock.advance(70_000)
    await waitUntil(async () => {
      const got = (await t.call('GET', `/sandbox/phones/${PEER}/messages`)).json() as { text: string; fromMe: boolean }[]
      return got.some((m) => !m.fromMe && m.text === 'w2')
    }, 30_000, 'w2 at the phone')
    // Time goes on while it waits, as it would: if the connection that relayed w2 closed before the server's ack,
    // w2 goes again (same id) when a new one is WORKING, paced by the policy on the test's clock. A failure says
    // what the store and the phone had (this wait timed out under CI load 3 times in 2 days, never locally).
    const final = await waitUntil(async () => {
      const r = await history()
      if ((r.find((x) => x.body === 'w2')?.ack ?? 0) >= 1) return r
      await clock.advance(5_000)
      return false
    }, 30_000, 'w2 stored as sent').catch(async (e: unknown) => {
      const phone = (await t.call('GET', `/sandbox/phones/${PEER}/messages`)).json() as unknown
      throw new Error(`${String(e)}\nhistory: ${JSON.stringify(await history())}\nphone: ${JSON.stringify(phone)}`)
    })
    // Failed once under CI load with w2 after w1 (stop 25, run 1): the rows with their timestamps say why next time.
    expect(final.map((r) => r.body), `history: ${JSON.stringify(final)}`).toEqual(['w2', 'w4', 'w3', 'w1', 'hi shop'])
    expect(final[0]!.queue).toMatchObject({ status: 'sent' })
    expect(new Set(final.map((r) => r.id)).size).toBe(final.length)
  }, 120_000)
})
