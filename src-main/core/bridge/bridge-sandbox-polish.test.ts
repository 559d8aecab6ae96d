// The Sandbox view's phone list over the real bridge (sandbox core, real Baileys): a pairing code an instance
// requested shows on the phone it is for until typed, and a linked device is named by its instance.
import { describe, expect, it } from 'vitest'
import type { InstanceStatus } from '../../../src-preload/contract/dto.js'
import { waitUntil, type TestCore } from '../testing/core-harness.js'
import { useUiCore } from '../testing/suite.js'
import { deviceInstances } from './handlers/sandbox.js'
import type { TestBridge } from './testing/ws-bridge-client.js'

describe('UI bridge (sandbox): pending pairing code and linked devices by instance', () => {
  let c: TestBridge
  useUiCore((_t: TestCore, ui) => {
    c = ui
  }, { plan: 'paid' })

  const statusPushed = (instanceId: string, status: InstanceStatus) =>
    waitUntil(() => c.events.find((e) => e.event === 'instance.status' && (e.payload as { instanceId: string }).instanceId === instanceId && (e.payload as { status: string }).status === status), 25_000, `${instanceId} ${status}`)
  const phone = async (n: string) => {
    const r = await c.bridge.sandbox.phones()
    if (!r.ok) throw new Error(r.error.message)
    return r.data.find((p) => p.phoneNumber === n)!
  }

  it('shows the code waiting on the phone it was requested for, then names the linked device by its instance', async () => {
    await c.bridge.sandbox.createPhone({ phoneNumber: '15550002001', name: 'Dana' })
    await c.bridge.sandbox.createPhone({ phoneNumber: '15550002002', name: 'Eve' })
    const created = await c.bridge.instances.create({ name: 'Front desk' })
    if (!created.ok) throw new Error(created.error.message)
    const id = created.data.id
    await statusPushed(id, 'SCAN_QR_CODE')
    expect((await phone('15550002001')).pendingCode).toBeNull()

    const code = await c.bridge.pairing.requestCode({ instanceId: id, phoneNumber: '15550002001' })
    if (!code.ok) throw new Error(code.error.message)
    const pending = await waitUntil(async () => (await phone('15550002001')).pendingCode, 10_000, 'pending code on the phone')
    expect(pending).toMatchObject({ code: code.data.code, instanceId: id, instanceName: 'Front desk' })
    // Only on the phone it is for.
    expect((await phone('15550002002')).pendingCode).toBeNull()

    expect(await c.bridge.sandbox.enterCode({ phoneNumber: '15550002001', code: pending.code })).toEqual({ ok: true, data: { linked: true } })
    await statusPushed(id, 'WORKING')
    const linked = await waitUntil(async () => {
      const p = await phone('15550002001')
      return p.pendingCode === null && p.devices.find((d) => d.kind === 'companion' && d.instance)
    }, 15_000, 'the linked device named')
    expect(linked.instance).toEqual({ id, name: 'Front desk' })
    expect((await phone('15550002001')).devices.find((d) => d.kind === 'phone')?.instance).toBeNull()
  })
})

describe('deviceInstances', () => {
  const dev = (id: number, online: boolean) => ({ id, jid: `1:${id}@s.whatsapp.net`, lid: '', kind: 'companion' as const, platform: null, online, linked_at: 0, pending_stanzas: 0, logins: 0, retry_receipts: 0 })
  const row = (id: string, status: string) => ({ id, session_name: `name ${id}`, status }) as never

  it('names a device only when that is unambiguous', () => {
    expect([...deviceInstances([dev(1, false)], [row('A', 'STOPPED')])]).toEqual([[1, { id: 'A', name: 'name A' }]])
    // Two devices, one instance: the online one is the WORKING instance.
    expect([...deviceInstances([dev(1, false), dev(2, true)], [row('A', 'WORKING')])]).toEqual([[2, { id: 'A', name: 'name A' }]])
    // Two of each, both online: no guess.
    expect(deviceInstances([dev(1, true), dev(2, true)], [row('A', 'WORKING'), row('B', 'WORKING')]).size).toBe(0)
    expect(deviceInstances([dev(1, true)], []).size).toBe(0)
  })
})
