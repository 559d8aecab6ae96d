// One code for "the session is not WORKING": every route family that needs the live connection (sending,
// message, chat and contact operations, groups, labels, profile, presence, status, channels) and the login
// request-code answer 422 session_status_mismatch naming the status, and the OpenAPI text says so.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestCore, type TestCore } from '../../../testing/core-harness.js'

const PEER = '15550001234@c.us'

// Valid parameters for each, so that only the session's status can refuse them.
const CALLS: [string, string, Record<string, unknown>][] = [
  ['POST', '/v2/send/text', { chatId: PEER, message: 'hi' }],
  ['POST', '/v2/send/location', { chatId: PEER, latitude: '51.5', longitude: '-0.12' }],
  ['POST', '/v2/send/start-typing', { chatId: PEER }],
  ['POST', '/v2/send/seen', { chatId: PEER, messageIds: [`false_${PEER}_AAAAAAAAAAAAAAAA`] }],
  ['POST', '/v2/messages/edit', { chatId: PEER, messageId: `true_${PEER}_AAAAAAAAAAAAAAAA`, text: 'x' }],
  ['POST', '/v2/messages/pin', { chatId: PEER, messageId: `true_${PEER}_AAAAAAAAAAAAAAAA` }],
  ['POST', '/v2/chats/archive', { chatId: PEER }],
  ['POST', '/v2/chats/read', { chatId: PEER }],
  ['GET', '/v2/contacts/check-exists', { phone: '15550001234' }],
  ['GET', '/v2/contacts/about', { contactId: PEER }],
  ['POST', '/v2/contacts/block', { contactId: PEER }],
  ['POST', '/v2/groups', { name: 'Team', participants: [PEER] }],
  ['GET', '/v2/groups', {}],
  ['POST', '/v2/labels', { name: 'VIP' }],
  ['GET', '/v2/profile', {}],
  ['POST', '/v2/profile/name', { name: 'Me' }],
  ['POST', '/v2/presence', { presence: 'online' }],
  ['POST', '/v2/status/text', { text: 'status' }],
  ['POST', '/v2/channels', { name: 'News' }]
]

describe('not WORKING: one code everywhere', () => {
  let t: TestCore
  let id = ''
  beforeAll(async () => {
    t = await startTestCore('offline', { plan: 'paid' })
    id = await t.createInstance()
    expect((await t.call('POST', '/v2/session/stop', { instance_id: id })).statusCode).toBe(200)
  })
  afterAll(async () => t?.close())

  it('every route family answers 422 session_status_mismatch with details.status', async () => {
    for (const [method, path, params] of CALLS) {
      const res = method === 'GET'
        ? await t.call('GET', path, { instance_id: id, ...(params as Record<string, string>) })
        : await t.call(method, path, { instance_id: id }, params)
      expect([res.statusCode, res.json().code, res.json().details?.status], `${method} ${path}: ${res.body}`).toEqual([422, 'session_status_mismatch', 'STOPPED'])
    }
  })

  it('request-code outside SCAN_QR_CODE is the same 422 session_status_mismatch', async () => {
    const res = await t.call('POST', '/v2/auth/request-code', { instance_id: id }, { phone_number: '15550001234' })
    expect([res.statusCode, res.json().code, res.json().details?.status]).toEqual([422, 'session_status_mismatch', 'STOPPED'])
  })

  it('the OpenAPI document names only session_status_mismatch for it', async () => {
    const raw = (await t.inject({ method: 'GET', url: '/docs/json' })).body
    expect(raw).not.toContain('session_not_working')
    const doc = JSON.parse(raw) as { info: { description: string }; paths: Record<string, Record<string, { description?: string }>> }
    expect(doc.info.description).toMatch(/needs a WORKING session[^.]*422[^.]*session_status_mismatch/)
    for (const path of ['/v2/send/text', '/v2/send/start-typing', '/v2/messages/edit', '/v2/chats/archive', '/v2/contacts/about', '/v2/groups', '/v2/auth/request-code']) {
      const op = doc.paths[path]!.post ?? doc.paths[path]!.get
      expect(op!.description, path).toContain('session_status_mismatch')
    }
  })
})
