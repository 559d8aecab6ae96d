// Chat lists stay fast with 100k stored messages: the queries behind /v2/chats, /v2/chats/overview and
// /v2/chats/messages (the exported SQL the store runs) are pinned to their indexes (no table scan, no temporary
// sort), and the endpoints answer the right pages through the real core. Timings belong in the benchmarks.
import { beforeAll, describe, expect, it } from 'vitest'
import { CHAT_MESSAGES_SQL, chatListSql, CONTACT_SQL, CONTACTS_OF_SQL, MESSAGE_BY_PK_SQL, REACTIONS_OF_SQL, type ChatSortBy, type SortOrder } from '../../../messaging/store/index.js'
import type { TestCore } from '../../../testing/core-harness.js'
import { useInstanceCore } from '../../../testing/suite.js'

const CHATS = 2_000
const MESSAGES = 100_000

describe('chat lists with 100k messages', () => {
  let t: TestCore
  let id: string
  useInstanceCore((core, instance) => ((t = core), (id = instance)))

  beforeAll(async () => {
    await t.call('POST', '/v2/session/stop', { instance_id: id })
    const db = t.core.db
    const insertMessage = db.prepare(
      `INSERT INTO store_messages (instance_id, chat_id, id, from_me, sender, timestamp, type, body, ack, raw, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, 'chat', ?, 1, ?, 0, 0)`
    )
    const insertChat = db.prepare(
      `INSERT INTO store_chats (instance_id, chat_id, name, unread_count, last_message_pk, last_message_at, created_at, updated_at)
       VALUES (?, ?, ?, 0, ?, ?, 0, 0)`
    )
    const insertContact = db.prepare('INSERT INTO store_contacts (instance_id, jid, notify, updated_at) VALUES (?, ?, ?, 0)')
    // An unrelated instance's rows share the tables (the queries must stay per instance).
    db.prepare("INSERT INTO store_chats (instance_id, chat_id, last_message_at, created_at, updated_at) VALUES ('OTHERINSTANC', '1@s.whatsapp.net', 9e9, 0, 0)").run()
    db.transaction(() => {
      const last = new Map<string, { pk: number; ts: number }>()
      for (let i = 0; i < MESSAGES; i++) {
        const chat = `1555${String(i % CHATS).padStart(7, '0')}@s.whatsapp.net`
        const ts = 1_700_000_000 + i
        const msgId = `3EB0${String(i).padStart(12, '0')}`
        const raw = JSON.stringify({ key: { remoteJid: chat, fromMe: i % 3 === 0, id: msgId }, message: { conversation: `m${i}` }, messageTimestamp: ts, status: 2 })
        const r = insertMessage.run(id, chat, msgId, i % 3 === 0 ? 1 : 0, chat, ts, `m${i}`, raw)
        last.set(chat, { pk: Number(r.lastInsertRowid), ts })
      }
      let n = 0
      for (const [chat, l] of last) {
        insertChat.run(id, chat, n % 2 ? `Chat ${n}` : null, l.pk, l.ts)
        insertContact.run(id, chat, `Person ${n++}`)
      }
    })()
    db.exec('ANALYZE')
  }, 120_000)

  const plan = (sql: string, params: Record<string, unknown>) =>
    (t.core.db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(params) as { detail: string }[]).map((r) => r.detail).join('\n')

  it('pins the chat list query plan for every sort: an index walk, never a scan or a temporary sort', () => {
    const expected: Record<ChatSortBy, RegExp> = {
      messageTimestamp: /SEARCH store_chats USING INDEX store_chats_recent \(instance_id=\?\)/,
      name: /SEARCH store_chats USING INDEX store_chats_name \(instance_id=\?\)/,
      id: /SEARCH store_chats USING PRIMARY KEY \(instance_id=\?\)/
    }
    for (const sortBy of Object.keys(expected) as ChatSortBy[]) {
      for (const sortOrder of ['ASC', 'DESC'] as SortOrder[]) {
        const p = plan(chatListSql(sortBy, sortOrder), { instanceId: id, limit: 100, offset: 0 })
        expect(p, `${sortBy} ${sortOrder}`).toMatch(expected[sortBy])
        expect(p).not.toMatch(/TEMP B-TREE|SCAN/)
      }
    }
  })

  it('pins the lookups per listed chat and the messages page to primary keys and the chat-time index', () => {
    expect(plan(MESSAGE_BY_PK_SQL, [1] as never)).toMatch(/SEARCH store_messages USING INTEGER PRIMARY KEY/)
    expect(plan(CONTACT_SQL, [id, 'x'] as never)).toMatch(/SEARCH store_contacts USING PRIMARY KEY/)
    // A page of chats gets its contacts, and a page of messages its reactions, in one query each: a primary-key
    // probe per id, never a scan of the instance's rows.
    const contacts = plan(CONTACTS_OF_SQL, [id, JSON.stringify(['15550000001@s.whatsapp.net', '15550000002@s.whatsapp.net'])] as never)
    expect(contacts).toMatch(/SEARCH store_contacts USING PRIMARY KEY \(instance_id=\? AND jid=\?\)/)
    expect(contacts).not.toMatch(/SCAN store_/)
    const reactions = plan(REACTIONS_OF_SQL, [id, JSON.stringify(['3EB0000000000001', '3EB0000000000002'])] as never)
    expect(reactions).toMatch(/SEARCH store_reactions USING PRIMARY KEY \(instance_id=\? AND message_id=\?\)/)
    expect(reactions).not.toMatch(/SCAN store_/)
    const page = plan(CHAT_MESSAGES_SQL, { instanceId: id, chatId: '15550000001@s.whatsapp.net', since: 0, until: 9e15, fromMe: null, ack: null, limit: 50, offset: 0 })
    expect(page).toMatch(/SEARCH store_messages USING INDEX store_messages_chat_time \(instance_id=\? AND chat_id=\? AND timestamp>\? AND timestamp<\?\)/)
    expect(page).not.toMatch(/TEMP B-TREE|SCAN/)
  })

  it('answers the right chat pages, overview and messages of a chat at 100k messages', async () => {
    const get = async (path: string, params: Record<string, string>) => {
      const r = await t.call('GET', path, { instance_id: id, ...params })
      expect(r.statusCode, r.body).toBe(200)
      return r.json() as { id: string; name: string | null; timestamp?: number; lastMessage?: { body: string } | null }[]
    }
    const first = await get('/v2/chats', { limit: '100' })
    expect(first).toHaveLength(100)
    expect(first[0]).toMatchObject({ id: `1555${String((MESSAGES - 1) % CHATS).padStart(7, '0')}@c.us`, timestamp: 1_700_000_000 + MESSAGES - 1 })
    expect(first[99]!.timestamp).toBe(1_700_000_000 + MESSAGES - 100)
    // Unnamed chats show their contact's push name (the page's contacts come in one query).
    expect(first.filter((c) => c.name?.startsWith('Person ')).length).toBeGreaterThan(0)
    expect(first.every((c) => c.name !== null)).toBe(true)
    const deep = await get('/v2/chats', { limit: '100', offset: String(CHATS - 100), sortBy: 'name', sortOrder: 'asc' })
    expect(deep).toHaveLength(100)
    const names = deep.map((c) => c.name ?? '')
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)))
    const overview = await get('/v2/chats/overview', { limit: '100' })
    expect(overview).toHaveLength(100)
    expect(overview[0]!.lastMessage?.body).toBe(`m${MESSAGES - 1}`)
    // Reactions of a page come in one query: each message gets its own, oldest first, only from its own chat.
    const reacted = '3EB0000000078007' // chat 7's 11th newest message: the first of the page below
    const react = t.core.db.prepare('INSERT INTO store_reactions (instance_id, chat_id, message_id, sender, text, reaction_id, timestamp) VALUES (?, ?, ?, ?, ?, ?, ?)')
    react.run(id, '15550000007@s.whatsapp.net', reacted, '15550000001@s.whatsapp.net', '👍', 'R1', 1_800_000_005)
    react.run(id, '15550000007@s.whatsapp.net', reacted, '15550000002@s.whatsapp.net', '❤️', 'R2', 1_800_000_003)
    react.run(id, '15550000008@s.whatsapp.net', reacted, '15550000003@s.whatsapp.net', '😮', 'R3', 1_800_000_001)
    const messages = (await get('/v2/chats/messages', { chatId: '15550000007@c.us', limit: '50', offset: '10', downloadMedia: 'false' })) as unknown as {
      id: string
      timestamp: number
      reactions: { text: string; senderId: string }[]
    }[]
    expect(messages).toHaveLength(40)
    expect(messages[0]!.timestamp).toBeGreaterThan(messages[39]!.timestamp)
    expect(messages[0]!.id).toContain(reacted)
    expect(messages[0]!.reactions).toEqual([
      { text: '❤️', senderId: '15550000002@c.us', timestamp: 1_800_000_003 },
      { text: '👍', senderId: '15550000001@c.us', timestamp: 1_800_000_005 }
    ])
    expect(messages.slice(1).every((m) => m.reactions.length === 0)).toBe(true)
  })
})
