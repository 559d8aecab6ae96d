// Send limits as the real network applies them, seen by real Baileys: under a reach-out timelock a message that
// would open a new chat is acked with error 463 (Baileys: messages.update ERROR, and connection.update
// reachoutTimeLock from the server's notification) and is not delivered, while a reply in an existing chat goes
// through; past the new-chat cap the ack says 475.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { WAMessageStatus } from '@whiskeysockets/baileys'
import { openPairedSandbox, TestClient, textOf, waitFor } from './testing/test-client.js'

describe('sandbox send limits (463 reach-out timelock, 475 message capping)', () => {
  let ctx: Awaited<ReturnType<typeof openPairedSandbox>>
  let C: TestClient
  const Cjid = '15550000003@s.whatsapp.net'
  const Djid = '15550000004@s.whatsapp.net'
  beforeAll(async () => {
    ctx = await openPairedSandbox()
    await ctx.net.createPhone({ phoneNumber: '15550000003', name: 'Carol' })
    await ctx.net.createPhone({ phoneNumber: '15550000004', name: 'Dan' })
    C = new TestClient(ctx.net, 'C')
    await C.pairByQr('15550000003')
  }, 60_000)
  afterAll(async () => {
    C?.stop()
    await ctx?.close()
  })

  // Baileys' event buffer may fold the error into the buffered upsert of the message just sent.
  const errorOf = (c: TestClient, id: string) => {
    const upd = c.ev('messages.update').flat().find((u) => u.key.id === id && u.update.status === WAMessageStatus.ERROR)
    if (upd) return { stub: upd.update.messageStubParameters }
    const up = c.ev('messages.upsert').flatMap((u) => u.messages).find((m) => m.key.id === id && m.status === WAMessageStatus.ERROR)
    return up && { stub: up.messageStubParameters }
  }

  it('463: a new chat is refused with the timelock notified; a reply in an existing chat is delivered', async () => {
    const { net, A, B, Bjid, Ajid } = ctx
    // B wrote to A before: A -> B is an existing conversation.
    await B.sock.sendMessage(Ajid, { text: 'hi A' })
    await waitFor(() => A.ev('messages.upsert', (u) => u.messages.some((m) => textOf(m) === 'hi A')).length, 10_000, 'A got hi')
    const until = new Date(Date.now() + 3_600_000)
    const settings = net.setPhoneSettings('15550000001', { new_contacts: 'timelock', timelock_until: until.toISOString() })
    expect(settings).toMatchObject({ new_contacts: 'timelock', timelock_until: until.toISOString().replace(/\.\d+Z$/, '.' + until.toISOString().slice(20)) })
    const lock = await waitFor(() => A.ev('connection.update', (u) => !!u.reachoutTimeLock?.isActive).at(-1), 10_000, 'timelock notified')
    expect(Math.abs(lock.reachoutTimeLock!.timeEnforcementEnds!.getTime() - until.getTime())).toBeLessThan(1000)

    const refused = await A.sock.sendMessage(Cjid, { text: 'cold outreach' })
    const err = await waitFor(() => errorOf(A, refused!.key.id!), 10_000, '463 ack')
    expect(err.stub?.[0]).toBe('463')
    const reply = await A.sock.sendMessage(Bjid, { text: 'reply to B' })
    await waitFor(() => B.ev('messages.upsert', (u) => u.messages.some((m) => m.key.id === reply!.key.id)).length, 10_000, 'reply delivered')
    await new Promise((r) => setTimeout(r, 300))
    expect(C.ev('messages.upsert', (u) => u.messages.some((m) => textOf(m) === 'cold outreach'))).toHaveLength(0)
    expect(errorOf(A, reply!.key.id!)).toBeUndefined()

    net.setPhoneSettings('15550000001', { new_contacts: 'allow' })
    await waitFor(() => A.ev('connection.update', (u) => u.reachoutTimeLock?.isActive === false).length, 10_000, 'lift notified')
    const now = await A.sock.sendMessage(Cjid, { text: 'after the lock' })
    await waitFor(() => C.ev('messages.upsert', (u) => u.messages.some((m) => m.key.id === now!.key.id)).length, 10_000, 'delivered after lift')
  }, 60_000)

  it('475: past message_cap new chats the next new chat is refused; existing chats go on', async () => {
    const { net, A, Ajid } = ctx
    // C already has a chat with A (previous test); the cap counts only chats opened from now on.
    net.setPhoneSettings('15550000003', { message_cap: 0 })
    expect(net.phoneSettings('15550000003')).toMatchObject({ message_cap: 0 })
    const capped = await C.sock.sendMessage(Djid, { text: 'to Dan' })
    const err = await waitFor(() => errorOf(C, capped!.key.id!), 10_000, '475 ack')
    expect(err.stub).toEqual(['475'])
    const info = await waitFor(() => C.ev('message-capping.update').at(-1), 10_000, 'capping notified')
    expect(info).toMatchObject({ capping_status: 'CAPPED', total_quota: 0 })
    const ok = await C.sock.sendMessage(Ajid, { text: 'C to A again' })
    await waitFor(() => A.ev('messages.upsert', (u) => u.messages.some((m) => m.key.id === ok!.key.id)).length, 10_000, 'existing chat delivered')
  }, 60_000)
})
