// The connection lifecycle the way the real network runs it (issue 10, item 5), end to end: real Baileys against
// the sandbox, driven and observed only through the public surfaces — the sandbox admin API (/sandbox/*), the v2
// API (/v2/session/info, /v2/chats/messages), signed webhooks to a local receiver, and the UI bridge over its
// WebSocket. Each case ends in the documented status with its reason in words, the right session.status webhook,
// and no reconnect storm (login attempts counted by the sandbox).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SessionStatusEvent } from '../domain/events.js'
import { connectTestBridge, type TestBridge } from '../bridge/testing/ws-bridge-client.js'
import { startVerifyingReceiver, type VerifyingReceiver } from '../testing/event-fixtures.js'
import { startTestCore, waitUntil, type TestCore } from '../testing/core-harness.js'

const SECRET = 'lifecycle-secret'
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

interface DeviceInfo { id: number; jid: string; kind: string; logins: number; pending_stanzas: number }

describe.sequential('connection lifecycle on the sandbox network', () => {
  let t: TestCore
  let rx: VerifyingReceiver
  let ui: TestBridge
  const events: SessionStatusEvent[] = []
  let seq = 0
  const engineLogLevel = process.env.SWITCHBOARD_ENGINE_LOG_LEVEL

  const admin = async (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: Record<string, unknown>) => {
    const res = await t.inject({ method, url: `/sandbox${url}`, headers: { 'access-token': t.token }, ...(payload ? { payload } : {}) })
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300)
    return res.json()
  }
  const newPhone = async (name: string) => {
    const phone = `1556${String(Date.now()).slice(-5)}${String(seq++).padStart(2, '0')}`
    await admin('POST', '/phones', { phone_number: phone, name })
    return phone
  }
  const companion = async (phone: string): Promise<DeviceInfo> => {
    const p = (await admin('GET', `/phones/${phone}`)) as { devices: DeviceInfo[] }
    return p.devices.find((d) => d.kind === 'companion')!
  }
  const info = async (id: string) => (await t.call('GET', '/v2/session/info', { instance_id: id })).json() as { status: string; status_reason: string | null; status_reason_text: string | null }
  const statusHooks = (id: string) => rx.envelopes().filter((e) => e.event === 'session.status' && e.instance_id === id).map((e) => e.payload)
  const dto = async (id: string) => {
    const r = await ui.bridge.instances.get({ instanceId: id })
    if (!r.ok) throw new Error(r.error.message)
    return r.data
  }

  /** create (with a webhook for everything) -> SCAN_QR_CODE -> a new phone scans -> WORKING. */
  const pairedInstance = async (name: string) => {
    const id = await t.createInstance()
    const hook = await t.call('POST', '/v2/webhook/set', { instance_id: id }, { url: rx.receiver.url, events: ['*'], hmac: SECRET, retries: { delay: 0.2, attempts: 5 } })
    expect(hook.statusCode, hook.body).toBe(200)
    await t.waitForStatus(id, 'SCAN_QR_CODE')
    const phone = await newPhone(name)
    await admin('POST', `/phones/${phone}/scan`, { instance_id: id })
    await t.waitForStatus(id, 'WORKING')
    return { id, phone }
  }

  beforeAll(async () => {
    // Baileys' own log lines at info reach the captured log, so the level of its 515 line can be checked.
    process.env.SWITCHBOARD_ENGINE_LOG_LEVEL = 'info'
    t = await startTestCore('sandbox', {
      plan: 'paid',
      // Minutes made milliseconds: 4 quick attempts, then background attempts every 400 ms (jitter up to 30 %).
      engine: { reconnect: { baseDelayMs: 50, maxDelayMs: 200, maxAttempts: 4, conflictLimit: 3, backgroundRetryMs: 400 } }
    })
    t.core.bus.on('session.status', (e) => events.push(e))
    rx = await startVerifyingReceiver(SECRET)
    ui = await connectTestBridge(t.core.url, t.core.ui.token)
  })
  afterAll(async () => {
    if (engineLogLevel === undefined) delete process.env.SWITCHBOARD_ENGINE_LOG_LEVEL
    else process.env.SWITCHBOARD_ENGINE_LOG_LEVEL = engineLogLevel
    ui?.close()
    await t?.close()
    await rx?.close()
  })

  it('515 right after pairing: a normal restart, logged at info, never surfaced as a failure', async () => {
    const { id, phone } = await pairedInstance('Ann')
    expect(events.filter((e) => e.instanceId === id).map((e) => `${e.status} ${e.reason}`)).toEqual([
      'STARTING start', 'SCAN_QR_CODE engine:qr', 'STARTING engine:paired', 'WORKING engine:open'
    ])
    // The pairing stream ended with 515 and the device logged in once on a new connection.
    expect((await companion(phone)).logins).toBe(1)
    const logs = t.logLines.map((l) => JSON.parse(l) as { level: number; msg: string; code?: number; instanceId?: string })
    expect(logs.some((l) => l.level === 30 && l.msg.startsWith('stream restart required (515)') && l.instanceId === id)).toBe(true)
    expect(logs.some((l) => l.level === 30 && l.msg === 'engine connection closed' && l.code === 515 && l.instanceId === id)).toBe(true)
    expect(logs.filter((l) => l.level >= 40 && l.instanceId === id && /stream|515|restart/.test(l.msg))).toEqual([])
    await rx.waitFor('session.status', (p) => p.instance_id === id && p.status === 'WORKING')
    expect(statusHooks(id).map((p) => [p.status, p.reason_text])).toEqual([
      ['SCAN_QR_CODE', 'waiting for a QR scan or a pairing code'],
      ['STARTING', 'a phone linked it: logging in'],
      ['WORKING', 'connected']
    ])
    expect(await info(id)).toMatchObject({ status: 'WORKING', status_reason: 'engine:open', status_reason_text: 'connected' })
  })

  it('440 conflict: another client takes the session; FAILED after 3 in 5 minutes, in words, without retrying', async () => {
    const { id, phone } = await pairedInstance('Ben')
    const device = await companion(phone)
    for (let i = 0; i < 3; i++) {
      await t.waitForStatus(id, 'WORKING', 20_000)
      await admin('POST', '/faults', { action: 'conflict', jid: device.jid })
      await waitUntil(() => t.core.instances.view(id)?.status !== 'WORKING', 10_000, 'leave WORKING')
    }
    await t.waitForStatus(id, 'FAILED', 20_000)
    const text = 'the session was opened elsewhere 3 times in 5 minutes (another client or computer uses this account): start it again once the other one is closed'
    expect(await info(id)).toMatchObject({ status: 'FAILED', status_reason: 'failed:conflict', status_reason_text: text })
    await rx.waitFor('session.status', (p) => p.instance_id === id && p.status === 'FAILED')
    expect(statusHooks(id).at(-1)).toMatchObject({ status: 'FAILED', previous: 'WORKING', reason: 'failed:conflict', reason_text: text })
    expect(statusHooks(id).filter((p) => p.reason === 'disconnect:440')).toHaveLength(2)
    expect(await dto(id)).toMatchObject({ status: 'FAILED', statusReason: 'failed:conflict', statusReasonText: text })
    // Terminal: no background attempts fight the other client for the session.
    const logins = (await companion(phone)).logins
    await sleep(1500)
    expect((await companion(phone)).logins).toBe(logins)
    expect(t.core.instances.view(id)?.status).toBe('FAILED')
  })

  it('401 logged out from the phone: SCAN_QR_CODE with a fresh QR, the pairing forgotten, the reason in words', async () => {
    const { id, phone } = await pairedInstance('Cleo')
    const device = await companion(phone)
    expect(await admin('DELETE', `/phones/${phone}/devices/${device.id}`)).toEqual({ status: 'unlinked' })
    await t.waitForStatus(id, 'SCAN_QR_CODE', 15_000)
    const text = 'the phone logged this device out (removed from Linked devices): scan a new QR code to pair again'
    await waitUntil(() => t.core.instances.qr(id), 15_000, 'fresh QR')
    // The fresh QR does not hide why: the status stays SCAN_QR_CODE with the logout as its reason.
    expect(await info(id)).toMatchObject({ status: 'SCAN_QR_CODE', status_reason: 'disconnect:401', status_reason_text: text })
    expect((await t.call('GET', '/v2/session/info', { instance_id: id })).json().qr).toMatch(/^data:image\/png;base64,/)
    await rx.waitFor('session.status', (p) => p.instance_id === id && p.status === 'SCAN_QR_CODE' && p.reason === 'disconnect:401')
    expect(statusHooks(id).at(-1)).toMatchObject({ status: 'SCAN_QR_CODE', previous: 'WORKING', reason_text: text })
    expect(await dto(id)).toMatchObject({ status: 'SCAN_QR_CODE', statusReasonText: text, me: null, number: null })
    expect((await t.call('GET', '/v2/session/me', { instance_id: id })).statusCode).toBe(422)
  })

  it('401 while stopped: the device was removed meanwhile; the next start is refused once and asks for a scan', async () => {
    const { id, phone } = await pairedInstance('Dora')
    const device = await companion(phone)
    expect((await t.call('POST', '/v2/session/stop', { instance_id: id })).json().status).toBe('STOPPED')
    await admin('DELETE', `/phones/${phone}/devices/${device.id}`)
    expect((await t.call('POST', '/v2/session/start', { instance_id: id })).json().status).toBe('STARTING')
    await t.waitForStatus(id, 'SCAN_QR_CODE', 15_000)
    expect(await info(id)).toMatchObject({ status_reason: 'disconnect:401' })
    await rx.waitFor('session.status', (p) => p.instance_id === id && p.reason === 'disconnect:401')
    expect(statusHooks(id).at(-1)).toMatchObject({ status: 'SCAN_QR_CODE', previous: 'STARTING', reason_text: expect.stringMatching(/^the phone logged this device out/) })
  })

  it('403/406 ban: the network refuses the account with a reason; FAILED in words, no retries; pairs back once lifted', async () => {
    const { id, phone } = await pairedInstance('Eve')
    const device = await companion(phone)
    await admin('POST', '/faults', { action: 'ban', phone })
    await t.waitForStatus(id, 'FAILED', 15_000)
    const forbidden = 'the network refused the account (403: locked or banned): check the phone; start it again once WhatsApp lets the number in'
    expect(await info(id)).toMatchObject({ status: 'FAILED', status_reason: 'failed:forbidden', status_reason_text: forbidden })
    await rx.waitFor('session.status', (p) => p.instance_id === id && p.status === 'FAILED')
    expect(statusHooks(id).at(-1)).toMatchObject({ status: 'FAILED', previous: 'WORKING', reason: 'failed:forbidden', reason_text: forbidden })
    expect(await dto(id)).toMatchObject({ status: 'FAILED', statusReason: 'failed:forbidden', statusReasonText: forbidden })
    const logins = (await companion(phone)).logins
    await sleep(1500)
    expect((await companion(phone)).logins).toBe(logins)

    // The ban is the phone's setting; a restart while still banned (now 406) is one refused login, FAILED again with that reason.
    expect(await admin('GET', `/phones/${phone}/settings`)).toMatchObject({ banned: 403 })
    expect(await admin('PATCH', `/phones/${phone}/settings`, { banned: 406 })).toMatchObject({ banned: 406 })
    expect((await t.call('POST', '/v2/session/restart', { instance_id: id })).json().status).toBe('STARTING')
    await waitUntil(async () => (await info(id)).status_reason === 'failed:banned', 15_000, 'FAILED banned')
    expect(await info(id)).toMatchObject({ status: 'FAILED', status_reason_text: expect.stringMatching(/^the network banned the account \(402 temporarily or 406 permanently\)/) })
    expect((await companion(phone)).logins).toBe(logins + 1)
    await sleep(1000)
    expect((await companion(phone)).logins).toBe(logins + 1)

    // Lifted: the pairing was kept, so a start logs in without a scan.
    await admin('POST', '/faults', { action: 'clear' }) // faults cleared; the ban is a setting and stays
    expect(await admin('GET', `/phones/${phone}/settings`)).toMatchObject({ banned: 406 })
    expect(await admin('PATCH', `/phones/${phone}/settings`, { banned: null })).toMatchObject({ banned: null })
    await t.call('POST', '/v2/session/restart', { instance_id: id })
    await t.waitForStatus(id, 'WORKING', 20_000)
    expect((await companion(phone)).id).toBe(device.id)
  })

  it('offline with 500 messages waiting: the network comes back, one login, all 500 once each and in order per chat', async () => {
    const { id, phone } = await pairedInstance('Fay')
    const device = await companion(phone)
    const people = await Promise.all(['Gus', 'Hal', 'Ida', 'Jon', 'Kim'].map((n) => newPhone(n)))
    const PER = 100

    const down = Date.now()
    const loginsBefore = device.logins
    await admin('POST', '/faults', { action: 'network_down', jid: device.jid })
    // The drop and 3 quick attempts, then FAILED with slow background attempts (a laptop asleep for an hour).
    await t.waitForStatus(id, 'FAILED', 20_000)
    expect(await info(id)).toMatchObject({ status_reason: 'failed:retries_exhausted' })

    // Five people write 100 messages each while the instance is away: the sandbox queues them for its device.
    await Promise.all(people.map(async (p, n) => {
      for (let i = 0; i < PER; i++) await admin('POST', `/phones/${p}/messages`, { to: phone, text: `p${n} m${String(i).padStart(3, '0')}` })
    }))
    await waitUntil(async () => (await companion(phone)).pending_stanzas >= 5 * PER, 30_000, '500 stanzas queued')
    // Background attempts kept their cadence: no storm while the network was down.
    const outageMs = Date.now() - down
    const duringOutage = (await companion(phone)).logins - loginsBefore
    expect(duringOutage).toBeGreaterThanOrEqual(3)
    expect(duringOutage).toBeLessThanOrEqual(3 + Math.ceil(outageMs / (400 * 0.7)) + 1)
    expect(t.core.instances.view(id)?.status).toBe('FAILED')

    const before = events.length
    const loginsAtUp = (await companion(phone)).logins
    await admin('POST', '/faults', { action: 'network_up', jid: device.jid })
    await t.waitForStatus(id, 'WORKING', 20_000)
    const loginsAtWorking = (await companion(phone)).logins
    // One login connected; at most one more attempt, cut just before the network came back, is counted with it.
    expect(loginsAtWorking - loginsAtUp).toBeGreaterThanOrEqual(1)
    expect(loginsAtWorking - loginsAtUp).toBeLessThanOrEqual(2)
    expect(events.slice(before).filter((e) => e.instanceId === id).map((e) => `${e.status} ${e.reason}`)).toEqual(['WORKING engine:open'])

    // Every message once, as a webhook and in the store.
    const bodies = (p: Record<string, unknown>) => typeof p.body === 'string' && /^p\d m\d{3}$/.test(p.body)
    await waitUntil(() => rx.count('message', bodies) >= 5 * PER, 120_000, `500 message webhooks (have ${rx.count('message', bodies)})`)
    const hooks = rx.envelopes().filter((e) => e.event === 'message' && e.instance_id === id && bodies(e.payload))
    const unique = new Set(hooks.map((e) => e.id))
    expect(unique.size).toBe(5 * PER)
    for (let n = 0; n < people.length; n++) {
      const chat = `${people[n]}@c.us`
      const expected = Array.from({ length: PER }, (_, i) => `p${n} m${String(i).padStart(3, '0')}`)
      // Webhooks: each message once; in send order by event id (POSTs run in parallel, ids are ordered).
      const ofChat = [...new Map(hooks.filter((e) => e.payload.from === chat).map((e) => [e.id, e])).values()].sort((a, b) => (a.id < b.id ? -1 : 1))
      expect(ofChat.map((e) => e.payload.body)).toEqual(expected)
      expect(new Set(ofChat.map((e) => e.payload.id)).size).toBe(PER)
      // The store: the chat holds the 100, newest first.
      const stored: string[] = []
      for (let offset = 0; ; offset += 50) {
        const page = (await t.call('GET', '/v2/chats/messages', { instance_id: id, chatId: chat, limit: '50', offset: String(offset), downloadMedia: 'false' })).json() as { body: string }[]
        stored.push(...page.map((m) => m.body))
        if (page.length < 50) break
      }
      expect(stored.filter((b) => /^p\d m\d{3}$/.test(b)).reverse()).toEqual(expected)
    }
    // One connection brought them all: it held through the whole offline queue, no reconnect since.
    await sleep(1000)
    expect((await companion(phone)).logins).toBe(loginsAtWorking)
    expect(events.slice(before).filter((e) => e.instanceId === id)).toHaveLength(1)
    expect(t.core.instances.view(id)?.status).toBe('WORKING')
    await waitUntil(async () => (await companion(phone)).pending_stanzas === 0, 20_000, 'queue drained (every stanza acked)')
    expect(rx.count('message', bodies)).toBeGreaterThanOrEqual(5 * PER) // retries are allowed; the ids above are unique
  }, 300_000)
})
