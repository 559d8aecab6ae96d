// Junk input to every read and chat/message/contact route (query, JSON with odd types, form): always a clear
// 2xx/4xx with a code, never a 500. No network needed: an offline core whose instance is not WORKING.
import { describe, expect, it } from 'vitest'
import type { TestCore } from '../../../testing/core-harness.js'
import { useInstanceCore } from '../../../testing/suite.js'

const ROUTES: [string, string][] = [
  ['GET', '/v2/chats'], ['POST', '/v2/chats/overview'], ['GET', '/v2/chats/messages'], ['POST', '/v2/messages/get'],
  ['DELETE', '/v2/messages/delete'], ['PUT', '/v2/messages/edit'], ['POST', '/v2/messages/pin'], ['POST', '/v2/messages/unpin'],
  ['POST', '/v2/chats/archive'], ['POST', '/v2/chats/unarchive'], ['POST', '/v2/chats/read'], ['POST', '/v2/chats/unread'],
  ['POST', '/v2/chats/clear'], ['DELETE', '/v2/chats/delete'], ['GET', '/v2/chats/picture'], ['GET', '/v2/contacts'],
  ['GET', '/v2/contacts/all'], ['GET', '/v2/contacts/check-exists'], ['GET', '/v2/contacts/about'], ['GET', '/v2/contacts/profile-picture'],
  ['POST', '/v2/contacts/block'], ['POST', '/v2/contacts/unblock'], ['PUT', '/v2/contacts/x%00y'], ['GET', '/v2/lids'], ['GET', '/v2/lids/count'],
  ['GET', '/v2/lids/pn/%2B%2B'], ['GET', '/v2/lids/%F0%9F%98%80'], ['GET', '/api/files/AAAA/..']
]

const JUNK: Record<string, unknown>[] = [
  {},
  { chatId: '', messageId: '', limit: '', offset: '', sortBy: '', sortOrder: '' },
  { chatId: 'x'.repeat(5000), messageId: 'true_a@b_c', limit: '1e3', offset: '-0', downloadMedia: 'perhaps', refresh: '2' },
  { chatId: ['1', '2'], messageId: { id: 1 }, limit: [5], offset: { a: 1 }, ids: '[not json', filter: 'fromMe' },
  { chatId: 123456789, messageId: 42, limit: 10.5, duration: -1, text: { t: 1 }, phone: ['+1'], contactId: null, forEveryone: 'yes' },
  { chatId: '123@g.us', messageId: 'false_123@g.us_ABCDEF_bad', filter: { timestamp: { gte: 'yesterday' }, ack: 9 }, messages: 0, days: 'x' },
  { chatId: '__proto__', messageId: 'constructor', 'filter[__proto__][x]': 1, sortBy: 'name; DROP TABLE store_chats', sortOrder: 'asc' }
]

describe('junk input to the reads routes', () => {
  let t: TestCore
  let id: string
  useInstanceCore((core, instance) => ((t = core), (id = instance)))

  it('never answers 5xx, always a code', async () => {
    for (const [method, url] of ROUTES) {
      for (const body of JUNK) {
        const asJson = await t.inject({ method: method as 'GET', url: `${url}?access_token=${t.token}&instance_id=${id}`, ...(method === 'GET' ? {} : { payload: body as Record<string, string> }) })
        expect(asJson.statusCode, `${method} ${url} ${JSON.stringify(body)} -> ${asJson.body}`).toBeLessThan(500)
        if (asJson.statusCode >= 400) expect(asJson.json(), `${method} ${url}`).toHaveProperty('code')
        const query = new URLSearchParams({ access_token: t.token, instance_id: id })
        for (const [k, v] of Object.entries(body)) query.append(k, typeof v === 'string' ? v : JSON.stringify(v))
        const asQuery = await t.inject({ method: method as 'GET', url: `${url}?${query}` })
        expect(asQuery.statusCode, `${method} ${url}?${query} -> ${asQuery.body}`).toBeLessThan(500)
      }
    }
    expect(t.logLines.filter((l) => l.includes('"level":50'))).toEqual([])
  })
})
