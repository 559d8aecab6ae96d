// config.proxy end to end (issue 11 item 4): real Baileys on the sandbox network through local proxy processes
// that count their tunnels. An HTTP CONNECT proxy set at create and a SOCKS5 one set by PUT /v2/session/config
// carry the WebSocket (pairing, WORKING, a text both ways) and media (an upload, a download); a dead proxy ends
// FAILED with a reason that names the proxy; the password is sealed at rest and never shown.
import { Jimp } from 'jimp'
import { describe, expect, it } from 'vitest'
import type { TestBridge } from '../../bridge/testing/ws-bridge-client.js'
import { statusReasonText } from '../../domain/status-reason.js'
import { findMessage } from '../../messaging/store/index.js'
import { waitUntil, type TestCore } from '../../testing/core-harness.js'
import { useCore } from '../../testing/suite.js'
import { closedPort, startConnectProxy, startSocks5Proxy, type CountingProxy } from './test-proxies.js'

const BOB = '15550410002'
const PASSWORD = 'pr0xy-s3cret'
const jid = (p: string) => `${p}@s.whatsapp.net`

interface SessionAnswer { name: string; status: string; config: { proxy: { server: string; username: string | null; password: string | null } | null } }
interface Info { status: string; status_reason: string | null; status_reason_text: string | null; config: SessionAnswer['config'] }

describe.sequential('a proxy per instance (sandbox, real Baileys)', () => {
  let t: TestCore
  let http: CountingProxy
  let socks: CountingProxy
  let ui: TestBridge
  let wsTarget: string
  let mediaTarget: string
  let seq = 0

  useCore(async (core, { closeAfter, connectUi }) => {
    t = core
    http = closeAfter(await startConnectProxy({ username: 'alice', password: PASSWORD }))
    socks = closeAfter(await startSocks5Proxy({ username: 'bob', password: PASSWORD }))
    await t.core.sandbox!.createPhone({ phoneNumber: BOB, name: 'Bob' })
    wsTarget = new URL(t.core.sandbox!.wsUrl).host
    mediaTarget = t.core.sandbox!.mediaHost
    ui = await connectUi()
  }, {
    plan: 'paid',
    // A dead proxy gives up after 3 quick attempts.
    engine: { reconnect: { baseDelayMs: 50, maxDelayMs: 100, maxAttempts: 3, backgroundRetryMs: 0 } },
    timeoutMs: 60_000
  })

  const info = async (id: string) => (await t.call('GET', '/v2/session/info', { instance_id: id })).json() as Info
  const scan = async (id: string) => {
    await t.waitForStatus(id, 'SCAN_QR_CODE')
    const phone = `1555041${String(Date.now()).slice(-3)}${String(seq++).padStart(2, '0')}`
    await t.core.sandbox!.createPhone({ phoneNumber: phone, name: `Owner ${seq}` })
    const qr = await waitUntil(() => t.core.instances.qr(id)?.qr, 10_000, `${id} qr`)
    await t.core.sandbox!.scanQr(phone, qr)
    await t.waitForStatus(id, 'WORKING', 30_000)
    // No protection delay before the first sends: this test is about the route, not the pacing.
    expect((await t.call('PATCH', '/v2/session/rate-limit', { instance_id: id, policy_slug: 'unlimited' })).statusCode).toBe(200)
    return phone
  }
  /** The instance sends Bob a text and Bob answers: both arrive. */
  const roundTrip = async (id: string, own: string, words: string) => {
    const sent = await t.call('POST', '/v2/send/text', { instance_id: id }, { chatId: BOB, message: `${words} out` })
    expect(sent.statusCode, sent.body).toBeLessThan(300)
    await waitUntil(async () => {
      const inbox = (await t.call('GET', `/sandbox/phones/${BOB}/messages`)).json() as { text?: string; from: string }[]
      return inbox.some((m) => m.text === `${words} out` && m.from.startsWith(own))
    }, 15_000, `Bob got "${words} out"`)
    const { id: msgId } = await t.core.sandbox!.sendMessage(BOB, own, { text: `${words} back` })
    await waitUntil(() => findMessage(t.core.db, id, jid(BOB), msgId), 15_000, 'the answer is stored')
  }

  /** An upload (Baileys' fetchAgent) and a download (the media files' dispatcher), both through `proxy`. */
  const mediaBothWays = async (id: string, own: string, proxy: CountingProxy) => {
    const toMedia = () => proxy.tunnels.filter((x) => x === mediaTarget).length
    const before = toMedia()
    const jpg = await new Jimp({ width: 24, height: 24, color: 0x3366ccff }).getBuffer('image/jpeg')
    const sent = await t.call('POST', '/v2/send/image', { instance_id: id }, { chatId: BOB, file: { data: jpg.toString('base64'), mimetype: 'image/jpeg' } })
    expect(sent.statusCode, sent.body).toBeLessThan(300)
    const afterUpload = toMedia()
    expect(afterUpload).toBeGreaterThan(before)
    const img = await new Jimp({ width: 32, height: 32, color: 0xcc3366ff }).getBuffer('image/jpeg')
    const { id: msgId } = await t.core.sandbox!.sendMessage(BOB, own, { image: img })
    await waitUntil(() => findMessage(t.core.db, id, jid(BOB), msgId), 15_000, 'the image is stored')
    const file = await fetch(`${t.core.url}/api/files/${id}/${msgId}.jpeg`, { headers: { 'access-token': t.token } })
    expect(file.status).toBe(200)
    expect(Buffer.from(await file.arrayBuffer()).equals(img)).toBe(true)
    expect(toMedia()).toBeGreaterThan(afterUpload)
  }

  /** Bob sends an image; the instance's /api/files downloads it (the media files' transport). */
  const downloadOne = async (id: string, own: string) => {
    const img = await new Jimp({ width: 20, height: 20, color: 0x33cc66ff }).getBuffer('image/jpeg')
    const { id: msgId } = await t.core.sandbox!.sendMessage(BOB, own, { image: img })
    await waitUntil(() => findMessage(t.core.db, id, jid(BOB), msgId), 15_000, 'the image is stored')
    const file = await fetch(`${t.core.url}/api/files/${id}/${msgId}.jpeg`, { headers: { 'access-token': t.token } })
    expect(file.status).toBe(200)
    expect(Buffer.from(await file.arrayBuffer()).equals(img)).toBe(true)
  }

  it('HTTP CONNECT with credentials, set at create: pairing, WORKING, texts and media both ways go through it', async () => {
    const created = await t.call('POST', '/v2/session/create', {}, { config: { proxy: { server: http.url, username: 'alice', password: PASSWORD } } })
    expect(created.statusCode, created.body).toBe(201)
    expect(created.body).not.toContain(PASSWORD)
    const { instance_id: id, config } = created.json() as { instance_id: string; config: SessionAnswer['config'] }
    expect(config.proxy).toEqual({ server: http.url, username: 'alice', password: '***' })
    // Sealed at rest with the data key.
    const stored = t.core.db.prepare('SELECT proxy_password FROM instances WHERE id = ?').get(id) as { proxy_password: string }
    expect(stored.proxy_password).toMatch(/^enc1:/)

    const own = await scan(id)
    expect(http.tunnels.filter((x) => x === wsTarget).length).toBeGreaterThan(0)
    expect(http.refused).toBe(0)
    await roundTrip(id, own, 'via http')

    await mediaBothWays(id, own, http)

    // Shown masked everywhere: session answers and the UI's DTO.
    expect((await info(id)).config.proxy).toEqual({ server: http.url, username: 'alice', password: '***' })
    const dto = await ui.bridge.instances.get({ instanceId: id })
    expect(dto).toMatchObject({ ok: true, data: { proxy: { server: http.url, username: 'alice', password: '***' } } })
    expect(JSON.stringify(dto)).not.toContain(PASSWORD)
  }, 120_000)

  it('SOCKS5 set by PUT /v2/session/config applies at the restart; removing it connects directly again', async () => {
    const id = await t.createInstance()
    const own = await scan(id)
    expect(socks.tunnels).toHaveLength(0)
    const set = await t.call('PUT', '/v2/session/config', { instance_id: id }, { proxy: `socks5://bob:${PASSWORD}@127.0.0.1:${socks.port}` })
    expect(set.statusCode, set.body).toBe(200)
    expect(set.body).not.toContain(PASSWORD)
    expect((set.json() as SessionAnswer).config.proxy).toEqual({ server: socks.url, username: 'bob', password: '***' })
    // Not before the next (re)start: the running connection keeps its route, media downloads included.
    await downloadOne(id, own)
    expect(socks.tunnels).toHaveLength(0)

    await t.call('POST', '/v2/session/restart', { instance_id: id })
    await t.waitForStatus(id, 'WORKING', 30_000)
    expect(socks.tunnels.filter((x) => x === wsTarget).length).toBeGreaterThan(0)
    expect(socks.refused).toBe(0)
    await roundTrip(id, own, 'via socks')
    await mediaBothWays(id, own, socks)

    const removed = await t.call('POST', '/v2/session/config', { instance_id: id }, { config: { proxy: null } })
    expect((removed.json() as SessionAnswer).config.proxy).toBeNull()
    // Still the connection's exit until the restart (its dispatcher, whose kept-alive tunnel to the media host
    // carries the download): the removal retires nothing the running connection uses.
    await downloadOne(id, own)
    const count = socks.tunnels.length
    await t.call('POST', '/v2/session/restart', { instance_id: id })
    await t.waitForStatus(id, 'WORKING', 30_000)
    await roundTrip(id, own, 'direct')
    expect(socks.tunnels.length).toBe(count)
  }, 120_000)

  it('a dead proxy: FAILED with a reason that names the proxy, quickly, for HTTP and SOCKS alike', async () => {
    const port = await closedPort()
    for (const server of [`http://127.0.0.1:${port}`, `socks5://127.0.0.1:${port}`]) {
      const created = await t.call('POST', '/v2/session/create', {}, { proxy: { server } })
      expect(created.statusCode, created.body).toBe(201)
      const id = (created.json() as { instance_id: string }).instance_id
      // While STARTING, the reason says what is retried (read straight from the row: each retry waits 50-100 ms).
      const reasons = new Set<string>()
      const watch = setInterval(() => {
        const row = t.core.db.prepare('SELECT status, status_reason FROM instances WHERE id = ?').get(id) as { status: string; status_reason: string }
        if (row.status === 'STARTING') reasons.add(row.status_reason)
      }, 2)
      await t.waitForStatus(id, 'FAILED', 20_000).finally(() => clearInterval(watch))
      const retry = [...reasons].find((r) => r.startsWith('retry:'))
      expect(retry, [...reasons].join(', ')).toMatch(new RegExp(`^retry:\\d+:\\d+:[A-Z0-9 ]+@127\\.0\\.0\\.1:${port}$`))
      if (server.startsWith('http:')) expect(retry).toContain(':ECONNREFUSED@')
      expect(statusReasonText(retry)).toMatch(new RegExp(`^connecting through proxy 127\\.0\\.0\\.1:${port} failed \\(.+\\), retry \\d in \\d+ ms$`))
      const i = await info(id)
      expect(i.status_reason).toBe('failed:proxy_unreachable')
      expect(i.status_reason_text).toMatch(/proxy/)
      expect(i.config.proxy).toEqual({ server, username: null, password: null })
    }
  }, 60_000)

  it('a refused proxy login (407) is not "network down" either; bad input is a 400 and creates nothing', async () => {
    const created = await t.call('POST', '/v2/session/create', {}, { config: { proxy: { server: http.url, username: 'alice', password: 'wrong' } } })
    const id = (created.json() as { instance_id: string }).instance_id
    await t.waitForStatus(id, 'FAILED', 20_000)
    expect(http.refused).toBeGreaterThan(0)
    expect((await info(id)).status_reason).toBe('failed:proxy_unreachable')

    const count = t.core.instances.listForAccount('default').length
    for (const proxy of [{ server: 'ftp://127.0.0.1:21' }, { server: 'http://127.0.0.1:8080/path' }, { server: 'not a url at all' }, { username: 'x', password: 'y' }]) {
      const bad = await t.call('POST', '/v2/session/create', {}, { proxy })
      expect(bad.statusCode, JSON.stringify(proxy)).toBe(400)
      expect((bad.json() as { code: string }).code).toMatch(/^(invalid_param|missing_param)$/)
    }
    expect(t.core.instances.listForAccount('default').length).toBe(count)
    const none = await t.call('PUT', '/v2/session/config', { instance_id: id }, { something: 'else' })
    expect([none.statusCode, (none.json() as { code: string }).code]).toEqual([400, 'missing_param'])
    // Flattened form keys, as PHP clients send them.
    const flat = await t.call('POST', '/v2/session/config', { instance_id: id, 'proxy[server]': socks.url, 'proxy[username]': 'bob', 'proxy[password]': PASSWORD })
    expect((flat.json() as SessionAnswer).config.proxy).toEqual({ server: socks.url, username: 'bob', password: '***' })
  }, 60_000)
})
