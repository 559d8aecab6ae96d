// Issue 10 item 1, LID-first addressing, end to end with real Baileys: a customer who hides their number writes
// (the network names them by LID only), we reply to the @lid chatId, the number is revealed later (the customer
// stops hiding it and writes again), and the two spellings are one chat everywhere: /v2/chats, the messages of
// either chatId, the UI bridge's chat list; webhooks carry the LID before the reveal and LID + number after it,
// and lid.mapped says when it happened.
import { describe, expect, it } from 'vitest'
import { pairInstance, waitUntil, type TestCore } from '../../testing/core-harness.js'
import { useCore } from '../../testing/suite.js'
import type { TestBridge } from '../../bridge/testing/ws-bridge-client.js'
import { startVerifyingReceiver, webhookTo, type VerifyingReceiver } from '../../testing/event-fixtures.js'

const SECRET = 'lid-secret'
const US = '15550110001' // the instance's own account
const CUSTOMER = '15550110002' // hides their number at first
const cus = (p: string) => `${p}@c.us`

describe.sequential('LID-only customer: reply by LID, number revealed later, one chat', () => {
  let t: TestCore
  let rx: VerifyingReceiver
  let ui: TestBridge
  let id: string
  let lid: string // the customer's <n>@lid

  useCore(async (core, { closeAfter, connectUi }) => {
    t = core
    rx = closeAfter(await startVerifyingReceiver(SECRET))
    id = await pairInstance(t, US, 'Shop')
    const created = await t.call('POST', '/sandbox/phones', {}, { phone_number: CUSTOMER, name: 'Dana' })
    expect(created.statusCode).toBe(201)
    lid = (created.json() as { lid: string }).lid
    await webhookTo(t, id, rx, ['*'])
    expect((await t.call('PATCH', '/v2/session/rate-limit', { instance_id: id, policy_slug: 'unlimited' })).statusCode).toBe(200)
    ui = await connectUi()
  }, { plan: 'paid', timeoutMs: 120_000 })

  const chats = async () => {
    const res = await t.call('GET', '/v2/chats', { instance_id: id })
    expect(res.statusCode).toBe(200)
    return res.json() as { id: string; unreadCount?: number }[]
  }
  const messagesOf = async (chatId: string) => {
    const res = await t.call('GET', '/v2/chats/messages', { instance_id: id, chatId, limit: '20' })
    expect(res.statusCode).toBe(200)
    return res.json() as { body: string; fromMe: boolean; from: string; chatLid: string | null; chatPn: string | null }[]
  }

  it('the sandbox setting: PATCH /sandbox/phones/{phone}/settings, bad input is a 400', async () => {
    expect((await t.call('GET', `/sandbox/phones/${CUSTOMER}/settings`)).json()).toMatchObject({ hide_number: false })
    const res = await t.call('PATCH', `/sandbox/phones/${CUSTOMER}/settings`, {}, { hide_number: true })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ hide_number: true })
    expect((await t.call('PATCH', `/sandbox/phones/${CUSTOMER}/settings`, {}, { hide_number: 'maybe' })).statusCode).toBe(400)
    expect((await t.call('PATCH', `/sandbox/phones/${CUSTOMER}/settings`, {}, {})).statusCode).toBe(400)
    expect((await t.call('PATCH', '/sandbox/phones/19990000000/settings', {}, { hide_number: true })).statusCode).toBe(404)
  })

  it('a customer who hides their number reaches us by LID only: the chat, the webhook and the UI name the LID', async () => {
    expect((await t.call('POST', `/sandbox/phones/${CUSTOMER}/messages`, {}, { to: US, text: 'hi, by LID' })).statusCode).toBe(201)
    const env = await rx.waitFor('message', (p) => p.body === 'hi, by LID', 20_000)
    expect(env.payload).toMatchObject({ from: lid, chatLid: lid, chatPn: null, authorLid: lid, authorPn: null, fromMe: false })
    expect(String(env.payload.id)).toContain(`_${lid}_`)
    expect((await chats()).map((c) => c.id)).toEqual([lid])
    const page = await ui.bridge.chats.list({ instanceId: id, limit: 20, offset: 0 })
    expect(page.ok && page.data.chats.map((c) => c.id)).toEqual([lid])
  })

  it('we reply to the @lid chatId; the customer receives it; the number is still unknown', async () => {
    const res = await t.call('POST', '/v2/send/text', { instance_id: id }, { chatId: lid, message: 'hello, LID customer' })
    expect(res.statusCode).toBe(200)
    const any = await rx.waitFor('message.any', (p) => p.body === 'hello, LID customer' && p.fromMe === true, 20_000)
    expect(any.payload).toMatchObject({ to: lid, chatLid: lid, chatPn: null, source: 'api' })
    await waitUntil(async () => (await t.core.sandbox!.messages(CUSTOMER)).some((m) => m.text === 'hello, LID customer' && !m.fromMe), 20_000, 'the customer got the reply')
    expect((await chats()).map((c) => c.id)).toEqual([lid])
    expect(rx.count('lid.mapped')).toBe(0)
    // Nothing told us the number: the mapping list does not have it.
    const lids = await t.call('GET', '/v2/lids', { instance_id: id })
    expect(JSON.stringify(lids.json())).not.toContain(CUSTOMER)
  })

  it('the number is revealed (the customer stops hiding it and writes): one chat with every message, LID and number in the payloads', async () => {
    // The Sandbox view's toggle, through the UI bridge.
    expect(await ui.bridge.sandbox.setHideNumber({ phoneNumber: CUSTOMER, hide: false })).toEqual({ ok: true, data: { hideNumber: false } })
    const phones = await ui.bridge.sandbox.phones()
    expect(phones.ok && phones.data.find((p) => p.phoneNumber === CUSTOMER)?.hideNumber).toBe(false)
    expect((await t.call('POST', `/sandbox/phones/${CUSTOMER}/messages`, {}, { to: US, text: 'now with my number' })).statusCode).toBe(201)
    const mapped = await rx.waitFor('lid.mapped', (p) => p.lid === lid, 20_000)
    expect(mapped.payload).toMatchObject({ lid, pn: cus(CUSTOMER), chatId: cus(CUSTOMER), mergedChat: true, movedMessages: 2, source: 'message', previousPn: null })
    const env = await rx.waitFor('message', (p) => p.body === 'now with my number', 20_000)
    expect(env.payload).toMatchObject({ from: cus(CUSTOMER), chatLid: lid, chatPn: cus(CUSTOMER), authorLid: lid, authorPn: cus(CUSTOMER) })
    // The webhook of the first message was written before the reveal: it carried the LID alone, and stays so.
    expect((await rx.waitFor('message', (p) => p.body === 'hi, by LID')).payload).toMatchObject({ chatPn: null })

    // /v2/chats: one chat, under the number; its last message the newest; unread = the one message after our reply.
    const list = await chats()
    expect(list.map((c) => c.id)).toEqual([cus(CUSTOMER)])
    // Either spelling of the chatId reads the same merged chat, every message carrying both ids.
    for (const chatId of [cus(CUSTOMER), lid, CUSTOMER]) {
      const msgs = await messagesOf(chatId)
      expect(msgs.map((m) => m.body)).toEqual(['now with my number', 'hello, LID customer', 'hi, by LID'])
      for (const m of msgs) expect(m).toMatchObject({ chatLid: lid, chatPn: cus(CUSTOMER) })
    }
    const page = await ui.bridge.chats.list({ instanceId: id, limit: 20, offset: 0 })
    if (!page.ok) throw new Error(page.error.message)
    expect(page.data.chats).toHaveLength(1)
    expect(page.data.chats[0]).toMatchObject({ id: cus(CUSTOMER), unreadCount: 1, lastMessage: { text: 'now with my number' } })
    const msgs = await ui.bridge.chats.messages({ instanceId: id, chatId: lid, limit: 20 })
    expect(msgs.ok && msgs.data.messages.map((m) => m.text)).toEqual(['hi, by LID', 'hello, LID customer', 'now with my number'])
    // The mapping is now in the graph, and a reply to the LID chatId lands in the same chat.
    expect(JSON.stringify((await t.call('GET', '/v2/lids', { instance_id: id })).json())).toContain(CUSTOMER)
    expect((await t.call('POST', '/v2/send/text', { instance_id: id }, { chatId: lid, message: 'thanks!' })).statusCode).toBe(200)
    const thanks = await rx.waitFor('message.any', (p) => p.body === 'thanks!', 20_000)
    expect(thanks.payload).toMatchObject({ chatLid: lid, chatPn: cus(CUSTOMER) })
    expect((await chats()).map((c) => c.id)).toEqual([cus(CUSTOMER)])
    expect(rx.count('lid.mapped', (p) => p.lid === lid)).toBe(1)
  })
})
