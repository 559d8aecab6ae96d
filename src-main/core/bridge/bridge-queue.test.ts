// The queue explained and restart without silent loss, through the UI bridge against a sandbox core with real
// Baileys (issue 12 items 3-5): queue.info says why and until when each waiting message waits (Strict: the
// protection after connecting, then 7.5 s apart), its length is what a restart drops, the dropped ones are pushed
// "failed", queue.resend sends one again once (the person receives it), and instances.unread sums unread chats.
import { describe, expect, it } from 'vitest'
import type { QueueInfoDto } from '../../../src-preload/contract/dto.js'
import { ManualClock } from '../rate-limit/clock.js'
import { waitUntil, type TestCore } from '../testing/core-harness.js'
import { useUiCore } from '../testing/suite.js'
import type { TestBridge } from './testing/ws-bridge-client.js'

describe('UI bridge: the send queue explained, restart and resend (sandbox)', () => {
  let t: TestCore
  let c: TestBridge
  const clock = new ManualClock(Date.now())
  let id = ''
  useUiCore((core, ui) => {
    t = core
    c = ui
  }, { clock })

  const info = async (): Promise<QueueInfoDto> => {
    const r = await c.bridge.queue.info({ instanceId: id })
    if (!r.ok) throw new Error(r.error.message)
    return r.data
  }

  it('explains each waiting message: protection first, then the Strict spacing of 7.5 s', async () => {
    await c.bridge.sandbox.createPhone({ phoneNumber: '15550003001', name: 'Desk' })
    await c.bridge.sandbox.createPhone({ phoneNumber: '15550003002', name: 'Carol' })
    const created = await c.bridge.instances.create({ name: 'Queue desk' })
    if (!created.ok) throw new Error(created.error.message)
    id = created.data.id
    await t.waitForStatus(id, 'SCAN_QR_CODE', 25_000)
    expect(await c.bridge.sandbox.scanQr({ phoneNumber: '15550003001', instanceId: id })).toEqual({ ok: true, data: { linked: true } })
    await t.waitForStatus(id, 'WORKING', 25_000)
    const workingAt = clock.now()

    const sent = []
    for (const text of ['one', 'two', 'three']) {
      const r = await c.bridge.chats.sendText({ instanceId: id, chatId: '15550003002@c.us', text })
      if (!r.ok) throw new Error(r.error.message)
      expect(r.data.ack).toBe('pending')
      sent.push(r.data.id)
    }
    const q = await info()
    expect(q.status).toBe('WORKING')
    expect(q.policy).toMatchObject({ slug: 'strict', name: 'Strict', perMinute: 8, spacingMs: 7500, protectionSeconds: 60 })
    expect(q.waiting.map((w) => [w.messageId, w.position, w.reason, w.chatId])).toEqual([
      [sent[0], 1, 'protection', '15550003002@c.us'],
      [sent[1], 2, 'per_minute', '15550003002@c.us'],
      [sent[2], 3, 'per_minute', '15550003002@c.us']
    ])
    const protectionEnds = q.waiting[0]!.notBefore!
    expect(protectionEnds).toBeGreaterThanOrEqual(workingAt + 60_000)
    expect(protectionEnds).toBeLessThan(workingAt + 65_000)
    expect(q.waiting[1]!.notBefore! - protectionEnds).toBe(7500)
    expect(q.waiting[2]!.notBefore! - protectionEnds).toBe(15_000)
  })

  it('restart drops exactly what queue.info listed, pushes them failed; queue.resend sends one again, once', async () => {
    const before = await info()
    expect(before.waiting).toHaveLength(3)
    const dropped = before.waiting.map((w) => w.messageId)
    const restarted = await c.bridge.instances.restart({ instanceId: id })
    expect(restarted.ok).toBe(true)
    await waitUntil(() => dropped.every((m) => c.events.some((e) => e.event === 'chat.ack' && (e.payload as { messageId: string; ack: string }).messageId === m && (e.payload as { ack: string }).ack === 'failed')), 10_000, 'failed acks pushed')
    const afterRestart = await info()
    expect(afterRestart.waiting).toEqual([])
    // Exactly the dropped ones can be sent again (newest first).
    expect(afterRestart.resendable).toEqual([...dropped].reverse())
    await t.waitForStatus(id, 'WORKING', 25_000)

    const again = await c.bridge.queue.resend({ instanceId: id, messageId: dropped[0]! })
    if (!again.ok) throw new Error(again.error.message)
    expect(again.data).toMatchObject({ fromMe: true, chatId: '15550003002@c.us', text: 'one', ack: 'pending' })
    expect(again.data.id).not.toBe(dropped[0])
    // Once: the dropped message gave its content up.
    expect(await c.bridge.queue.resend({ instanceId: id, messageId: dropped[0]! })).toMatchObject({ ok: false, error: { code: 'not_resendable' } })
    // A message that was never dropped is not resendable either.
    expect(await c.bridge.queue.resend({ instanceId: id, messageId: 'NOPE0000' })).toMatchObject({ ok: false, error: { code: 'not_resendable' } })
    const waiting = await info()
    expect(waiting.waiting.map((w) => [w.messageId, w.reason])).toEqual([[again.data.id, 'protection']])
    expect(waiting.resendable).toEqual([dropped[2], dropped[1]])

    // The protection after the restart's WORKING ends: the resent text reaches Carol.
    await clock.advance(61_000)
    await waitUntil(async () => {
      const inbox = await c.bridge.sandbox.messages({ phoneNumber: '15550003002' })
      return inbox.ok && inbox.data.some((m) => m.text === 'one' && !m.fromMe)
    }, 20_000, 'Carol received the resent message')
    const inbox = await c.bridge.sandbox.messages({ phoneNumber: '15550003002' })
    expect(inbox.ok && inbox.data.filter((m) => !m.fromMe).map((m) => m.text)).toEqual(['one'])
  })

  it('instances.unread sums the unread chats of each instance, with the newest unread time', async () => {
    const empty = await c.bridge.instances.unread()
    expect(empty).toEqual({ ok: true, data: { instances: [{ instanceId: id, unread: 0, newestUnreadAt: null }] } })
    await c.bridge.sandbox.sendText({ phoneNumber: '15550003002', to: '15550003001', text: 'are you there?' })
    await c.bridge.sandbox.sendText({ phoneNumber: '15550003002', to: '15550003001', text: 'hello?' })
    const got = await waitUntil(async () => {
      const r = await c.bridge.instances.unread()
      return r.ok && r.data.instances[0]!.unread === 2 ? r.data.instances[0]! : undefined
    }, 15_000, 'two unread')
    expect(got.newestUnreadAt).toBeGreaterThan(Date.now() - 120_000)
  })
})
