// Junk input to every group, label, profile, presence, status and channel route of a WORKING instance on the
// sandbox (JSON with odd types, and the same as query text), so validation past the session check runs too:
// always a clear 2xx/4xx with a code, never a 5xx, nothing logged as an error.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startAccountCore, type AccountCore } from '../../../testing/account-core.js'

const G = '120363999999999999@g.us'
const ROUTES: [string, string][] = [
  ['GET', '/v2/groups'], ['POST', '/v2/groups'], ['POST', '/v2/groups/create'], ['GET', '/v2/groups/join-info'], ['POST', '/v2/groups/join'],
  ['GET', `/v2/groups/${G}`], ['DELETE', '/v2/groups/x%00y'], ['POST', `/v2/groups/${G}/leave`], ['PUT', `/v2/groups/${G}/picture`],
  ['PUT', `/v2/groups/${G}/subject`], ['PUT', '/v1/groups/%F0%9F%98%80/subject'], ['PUT', `/v2/groups/${G}/description`],
  ['PUT', `/v2/groups/${G}/settings/security/info-admin-only`], ['PUT', `/v2/groups/${G}/settings/security/messages-admin-only`],
  ['POST', `/v2/groups/${G}/participants/add`], ['POST', `/v2/groups/${G}/admin/demote`],
  ['POST', '/v2/labels'], ['PUT', '/v2/labels/..'], ['DELETE', '/v2/labels/%2B%2B'], ['GET', '/v2/labels/1/chats'], ['PUT', '/v2/labels/chats/x'],
  ['POST', '/v2/labels/1/chats/%00'],
  ['POST', '/v2/profile/name'], ['PUT', '/v2/profile/status'], ['POST', '/v2/profile/picture'],
  ['POST', '/v2/presence'], ['GET', '/v2/presence/%2B%2B'], ['POST', '/v2/presence/x/subscribe'],
  ['POST', '/v2/status/text'], ['POST', '/v2/status/image'], ['POST', '/v2/status/voice'], ['POST', '/v2/status/video'], ['POST', '/v2/status/delete'],
  ['GET', '/v2/channels'], ['POST', '/v2/channels'], ['GET', '/v2/channels/%F0%9F%98%80'], ['DELETE', '/v2/channels/1'],
  ['GET', '/v2/channels/abc/messages/preview'], ['POST', '/v2/channels/follow'], ['POST', '/v2/channels/123/mute'], ['POST', '/v2/channels/search/by-text']
]

const JUNK: Record<string, unknown>[] = [
  {},
  { name: '', subject: '', description: '', participants: '', code: '', presence: '', chatId: '', text: '', id: '', labels: '', color: '', role: '', limit: '' },
  { name: 'x'.repeat(5000), participants: 'not,a,number', code: 'https://chat.whatsapp.com/', adminsOnly: 'perhaps', presence: 'typing', color: '1e3', limit: '-1', contacts: '[oops' },
  { name: ['a', 'b'], participants: { id: 1 }, file: { url: 'ftp://x' }, labels: [{ id: { x: 1 } }], font: 99, backgroundColor: 'red', picture: 'AAAA', role: ['OWNER'] },
  { name: 123, subject: { t: 1 }, description: 7, status: ['x'], participants: [null], file: { data: '%%%' }, id: 'true_a@b_c', colorHex: 5, contacts: [{}] },
  { name: '__proto__', participants: '__proto__', 'file[__proto__][x]': 1, labels: 'constructor', presence: 'online; DROP TABLE account_channels' }
]

describe('junk input to the account operations', () => {
  let c: AccountCore
  beforeAll(async () => {
    c = await startAccountCore('15550107001', ['15550107002'])
  })
  afterAll(async () => c?.close())

  it('never answers 5xx, always a code', async () => {
    for (const [method, url] of ROUTES) {
      for (const body of JUNK) {
        const asJson = await c.api(method as 'GET', url, method === 'GET' ? undefined : body)
        expect(asJson.statusCode, `${method} ${url} ${JSON.stringify(body)} -> ${asJson.body}`).toBeLessThan(500)
        if (asJson.statusCode >= 400) expect(asJson.json(), `${method} ${url}`).toHaveProperty('code')
        const query: Record<string, string> = {}
        for (const [k, v] of Object.entries(body)) query[k] = typeof v === 'string' ? v : JSON.stringify(v)
        const asQuery = await c.api(method as 'GET', url, undefined, query)
        expect(asQuery.statusCode, `${method} ${url}?${JSON.stringify(query)} -> ${asQuery.body}`).toBeLessThan(500)
      }
    }
    // Baileys' own "stream errored out" (515, restart after pairing) is not ours.
    expect(c.t.logLines.filter((l) => l.includes('"level":50') && !l.includes('"module":"baileys"'))).toEqual([])
  })
})
