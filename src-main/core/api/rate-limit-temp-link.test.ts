import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { policyOfInstance } from '../rate-limit/policies.js'
import { startTestCore, type TestCore } from '../testing/core-harness.js'
import { useInstanceCore } from '../testing/suite.js'

describe('rate-limit policy API', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'sb-policy-'))
  let t: TestCore
  let id: string
  beforeAll(async () => {
    t = await startTestCore('offline', { dataDir, plan: 'free' })
    id = await t.createInstance()
  })
  afterAll(() => t.close())

  it('lists the policies with availability for the free plan', async () => {
    const res = await t.call('GET', '/v2/session/rate-limit', { instance_id: id })
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body).toMatchObject({ status: 'success', current_policy: 'strict', has_active_plan: false, free_policies: ['strict', 'standard_policy'] })
    expect(body.policies.map((p: { slug: string; available: boolean }) => [p.slug, p.available])).toEqual([
      ['strict', true],
      ['standard_policy', true],
      ['unlimited', false]
    ])
    expect(body.policies[0].limits).toMatchObject({ send_message_per_minute: 8, send_message_daily_cap: 200, account_protection_seconds: 60, concurrent_limit: 1 })
    const one = await t.call('GET', '/v2/session/rate-limit', { instance_id: id, policy_slug: 'unlimited' })
    expect(one.json().policies.map((p: { slug: string }) => p.slug)).toEqual(['unlimited'])
  })

  it('selects a free policy (query or JSON body), refuses unknown and paid-only ones', async () => {
    const set = await t.call('PATCH', '/v2/session/rate-limit', { instance_id: id, policy_slug: 'standard_policy' })
    expect(set.statusCode).toBe(200)
    expect(set.json()).toMatchObject({ status: 'success', current_policy: 'standard_policy', message: expect.any(String) })
    const unknown = await t.call('PATCH', '/v2/session/rate-limit', { instance_id: id }, { policy_slug: 'turbo' })
    expect(unknown.statusCode).toBe(400)
    expect(unknown.json()).toEqual({ status: 'error', code: 'invalid_policy', message: expect.stringContaining('turbo') })
    const paid = await t.call('PATCH', '/v2/session/rate-limit', { instance_id: id }, { policy_slug: 'unlimited' })
    expect(paid.statusCode).toBe(403)
    expect(paid.json()).toEqual({ status: 'error', code: 'subscription_required', message: expect.any(String), free_policies: ['strict', 'standard_policy'] })
    const paidXml = await t.inject({ method: 'PATCH', url: `/v2/session/rate-limit?access_token=${t.token}&instance_id=${id}&policy_slug=unlimited`, headers: { accept: 'application/xml' } })
    expect(paidXml.statusCode).toBe(403)
    expect(paidXml.headers['content-type']).toMatch(/^application\/xml/)
    expect(paidXml.body).toMatch(/<error>\s*<status>error<\/status>\s*<code>subscription_required<\/code>\s*<message>[^<]+<\/message>\s*<free_policies>\s*<item>strict<\/item>\s*<item>standard_policy<\/item>\s*<\/free_policies>/)
    const paidText = await t.inject({ method: 'PATCH', url: `/v2/session/rate-limit?access_token=${t.token}&instance_id=${id}&policy_slug=unlimited`, headers: { accept: 'text/plain' } })
    expect(paidText.body).toMatch(/^Error: subscription_required\. The policy unlimited needs a paid plan\. Free policies: strict, standard_policy\. .+\.$/)
    const missing = await t.call('PATCH', '/v2/session/rate-limit', { instance_id: id })
    expect(missing.statusCode).toBe(400)
    expect(missing.json()).toMatchObject({ status: 'error', code: 'missing_param' })
  })

  it('uses the status-variant errors for credentials (missing_params, invalid_credentials)', async () => {
    const none = await t.inject({ method: 'GET', url: '/v2/session/rate-limit' })
    expect(none.statusCode).toBe(400)
    expect(none.json()).toEqual({ status: 'error', code: 'missing_params', message: expect.stringContaining('access_token, instance_id') })
    const badToken = await t.inject({ method: 'GET', url: `/v2/session/rate-limit?access_token=x&instance_id=${id}` })
    expect(badToken.statusCode).toBe(401)
    expect(badToken.json().code).toBe('invalid_credentials')
    const badInstance = await t.call('GET', '/v2/session/rate-limit', { instance_id: 'ZZZZZZZZZZZZ' })
    expect(badInstance.statusCode).toBe(401)
    expect(badInstance.json()).toMatchObject({ status: 'error', code: 'invalid_credentials' })
  })

  it('keeps the choice across a restart of the app; a paid plan may select unlimited', async () => {
    await t.close()
    t = await startTestCore('offline', { dataDir, plan: 'paid' })
    const res = await t.call('GET', '/v2/session/rate-limit', { instance_id: id })
    expect(res.json()).toMatchObject({ current_policy: 'standard_policy', has_active_plan: true })
    expect(res.json().policies.every((p: { available: boolean }) => p.available)).toBe(true)
    const set = await t.call('PATCH', '/v2/session/rate-limit', { instance_id: id, policy_slug: 'unlimited' })
    expect(set.json().current_policy).toBe('unlimited')
    expect(policyOfInstance(t.core.db, id).limits.send_message_per_minute).toBeNull()
  })

  it('after a downgrade to free a paid policy is no longer applied: strict is, and is reported; an upgrade restores it', async () => {
    const effective = async () => ({ listed: (await t.call('GET', '/v2/session/rate-limit', { instance_id: id })).json(), applied: policyOfInstance(t.core.db, id) })
    await t.close()
    t = await startTestCore('offline', { dataDir, plan: 'free' })
    let now = await effective()
    expect(now.listed).toMatchObject({ current_policy: 'strict', has_active_plan: false })
    expect(now.applied.slug).toBe('strict')
    expect(now.applied.limits.send_message_per_minute).toBe(8)
    // Started again without a plan: the data dir keeps free (flags override only when given).
    await t.close()
    t = await startTestCore('offline', { dataDir })
    now = await effective()
    expect(now.listed).toMatchObject({ current_policy: 'strict', has_active_plan: false })
    await t.close()
    t = await startTestCore('offline', { dataDir, plan: 'paid' })
    now = await effective()
    expect(now.listed).toMatchObject({ current_policy: 'unlimited', has_active_plan: true })
    expect(now.applied.slug).toBe('unlimited')
  })
})

describe('temporary links', () => {
  let t: TestCore
  let id: string
  useInstanceCore((core, instance) => ((t = core), (id = instance)))

  it('has no link at first; POST creates a 30-minute link with a >=128-bit token; GET returns it', async () => {
    expect((await t.call('GET', '/v2/session/temp-link', { instance_id: id })).json()).toEqual({ status: 'success', link: null, expires_at: null, message: expect.any(String) })
    const before = Date.now()
    const created = (await t.call('POST', '/v2/session/temp-link', { instance_id: id })).json()
    expect(created.status).toBe('success')
    expect(created.link).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:${t.core.port}/temp-qr/[A-Za-z0-9_-]+$`))
    const token = created.link.split('/temp-qr/')[1]
    expect(Buffer.from(token, 'base64url').length * 8).toBeGreaterThanOrEqual(128)
    const ttl = Date.parse(created.expires_at) - before
    expect(ttl).toBeGreaterThan(29 * 60_000)
    expect(ttl).toBeLessThanOrEqual(30 * 60_000 + 1000)
    expect((await t.call('GET', '/v2/session/temp-link', { instance_id: id })).json().link).toBe(created.link)
    const second = (await t.call('POST', '/v2/session/temp-link', { instance_id: id })).json()
    expect(second.link).not.toBe(created.link)
    expect((await t.inject({ method: 'GET', url: `/temp-qr/${token}` })).statusCode).toBe(410)
  })

  it('hands the link out with the configured public URL (Settings), live; cleared, with the request\'s address again', async () => {
    const settings = t.core.services.settings
    expect(settings.update({ publicUrl: 'https://my-tunnel.example.com/' }).publicUrl).toMatchObject({ value: 'https://my-tunnel.example.com', pinnedBy: null })
    try {
      const created = (await t.call('POST', '/v2/session/temp-link', { instance_id: id })).json()
      expect(created.link).toMatch(/^https:\/\/my-tunnel\.example\.com\/temp-qr\/[A-Za-z0-9_-]+$/)
      expect(() => settings.update({ publicUrl: 'ftp://x.example' })).toThrow(/is not a public URL/)
      expect(() => settings.update({ publicUrl: 'https://x.example/?a=1' })).toThrow(/is not a public URL/)
    } finally {
      settings.update({ publicUrl: null })
    }
    const again = (await t.call('POST', '/v2/session/temp-link', { instance_id: id })).json()
    expect(again.link).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:${t.core.port}/temp-qr/`))
  })

  it('serves the QR page without credentials, with a strict CSP and without leaking the token', async () => {
    const link = (await t.call('POST', '/v2/session/temp-link', { instance_id: id })).json().link as string
    const path = new URL(link).pathname
    const token = path.split('/')[2]!
    const page = await t.inject({ method: 'GET', url: path })
    expect(page.statusCode).toBe(200)
    expect(page.headers['content-type']).toMatch(/text\/html/)
    expect(page.headers['content-security-policy']).toMatch(/default-src 'none'; script-src 'self'/)
    expect(page.headers['referrer-policy']).toBe('no-referrer')
    expect(page.headers['cache-control']).toBe('no-store')
    expect(page.body).not.toContain(token)
    expect(page.body).not.toMatch(/<script>|\sstyle=|\son[a-z]+=|https?:\/\//)
    const js = await t.inject({ method: 'GET', url: '/temp-qr/assets/page.js' })
    expect(js.statusCode).toBe(200)
    expect(js.body).toContain('/state')
    const state = await t.inject({ method: 'GET', url: `${path}/state` })
    expect(state.statusCode).toBe(200)
    expect(state.json()).toMatchObject({ status: 'STARTING', qr: null, expires_at: expect.any(String) })
    const code = await t.inject({ method: 'POST', url: `${path}/pairing-code`, payload: { phone_number: '15550001234' } })
    expect(code.statusCode).toBe(422)
    const bad = await t.inject({ method: 'POST', url: `${path}/pairing-code`, payload: { phone_number: '+1 555' } })
    expect(bad.statusCode).toBe(400)
  })

  it('DELETE revokes: the page and its endpoints answer 410', async () => {
    const link = (await t.call('POST', '/v2/session/temp-link', { instance_id: id })).json().link as string
    const path = new URL(link).pathname
    const del = await t.call('DELETE', '/v2/session/temp-link', { instance_id: id })
    expect(del.json()).toEqual({ status: 'success', revoked: 1, message: 'Temporary link revoked' })
    expect((await t.inject({ method: 'GET', url: path })).statusCode).toBe(410)
    const state = await t.inject({ method: 'GET', url: `${path}/state` })
    expect(state.statusCode).toBe(410)
    expect(state.json().code).toBe('temp_link_expired')
    expect((await t.call('GET', '/v2/session/temp-link', { instance_id: id })).json().link).toBeNull()
  })

  it('expires after 30 minutes', async () => {
    const link = (await t.call('POST', '/v2/session/temp-link', { instance_id: id })).json().link as string
    const path = new URL(link).pathname
    t.core.db.prepare('UPDATE temp_links SET expires_at = ? WHERE instance_id = ?').run(Date.now() - 1, id)
    expect((await t.inject({ method: 'GET', url: path })).statusCode).toBe(410)
    expect((await t.call('GET', '/v2/session/temp-link', { instance_id: id })).json().link).toBeNull()
  })

  it('is missing_params/invalid_credentials with the status variant, and unknown tokens are 410', async () => {
    const none = await t.inject({ method: 'POST', url: '/v2/session/temp-link' })
    expect(none.json()).toMatchObject({ status: 'error', code: 'missing_params' })
    const noneXml = await t.inject({ method: 'POST', url: '/v2/session/temp-link', headers: { accept: 'text/xml' } })
    expect(noneXml.body).toMatch(/<error>\s*<status>error<\/status>\s*<code>missing_params<\/code>[\s\S]*<missing>/)
    const noneText = await t.inject({ method: 'POST', url: '/v2/session/temp-link', headers: { accept: 'text/*' } })
    expect(noneText.headers['content-type']).toMatch(/^text\/plain/)
    expect(noneText.body).toMatch(/^Error: missing_params\. /)
    const bad = await t.inject({ method: 'POST', url: `/v2/session/temp-link?access_token=bad&instance_id=${id}` })
    expect(bad.statusCode).toBe(401)
    expect(bad.json()).toMatchObject({ status: 'error', code: 'invalid_credentials' })
    expect((await t.inject({ method: 'GET', url: '/temp-qr/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' })).statusCode).toBe(410)
  })
})
