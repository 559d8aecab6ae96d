// The account operations (groups, labels, profile, presence, status, channels) in the OpenAPI document: every
// path and method is there with a summary and a description, and auth guards them like every /v2 route.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestCore, type TestCore } from '../../../testing/core-harness.js'

const OPERATIONS: [string, string][] = [
  ['get', '/v2/groups'], ['post', '/v2/groups'], ['post', '/v2/groups/create'], ['get', '/v2/groups/count'], ['post', '/v2/groups/refresh'],
  ['get', '/v2/groups/join-info'], ['post', '/v2/groups/join'], ['get', '/v2/groups/{id}'], ['get', '/v2/groups/detail'], ['delete', '/v2/groups/{id}'],
  ['post', '/v2/groups/{id}/leave'], ['get', '/v2/groups/{id}/picture'], ['put', '/v2/groups/{id}/picture'], ['delete', '/v2/groups/{id}/picture'],
  ['put', '/v2/groups/{id}/subject'], ['put', '/v1/groups/{id}/subject'], ['put', '/v2/groups/{id}/description'],
  ['get', '/v2/groups/{id}/settings/security/info-admin-only'], ['put', '/v2/groups/{id}/settings/security/info-admin-only'],
  ['get', '/v2/groups/{id}/settings/security/messages-admin-only'], ['put', '/v2/groups/{id}/settings/security/messages-admin-only'],
  ['get', '/v2/groups/{id}/invite-code'], ['post', '/v2/groups/{id}/invite-code/revoke'], ['get', '/v2/groups/{id}/participants'],
  ['post', '/v2/groups/{id}/participants/add'], ['post', '/v2/groups/{id}/participants/remove'], ['post', '/v2/groups/{id}/admin/promote'],
  ['post', '/v2/groups/{id}/admin/demote'],
  ['get', '/v2/labels'], ['get', '/v2/labels/all'], ['post', '/v2/labels'], ['post', '/v2/labels/create'], ['put', '/v2/labels/{labelId}'],
  ['delete', '/v2/labels/{labelId}'], ['post', '/v2/labels/{labelId}/delete'], ['get', '/v2/labels/{labelId}/chats'], ['get', '/v2/labels/chats/{chatId}'],
  ['put', '/v2/labels/chats/{chatId}'], ['post', '/v2/labels/{labelId}/chats/{chatId}'], ['delete', '/v2/labels/{labelId}/chats/{chatId}'],
  ['get', '/v2/profile'], ['post', '/v2/profile/name'], ['put', '/v2/profile/name'], ['post', '/v2/profile/status'], ['put', '/v2/profile/status'],
  ['post', '/v2/profile/picture'], ['put', '/v2/profile/picture'], ['delete', '/v2/profile/picture'],
  ['post', '/v2/presence'], ['get', '/v2/presence'], ['get', '/v2/presence/{chatId}'], ['post', '/v2/presence/{chatId}/subscribe'],
  ['post', '/v2/status/text'], ['post', '/v2/status/image'], ['post', '/v2/status/voice'], ['post', '/v2/status/video'], ['post', '/v2/status/delete'],
  ['get', '/v2/channels'], ['post', '/v2/channels'], ['post', '/v2/channels/create'], ['get', '/v2/channels/{id}'], ['delete', '/v2/channels/{id}'],
  ['get', '/v2/channels/{id}/messages/preview'], ['post', '/v2/channels/{id}/follow'], ['post', '/v2/channels/{id}/unfollow'],
  ['post', '/v2/channels/{id}/mute'], ['post', '/v2/channels/{id}/unmute'], ['post', '/v2/channels/follow'],
  ['post', '/v2/channels/search/by-view'], ['post', '/v2/channels/search/by-text'], ['get', '/v2/channels/search/views'],
  ['get', '/v2/channels/search/countries'], ['get', '/v2/channels/search/categories']
]

describe('account operations in the API surface', () => {
  let t: TestCore
  beforeAll(async () => {
    t = await startTestCore('offline')
  })
  afterAll(async () => t?.close())

  it('every operation is documented with a summary and a description', async () => {
    const doc = (await t.inject({ method: 'GET', url: '/docs/json' })).json() as { paths: Record<string, Record<string, { summary?: string; description?: string }>> }
    for (const [method, path] of OPERATIONS) {
      const op = doc.paths[path]?.[method]
      expect(op, `${method} ${path}`).toBeDefined()
      expect(op!.summary, `${method} ${path}`).toBeTruthy()
      expect((op!.description ?? '').length, `${method} ${path}`).toBeGreaterThan(40)
    }
    expect(doc.paths['/v2/labels']!.get!.description).toMatch(/keyed by ordinal/)
    expect(doc.paths['/v2/channels/search/by-text']!.post!.description).toMatch(/not available/)
  })

  it('credentials are checked first: 400 missing_param, 401 invalid_access_token, 404 invalid_session', async () => {
    const none = await t.inject({ method: 'GET', url: '/v2/groups' })
    expect(none.statusCode).toBe(400)
    expect(none.json().details.missing).toEqual(['access_token', 'instance_id'])
    const bad = await t.inject({ method: 'GET', url: '/v2/labels?access_token=nope&instance_id=AAAAAAAAAAAA' })
    expect(bad.statusCode).toBe(401)
    const unknown = await t.call('GET', '/v2/profile', { instance_id: 'AAAAAAAAAAAA' })
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json().code).toBe('invalid_session')
  })

  it('an instance that never connected answers 422 session_status_mismatch, never a 500', async () => {
    const id = await t.createInstance()
    for (const [method, path] of [['GET', '/v2/groups'], ['GET', '/v2/profile'], ['POST', '/v2/presence?presence=online'], ['GET', '/v2/channels/123456789@newsletter']] as const) {
      const [p, q = ''] = path.split('?')
      const res = await t.call(method, p!, { instance_id: id, ...Object.fromEntries(new URLSearchParams(q)) })
      expect(res.statusCode, path).toBe(422)
      expect(res.json().code).toBe('session_status_mismatch')
    }
  })
})
