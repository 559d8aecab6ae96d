// Incoming calls end to end (issue 22 item 6): a simulated person rings the instance through POST /sandbox/faults
// (incoming_call: voice or video, then a missed call or a hang-up); the instance announces call.received; with
// PATCH /v2/session/calls auto_reject it declines at once (the caller's phone sees the rejection) and answers with
// the reply text; the UI bridge reads and writes the same setting.
import type { WACallEvent } from '@whiskeysockets/baileys'
import { describe, expect, it } from 'vitest'
import { pairInstance, waitUntil, type TestCore } from '../../testing/core-harness.js'
import { useCore } from '../../testing/suite.js'
import type { TestBridge } from '../../bridge/testing/ws-bridge-client.js'
import { startVerifyingReceiver, webhookTo, type VerifyingReceiver } from '../../testing/event-fixtures.js'

const US = '15550230001'
const CALLER = '15550230002'

describe.sequential('incoming calls: call.received, automatic rejection with a reply', () => {
  let t: TestCore
  let rx: VerifyingReceiver
  let ui: TestBridge
  let id: string
  /** What the caller's own phone heard about its calls. */
  const callerSaw: WACallEvent[] = []

  useCore(async (core, { closeAfter, connectUi }) => {
    t = core
    rx = closeAfter(await startVerifyingReceiver('calls-secret'))
    id = await pairInstance(t, US, 'Shop')
    await t.core.sandbox!.createPhone({ phoneNumber: CALLER, name: 'Caller' })
    const sock = await t.core.sandbox!.personSocket(CALLER)
    sock.ev.on('call', (calls) => callerSaw.push(...calls))
    await webhookTo(t, id, rx, ['call.received', 'call.rejected'])
    expect((await t.call('PATCH', '/v2/session/rate-limit', { instance_id: id, policy_slug: 'unlimited' })).statusCode).toBe(200)
    ui = await connectUi()
  }, { plan: 'paid', timeoutMs: 90_000 })

  const ring = async (extra: Record<string, unknown>) => {
    const res = await t.call('POST', '/sandbox/faults', {}, { action: 'incoming_call', phone: CALLER, to: US, ...extra })
    expect(res.statusCode, res.body).toBe(200)
    return (res.json() as { call_id: string }).call_id
  }

  it('by default a call rings: call.received, nobody rejects it, it ends as a missed call', async () => {
    expect((await t.call('GET', '/v2/session/calls', { instance_id: id })).json()).toEqual({ auto_reject: false, reply_text: null })
    const callId = await ring({ ring_ms: 300, outcome: 'timeout' })
    const env = await rx.waitFor('call.received', (p) => p.id === callId, 15_000)
    expect(env.payload).toMatchObject({ from: `${CALLER}@c.us`, isVideo: false, isGroup: false })
    await new Promise((r) => setTimeout(r, 1_000))
    expect(callerSaw.some((c) => c.id === callId && c.status === 'reject')).toBe(false)
  })

  it('bad settings are a 400; the setting persists and the bridge reads the same', async () => {
    for (const bad of [{ auto_reject: 'maybe' }, { reply_text: 5 }, { reply_text: 'x'.repeat(1001) }, {}]) {
      const res = await t.call('PATCH', '/v2/session/calls', { instance_id: id }, bad)
      expect(res.statusCode, JSON.stringify(bad)).toBe(400)
    }
    const res = await t.call('PATCH', '/v2/session/calls', { instance_id: id }, { auto_reject: true, reply_text: 'No calls here, please write' })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toEqual({ auto_reject: true, reply_text: 'No calls here, please write' })
    const viaUi = await ui.bridge.instances.callSettings({ instanceId: id })
    expect(viaUi).toEqual({ ok: true, data: { autoReject: true, replyText: 'No calls here, please write' } })
  })

  it('auto_reject: the call is declined at once (the caller sees it) and the caller gets the reply text', async () => {
    const callId = await ring({ video: true, ring_ms: 20_000 })
    const env = await rx.waitFor('call.received', (p) => p.id === callId, 15_000)
    expect(env.payload).toMatchObject({ isVideo: true })
    await waitUntil(() => callerSaw.some((c) => c.id === callId && c.status === 'reject'), 15_000, 'the caller sees the rejection')
    await waitUntil(
      async () => ((await t.call('GET', `/sandbox/phones/${CALLER}/messages`)).json() as { text: string | null; fromMe: boolean }[]).some((m) => !m.fromMe && m.text === 'No calls here, please write'),
      15_000,
      'reply delivered'
    )
    expect(t.logLines.some((l) => l.includes('incoming call rejected automatically'))).toBe(true)
  })

  it('turned off from the UI: the next call rings again; a hang-up ends it', async () => {
    const off = await ui.bridge.instances.setCallSettings({ instanceId: id, autoReject: false })
    expect(off).toEqual({ ok: true, data: { autoReject: false, replyText: 'No calls here, please write' } })
    const callId = await ring({ ring_ms: 300, outcome: 'cancel' })
    await rx.waitFor('call.received', (p) => p.id === callId, 15_000)
    await new Promise((r) => setTimeout(r, 1_000))
    expect(callerSaw.some((c) => c.id === callId && c.status === 'reject')).toBe(false)
  })
})
