// The Sandbox view's controls through the UI bridge against a real sandbox core with real Baileys: per-phone
// settings round-trip (hide number, send limits), a 463 timelock shows as the instance's deliverability (pushed as
// instances.changed), faults sent through sandbox.fault take effect (a ban makes the paired instance FAILED with the
// reason in words), refusals come back in words, and a history seed answers its summary.
import { describe, expect, it } from 'vitest'
import { waitUntil, type TestCore } from '../testing/core-harness.js'
import { useUiCore } from '../testing/suite.js'
import type { TestBridge } from './testing/ws-bridge-client.js'

const SHOP = '15550002001'
const NEWBIE = '15550002002'

describe.sequential('UI bridge: sandbox faults and phone settings', () => {
  let t: TestCore
  let c: TestBridge
  let id = ''

  // Paid plan: the unlimited policy sends at once (no account-protection pause).
  useUiCore(async (core, ui) => {
    t = core
    c = ui
    for (const [phoneNumber, name] of [[SHOP, 'Shop'], [NEWBIE, 'Newbie']] as const) {
      const r = await c.bridge.sandbox.createPhone({ phoneNumber, name })
      if (!r.ok) throw new Error(r.error.message)
    }
    const created = await c.bridge.instances.create({ name: 'Desk' })
    if (!created.ok) throw new Error(created.error.message)
    id = created.data.id
    await t.waitForStatus(id, 'SCAN_QR_CODE')
    await waitUntil(() => t.core.instances.qr(id), 10_000, 'qr')
    expect(await c.bridge.sandbox.scanQr({ phoneNumber: SHOP, instanceId: id })).toEqual({ ok: true, data: { linked: true } })
    await t.waitForStatus(id, 'WORKING', 25_000)
  }, { plan: 'paid' })

  const dto = async () => {
    const r = await c.bridge.instances.get({ instanceId: id })
    if (!r.ok) throw new Error(r.error.message)
    return r.data
  }

  it('lists devices with their JIDs and each phone with its settings', async () => {
    const phones = await c.bridge.sandbox.phones()
    if (!phones.ok) throw new Error(phones.error.message)
    const shop = phones.data.find((p) => p.phoneNumber === SHOP)!
    expect(shop.devices.map((d) => d.jid)).toEqual([`${SHOP}@s.whatsapp.net`, `${SHOP}:1@s.whatsapp.net`])
    expect(shop.settings).toEqual({ hideNumber: false, newContacts: 'allow', timelockUntil: null, messageCap: null, newChats: 0, banned: null })
    expect((await dto()).deliverability).toEqual({ newContacts: 'ok', state: 'ok', until: null, reason: null, held: 0 })
  })

  it('setPhoneSettings round-trips (hide number, cap, timelock with its end) and refuses bad input in words', async () => {
    expect(await c.bridge.sandbox.setPhoneSettings({ phoneNumber: NEWBIE, hideNumber: true })).toMatchObject({ ok: true, data: { hideNumber: true } })
    expect(await c.bridge.sandbox.phoneSettings({ phoneNumber: NEWBIE })).toMatchObject({ ok: true, data: { hideNumber: true } })
    const phones = await c.bridge.sandbox.phones()
    expect(phones.ok && phones.data.find((p) => p.phoneNumber === NEWBIE)).toMatchObject({ hideNumber: true, settings: { hideNumber: true } })
    expect(await c.bridge.sandbox.setPhoneSettings({ phoneNumber: NEWBIE, hideNumber: false, messageCap: 5 })).toMatchObject({ ok: true, data: { hideNumber: false, messageCap: 5 } })
    const until = Date.now() + 3_600_000
    expect(await c.bridge.sandbox.setPhoneSettings({ phoneNumber: NEWBIE, newContacts: 'timelock', timelockUntil: until, messageCap: null })).toMatchObject({
      ok: true,
      data: { newContacts: 'timelock', timelockUntil: until, messageCap: null }
    })
    expect(await c.bridge.sandbox.setPhoneSettings({ phoneNumber: NEWBIE, newContacts: 'allow' })).toMatchObject({ ok: true, data: { newContacts: 'allow', timelockUntil: null } })
    // Nothing to change, a negative cap, an unknown phone: refused, in words.
    expect(await c.bridge.sandbox.setPhoneSettings({ phoneNumber: NEWBIE })).toMatchObject({ ok: false, error: { code: 'invalid_request' } })
    expect(await c.bridge.sandbox.setPhoneSettings({ phoneNumber: NEWBIE, messageCap: -1 })).toMatchObject({ ok: false, error: { code: 'invalid_request' } })
    const unknown = await c.bridge.sandbox.phoneSettings({ phoneNumber: '15559999999' })
    expect(unknown.ok).toBe(false)
    expect(!unknown.ok && unknown.error.message).toMatch(/15559999999/)
  })

  it('a 463 timelock on the account pauses new contacts: the instance DTO says until when, and the change is pushed', async () => {
    const until = Date.now() + 3_600_000
    expect(await c.bridge.sandbox.setPhoneSettings({ phoneNumber: SHOP, newContacts: 'timelock', timelockUntil: until })).toMatchObject({ ok: true })
    await waitUntil(async () => (await dto()).deliverability.newContacts === 'paused', 20_000, 'paused')
    const d = (await dto()).deliverability
    expect(d).toMatchObject({ newContacts: 'paused', reason: 'reachout_timelock' })
    expect(Math.abs(d.until! - until)).toBeLessThan(2_000)
    await waitUntil(() => c.events.find((e) => e.event === 'instances.changed' && (e.payload as { change: string }).change === 'updated'), 10_000, 'instances.changed pushed')
    expect(await c.bridge.sandbox.setPhoneSettings({ phoneNumber: SHOP, newContacts: 'allow' })).toMatchObject({ ok: true })
    await waitUntil(async () => (await dto()).deliverability.newContacts === 'ok', 20_000, 'lifted')
  })

  it('sandbox.fault validates against the fault union and reports the network\'s refusals in words', async () => {
    expect(await c.bridge.sandbox.fault({ kind: 'ban' } as never)).toMatchObject({ ok: false, error: { code: 'invalid_request' } })
    expect(await c.bridge.sandbox.fault({ kind: 'meteor' } as never)).toMatchObject({ ok: false, error: { code: 'invalid_request' } })
    // Bob's phone has no linked device #7: nothing is connected under that JID.
    const drop = await c.bridge.sandbox.fault({ kind: 'drop', jid: `${NEWBIE}:7@s.whatsapp.net` })
    expect(drop.ok).toBe(false)
    expect(await c.bridge.sandbox.fault({ kind: 'media_expired' })).toMatchObject({ ok: false, error: { code: 'invalid_request', message: expect.stringMatching(/message_id or older_than_ms/) } })
    expect(await c.bridge.sandbox.fault({ kind: 'delay', delayMs: 0 })).toEqual({ ok: true, data: { applied: true } })
    expect(await c.bridge.sandbox.fault({ kind: 'clear' })).toEqual({ ok: true, data: { applied: true } })
  })

  it('a ban sent through sandbox.fault makes the paired instance FAILED with the reason in words; lifted, it pairs back', async () => {
    expect(await c.bridge.sandbox.fault({ kind: 'ban', phone: SHOP, code: 403 })).toEqual({ ok: true, data: { applied: true } })
    await t.waitForStatus(id, 'FAILED', 20_000)
    const forbidden = 'the network refused the account (403: locked or banned): check the phone; start it again once WhatsApp lets the number in'
    expect(await dto()).toMatchObject({ status: 'FAILED', statusReason: 'failed:forbidden', statusReasonText: forbidden })
    await waitUntil(
      () => c.events.find((e) => e.event === 'instance.status' && (e.payload as { status: string }).status === 'FAILED' && (e.payload as { reasonText: string }).reasonText === forbidden),
      10_000,
      'FAILED pushed with the reason'
    )
    expect(await c.bridge.sandbox.phoneSettings({ phoneNumber: SHOP })).toMatchObject({ ok: true, data: { banned: 403 } })
    expect(await c.bridge.sandbox.fault({ kind: 'unban', phone: SHOP })).toEqual({ ok: true, data: { applied: true } })
    expect(await c.bridge.sandbox.phoneSettings({ phoneNumber: SHOP })).toMatchObject({ ok: true, data: { banned: null } })
    expect(await c.bridge.instances.start({ instanceId: id })).toMatchObject({ ok: true })
    await t.waitForStatus(id, 'WORKING', 25_000)
  })

  it('seeds a history once and answers what it generated', async () => {
    const r = await c.bridge.sandbox.seedHistory({ phoneNumber: NEWBIE, chats: 12, messages: 80, groups: 2, contacts: 20, lidShare: 0.5 })
    if (!r.ok) throw new Error(r.error.message)
    expect(r.data).toMatchObject({ chats: 12, messages: 80, groups: 2, contacts: 20 })
    expect(r.data.chunks).toBeGreaterThanOrEqual(1)
    const again = await c.bridge.sandbox.seedHistory({ phoneNumber: NEWBIE })
    expect(again.ok).toBe(false)
  })
})
