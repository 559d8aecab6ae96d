// Through the product: an instance paired with a seeded sandbox phone ingests the history sync (chunks downloaded
// as media, PN and LID chats mixed) into its store, and /v2/chats, /v2/chats/messages and /v2/groups answer it.
// The chunks are decoded by the engine's takeover in turns of the loop (history-takeover.ts), never by Baileys whole.
import { proto } from '@whiskeysockets/baileys'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { pairInstance, startTestCore, waitUntil, type TestCore } from '../testing/core-harness.js'

const PHONE = '15550000021'
const SEED = { contacts: 150, chats: 100, messages: 2_000, groups: 8, labels: 3, lid_share: 0.4 }

describe.sequential('seeded history through the product', () => {
  let t: TestCore
  let id: string
  // How many conversations each HistorySync.decode returned (as it returned: the takeover adds them afterwards).
  const realDecode = proto.HistorySync.decode.bind(proto.HistorySync)
  const decodedWith: number[] = []
  const decoded = vi.spyOn(proto.HistorySync, 'decode').mockImplementation((...args: Parameters<typeof realDecode>) => {
    const sync = realDecode(...args)
    decodedWith.push(sync.conversations.length)
    return sync
  })
  const conversations = vi.spyOn(proto.Conversation, 'decode')

  beforeAll(async () => {
    t = await startTestCore('sandbox', { logLevel: 'warn' })
    await t.core.sandbox!.createPhone({ phoneNumber: PHONE, name: 'Shop' })
    const res = await t.call('POST', `/sandbox/phones/${PHONE}/history`, {}, SEED)
    expect(res.statusCode).toBe(201)
    expect(res.json()).toMatchObject({ messages: 2_000, chats: 100, chunks: 2 })
    id = await pairInstance(t, PHONE)
  }, 60_000)
  afterAll(async () => {
    decoded.mockRestore()
    conversations.mockRestore()
    await t?.close()
  })

  const stored = () =>
    (t.core.db.prepare('SELECT count(*) AS n FROM store_messages WHERE instance_id = ?').get(id) as { n: number }).n

  it('every message reaches the store and every chat /v2/chats, one chat per person', async () => {
    await waitUntil(() => stored() >= SEED.messages, 30_000, `history in the store (${stored()})`)
    expect(stored()).toBe(SEED.messages)
    const chats = (await t.call('GET', '/v2/chats', { instance_id: id, limit: '1000' })).json() as { id: string }[]
    expect(chats).toHaveLength(SEED.chats)
    expect(chats.filter((c) => c.id.endsWith('@g.us'))).toHaveLength(SEED.groups)
    // LID-addressed chats came with their mappings: they are listed by number.
    expect(chats.filter((c) => c.id.endsWith('@lid'))).toEqual([])
    const newest = chats[0]!
    const msgs = (await t.call('GET', '/v2/chats/messages', { instance_id: id, chatId: newest.id, limit: '50', downloadMedia: 'false' })).json() as unknown[]
    expect(msgs.length).toBeGreaterThan(0)
    // Every conversation was decoded on its own; no HistorySync was decoded with its conversations in one step.
    expect(conversations.mock.calls.length).toBeGreaterThanOrEqual(SEED.chats)
    expect(decodedWith.length).toBeGreaterThan(0)
    expect(decodedWith.filter((n) => n > 0)).toEqual([])
  })

  it('seeded groups are the instance\'s groups', async () => {
    const res = await t.call('GET', '/v2/groups', { instance_id: id })
    expect(res.statusCode).toBe(200)
    const body = res.json() as unknown[] | Record<string, unknown>
    expect(Array.isArray(body) ? body.length : Object.keys(body).length).toBe(SEED.groups)
  })
})
