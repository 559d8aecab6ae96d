// Scoped API keys (issue 23 item 6) through the UI bridge on an offline core, checked over real HTTP: a key created
// in Settings is shown once, listed without it, works on the API within its scope, and answers 401 once revoked.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestCore, type TestCore } from '../testing/core-harness.js'
import { connectTestBridge, type TestBridge } from './testing/ws-bridge-client.js'

describe('scoped API keys through the bridge', () => {
  let t: TestCore
  let ui: TestBridge
  let a: string
  let b: string
  beforeAll(async () => {
    t = await startTestCore('offline')
    a = await t.createInstance()
    b = await t.createInstance()
    ui = await connectTestBridge(t.core.url, t.core.ui.token)
  }, 60_000)
  afterAll(async () => {
    ui?.close()
    await t?.close()
  }, 60_000)

  /** A real HTTP request with the key in the X-Api-Key header. */
  const http = (key: string, method: string, path: string, body?: unknown) =>
    fetch(`${t.core.url}${path}`, { method, headers: { 'x-api-key': key, ...(body ? { 'content-type': 'application/json' } : {}) }, ...(body ? { body: JSON.stringify(body) } : {}) })

  it('a key created in the UI works over HTTP within its scope, and a revoked one gets 401', async () => {
    const created = await ui.bridge.keys.create({ name: ' n8n reads ', readOnly: true, instanceIds: [a.toLowerCase()] })
    if (!created.ok) throw new Error(created.error.message)
    expect(created.data).toMatchObject({ name: 'n8n reads', readOnly: true, instanceIds: [a], tokenHint: created.data.token.slice(-4) })
    const listed = await ui.bridge.keys.list({})
    expect(listed).toMatchObject({ ok: true, data: { keys: [{ id: created.data.id, name: 'n8n reads', readOnly: true, instanceIds: [a] }] } })
    expect(JSON.stringify(listed)).not.toContain(created.data.token)

    const key = created.data.token
    expect((await http(key, 'GET', `/v2/session/info?instance_id=${a}`)).status).toBe(200)
    const other = await http(key, 'GET', `/v2/session/info?instance_id=${b}`)
    expect(other.status).toBe(403)
    expect(await other.json()).toMatchObject({ code: 'key_scope_forbidden', details: { reason: 'instance_scope' } })
    const write = await http(key, 'PATCH', `/v2/session/calls?instance_id=${a}`, { auto_reject: true })
    expect(write.status).toBe(403)
    expect(await write.json()).toMatchObject({ details: { reason: 'read_only' } })

    // Bad input is refused with a code; someone else's or a gone key is not found.
    expect(await ui.bridge.keys.create({ name: '   ' })).toMatchObject({ ok: false, error: { code: 'invalid_param' } })
    expect(await ui.bridge.keys.create({ name: 'x', instanceIds: ['NOTMINE1'] })).toMatchObject({ ok: false, error: { code: 'invalid_param' } })
    expect(await ui.bridge.keys.revoke({ id: 'key_nope' })).toMatchObject({ ok: false, error: { code: 'api_key_not_found' } })

    const everything = await ui.bridge.keys.create({ name: 'everything' })
    expect(everything).toMatchObject({ ok: true, data: { readOnly: false, instanceIds: null } })

    expect(await ui.bridge.keys.revoke({ id: created.data.id })).toMatchObject({ ok: true, data: { revoked: { id: created.data.id } } })
    const refused = await http(key, 'GET', `/v2/session/info?instance_id=${a}`)
    expect(refused.status).toBe(401)
    const again = await ui.bridge.keys.list({})
    expect(again.ok && again.data.keys.map((k) => k.name)).toEqual(['everything'])
    // The other key is untouched.
    if (!everything.ok) throw new Error('create failed')
    expect((await http(everything.data.token, 'GET', `/v2/session/info?instance_id=${b}`)).status).toBe(200)
    // Even an unrestricted key cannot open the UI (which manages keys): no escalation to the full token.
    const link = await http(everything.data.token, 'POST', '/ui/link')
    expect(link.status).toBe(403)
    expect(await link.json()).toMatchObject({ code: 'key_scope_forbidden', details: { reason: 'full_token_required' } })
    expect((await fetch(`${t.core.url}/ui/link`, { method: 'POST', headers: { 'access-token': t.token } })).status).toBe(200)
  })
})
