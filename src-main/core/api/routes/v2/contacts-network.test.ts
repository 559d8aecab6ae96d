// Contact operations answered by the network, through the whole core on the sandbox: check-exists, about,
// profile pictures (24-hour cache, refresh=true), block/unblock, and their error paths.
import type { WAMessage } from '@whiskeysockets/baileys'
import { Jimp } from 'jimp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { setSandboxBusiness } from '../../../sandbox/handlers/usync.js'
import { pairInstance, startTestCore, waitUntil, type TestCore } from '../../../testing/core-harness.js'

const A = '15550101001' // the instance's own phone
const B = '15550101002' // a contact
const NOBODY = '15550109999' // not on the network
const SHOP = '15550101003' // a WhatsApp Business app account
const BANK = '15550101004' // a WhatsApp Business API ("enterprise") account

describe('contacts on the network', () => {
  let t: TestCore
  let id: string
  const received: WAMessage[] = []
  const get = (path: string, params: Record<string, string> = {}) => t.call('GET', path, { instance_id: id, ...params })

  beforeAll(async () => {
    t = await startTestCore('sandbox', { plan: 'paid' })
    await t.core.sandbox!.createPhone({ phoneNumber: B, name: 'Bob' })
    id = await pairInstance(t, A, 'Alice')
    expect((await t.call('PATCH', '/v2/session/rate-limit', { instance_id: id, policy_slug: 'unlimited' })).statusCode).toBe(200)
    t.core.bus.on('engine.baileys', (e) => {
      if (e.instanceId === id) received.push(...(e.events['messages.upsert']?.messages ?? []))
    })
  })
  afterAll(() => t?.close())

  it('check-exists: a registered number, an unknown one, and bad input', async () => {
    for (const phone of [B, `+${B}`, `${B}@c.us`]) {
      const r = await get('/v2/contacts/check-exists', { phone })
      expect(r.statusCode, r.body).toBe(200)
      expect(r.json()).toEqual({ numberExists: true, chatId: `${B}@c.us` })
    }
    expect((await get('/v2/contacts/check-exists', { phone: NOBODY })).json()).toEqual({ numberExists: false, chatId: `${NOBODY}@c.us` })
    const post = await t.inject({ method: 'POST', url: `/v2/contacts/check-exists?access_token=${t.token}`, payload: { instance_id: id, phone: B } })
    expect(post.json()).toMatchObject({ numberExists: true })
    expect((await get('/v2/contacts/check-exists', { phone: 'abc' })).json()).toMatchObject({ code: 'invalid_param' })
    expect((await get('/v2/contacts/check-exists', { phone: '0044123456' })).statusCode).toBe(400)
    const missing = await get('/v2/contacts/check-exists')
    expect(missing.statusCode).toBe(400)
    expect(missing.json()).toMatchObject({ code: 'missing_param', details: { missing: ['phone'] } })
  })

  it('check-exists counts as a number check of the policy', async () => {
    const count = () =>
      (t.core.db.prepare("SELECT COALESCE(SUM(count), 0) AS n FROM rate_daily_counters WHERE instance_id = ? AND kind = 'check'").get(id) as { n: number }).n
    const before = count()
    await get('/v2/contacts/check-exists', { phone: B })
    expect(count()).toBe(before + 1)
  })

  it('business accounts: check-exists records what the network says (verified name, business app or API); /v2/contacts shows it', async () => {
    const sandbox = t.core.sandbox!
    await sandbox.createPhone({ phoneNumber: SHOP, name: 'Shop' })
    await sandbox.createPhone({ phoneNumber: BANK, name: 'Bank' })
    setSandboxBusiness(sandbox.server, SHOP, { verifiedName: 'Corner Shop' }) // WhatsApp Business app
    setSandboxBusiness(sandbox.server, BANK, { verifiedName: 'Big Bank', issuer: 'ent:wa' }) // Business API
    // Unknown to the store until checked; a personal number that is not a contact is not added by a check.
    expect((await get('/v2/contacts', { contactId: SHOP })).statusCode).toBe(404)
    for (const phone of [SHOP, BANK, A]) expect((await get('/v2/contacts/check-exists', { phone })).json()).toMatchObject({ numberExists: true })
    expect((await get('/v2/contacts', { contactId: SHOP })).json()).toMatchObject({ id: `${SHOP}@c.us`, verifiedName: 'Corner Shop', isBusiness: true, isEnterprise: false })
    expect((await get('/v2/contacts', { contactId: BANK })).json()).toMatchObject({ id: `${BANK}@c.us`, verifiedName: 'Big Bank', isBusiness: true, isEnterprise: true })
    expect((await get('/v2/contacts', { contactId: A })).statusCode).toBe(404)
    // A business that went back to a personal account is updated on the next check.
    setSandboxBusiness(sandbox.server, SHOP, null)
    await get('/v2/contacts/check-exists', { phone: SHOP })
    expect((await get('/v2/contacts', { contactId: SHOP })).json()).toMatchObject({ verifiedName: null, isBusiness: false, isEnterprise: false })
  })

  it('about: the text the contact set, null for nobody', async () => {
    const bob = await t.core.sandbox!.personSocket(B)
    await bob.updateProfileStatus('Out fishing')
    const r = await get('/v2/contacts/about', { contactId: `${B}@c.us` })
    expect(r.statusCode, r.body).toBe(200)
    expect(r.json()).toMatchObject({ id: `${B}@c.us`, about: 'Out fishing' })
    expect(r.json().setAt).toBeGreaterThan(0)
    expect((await get('/v2/contacts/about', { contactId: NOBODY })).json()).toMatchObject({ about: null })
    expect((await get('/v2/contacts/about', { contactId: 'x@y' })).json()).toMatchObject({ code: 'invalid_chat_id' })
  })

  it('profile picture: fetched once, then served from the cache for 24 h; refresh=true asks again', async () => {
    const bob = await t.core.sandbox!.personSocket(B)
    const jpeg = async (color: number) => new Jimp({ width: 64, height: 64, color }).getBuffer('image/jpeg')
    await bob.updateProfilePicture(`${B}@s.whatsapp.net`, await jpeg(0x3366ffff))
    const first = (await get('/v2/contacts/profile-picture', { contactId: `${B}@c.us` })).json()
    expect(first).toMatchObject({ id: `${B}@c.us`, cached: false })
    expect(first.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+\/pp\//)
    expect(first.profilePictureURL).toBe(first.url)

    await bob.updateProfilePicture(`${B}@s.whatsapp.net`, await jpeg(0xff0000ff))
    const second = (await get('/v2/contacts/profile-picture', { contactId: B })).json()
    expect(second).toMatchObject({ url: first.url, cached: true, fetchedAt: first.fetchedAt })
    // the same cache serves /v2/chats/picture
    expect((await get('/v2/chats/picture', { chatId: `${B}@c.us` })).json()).toMatchObject({ url: first.url, cached: true })

    const refreshed = (await get('/v2/contacts/profile-picture', { contactId: B, refresh: 'true' })).json()
    expect(refreshed.cached).toBe(false)
    expect(refreshed.url).not.toBe(first.url)
    expect((await get('/v2/chats/picture', { chatId: B, refresh: '1' })).json()).toMatchObject({ url: refreshed.url, cached: false })

    // no picture: null, and cached as such
    expect((await get('/v2/contacts/profile-picture', { contactId: NOBODY })).json()).toMatchObject({ url: null, cached: false })
    expect((await get('/v2/contacts/profile-picture', { contactId: NOBODY })).json()).toMatchObject({ url: null, cached: true })
    expect((await get('/v2/contacts/profile-picture', { contactId: B, refresh: 'maybe' })).json()).toMatchObject({ code: 'invalid_param' })
  })

  it('block stops the contact\'s messages; unblock lets them through again', async () => {
    const block = await t.call('POST', '/v2/contacts/block', { instance_id: id }, { contactId: `${B}@c.us` })
    expect(block.statusCode, block.body).toBe(200)
    expect(block.json()).toEqual({ success: true, contactId: `${B}@c.us`, blocked: true })
    const phone = await t.core.sandbox!.personSocket(A)
    expect((await phone.fetchBlocklist()).length).toBe(1)

    const lost = await t.core.sandbox!.sendText(B, A, 'while blocked')
    const unblock = await t.call('POST', '/v2/contacts/unblock', { instance_id: id }, { contactId: B })
    expect(unblock.json()).toMatchObject({ success: true, blocked: false })
    expect(await phone.fetchBlocklist()).toEqual([])
    const after = await t.core.sandbox!.sendText(B, A, 'after unblock')
    // Delivery is in order: once the later message is in, the blocked one would have been too.
    await waitUntil(() => received.some((m) => m.key.id === after.id), 15_000, 'message after unblock')
    expect(received.some((m) => m.key.id === lost.id)).toBe(false)
  })

  it("saves a contact in the phone's address book: the phone gets it, /v2/contacts shows the name", async () => {
    const phone = await t.core.sandbox!.personSocket(A)
    const upserts: unknown[] = []
    phone.ev.on('contacts.upsert', (c) => upserts.push(...c))
    const r = await t.call('PUT', `/v2/contacts/${B}@c.us`, { instance_id: id }, { firstName: 'Bobby', lastName: 'Tables' })
    expect(r.statusCode, r.body).toBe(200)
    expect(r.json()).toEqual({ success: true, contactId: `${B}@c.us`, name: 'Bobby Tables' })
    await waitUntil(() => JSON.stringify(upserts).includes('Bobby Tables'), 10_000, 'contact on the phone')
    expect((await get('/v2/contacts', { contactId: B })).json()).toMatchObject({ id: `${B}@c.us`, name: 'Bobby Tables', shortName: 'Bobby', isMyContact: true })
    expect((await t.call('PUT', `/v2/contacts/${B}`, { instance_id: id }, {})).json()).toMatchObject({ code: 'missing_param' })
    expect((await t.call('PUT', '/v2/contacts/nope', { instance_id: id }, { firstName: 'x' })).json()).toMatchObject({ code: 'invalid_chat_id' })
  })

  it('answers 422 while the session is not WORKING, except cached pictures', async () => {
    await t.call('POST', '/v2/session/stop', { instance_id: id })
    const r = await get('/v2/contacts/check-exists', { phone: B })
    expect(r.statusCode).toBe(422)
    expect(r.json()).toMatchObject({ code: 'session_status_mismatch' })
    expect((await get('/v2/contacts/about', { contactId: B })).statusCode).toBe(422)
    expect((await t.call('POST', '/v2/contacts/block', { instance_id: id, contactId: B })).statusCode).toBe(422)
    expect((await get('/v2/contacts/profile-picture', { contactId: B })).json()).toMatchObject({ cached: true })
    expect((await get('/v2/contacts/profile-picture', { contactId: B, refresh: 'true' })).statusCode).toBe(422)
    const other = await t.call('GET', '/v2/contacts/about', { instance_id: 'AAAAAAAAAAAA', contactId: B })
    expect(other.statusCode).toBe(404)
  })
})
