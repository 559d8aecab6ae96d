// Issue 10 item 2 end to end with real Baileys on the sandbox: the network refuses a message that opens a new chat
// (475 message capping): the send answers 403, the message gets a failed ack with the reason (message.ack webhook
// ack -1 + error, the UI bridge's "failed" tick, its fate), GET /v2/session/info shows new contacts paused; while
// paused a send to another new contact is held (202 new_contacts_paused; the network never sees it) and a reply in
// an existing chat goes out; when the network lifts the cap the held one goes out with its id. Then a reach-out
// timelock announced with its end (463's notice): new-contact sends are held and go out by themselves at the end.
import { describe, expect, it } from 'vitest'
import { pairInstance, waitUntil, type TestCore } from '../../testing/core-harness.js'
import { useCore } from '../../testing/suite.js'
import type { TestBridge } from '../../bridge/testing/ws-bridge-client.js'
import { startVerifyingReceiver, webhookTo, type VerifyingReceiver } from '../../testing/event-fixtures.js'

const SECRET = 'limits-secret'
const US = '15550120001'
const FRIEND = '15550120002' // wrote to us first: an existing chat
const NEW1 = '15550120003'
const NEW2 = '15550120004'
const NEW3 = '15550120005'

describe.sequential('send limits: 475 refusal, new-contact hold, automatic lift, 463 timelock', () => {
  let t: TestCore
  let rx: VerifyingReceiver
  let ui: TestBridge
  let id: string

  useCore(async (core, { closeAfter, connectUi }) => {
    t = core
    rx = closeAfter(await startVerifyingReceiver(SECRET))
    id = await pairInstance(t, US, 'Shop')
    for (const [p, name] of [[FRIEND, 'Fran'], [NEW1, 'Nia'], [NEW2, 'Ned'], [NEW3, 'Noa']] as const) {
      expect((await t.call('POST', '/sandbox/phones', {}, { phone_number: p, name })).statusCode).toBe(201)
    }
    await webhookTo(t, id, rx, ['message.ack', 'message'])
    expect((await t.call('PATCH', '/v2/session/rate-limit', { instance_id: id, policy_slug: 'unlimited' })).statusCode).toBe(200)
    ui = await connectUi()
    await t.core.sandbox!.sendText(FRIEND, US, 'hello shop')
    await rx.waitFor('message', (p) => p.body === 'hello shop', 15_000)
  }, { plan: 'paid', timeoutMs: 120_000 })

  const info = async () => (await t.call('GET', '/v2/session/info', { instance_id: id })).json() as { deliverability: { new_contacts: string; until: string | null; reason: string | null; held: number } }
  const send = (to: string, message: string) => t.call('POST', '/v2/send/text', { instance_id: id }, { chatId: to, message })
  const received = async (phone: string) => (await t.call('GET', `/sandbox/phones/${phone}/messages`)).json() as { id: string; text: string | null; fromMe: boolean }[]

  it('475: the refused send is 403 message_capped with a failed ack (webhook, bridge tick, fate) and pauses new contacts', async () => {
    expect((await info()).deliverability).toEqual({ new_contacts: 'ok', state: 'ok', until: null, reason: null, held: 0 })
    for (const bad of [{ message_cap: 'many' }, { message_cap: -1 }, { new_contacts: 'sometimes' }, { timelock_until: 'next tuesday' }]) {
      expect((await t.call('PATCH', `/sandbox/phones/${US}/settings`, {}, bad)).statusCode).toBe(400)
    }
    expect((await t.call('PATCH', `/sandbox/phones/${US}/settings`, {}, { message_cap: 0 })).json()).toMatchObject({ message_cap: 0, new_chats: 0 })
    const res = await send(NEW1, 'cold one')
    expect(res.statusCode).toBe(403)
    expect(res.json()).toMatchObject({ code: 'message_capped' })

    const ack = await rx.waitFor('message.ack', (p) => p.ack === -1, 15_000)
    expect(ack.payload).toMatchObject({ ack: -1, ackName: 'ERROR', fromMe: true, chatId: `${NEW1}@c.us`, error: { code: '475', reason: 'message_capped' } })
    const msgId = String(ack.payload.id).split('_').at(-1)!
    const fate = (await t.call('GET', '/v2/send/queue', { instance_id: id, messageId: msgId })).json() as { message: { status: string; error_code: string } }
    expect(fate.message).toMatchObject({ status: 'failed', error_code: 'message_capped' })
    await waitUntil(() => ui.events.find((e) => e.event === 'chat.ack' && (e.payload as { messageId: string; ack: string }).messageId === msgId && (e.payload as { ack: string }).ack === 'failed'), 10_000, 'failed tick pushed')
    const d = (await info()).deliverability
    expect(d).toMatchObject({ new_contacts: 'paused', reason: 'message_cap', held: 0 })
    expect(Date.parse(d.until!)).toBeGreaterThan(Date.now() + 3_600_000) // a cool-down: the network gave no end
    expect(await received(NEW1)).toEqual([])
  }, 60_000)

  it('while paused: a new contact is held (202, never reaches the network), a reply goes out; lifting the cap sends the held one', async () => {
    const held = await send(NEW2, 'held for later')
    expect(held.statusCode).toBe(202)
    const body = held.json() as { status: string; reason: string; position: number; key: { id: string } }
    expect(body).toMatchObject({ status: 'queued', reason: 'new_contacts_paused', position: 1 })
    expect((await info()).deliverability.held).toBe(1)

    const reply = await send(FRIEND, 'thanks, on its way')
    expect(reply.statusCode).toBe(200)
    await waitUntil(async () => (await received(FRIEND)).some((m) => m.text === 'thanks, on its way'), 15_000, 'reply delivered')
    // The held message never reached the network: the sandbox counted no new chat.
    expect((await t.call('GET', `/sandbox/phones/${US}/settings`)).json()).toMatchObject({ new_chats: 0 })
    expect(await received(NEW2)).toEqual([])

    // The network raises the cap (its notice): the hold lifts and the held message goes with the id of its 202.
    const lifted = await t.call('PATCH', `/sandbox/phones/${US}/settings`, {}, { message_cap: null })
    expect(lifted.json()).toMatchObject({ message_cap: null })
    await waitUntil(async () => (await received(NEW2)).find((m) => m.id === body.key.id && m.text === 'held for later'), 15_000, 'held message delivered')
    expect((await info()).deliverability).toEqual({ new_contacts: 'ok', state: 'ok', until: null, reason: null, held: 0 })
    const fate = (await t.call('GET', '/v2/send/queue', { instance_id: id, messageId: body.key.id })).json() as { message: { status: string } }
    expect(fate.message.status).toBe('sent')
  }, 60_000)

  it('463 timelock announced with its end: new contacts are held and go out by themselves when it ends', async () => {
    const until = new Date(Date.now() + 8_000)
    await t.call('PATCH', `/sandbox/phones/${US}/settings`, {}, { new_contacts: 'timelock', timelock_until: until.toISOString() })
    const d = await waitUntil(async () => { const v = (await info()).deliverability; return v.new_contacts === 'paused' && v }, 10_000, 'paused by the notice')
    expect(d.reason).toBe('reachout_timelock')
    expect(Math.abs(Date.parse(d.until!) - until.getTime())).toBeLessThan(1_500)
    const held = await send(NEW3, 'after the timelock')
    expect(held.statusCode).toBe(202)
    expect(held.json()).toMatchObject({ reason: 'new_contacts_paused' })
    // The UI explains it: held by the network's hold, until its end (bridge queue.info).
    const q = await ui.bridge.queue.info({ instanceId: id })
    if (!q.ok) throw new Error(q.error.message)
    expect(q.data.waiting).toEqual([{ messageId: (held.json() as { key: { id: string } }).key.id, chatId: `${NEW3}@c.us`, position: 1, reason: 'new_contacts_paused', notBefore: expect.any(Number) }])
    expect(Math.abs(q.data.waiting[0]!.notBefore! - until.getTime())).toBeLessThan(1_500)
    expect((await send(FRIEND, 'still replying')).statusCode).toBe(200)
    await new Promise((r) => setTimeout(r, 1000))
    expect(await received(NEW3)).toEqual([])
    await waitUntil(async () => (await received(NEW3)).some((m) => m.text === 'after the timelock'), 20_000, 'sent when the timelock ended')
    expect(Date.now()).toBeGreaterThanOrEqual(until.getTime())
    expect((await info()).deliverability.new_contacts).toBe('ok')
  }, 60_000)
})
