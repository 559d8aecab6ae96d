// The UI bridge over real WebSocket connections to a real core: one-time link tokens exchanged for session
// tokens (a used link refused with its reason), POST /ui/link, request/response with contract validation and core
// error codes, push events, and the renderer build served at /ui/ with its CSP.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestCore, waitUntil, type TestCore } from '../testing/core-harness.js'
import { connectOutcome, connectTestBridge, tokenProtocols, type TestBridge } from './testing/ws-bridge-client.js'
import { BRIDGE_WS_PROTOCOL } from '../../../src-preload/contract/protocol.js'

describe('UI bridge (offline engine)', () => {
  let t: TestCore
  let client: TestBridge
  const rendererDir = mkdtempSync(join(tmpdir(), 'sb-ui-'))

  beforeAll(async () => {
    mkdirSync(rendererDir, { recursive: true })
    writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>Switchboard test UI</title>')
    t = await startTestCore('offline', { uiRendererDir: rendererDir, uiToken: 'test-ui-token-0123456789' })
    client = await connectTestBridge(t.core.url, t.core.ui.token)
  })
  afterAll(async () => {
    client?.close()
    await t?.close()
  })

  const newLinkToken = () => t.core.ui.mintLinkPath().split('#token=')[1]!

  it('refuses a connection without a UI credential, with a wrong one, or with the API token, saying why', async () => {
    expect(await connectOutcome(t.core.url, [BRIDGE_WS_PROTOCOL])).toBe('refused 4401 ui_token_missing')
    expect(await connectOutcome(t.core.url, tokenProtocols('wrong'))).toBe('refused 4401 ui_token_invalid')
    expect(await connectOutcome(t.core.url, tokenProtocols(t.token))).toBe('refused 4401 ui_token_invalid')
    // Without the bridge subprotocol the handshake itself fails (the core picks no subprotocol).
    expect(await connectOutcome(t.core.url, ['token.x'])).toBe('error Server sent no subprotocol')
  })

  it('exchanges a link for a session on first use: the link is burned, the session reconnects', async () => {
    const link = newLinkToken()
    const tab = await connectTestBridge(t.core.url, link)
    expect(tab.session).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(await connectOutcome(t.core.url, tokenProtocols(link))).toBe('refused 4401 ui_link_used')
    tab.close()
    // The tab reconnects (or reloads) with its session token, as often as it likes; no new session is handed out.
    const again = await connectTestBridge(t.core.url, tab.session!)
    expect(again.session).toBeUndefined()
    expect((await again.bridge.app.info()).ok).toBe(true)
    again.close()
    expect(await connectOutcome(t.core.url, tokenProtocols(tab.session!))).toBe('accepted')
    // The start link was used by the suite's own client: it is burned too.
    expect(await connectOutcome(t.core.url, tokenProtocols(t.core.ui.token))).toBe('refused 4401 ui_link_used')
  })

  it('mints a new link with the API token at POST /ui/link; it works once', async () => {
    expect((await t.inject({ method: 'POST', url: '/ui/link' })).statusCode).toBe(400)
    expect((await t.inject({ method: 'POST', url: '/ui/link', headers: { 'access-token': 'wrong' } })).statusCode).toBe(401)
    const res = await t.inject({ method: 'POST', url: '/ui/link', headers: { 'access-token': t.token } })
    expect(res.statusCode).toBe(200)
    const { url, expires_at } = res.json() as { url: string; expires_at: number }
    expect(url).toMatch(new RegExp(`^${t.core.url}/ui/#token=[A-Za-z0-9_-]{43}$`))
    expect(expires_at - Date.now()).toBeGreaterThan(14 * 60_000)
    const token = url.split('#token=')[1]!
    expect(await connectOutcome(t.core.url, tokenProtocols(token))).toBe('accepted')
    expect(await connectOutcome(t.core.url, tokenProtocols(token))).toBe('refused 4401 ui_link_used')
    // The token never appears in the log.
    expect(t.logLines.join('\n')).not.toContain(token)
    // Documented with the API.
    const doc = (await t.inject({ method: 'GET', url: '/docs/json' })).json() as { paths: Record<string, { post?: { summary?: string } }> }
    expect(doc.paths['/ui/link']?.post?.summary).toBe('A new one-time link to the UI in a browser')
  })

  it('refuses a cross-site page even with a valid link, and upgrades to other paths', async () => {
    const link = newLinkToken()
    expect(await connectOutcome(t.core.url, tokenProtocols(link), 'http://evil.example')).toBe('http 403')
    expect(await connectOutcome(`${t.core.url}/elsewhere`, tokenProtocols(link))).toBe('http 404')
    // Refused upgrades must not keep their sockets (afterAll's close() would hang), nor burn the link.
    expect(await connectOutcome(t.core.url, tokenProtocols(link))).toBe('accepted')
  })

  it('prints the one-time UI URL with the token in the fragment', () => {
    expect(t.core.uiUrl).toBe(`${t.core.url}/ui/#token=test-ui-token-0123456789`)
  })

  it('answers requests with the envelope: app info, the instance list and quota', async () => {
    const info = await client.bridge.app.info()
    expect(info).toEqual({ ok: true, data: expect.objectContaining({ network: 'whatsapp', apiUrl: t.core.url, plan: 'free' }) })
    const list = await client.bridge.instances.list()
    expect(list.ok && list.data).toEqual({ instances: [], plan: 'free', quota: { used: 0, limit: 2 } })
  })

  it('creates an instance, pushes instances.changed and instance.status, and counts it against the quota', async () => {
    const created = await client.bridge.instances.create({ name: 'Front desk' })
    if (!created.ok) throw new Error(created.error.message)
    expect(created.data).toMatchObject({ name: 'Front desk', status: 'STARTING', serverName: 'switchboard-local', policy: 'strict', policyName: 'Strict', number: null })
    await waitUntil(() => client.events.find((e) => e.event === 'instances.changed'), 5_000, 'instances.changed')
    await waitUntil(() => client.events.find((e) => e.event === 'instance.status' && (e.payload as { status: string }).status === 'STARTING'), 5_000, 'status push')
    const list = await client.bridge.instances.list()
    expect(list.ok && list.data.quota).toEqual({ used: 1, limit: 2 })

    const stopped = await client.bridge.instances.stop({ instanceId: created.data.id.toLowerCase() })
    expect(stopped.ok && stopped.data.status).toBe('STOPPED')
  })

  it('answers core error codes in words: quota, unknown instance, wrong state, paid-only policy', async () => {
    await client.bridge.instances.create()
    const third = await client.bridge.instances.create()
    expect(third).toMatchObject({ ok: false, error: { code: 'quota_reached', recommendation: expect.stringContaining('Delete') } })

    expect(await client.bridge.instances.start({ instanceId: 'NOSUCHINSTAN' })).toMatchObject({ ok: false, error: { code: 'invalid_session' } })

    const id = (await client.bridge.instances.list()).ok ? ((await client.bridge.instances.list()) as { data: { instances: { id: string }[] } }).data.instances[0]!.id : ''
    expect(await client.bridge.pairing.qr({ instanceId: id })).toMatchObject({ ok: false, error: { code: 'session_status_mismatch' } })
    expect(await client.bridge.policies.set({ instanceId: id, slug: 'unlimited' })).toMatchObject({ ok: false, error: { code: 'subscription_required', details: { free_policies: ['strict', 'standard_policy'] } } })
    const set = await client.bridge.policies.set({ instanceId: id, slug: 'standard_policy' })
    expect(set.ok && set.data.current).toBe('standard_policy')
    expect(set.ok && set.data.policies.find((p) => p.slug === 'unlimited')?.available).toBe(false)
    expect(await client.bridge.webhooks.save({ instanceId: id, url: 'http://127.0.0.1:9/hook', events: ['message'] })).toMatchObject({ ok: false, error: { code: 'subscription_required' } })
    expect(await client.bridge.sandbox.phones()).toMatchObject({ ok: false, error: { code: 'not_available' } })
    expect(await client.bridge.chats.list({ instanceId: id })).toEqual({ ok: true, data: { chats: [], hasMore: false } })
    expect(await client.bridge.chats.sendText({ instanceId: id, chatId: '15550000001@c.us', text: 'hi' })).toMatchObject({ ok: false, error: { code: 'session_status_mismatch' } })
    // The health panel's figures (issue 23 item 5): the same snapshot as GET /metrics; another's instance is refused.
    expect(await client.bridge.instances.health({ instanceId: id })).toMatchObject({ ok: true, data: { instanceId: id, queueDepth: 0, inboundMessages: 0, outboxPending: 0, eventStreamClients: 0 } })
    expect(await client.bridge.instances.health({ instanceId: 'NOSUCHINSTAN' })).toMatchObject({ ok: false, error: { code: 'invalid_session' } })
  })

  it('validates payloads against the contract and rejects unknown channels', async () => {
    const send = (message: unknown) =>
      new Promise<unknown>((resolve) => {
        const onMessage = (data: Buffer) => {
          const parsed = JSON.parse(data.toString()) as { type: string; id?: number }
          if (parsed.type === 'response' && parsed.id === 9_000_001) {
            client.socket.off('message', onMessage)
            resolve(parsed)
          }
        }
        client.socket.on('message', onMessage)
        client.socket.send(JSON.stringify(message))
      })
    expect(await send({ type: 'request', id: 9_000_001, channel: 'instances.start', payload: { instanceId: 42 } })).toMatchObject({
      result: { ok: false, error: { code: 'invalid_request', message: expect.stringContaining('instanceId') } }
    })
    expect(await send({ type: 'request', id: 9_000_001, channel: 'instances.start', payload: { instanceId: 'ABC', extra: 1 } })).toMatchObject({
      result: { ok: false, error: { code: 'invalid_request' } }
    })
    expect(await send({ type: 'request', id: 9_000_001, channel: 'fs.readFile', payload: {} })).toMatchObject({ result: { ok: false, error: { code: 'unknown_channel' } } })
  })

  it('reveals and rotates the API token; the old one stops working', async () => {
    const revealed = await client.bridge.api.revealToken()
    expect(revealed).toEqual({ ok: true, data: { token: t.token } })
    const rotated = await client.bridge.api.rotateToken()
    if (!rotated.ok) throw new Error('rotate failed')
    expect(rotated.data.token).not.toBe(t.token)
    const old = await t.inject({ method: 'GET', url: `/v2/session/info?access_token=${t.token}&instance_id=X` })
    expect(old.statusCode).toBe(401)
    const info = await client.bridge.api.info()
    expect(info.ok && info.data).toEqual({
      baseUrl: t.core.url,
      docsUrl: `${t.core.url}/docs`,
      tokenAvailable: true,
      docker: { baseUrl: `http://host.docker.internal:${t.core.port}`, allowed: false, loopbackOnly: true }
    })
  })

  it('creates, reads and revokes a temporary link', async () => {
    const list = await client.bridge.instances.list()
    const id = list.ok ? list.data.instances[0]!.id : ''
    const created = await client.bridge.pairing.createTempLink({ instanceId: id })
    expect(created.ok && created.data.link).toMatch(new RegExp(`^${t.core.url}/temp-qr/[A-Za-z0-9_-]{43}$`))
    // The link as a QR code for the UI to show (issue 23 item 9).
    expect(created.ok && created.data.qrImage).toMatch(/^data:image\/png;base64,/)
    const page = await t.inject({ method: 'GET', url: new URL((created as { data: { link: string } }).data.link).pathname })
    expect(page.statusCode).toBe(200)
    const revoked = await client.bridge.pairing.revokeTempLink({ instanceId: id })
    expect(revoked).toEqual({ ok: true, data: { link: null, expiresAt: null, qrImage: null } })
  })

  it('serves the renderer build at /ui/ with a strict CSP', async () => {
    const res = await t.inject({ method: 'GET', url: '/ui/' })
    expect(res.statusCode).toBe(200)
    expect(res.body).toContain('Switchboard test UI')
    const csp = String(res.headers['content-security-policy'])
    expect(csp).toContain("script-src 'self'")
    expect(csp).toContain("default-src 'none'")
    expect(csp).not.toContain('unsafe')
    expect((await t.inject({ method: 'GET', url: '/ui' })).headers.location).toBe('/ui/')
  })

  it('closes bridge connections when the core shuts down', async () => {
    const extra = await connectTestBridge(t.core.url, newLinkToken())
    const closed = new Promise<void>((resolve) => extra.socket.once('close', () => resolve()))
    t.core.ui.close()
    await closed
  })
})
