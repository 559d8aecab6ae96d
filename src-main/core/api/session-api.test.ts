import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { upsertAccount } from '../db/repositories/accounts-repo.js'
import { startTestCore, type TestCore } from '../testing/core-harness.js'

// Route and error paths of the session API that need no live connection (Baileys points at a closed port).
describe('session API (offline engine)', () => {
  let t: TestCore
  beforeAll(async () => {
    t = await startTestCore('offline', { engine: { reconnect: { baseDelayMs: 50, maxDelayMs: 100, maxAttempts: 1000 } } })
  })
  afterAll(() => t.close())

  it('creates an instance: 201, 12-char id, session_name, server_name, config {}', async () => {
    const res = await t.call('POST', '/v2/session/create')
    expect(res.statusCode).toBe(201)
    const body = res.json()
    expect(body.instance_id).toMatch(/^[A-Z0-9]{12}$/)
    expect(body).toMatchObject({ status: 'STARTING', server_name: expect.any(String), config: {} })
    expect(body.session_name).toMatch(/\S/)
    await t.call('DELETE', '/v2/session/delete', { instance_id: body.instance_id })
  })

  it('enforces the free quota (2) with 403 quota_reached; delete frees a slot', async () => {
    const a = await t.createInstance()
    await t.createInstance()
    const third = await t.call('POST', '/v2/session/create')
    expect(third.statusCode).toBe(403)
    expect(third.json()).toMatchObject({ code: 'quota_reached', details: { recommendation: expect.any(String) } })
    const del = await t.call('DELETE', '/v2/session/delete', { instance_id: a })
    expect(del.statusCode).toBe(200)
    expect(del.json()).toEqual({ name: expect.any(String), status: 'DELETED', instance_id: a })
    expect((await t.call('GET', '/v2/session/info', { instance_id: a })).statusCode).toBe(404)
    const again = await t.call('POST', '/v2/session/create')
    expect(again.statusCode).toBe(201)
    for (const v of t.core.instances.listForAccount('default')) await t.call('DELETE', '/v2/session/delete', { instance_id: v.id })
  })

  it('answers 400 missing_param with details.missing, 401 for a bad token, 404 for an unknown instance', async () => {
    const none = await t.inject({ method: 'POST', url: '/v2/session/start' })
    expect(none.statusCode).toBe(400)
    expect(none.json()).toMatchObject({ code: 'missing_param', details: { missing: ['access_token', 'instance_id'] } })
    const noInstance = await t.call('POST', '/v2/session/start')
    expect(noInstance.json().details.missing).toEqual(['instance_id'])
    const bad = await t.inject({ method: 'GET', url: '/v2/session/info?access_token=nope&instance_id=AAAAAAAAAAAA' })
    expect(bad.statusCode).toBe(401)
    expect(bad.json().code).toBe('invalid_access_token')
    const unknown = await t.call('GET', '/v2/session/info', { instance_id: 'AAAAAAAAAAAA' })
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json().code).toBe('invalid_session')
    const createNoToken = await t.inject({ method: 'POST', url: '/v2/session/create' })
    expect(createNoToken.statusCode).toBe(400)
    expect(createNoToken.json().details.missing).toEqual(['access_token'])
  })

  it('takes credentials from query, JSON body, form body and headers (body wins over query)', async () => {
    const id = await t.createInstance()
    const viaJson = await t.inject({ method: 'POST', url: '/v2/session/info', payload: { access_token: t.token, instance_id: id } })
    expect(viaJson.statusCode).toBe(200)
    const viaForm = await t.inject({
      method: 'POST',
      url: '/v2/session/info',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `access_token=${encodeURIComponent(t.token)}&instance_id=${id}`
    })
    expect(viaForm.statusCode).toBe(200)
    const viaHeader = await t.inject({ method: 'GET', url: `/v2/session/info?instance_id=${id}`, headers: { 'access-token': t.token } })
    expect(viaHeader.statusCode).toBe(200)
    const viaBearer = await t.inject({ method: 'GET', url: '/v2/session/info', headers: { authorization: `Bearer ${t.token}`, 'x-instance-id': id } })
    expect(viaBearer.statusCode).toBe(200)
    const bodyWins = await t.inject({ method: 'POST', url: `/v2/session/info?access_token=wrong&instance_id=${id}`, payload: { access_token: t.token } })
    expect(bodyWins.statusCode).toBe(200)
    const lower = await t.call('GET', '/v2/session/info', { instance_id: id.toLowerCase() })
    expect(lower.json().instance_id).toBe(id)
    const emptyJson = await t.inject({ method: 'POST', url: `/v2/session/info?access_token=${t.token}&instance_id=${id}`, headers: { 'content-type': 'application/json' }, payload: '' })
    expect(emptyJson.statusCode).toBe(200)
    await t.call('DELETE', '/v2/session/delete', { instance_id: id })
  })

  it("hides another account's instance (404) and lets a paid account exceed the free quota", async () => {
    upsertAccount(t.core.db, { id: 'other', name: 'Other', plan: 'paid', token: 'other-token', now: Date.now() })
    const mine = await t.createInstance()
    const theirs = await t.inject({ method: 'GET', url: `/v2/session/info?access_token=other-token&instance_id=${mine}` })
    expect(theirs.statusCode).toBe(404)
    expect(theirs.json().code).toBe('invalid_session')
    const ids: string[] = []
    for (let i = 0; i < 3; i++) {
      const r = await t.inject({ method: 'POST', url: '/v2/session/create?access_token=other-token' })
      expect(r.statusCode).toBe(201)
      ids.push(r.json().instance_id)
    }
    for (const id of ids) await t.inject({ method: 'DELETE', url: `/v2/session/delete?access_token=other-token&instance_id=${id}` })
    await t.call('DELETE', '/v2/session/delete', { instance_id: mine })
  })

  it('stop -> STOPPED, start -> STARTING, restart -> STARTING, logout outside WORKING -> 422; info and me', async () => {
    const id = await t.createInstance()
    const stop = await t.call('POST', '/v2/session/stop', { instance_id: id })
    expect(stop.json()).toEqual({ name: expect.any(String), status: 'STOPPED', config: { webhooks: [], proxy: null } })
    expect(t.core.instances.view(id)?.status).toBe('STOPPED')
    const start = await t.call('GET', '/v2/session/start', { instance_id: id })
    expect(start.json().status).toBe('STARTING')
    const startAgain = await t.call('POST', '/v2/session/start', { instance_id: id })
    expect(startAgain.json().status).toBe('STARTING')
    const restart = await t.call('POST', '/v2/session/restart', { instance_id: id })
    expect(restart.json().status).toBe('STARTING')
    const logout = await t.call('POST', '/v2/session/logout', { instance_id: id })
    expect(logout.statusCode).toBe(422)
    expect(logout.json()).toMatchObject({ code: 'session_status_mismatch', details: { status: 'STARTING' } })
    const me = await t.call('GET', '/v2/session/me', { instance_id: id })
    expect(me.statusCode).toBe(422)
    const info = await t.call('POST', '/v2/session/info', { instance_id: id })
    expect(info.json()).toMatchObject({ instance_id: id, status: 'STARTING', me: null, engine: { engine: 'NOWEB' } })
    const qr = await t.call('GET', '/v2/auth/qr', { instance_id: id })
    expect(qr.statusCode).toBe(422)
    await t.call('DELETE', '/v2/session/delete', { instance_id: id })
  })

  it('renders success bodies as XML and text, errors as XML, text and HTML by Accept', async () => {
    const id = await t.createInstance()
    const xml = await t.inject({ method: 'POST', url: `/v2/session/stop?access_token=${t.token}&instance_id=${id}`, headers: { accept: 'application/xml' } })
    expect(xml.headers['content-type']).toMatch(/application\/xml/)
    expect(xml.body).toMatch(/<response>[\s\S]*<success>true<\/success>[\s\S]*<message>Session .* stopped<\/message>[\s\S]*<status>STOPPED<\/status>/)
    const text = await t.inject({ method: 'POST', url: `/v2/session/start?access_token=${t.token}&instance_id=${id}`, headers: { accept: 'text/plain' } })
    expect(text.body).toMatch(/^Success\. Session .* is STARTING\.$/)
    const errXml = await t.inject({ method: 'POST', url: '/v2/session/start', headers: { accept: 'application/xml' } })
    expect(errXml.statusCode).toBe(400)
    expect(errXml.body).toMatch(/<error>[\s\S]*<code>missing_param<\/code>[\s\S]*<details>[\s\S]*<recommendation>[\s\S]*<missing>/)
    const errText = await t.inject({ method: 'POST', url: '/v2/session/start', headers: { accept: 'text/plain' } })
    expect(errText.body).toMatch(/^Error: missing_param\. Missing required parameters: access_token, instance_id\. .+\.$/)
    for (const accept of ['text/*', 'text/*, application/json;q=0.5', 'text/plain;q=0.9, text/xml;q=0.1']) {
      const wildcard = await t.inject({ method: 'POST', url: '/v2/session/start', headers: { accept } })
      expect(wildcard.headers['content-type'], accept).toMatch(/^text\/plain/)
      expect(wildcard.body, accept).toMatch(/^Error: missing_param\./)
    }
    expect((await t.inject({ method: 'POST', url: '/v2/session/start', headers: { accept: '*/*' } })).headers['content-type']).toMatch(/^application\/json/)
    expect((await t.inject({ method: 'POST', url: '/v2/session/start', headers: { accept: 'text/xml' } })).headers['content-type']).toMatch(/^application\/xml/)
    const errHtml = await t.inject({ method: 'GET', url: '/v2/session/info?access_token=bad&instance_id=X', headers: { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' } })
    expect(errHtml.headers['content-type']).toMatch(/text\/html/)
    expect(errHtml.body).toContain('401 invalid_access_token')
    const restartXml = await t.inject({ method: 'POST', url: `/v2/session/restart?access_token=${t.token}&instance_id=${id}`, headers: { accept: 'application/xml' } })
    expect(restartXml.statusCode).toBe(200)
    expect(restartXml.headers['content-type']).toMatch(/^application\/xml/)
    expect(restartXml.body).toMatch(/<response>\s*<success>true<\/success>\s*<message>Session \S+ restarted<\/message>\s*<name>\S+<\/name>\s*<status>STARTING<\/status>\s*<config>/)
    const restartText = await t.inject({ method: 'GET', url: `/v2/session/restart?access_token=${t.token}&instance_id=${id}`, headers: { accept: 'text/plain' } })
    expect(restartText.headers['content-type']).toMatch(/^text\/plain/)
    expect(restartText.body).toMatch(/^Success\. Session \S+ restarted\.$/)
    const del = await t.inject({ method: 'DELETE', url: `/v2/session/delete?access_token=${t.token}&instance_id=${id}`, headers: { accept: 'text/plain' } })
    expect(del.body).toMatch(/^Success\. Session .* deleted\.$/)
  })

  it('POST /v1/session/restart answers config.metadata and engine', async () => {
    const id = await t.createInstance()
    const res = await t.call('POST', '/v1/session/restart', { instance_id: id })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({
      name: expect.any(String),
      status: 'STARTING',
      config: {
        metadata: { user_id: 'default', display_name: 'Default account', user_email: null, access_token: t.token, instance_id: id },
        webhooks: [],
        proxy: null
      },
      engine: { grpc: { client: 'READY', stream: 'READY' }, gows: { found: true, connected: false } }
    })
    await t.call('DELETE', '/v2/session/delete', { instance_id: id })
  })

  it('has no /sandbox routes on the real network (404, even with a valid token)', async () => {
    const res = await t.inject({ method: 'GET', url: '/sandbox/phones', headers: { 'access-token': t.token } })
    expect(res.statusCode).toBe(404)
    expect(res.json().code).toBe('not_found')
  })

  it('serves /health without credentials and the OpenAPI document with our choices', async () => {
    expect((await t.inject({ method: 'GET', url: '/health' })).json()).toEqual({ status: 'ok' })
    const doc = (await t.inject({ method: 'GET', url: '/docs/json' })).json()
    for (const p of ['/v2/session/create', '/v2/session/start', '/v2/session/info', '/v2/auth/qr', '/v2/auth/qr-image', '/v2/auth/request-code', '/v2/session/rate-limit', '/v2/session/temp-link', '/v1/session/restart', '/temp-qr/{token}']) {
      expect(doc.paths[p], p).toBeDefined()
    }
    expect(doc.info.description).toMatch(/FAILED/)
    expect(doc.info.description).toMatch(/session_status_mismatch/)
    expect(doc.components.securitySchemes.accessTokenHeader).toMatchObject({ in: 'header', name: 'access-token' })
    const ui = await t.inject({ method: 'GET', url: '/docs' })
    expect(ui.statusCode).toBe(200)
    expect(ui.body).toMatch(/swagger/i)
  })
})
