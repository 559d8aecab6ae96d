// Issue 11 item 2: GET /v2/sessions lists the token's account's instances in WAHA's shape, running ones by default,
// all with all=true, never another account's. Real HTTP (fetch).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { upsertAccount } from '../../../db/repositories/accounts-repo.js'
import { startTestCore, type TestCore } from '../../../testing/core-harness.js'

describe('GET /v2/sessions', () => {
  let t: TestCore
  let running = ''
  let stopped = ''
  let foreign = ''
  const list = async (token: string, query = '') => {
    const res = await fetch(`${t.core.url}/v2/sessions${query}`, { headers: { 'access-token': token } })
    return { status: res.status, body: (await res.json()) as Record<string, unknown>[] | Record<string, unknown> }
  }

  beforeAll(async () => {
    t = await startTestCore('offline', { plan: 'paid' })
    running = await t.createInstance()
    stopped = await t.createInstance()
    expect((await t.call('POST', '/v2/session/stop', { instance_id: stopped })).statusCode).toBe(200)
    upsertAccount(t.core.db, { id: 'other', name: 'Other', plan: 'paid', token: 'other-token', now: Date.now() })
    const res = await fetch(`${t.core.url}/v2/session/create?access_token=other-token`, { method: 'POST' })
    foreign = ((await res.json()) as { instance_id: string }).instance_id
  })
  afterAll(async () => t?.close())

  it('answers the running instances of the account in WAHA\'s shape', async () => {
    const { status, body } = await list(t.token)
    expect(status).toBe(200)
    const items = body as Record<string, unknown>[]
    expect(items.map((s) => s.instance_id)).toEqual([running])
    expect(items[0]).toEqual({
      name: expect.any(String),
      instance_id: running,
      status: expect.stringMatching(/^(STARTING|FAILED|SCAN_QR_CODE)$/),
      me: null,
      config: { webhooks: [], proxy: null }
    })
  })

  it('all=true (or 1) includes the STOPPED ones; all=false is the default', async () => {
    for (const q of ['?all=true', '?all=1']) {
      const items = (await list(t.token, q)).body as Record<string, unknown>[]
      expect(items.map((s) => [s.instance_id, s.status === 'STOPPED'])).toEqual([[running, false], [stopped, true]])
    }
    expect(((await list(t.token, '?all=false')).body as unknown[]).length).toBe(1)
    const bad = await list(t.token, '?all=maybe')
    expect(bad.status).toBe(400)
  })

  it('is scoped to the token: another account sees only its own, and a bad token is refused', async () => {
    const other = (await list('other-token', '?all=true')).body as Record<string, unknown>[]
    expect(other.map((s) => s.instance_id)).toEqual([foreign])
    expect((await list('wrong-token')).status).toBe(401)
    expect((await fetch(`${t.core.url}/v2/sessions`)).status).toBe(400)
  })

  it('GET /v2/session/all (deprecated alias) is the same list with all=true', async () => {
    const res = await fetch(`${t.core.url}/v2/session/all`, { headers: { 'access-token': t.token } })
    expect(res.status).toBe(200)
    expect(((await res.json()) as Record<string, unknown>[]).map((s) => s.instance_id)).toEqual([running, stopped])
  })
})
