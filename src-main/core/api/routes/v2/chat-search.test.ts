// GET /v2/chats/search and the UI bridge's chats.search (issue 20 item 6) over real HTTP/WebSocket on an offline
// core whose store holds messages (as the ingestor writes them): hits newest first with their chat, name and a
// marked excerpt, one chat only with chatId, paging, bad input a 400 with its code, and the OpenAPI entry.
import { describe, expect, it } from 'vitest'
import { connectTestBridge } from '../../../bridge/testing/ws-bridge-client.js'
import { touchChatWithMessage, upsertContact, upsertMessage } from '../../../messaging/store/index.js'
import { useInstanceCore } from '../../../testing/suite.js'
import type { TestCore } from '../../../testing/core-harness.js'

const A = '15550381001@s.whatsapp.net'
const B = '15550381002@s.whatsapp.net'

describe('message search through the API and the bridge', () => {
  let t: TestCore
  let id: string
  useInstanceCore((core, instanceId) => {
    t = core
    id = instanceId
    const db = core.core.db
    const put = (mid: string, chat: string, body: string, ts: number, fromMe = false) => {
      const r = upsertMessage(db, id, { chatId: chat, sender: fromMe ? null : chat, message: { key: { id: mid, remoteJid: chat, fromMe }, message: { conversation: body }, messageTimestamp: ts }, now: 0 })
      touchChatWithMessage(db, id, chat, { pk: r.pk, timestamp: ts, markRead: fromMe, countUnread: !fromMe }, 0)
    }
    upsertContact(db, id, A, { notify: 'Ana' }, 0)
    put('S1', A, 'Is the blue dress still available?', 1_700_000_100)
    put('S2', A, 'Yes, the blue dress is in stock', 1_700_000_200, true)
    put('S3', B, 'Blue shoes please', 1_700_000_300)
    put('S4', B, 'thanks!', 1_700_000_400)
  })

  const search = (params: Record<string, string>) => t.call('GET', '/v2/chats/search', { instance_id: id, ...params })

  it('finds message text across chats, newest first, with chat, name, excerpt and the message', async () => {
    const r = await search({ q: 'blue' })
    expect(r.statusCode, r.body).toBe(200)
    const hits = r.json() as { chatId: string; chatName: string | null; snippet: string; message: { id: string; body: string; fromMe: boolean } }[]
    expect(hits.map((h) => [h.chatId, h.message.body])).toEqual([
      ['15550381002@c.us', 'Blue shoes please'],
      ['15550381001@c.us', 'Yes, the blue dress is in stock'],
      ['15550381001@c.us', 'Is the blue dress still available?']
    ])
    expect(hits[1]).toMatchObject({ chatName: 'Ana', snippet: expect.stringContaining('[[blue]]'), message: { fromMe: true, id: 'true_15550381001@c.us_S2' } })
    expect((await search({ q: 'blue dress', chatId: '+1 555 038 1001', limit: '1', offset: '1' })).json().map((h: { message: { id: string } }) => h.message.id)).toEqual(['false_15550381001@c.us_S1'])
    const post = await t.inject({ method: 'POST', url: `/v2/chats/search?access_token=${t.token}`, payload: { instance_id: id, query: 'THANKS' } })
    expect(post.json().map((h: { message: { body: string } }) => h.message.body)).toEqual(['thanks!'])
  })

  it('bad input is a 400 with its code, never a 500', async () => {
    expect((await search({})).json()).toMatchObject({ code: 'missing_param' })
    const junk = await search({ q: '"*:^()' })
    expect(junk.statusCode).toBe(400)
    expect(junk.json()).toMatchObject({ code: 'invalid_param' })
    expect((await search({ q: 'blue', limit: 'many' })).statusCode).toBe(400)
    expect((await search({ q: 'x'.repeat(201) })).statusCode).toBe(400)
  })

  it('the bridge searches the same index for the Chats view', async () => {
    const ui = await connectTestBridge(t.core.url, t.core.ui.token)
    try {
      const r = await ui.bridge.chats.search({ instanceId: id, query: 'dress', limit: 1 })
      expect(r).toEqual({ ok: true, data: { hits: [{ chatId: '15550381001@c.us', chatName: 'Ana', messageId: 'S2', fromMe: true, timestamp: 1_700_000_200_000, snippet: expect.stringContaining('[[dress]]') }], hasMore: true } })
      expect(await ui.bridge.chats.search({ instanceId: id, query: '' })).toMatchObject({ ok: false })
    } finally {
      ui.close()
    }
  })

  it('is documented under Switchboard extensions', async () => {
    const doc = (await t.inject({ method: 'GET', url: '/docs/json' })).json() as { paths: Record<string, { get?: { tags?: string[] } }> }
    expect(doc.paths['/v2/chats/search']?.get?.tags).toContain('Switchboard extensions')
  })
})
