// Issue 22 item 4 end to end: an account-wide restriction (POST /sandbox/faults restrict_account: 463 in chats the
// account had written in too) is told apart from a cold-contact refusal: the refused reply's ack fails with 463,
// GET /v2/session/info and the UI bridge say "restricted", every send is held (202 account_restricted), replies
// included; the hold lifts by itself (a short cool-down here) and the held messages go out in order.
import { describe, expect, it } from 'vitest'
import { pairInstance, waitUntil, type TestCore } from '../../testing/core-harness.js'
import { useCore } from '../../testing/suite.js'
import type { TestBridge } from '../../bridge/testing/ws-bridge-client.js'
import { startVerifyingReceiver, webhookTo, type VerifyingReceiver } from '../../testing/event-fixtures.js'

const US = '15550240001'
const FRIEND = '15550240002'
const NEWBIE = '15550240003'
const COOL_DOWN_MS = 4_000

describe.sequential('account-wide restriction vs cold-contact refusal', () => {
  let t: TestCore
  let rx: VerifyingReceiver
  let ui: TestBridge
  let id: string

  useCore(async (core, { closeAfter, connectUi }) => {
    t = core
    rx = closeAfter(await startVerifyingReceiver('restriction-secret'))
    id = await pairInstance(t, US, 'Shop')
    for (const [p, name] of [[FRIEND, 'Fran'], [NEWBIE, 'Nia']] as const) await t.core.sandbox!.createPhone({ phoneNumber: p, name })
    await webhookTo(t, id, rx, ['message.ack', 'message'])
    expect((await t.call('PATCH', '/v2/session/rate-limit', { instance_id: id, policy_slug: 'unlimited' })).statusCode).toBe(200)
    ui = await connectUi()
    await t.core.sandbox!.sendText(FRIEND, US, 'hi shop')
    await rx.waitFor('message', (p) => p.body === 'hi shop', 15_000)
  }, { plan: 'paid', timeoutMs: 90_000, deliverability: { coolDownMs: { account_restricted: COOL_DOWN_MS } } })

  const info = async () => (await t.call('GET', '/v2/session/info', { instance_id: id })).json() as { deliverability: { state: string; new_contacts: string; reason: string | null; until: string | null; held: number } }
  const send = (to: string, message: string) => t.call('POST', '/v2/send/text', { instance_id: id }, { chatId: to, message })
  const received = async (phone: string) => ((await t.call('GET', `/sandbox/phones/${phone}/messages`)).json() as { text: string | null; fromMe: boolean }[]).filter((m) => !m.fromMe).map((m) => m.text)

  it('a reply refused with 463 in an existing chat: the state is restricted (not new contacts paused)', async () => {
    expect((await info()).deliverability).toMatchObject({ state: 'ok', new_contacts: 'ok', reason: null })
    const res = await t.call('POST', '/sandbox/faults', {}, { action: 'restrict_account', phone: US, duration_ms: 2_500 })
    expect(res.statusCode, res.body).toBe(200)
    expect((await send(FRIEND, 'reply one')).statusCode).toBeLessThan(300)
    const ack = await rx.waitFor('message.ack', (p) => p.ack === -1, 15_000)
    expect(ack.payload).toMatchObject({ chatId: `${FRIEND}@c.us`, error: { code: '463' } })
    await waitUntil(async () => (await info()).deliverability.state === 'restricted', 10_000, 'restricted')
    const d = (await info()).deliverability
    expect(d).toMatchObject({ state: 'restricted', reason: 'account_restricted', new_contacts: 'paused' })
    expect(Date.parse(d.until!)).toBeGreaterThan(Date.now())
    const card = await ui.bridge.instances.get({ instanceId: id })
    if (!card.ok) throw new Error(card.error.message)
    expect(card.data.deliverability).toMatchObject({ state: 'restricted', reason: 'account_restricted' })
  })

  it('while restricted every send is held, replies included; it lifts by itself and the held ones go out in order', async () => {
    const reply = await send(FRIEND, 'reply two')
    expect(reply.statusCode, reply.body).toBe(202)
    expect(reply.json()).toMatchObject({ status: 'queued', reason: 'account_restricted' })
    const cold = await send(NEWBIE, 'hello new')
    expect(cold.statusCode, cold.body).toBe(202)
    expect(cold.json()).toMatchObject({ reason: 'account_restricted' })
    expect((await info()).deliverability.held).toBe(2)
    const queue = await ui.bridge.queue.info({ instanceId: id })
    if (!queue.ok) throw new Error(queue.error.message)
    expect(queue.data.waiting.map((w) => w.reason)).toEqual(['account_restricted', 'account_restricted'])
    expect(await received(FRIEND)).not.toContain('reply two')

    // The network's restriction ended meanwhile; the cool-down lifts the hold by itself.
    await waitUntil(async () => (await received(FRIEND)).includes('reply two'), COOL_DOWN_MS + 15_000, 'held reply delivered')
    await waitUntil(async () => (await received(NEWBIE)).includes('hello new'), 15_000, 'held new-contact send delivered')
    expect((await info()).deliverability).toMatchObject({ state: 'ok', held: 0 })
  }, 40_000)
})
