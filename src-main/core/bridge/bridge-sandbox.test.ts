// The bridge against a sandbox core with real Baileys: QR images pushed as they rotate, a simulated phone scans
// through sandbox.scanQr, pairing by code, WORKING pushed live, the person's inbox, and sandbox.changed pushes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { InstanceStatus } from '../../../src-preload/contract/dto.js'
import { startTestCore, waitUntil, type TestCore } from '../testing/core-harness.js'
import { connectTestBridge, type TestBridge } from './testing/ws-bridge-client.js'

describe('UI bridge (sandbox)', () => {
  let t: TestCore
  let c: TestBridge

  beforeAll(async () => {
    t = await startTestCore('sandbox')
    c = await connectTestBridge(t.core.url, t.core.ui.token)
  })
  afterAll(async () => {
    c?.close()
    await t?.close()
  })

  const statusPushed = (instanceId: string, status: InstanceStatus) =>
    waitUntil(() => c.events.find((e) => e.event === 'instance.status' && (e.payload as { instanceId: string; status: string }).instanceId === instanceId && (e.payload as { status: string }).status === status), 25_000, `${instanceId} ${status} pushed`)

  it('pairs by QR: the QR image is pushed, the simulated phone scans it, WORKING is pushed', async () => {
    const info = await c.bridge.app.info()
    expect(info.ok && info.data.network).toBe('sandbox')
    const phone = await c.bridge.sandbox.createPhone({ phoneNumber: '15550001001', name: 'Alice' })
    expect(phone).toMatchObject({ ok: true, data: { phoneNumber: '15550001001', name: 'Alice', devices: [{ kind: 'phone' }] } })

    const created = await c.bridge.instances.create({ name: 'QR desk' })
    if (!created.ok) throw new Error(created.error.message)
    const id = created.data.id
    const qrPush = await waitUntil(() => c.events.find((e) => e.event === 'instance.qr' && (e.payload as { image: string | null }).image), 20_000, 'qr push')
    expect((qrPush.payload as { image: string }).image).toMatch(/^data:image\/png;base64,/)
    const qr = await c.bridge.pairing.qr({ instanceId: id })
    expect(qr.ok && qr.data.expiresAt - qr.data.issuedAt).toBe(20_000)

    const scanned = await c.bridge.sandbox.scanQr({ phoneNumber: '15550001001', instanceId: id })
    expect(scanned).toEqual({ ok: true, data: { linked: true } })
    await statusPushed(id, 'WORKING')
    await waitUntil(() => c.events.find((e) => e.event === 'sandbox.changed' && (e.payload as { change: string }).change === 'linked'), 5_000, 'sandbox linked push')
    const got = await c.bridge.instances.get({ instanceId: id })
    expect(got.ok && got.data).toMatchObject({ status: 'WORKING', number: '15550001001' })

    // A paired instance has no QR: the answer says why, in words.
    expect(await c.bridge.pairing.qr({ instanceId: id })).toMatchObject({ ok: false, error: { code: 'session_status_mismatch', recommendation: expect.stringContaining('log out') } })
  })

  it('pairs by code: request a code for the phone, the phone types it, WORKING is pushed', async () => {
    await c.bridge.sandbox.createPhone({ phoneNumber: '15550001002', name: 'Bob' })
    const created = await c.bridge.instances.create({ name: 'Code desk' })
    if (!created.ok) throw new Error(created.error.message)
    const id = created.data.id
    await statusPushed(id, 'SCAN_QR_CODE')
    expect(await c.bridge.pairing.requestCode({ instanceId: id, phoneNumber: '+1 555' })).toMatchObject({ ok: false, error: { code: 'invalid_phone_number' } })
    const code = await c.bridge.pairing.requestCode({ instanceId: id, phoneNumber: '15550001002' })
    if (!code.ok) throw new Error(code.error.message)
    expect(code.data.code).toMatch(/^[A-Z0-9]{4}-[A-Z0-9]{4}$/)
    expect(await c.bridge.sandbox.enterCode({ phoneNumber: '15550001002', code: 'ZZZZ-ZZZZ' })).toMatchObject({ ok: false, error: { code: 'invalid_pairing_code' } })
    expect(await c.bridge.sandbox.enterCode({ phoneNumber: '15550001002', code: code.data.code })).toEqual({ ok: true, data: { linked: true } })
    await statusPushed(id, 'WORKING')
  })

  it('a simulated person sends a text; both inboxes show it', async () => {
    const sent = await c.bridge.sandbox.sendText({ phoneNumber: '15550001001', to: '15550001002', text: 'hello Bob' })
    expect(sent.ok).toBe(true)
    const inbox = await waitUntil(async () => {
      const r = await c.bridge.sandbox.messages({ phoneNumber: '15550001002' })
      return r.ok && r.data.find((m) => m.text === 'hello Bob' && !m.fromMe)
    }, 15_000, 'Bob received')
    expect(inbox.timestamp).toBeGreaterThan(Date.now() - 60_000)
    const phones = await c.bridge.sandbox.phones()
    expect(phones.ok && phones.data.map((p) => p.phoneNumber).sort()).toEqual(['15550001001', '15550001002'])
  })
})
