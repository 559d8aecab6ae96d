// The admin routes through the real app (startCore: its auth, its one error-status table, its instances): status
// codes of the sandbox errors, credentials, fault injection on a device that is really connected, and no
// /sandbox routes at all on the real network.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SandboxNetwork } from '../sandbox-network.js'
import { pairInstance, startTestCore, waitUntil, type TestCore } from '../../testing/core-harness.js'
import { TestClient, waitFor } from '../testing/test-client.js'

const ALICE = '15550000001'
const BOB = '15550000002'

/** Resolves when the sandbox sees this device's connection end. */
function wentOffline(net: SandboxNetwork, phone: string, deviceId: number): Promise<void> {
  return new Promise((resolve) => {
    const on = (d: { phone: string; deviceId: number }) => {
      if (d.phone !== phone || d.deviceId !== deviceId) return
      net.events.off('offline', on)
      resolve()
    }
    net.events.on('offline', on)
  })
}

describe.sequential('sandbox admin routes in the real app (sandbox mode)', () => {
  let t: TestCore
  let net: SandboxNetwork
  beforeAll(async () => {
    t = await startTestCore('sandbox')
    net = t.core.sandbox!
  })
  afterAll(async () => t?.close())

  it('need the API token: none is 400 missing_param, a wrong one 401 invalid_access_token (as every account route)', async () => {
    for (const [method, url] of [['GET', '/sandbox/phones'], ['POST', '/sandbox/phones'], ['POST', '/sandbox/faults'], ['GET', '/sandbox/inventory']] as const) {
      const none = await t.inject({ method, url, payload: method === 'POST' ? {} : undefined })
      expect([url, none.statusCode, none.json().code]).toEqual([url, 400, 'missing_param'])
      const wrong = await t.inject({ method, url: `${url}?access_token=not-the-token`, payload: method === 'POST' ? {} : undefined })
      expect([url, wrong.statusCode, wrong.json().code]).toEqual([url, 401, 'invalid_access_token'])
    }
  })

  it('creates and lists phones; a duplicate is 409 phone_exists, a bad number 400', async () => {
    const r = await t.call('POST', '/sandbox/phones', {}, { phone_number: ALICE, name: 'Alice' })
    expect(r.statusCode).toBe(201)
    expect(r.json()).toMatchObject({ phone_number: ALICE, name: 'Alice', jid: `${ALICE}@s.whatsapp.net`, lid: expect.stringMatching(/@lid$/) })
    const dup = await t.call('POST', '/sandbox/phones', {}, { phone_number: ALICE, name: 'x' })
    expect([dup.statusCode, dup.json().code]).toEqual([409, 'phone_exists'])
    const bad = await t.call('POST', '/sandbox/phones', {}, { phone_number: 'abc' })
    expect([bad.statusCode, bad.json().code]).toEqual([400, 'invalid_phone_number'])
    expect((await t.call('POST', '/sandbox/phones', {}, {})).statusCode).toBe(400)
    expect((await t.call('POST', '/sandbox/phones', {}, { phone_number: Number(BOB), name: 'Bob' })).statusCode).toBe(201)
    const list = (await t.call('GET', '/sandbox/phones')).json() as { phone_number: string; devices: unknown[] }[]
    expect(list.map((p) => p.phone_number)).toEqual([ALICE, BOB])
    expect(list[0]!.devices).toHaveLength(1)
    expect((await t.call('GET', '/sandbox/phones/15559999999')).statusCode).toBe(404)
  })

  it('creates a phone with its one-time pre-keys already on the server (prekeys); out of range is 400', async () => {
    const phone = '15550000077'
    expect((await t.call('POST', '/sandbox/phones', {}, { phone_number: phone, prekeys: 8 })).statusCode).toBe(201)
    expect(net.preKeyCount(`${phone}@s.whatsapp.net`)).toBe(8)
    const tooMany = await t.call('POST', '/sandbox/phones', {}, { phone_number: '15550000078', prekeys: 813 })
    expect(tooMany.statusCode).toBe(400)
    expect((await t.call('GET', '/sandbox/phones/15550000078')).statusCode).toBe(404)
  })

  it("scans an instance's QR by instance id; junk QR 400, nothing to scan 409, a spent QR 410", async () => {
    const id = await t.createInstance()
    await t.waitForStatus(id, 'SCAN_QR_CODE')
    const qr = await waitUntil(() => t.core.instances.qr(id)?.qr, 10_000, 'qr')
    const junk = await t.call('POST', `/sandbox/phones/${ALICE}/scan`, {}, { qr: 'junk' })
    expect([junk.statusCode, junk.json().code]).toEqual([400, 'invalid_qr'])
    const nothing = await t.call('POST', `/sandbox/phones/${ALICE}/scan`, {}, { instance_id: 'NOPE0000' })
    expect([nothing.statusCode, nothing.json().code]).toEqual([409, 'instance_not_scannable'])
    const r = await t.call('POST', `/sandbox/phones/${ALICE}/scan`, {}, { instance_id: id })
    expect(r.statusCode).toBe(200)
    expect(r.json()).toMatchObject({ status: 'linked', device_id: 1, jid: `${ALICE}:1@s.whatsapp.net` })
    await t.waitForStatus(id, 'WORKING')
    const spent = await t.call('POST', `/sandbox/phones/${ALICE}/scan`, {}, { qr })
    expect([spent.statusCode, spent.json().code]).toEqual([410, 'qr_expired'])
  })

  it('links by pairing code; a wrong code is 400 invalid_pairing_code, none asked for is 409', async () => {
    const none = await t.call('POST', `/sandbox/phones/${BOB}/link-code`, {}, { code: 'ABCD-EFGH' })
    expect([none.statusCode, none.json().code]).toEqual([409, 'no_pending_pairing'])
    const c = new TestClient(net, 'c2')
    c.start()
    try {
      await waitFor(() => c.qrs[0], 8000, 'socket')
      const code = await c.sock.requestPairingCode(BOB)
      const wrong = code === 'ZZZZZZZZ' ? 'YYYY-YYYY' : 'ZZZZ-ZZZZ'
      const bad = await t.call('POST', `/sandbox/phones/${BOB}/link-code`, {}, { code: wrong })
      expect([bad.statusCode, bad.json().code]).toEqual([400, 'invalid_pairing_code'])
      const ok = await t.call('POST', `/sandbox/phones/${BOB}/link-code`, {}, { code: `${code.slice(0, 4)}-${code.slice(4)}` })
      expect(ok.statusCode).toBe(200)
      await waitFor(() => c.state === 'open', 10_000, 'open')
    } finally {
      c.stop()
    }
  })

  it('the person sends and lists messages; an unknown recipient is 404, no text 400', async () => {
    const sent = await t.call('POST', `/sandbox/phones/${ALICE}/messages`, {}, { to: BOB, text: 'hi Bob' })
    expect(sent.statusCode).toBe(201)
    const { id } = sent.json() as { id: string }
    const bobInbox = async () => (await t.call('GET', `/sandbox/phones/${BOB}/messages`)).json() as Record<string, unknown>[]
    const got = await waitFor(async () => (await bobInbox()).find((m) => m.id === id), 8000, 'Bob got it')
    expect(got).toMatchObject({ from: `${ALICE}@s.whatsapp.net`, to: `${BOB}@s.whatsapp.net`, text: 'hi Bob', fromMe: false })
    const unknown = await t.call('POST', `/sandbox/phones/${ALICE}/messages`, {}, { to: '19999999999', text: 'x' })
    expect([unknown.statusCode, unknown.json().code]).toEqual([404, 'phone_not_found'])
    expect((await t.call('POST', `/sandbox/phones/${ALICE}/messages`, {}, { to: BOB })).statusCode).toBe(400)
  })

  it('faults: drop and conflict end the connection of a connected device; a device not connected is 400; delay and clear are 200', async () => {
    const phone = await pairInstance(t, '15550000003', 'Carol')
    const device = `15550000003:1@s.whatsapp.net`
    const online = () => waitUntil(() => net.getPhone('15550000003')?.devices.find((d) => d.id === 1)?.online, 20_000, 'device online')
    await online()
    const dropped = wentOffline(net, '15550000003', 1)
    expect((await t.call('POST', '/sandbox/faults', {}, { action: 'drop', jid: device })).json()).toEqual({ status: 'ok' })
    await dropped
    // The engine reconnects the instance by itself; then the same device is told another client took over.
    await t.waitForStatus(phone, 'WORKING')
    await online()
    const replaced = wentOffline(net, '15550000003', 1)
    expect((await t.call('POST', '/sandbox/faults', {}, { action: 'conflict', jid: device })).statusCode).toBe(200)
    await replaced
    const absent = await t.call('POST', '/sandbox/faults', {}, { action: 'drop', jid: `${ALICE}:7@s.whatsapp.net` })
    expect([absent.statusCode, absent.json().code]).toEqual([400, 'invalid_request'])
    expect((await t.call('POST', '/sandbox/faults', {}, { action: 'drop' })).statusCode).toBe(400)
    // A jid that is not a string, or not a JID, is a 400 with a code (not a phone named "false": 404).
    for (const jid of [false, true, 'false', 'alice@example.com']) {
      const bad = await t.call('POST', '/sandbox/faults', {}, { action: 'drop', jid })
      expect(bad.statusCode, `${String(jid)}: ${bad.body}`).toBe(400)
      expect(bad.json()).toMatchObject({ code: expect.any(String), message: expect.stringContaining('jid') })
    }
    expect((await t.call('POST', '/sandbox/faults', {}, { action: 'delay', delay_ms: 10 })).statusCode).toBe(200)
    expect((await t.call('POST', '/sandbox/faults', {}, { action: 'clear' })).statusCode).toBe(200)
  })

  it("the inventory route lists what the app's engines sent, per operation, with nothing unmodelled", async () => {
    const inv = (await t.call('GET', '/sandbox/inventory')).json() as { handled: string[]; unhandled: string[] }
    expect(inv.handled).toEqual(expect.arrayContaining(['iq:encrypt/get/count', 'iq:usync/get/usync', 'iq:passive/set/active', 'stanza:message']))
    expect(inv.unhandled).toEqual([])
  })
})

describe('sandbox admin routes on the real network (whatsapp mode)', () => {
  let t: TestCore
  beforeAll(async () => {
    t = await startTestCore('offline')
  })
  afterAll(async () => t?.close())

  it('do not exist: 404 not_found even with a valid token', async () => {
    for (const [method, url] of [['GET', '/sandbox/phones'], ['POST', '/sandbox/phones'], ['POST', '/sandbox/faults'], ['GET', '/sandbox/inventory']] as const) {
      const r = await t.call(method, url, {}, method === 'POST' ? { phone_number: ALICE } : undefined)
      expect([url, r.statusCode, r.json().code]).toEqual([url, 404, 'not_found'])
    }
  })
})
