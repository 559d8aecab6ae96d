// Real Baileys against the sandbox network, through the whole core (startCore) and its HTTP API.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { countKeys } from '../db/repositories/auth-state-repo.js'
import type { SessionStatusEvent } from '../domain/events.js'
import { startTestCore, waitUntil, type TestCore } from '../testing/core-harness.js'

describe('instance lifecycle on the sandbox network', () => {
  let t: TestCore
  const events: SessionStatusEvent[] = []
  let phoneSeq = 0
  const newPhone = async (name: string) => {
    const phone = `1555${String(Date.now()).slice(-5)}${String(phoneSeq++).padStart(2, '0')}`
    const res = await t.inject({ method: 'POST', url: '/sandbox/phones', headers: { 'access-token': t.token }, payload: { phone_number: phone, name } })
    expect(res.statusCode, res.body).toBe(201)
    return phone
  }
  const companions = (phone: string) => t.core.sandbox!.getPhone(phone)!.devices.filter((d) => d.kind === 'companion')
  const statusesOf = (id: string) => events.filter((e) => e.instanceId === id).map((e) => e.status)

  /** create -> SCAN_QR_CODE -> scan (by QR string or by instance_id) -> WORKING */
  const pairedInstance = async (name: string, by: 'qr' | 'instance_id' = 'qr') => {
    const id = await t.createInstance()
    await t.waitForStatus(id, 'SCAN_QR_CODE')
    const phone = await newPhone(name)
    const payload = by === 'qr' ? { qr: (await t.call('GET', '/v2/auth/qr', { instance_id: id })).json().value } : { instance_id: id }
    const scan = await t.inject({ method: 'POST', url: `/sandbox/phones/${phone}/scan`, headers: { 'access-token': t.token }, payload })
    expect(scan.statusCode, scan.body).toBe(200)
    await t.waitForStatus(id, 'WORKING')
    return { id, phone }
  }

  beforeAll(async () => {
    t = await startTestCore('sandbox', { plan: 'paid', engine: { reconnect: { baseDelayMs: 50, maxDelayMs: 200, conflictLimit: 3 } } })
    t.core.bus.on('session.status', (e) => events.push(e))
  })
  afterAll(() => t.close())

  it('pairs by QR: STARTING -> SCAN_QR_CODE -> STARTING -> WORKING, with QR endpoints and me', async () => {
    const id = await t.createInstance()
    await t.waitForStatus(id, 'SCAN_QR_CODE')
    const qr = (await t.call('POST', '/v2/auth/qr', { instance_id: id })).json()
    expect(qr.value).toMatch(/^https:\/\/wa\.me\/settings\/linked_devices#|^2@/)
    expect(JSON.parse(Buffer.from(qr.data, 'base64').toString())).toEqual({ value: qr.value, expiry: qr.expiry })
    // The first QR of a connection lives 60 s (later ones 20 s): expiry is the engine's, not a fixed guess.
    const secondsLeft = qr.expiry - Date.now() / 1000
    expect(secondsLeft).toBeGreaterThan(30)
    expect(secondsLeft).toBeLessThanOrEqual(60)
    const image = (await t.call('GET', '/v2/auth/qr', { instance_id: id, format: 'image' })).json()
    expect(Buffer.from(image.data, 'base64').subarray(1, 4).toString()).toBe('PNG')
    expect((await t.call('GET', '/v2/auth/qr-image', { instance_id: id })).json().qr).toMatch(/^data:image\/png;base64,/)
    expect((await t.call('GET', '/v2/session/info', { instance_id: id })).json().qr).toMatch(/^data:image\/png;base64,/)
    const phone = await newPhone('Alice')
    const scan = await t.inject({ method: 'POST', url: `/sandbox/phones/${phone}/scan`, headers: { 'access-token': t.token }, payload: { qr: qr.value } })
    expect(scan.statusCode, scan.body).toBe(200)
    await t.waitForStatus(id, 'WORKING')
    expect(statusesOf(id)).toEqual(['STARTING', 'SCAN_QR_CODE', 'STARTING', 'WORKING'])
    const me = await waitUntil(async () => {
      const r = (await t.call('GET', '/v2/session/me', { instance_id: id })).json()
      return r.pushName ? r : undefined
    }, 10_000, 'push name')
    expect(me).toMatchObject({ id: `${phone}@c.us`, pushName: 'Alice' })
    expect((await t.call('GET', '/v2/session/info', { instance_id: id })).json()).toMatchObject({ status: 'WORKING', me: { id: `${phone}@c.us` } })
    expect((await t.call('GET', '/v2/auth/qr', { instance_id: id })).statusCode).toBe(422)
    expect(t.core.engine.liveSocket(id)).toBeDefined()
    expect(countKeys(t.core.db, id)).toBeGreaterThan(10)
  })

  it('stop keeps the pairing; start resumes WORKING without a scan; restart runs the purge hooks', async () => {
    const { id, phone } = await pairedInstance('Bob', 'instance_id')
    expect((await t.call('POST', '/v2/session/stop', { instance_id: id })).json().status).toBe('STOPPED')
    expect(t.core.engine.liveSocket(id)).toBeUndefined()
    expect(companions(phone)).toHaveLength(1)
    expect((await t.call('POST', '/v2/session/start', { instance_id: id })).json().status).toBe('STARTING')
    await t.waitForStatus(id, 'WORKING')
    const purged: string[] = []
    const off = t.core.instances.onRestart((instanceId) => void purged.push(instanceId))
    expect((await t.call('POST', '/v2/session/restart', { instance_id: id })).json().status).toBe('STARTING')
    off()
    expect(purged).toEqual([id])
    await t.waitForStatus(id, 'WORKING')
    expect(statusesOf(id).slice(-5)).toEqual(['STOPPED', 'STARTING', 'WORKING', 'STARTING', 'WORKING'])
    expect(companions(phone)).toHaveLength(1)
  })

  it('reconnects by itself after a dropped connection', async () => {
    const { id, phone } = await pairedInstance('Carol')
    const device = companions(phone)[0]!
    const before = events.length
    expect(t.core.sandbox!.faults.dropConnection(device.jid)).toBe(true)
    await waitUntil(() => events.slice(before).some((e) => e.instanceId === id && e.status === 'STARTING'), 15_000, 'STARTING after drop')
    await t.waitForStatus(id, 'WORKING', 30_000)
  })

  it('logout unlinks the device and shows a new QR; the instance pairs again by pairing code', async () => {
    const { id, phone } = await pairedInstance('Dave')
    const res = await t.call('POST', '/v2/session/logout', { instance_id: id })
    expect(res.json()).toEqual({ name: expect.any(String), status: 'SCAN_QR_CODE', instance_id: id })
    await waitUntil(() => companions(phone).length === 0, 10_000, 'device removed from the phone')
    await waitUntil(() => t.core.instances.qr(id), 15_000, 'new QR')
    expect((await t.call('GET', '/v2/session/me', { instance_id: id })).statusCode).toBe(422)

    expect((await t.call('POST', '/v2/auth/request-code', { instance_id: id })).json().code).toBe('missing_param')
    const badPhone = await t.call('POST', '/v2/auth/request-code', { instance_id: id }, { phone_number: '+1 (555) 0100' })
    expect(badPhone.statusCode).toBe(400)
    expect(badPhone.json().code).toBe('invalid_phone_number')
    expect((await t.call('POST', '/v2/auth/request-code', { instance_id: 'NOPE00000000' }, { phone_number: phone })).statusCode).toBe(404)
    const code = await t.call('POST', '/v2/auth/request-code', { instance_id: id }, { phone_number: phone })
    expect(code.statusCode, code.body).toBe(200)
    expect(code.json().code).toMatch(/^[A-Z0-9]{4}-[A-Z0-9]{4}$/)
    const again = await t.call('POST', '/v2/auth/request-code', { instance_id: id, phone_number: phone })
    expect(again.json().code).toBe(code.json().code)
    const wrong = await t.inject({ method: 'POST', url: `/sandbox/phones/${phone}/link-code`, headers: { 'access-token': t.token }, payload: { code: 'AAAA-AAAA' } })
    expect(wrong.statusCode).toBe(400)
    expect(wrong.json().code).toBe('invalid_pairing_code')
    const link = await t.inject({ method: 'POST', url: `/sandbox/phones/${phone}/link-code`, headers: { 'access-token': t.token }, payload: { code: code.json().code } })
    expect(link.statusCode, link.body).toBe(200)
    await t.waitForStatus(id, 'WORKING')
    const working = await t.call('POST', '/v2/auth/request-code', { instance_id: id }, { phone_number: phone })
    expect(working.statusCode).toBe(422)
    expect(working.json().code).toBe('session_status_mismatch')
  })

  it('logout answers XML and plain text by Accept', async () => {
    const { id } = await pairedInstance('Ivan')
    const xml = await t.inject({ method: 'POST', url: `/v2/session/logout?access_token=${t.token}&instance_id=${id}`, headers: { accept: 'application/xml' } })
    expect(xml.statusCode).toBe(200)
    expect(xml.headers['content-type']).toMatch(/^application\/xml/)
    expect(xml.body).toMatch(new RegExp(`<response>\\s*<success>true</success>\\s*<message>Session \\S+ logged out</message>\\s*<name>\\S+</name>\\s*<status>SCAN_QR_CODE</status>\\s*<instance_id>${id}</instance_id>\\s*</response>`))
    await waitUntil(() => t.core.instances.qr(id), 15_000, 'new QR')
    const text = await t.inject({ method: 'GET', url: `/v2/session/logout?access_token=${t.token}&instance_id=${id}`, headers: { accept: 'text/plain' } })
    expect(text.statusCode).toBe(200)
    expect(text.headers['content-type']).toMatch(/^text\/plain/)
    expect(text.body).toMatch(/^Success\. Session \S+ logged out\.$/)
  })

  it('throttles pairing codes per phone number (429 with Retry-After)', async () => {
    const id = await t.createInstance()
    await t.waitForStatus(id, 'SCAN_QR_CODE')
    const phone = await newPhone('Erin')
    const other = [await t.createInstance(), await t.createInstance()]
    for (const o of other) await t.waitForStatus(o, 'SCAN_QR_CODE')
    for (const instance of [id, ...other]) {
      expect((await t.call('POST', '/v2/auth/request-code', { instance_id: instance }, { phone_number: phone })).statusCode).toBe(200)
    }
    const fourth = await t.call('POST', '/v2/auth/request-code', { instance_id: await (async () => {
      const x = await t.createInstance()
      await t.waitForStatus(x, 'SCAN_QR_CODE')
      return x
    })() }, { phone_number: phone })
    expect(fourth.statusCode).toBe(429)
    expect(fourth.json().code).toBe('pairing_code_throttled')
    expect(Number(fourth.headers['retry-after'])).toBeGreaterThan(0)
  })

  it('goes back to SCAN_QR_CODE when the phone unlinks the device (401)', async () => {
    const { id, phone } = await pairedInstance('Frank')
    const device = companions(phone)[0]!
    expect(t.core.sandbox!.unlinkDevice(phone, device.id)).toBe(true)
    await t.waitForStatus(id, 'SCAN_QR_CODE', 15_000)
    expect(events.filter((e) => e.instanceId === id).at(-1)?.reason).toBe('disconnect:401')
    await waitUntil(() => t.core.instances.qr(id), 15_000, 'fresh QR')
    expect(t.core.instances.view(id)?.me).toBeNull()
  })

  it('becomes FAILED after repeated stream conflicts (440) and leaves FAILED on restart', async () => {
    const { id, phone } = await pairedInstance('Grace')
    for (let i = 0; i < 3; i++) {
      await t.waitForStatus(id, 'WORKING', 20_000)
      const device = companions(phone)[0]!
      expect(t.core.sandbox!.faults.streamConflict(device.jid)).toBe(true)
      await waitUntil(() => t.core.instances.view(id)?.status !== 'WORKING', 10_000, 'leave WORKING')
    }
    await t.waitForStatus(id, 'FAILED', 20_000)
    expect(events.filter((e) => e.instanceId === id).at(-1)?.reason).toBe('failed:conflict')
    await t.call('POST', '/v2/session/restart', { instance_id: id })
    await t.waitForStatus(id, 'WORKING', 20_000)
  })

  it('delete unlinks a WORKING device, drops all its data and answers 404 afterwards', async () => {
    const { id, phone } = await pairedInstance('Heidi')
    const res = await t.call('DELETE', '/v2/session/delete', { instance_id: id })
    expect(res.json()).toEqual({ name: expect.any(String), status: 'DELETED', instance_id: id })
    expect(statusesOf(id).at(-1)).toBe('DELETED')
    await waitUntil(() => companions(phone).length === 0, 10_000, 'device removed')
    expect(countKeys(t.core.db, id)).toBe(0)
    expect((await t.call('GET', '/v2/session/info', { instance_id: id })).statusCode).toBe(404)
  })
})
