// The message store on real SQLite: repository behaviour (merge, ack, edit, revoke, rekey, wipe) and the
// query plans of the hot reads pinned with 100k messages (an index serves each; no scan, no temp sort).
import type { WAMessage } from '@whiskeysockets/baileys'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../../db/connection.js'
import { openStoreDb } from '../../testing/store-db.js'
import {
  applyEdit,
  CHAT_MESSAGES_SQL,
  chatListSql,
  CONTACT_SQL,
  countMessages,
  deleteInstanceStore,
  findMessage,
  getChat,
  listChatMessages,
  listChats,
  listChatsWithLastMessage,
  markRevoked,
  MESSAGE_BY_ID_SQL,
  MESSAGE_BY_PK_SQL,
  MESSAGE_IN_CHAT_SQL,
  raiseAck,
  recordLidMappings,
  identityOf,
  rekeyChat,
  REKEY_LID_SENDER_SQL,
  storeGetMessage,
  touchChatWithMessage,
  upsertMessage,
  type ChatSortBy,
  type SortOrder
} from './index.js'

const I = 'INSTANCE0001'
const chat = (n: number) => `1555${String(n).padStart(7, '0')}@s.whatsapp.net`

const text = (id: string, remoteJid: string, body: string, ts: number, extra: Partial<WAMessage> = {}): WAMessage => ({
  key: { id, remoteJid, fromMe: false },
  message: { conversation: body, messageContextInfo: { messageSecret: Buffer.alloc(32, 1) } },
  messageTimestamp: ts,
  ...extra
})

function store(db: Db, m: WAMessage) {
  const r = upsertMessage(db, I, { chatId: m.key.remoteJid!, sender: m.key.remoteJid!, message: m, now: 1 })
  if (r.inserted) touchChatWithMessage(db, I, m.key.remoteJid!, { pk: r.pk, timestamp: Number(m.messageTimestamp), markRead: !!m.key.fromMe, countUnread: !m.key.fromMe }, 1)
  return r
}

describe('message store repositories', () => {
  it('lists chats whose newest messages share a second by arrival, newest first (and the reverse for ASC)', () => {
    const db = openStoreDb()
    // chat(9) sorts before chat(1) by id; arrival must win: 1, then 5, then 9 all within second 500.
    for (const n of [1, 5, 9]) store(db, text(`T${n}`, chat(n), 'burst', 500))
    store(db, text('OLD', chat(3), 'earlier', 499))
    expect(listChats(db, I).map((c) => c.chatId)).toEqual([chat(9), chat(5), chat(1), chat(3)])
    expect(listChats(db, I, { sortOrder: 'ASC' }).map((c) => c.chatId)).toEqual([chat(3), chat(1), chat(5), chat(9)])
    // A later message in chat(1) within the same second moves it to the top.
    store(db, text('T1b', chat(1), 'again', 500))
    expect(listChats(db, I)[0]!.chatId).toBe(chat(1))
  })

  it('merges a repeated message: keeps the row, never lowers the ack, keeps buffers for getMessage', async () => {
    const db = openStoreDb()
    const first = store(db, text('A1', chat(1), 'hi', 100, { status: 3 }))
    expect(first.inserted).toBe(true)
    const again = store(db, text('A1', chat(1), 'hi', 100, { status: 1 }))
    expect(again).toMatchObject({ inserted: false, pk: first.pk, previousAck: 2 })
    expect(findMessage(db, I, chat(1), 'A1')!.ack).toBe(2)
    expect(getChat(db, I, chat(1))!.unreadCount).toBe(1)
    const content = await storeGetMessage(db, I)({ remoteJid: chat(1), id: 'A1', fromMe: false })
    expect(Buffer.isBuffer(content?.messageContextInfo?.messageSecret)).toBe(true)
    expect(content?.conversation).toBe('hi')
  })

  it('stores enum-named statuses as numbers (the append of an own message says "DELIVERY_ACK")', () => {
    const db = openStoreDb()
    store(db, text('S1', chat(1), 'x', 1, { status: 'DELIVERY_ACK' as unknown as number }))
    expect(findMessage(db, I, chat(1), 'S1')!.ack).toBe(2)
  })

  it('ack only rises; edit replaces the body once; revoke marks the row once', () => {
    const db = openStoreDb()
    const { pk } = store(db, text('B1', chat(2), 'old', 10))
    expect(raiseAck(db, pk, 2, 2)).toBe(0)
    expect(raiseAck(db, pk, 1, 3)).toBeNull()
    expect(applyEdit(db, pk, { conversation: 'new' }, 20, 4)).toEqual({ prevBody: 'old', newBody: 'new' })
    expect(applyEdit(db, pk, { conversation: 'new' }, 20, 5)).toBeNull()
    const edited = findMessage(db, I, chat(2), 'B1')!
    expect(edited.body).toBe('new')
    expect(edited.message.message?.messageContextInfo?.messageSecret).toBeTruthy()
    expect(markRevoked(db, pk, chat(2), 30, 6)!.body).toBe('new')
    expect(markRevoked(db, pk, chat(2), 31, 7)).toBeNull()
    expect(findMessage(db, I, chat(2), 'B1')).toMatchObject({ type: 'revoked', body: '', revokedBy: chat(2), revokedAt: 30 })
  })

  it('a LID chat moves to its phone number once the mapping is known; duplicates fold', () => {
    const db = openStoreDb()
    const lid = '99887766@lid'
    store(db, text('L1', lid, 'by lid', 10))
    store(db, text('L2', chat(3), 'by pn', 20))
    store(db, text('L2', lid, 'same message by lid', 20))
    expect(recordLidMappings(db, I, [{ lid, pn: chat(3) }])).toEqual([{ lid, pn: chat(3), previous: null }])
    expect(recordLidMappings(db, I, [{ lid, pn: chat(3) }])).toEqual([]) // known already: no change to report
    expect(identityOf(db, I, lid)).toEqual({ lid, pn: chat(3) })
    expect(identityOf(db, I, chat(3))).toEqual({ lid, pn: chat(3) })
    expect(identityOf(db, I, '123@g.us')).toEqual({ lid: null, pn: null })
    expect(rekeyChat(db, I, lid, chat(3), 5)).toEqual({ mergedChat: true, movedMessages: 1 })
    expect(getChat(db, I, lid)).toBeUndefined()
    expect(listChatMessages(db, I, chat(3)).map((m) => m.id)).toEqual(['L2', 'L1'])
    expect(findMessage(db, I, chat(3), 'L1')!.message.key).toMatchObject({ remoteJid: chat(3), remoteJidAlt: lid })
    // L1 and L2 are unread; the LID copy of L2 is the same message and is not counted twice.
    expect(getChat(db, I, chat(3))!.unreadCount).toBe(2)
    expect(getChat(db, I, chat(3))!.lastMessagePk).toBe(findMessage(db, I, chat(3), 'L2')!.pk)
  })

  it('a group author known by LID becomes their phone number in the message row and its raw key', () => {
    const db = openStoreDb()
    const lid = '55443322@lid'
    const g = '120363000000000001@g.us'
    const m = text('G1', g, 'in a group', 10)
    m.key.participant = lid
    upsertMessage(db, I, { chatId: g, sender: lid, message: m, now: 1 })
    expect(rekeyChat(db, I, lid, chat(5), 2)).toEqual({ mergedChat: false, movedMessages: 0 })
    const stored = findMessage(db, I, g, 'G1')!
    expect(stored.sender).toBe(chat(5))
    expect(stored.message.key).toMatchObject({ participant: chat(5), participantAlt: lid })
  })

  it('deleteInstanceStore removes every row of the instance and only of it', () => {
    const db = openStoreDb()
    store(db, text('D1', chat(4), 'x', 1))
    upsertMessage(db, 'OTHER0000001', { chatId: chat(4), sender: null, message: text('D1', chat(4), 'y', 1), now: 1 })
    deleteInstanceStore(db, I)
    expect(countMessages(db, I)).toBe(0)
    expect(listChats(db, I)).toEqual([])
    expect(countMessages(db, 'OTHER0000001')).toBe(1)
  })
})

describe('query plans with 100k messages', () => {
  const db = openStoreDb()
  const CHATS = 2000
  const MESSAGES = 100_000

  beforeAll(() => {
    // Bulk rows straight into the tables: the indexes, not the ingestion, are under test here.
    const raw = JSON.stringify(text('X', chat(0), 'x', 0))
    const insMsg = db.prepare(
      `INSERT INTO store_messages (instance_id, chat_id, id, from_me, sender, timestamp, type, body, ack, raw, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, 'chat', ?, 0, ?, 0, 0)`
    )
    const insChat = db.prepare(
      `INSERT INTO store_chats (instance_id, chat_id, name, last_message_pk, last_message_at, created_at, updated_at) VALUES (?, ?, ?, ?, ?, 0, 0)
       ON CONFLICT (instance_id, chat_id) DO UPDATE SET last_message_pk = excluded.last_message_pk, last_message_at = excluded.last_message_at`
    )
    db.transaction(() => {
      for (let i = 0; i < MESSAGES; i++) {
        const c = chat(i % CHATS)
        const ts = 1_700_000_000 + i
        const r = insMsg.run(i % 7 === 0 ? 'OTHER0000001' : I, c, `M${i}`, i % 3 === 0 ? 1 : 0, c, ts, `body ${i}`, raw)
        insChat.run(I, c, `Name ${(i * 7919) % CHATS}`, Number(r.lastInsertRowid), ts)
      }
    })()
    db.exec('ANALYZE')
  })

  const plan = (sql: string, params: Record<string, unknown> | unknown[]): string =>
    (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(params as never) as { detail: string }[]).map((r) => r.detail).join(' | ')

  const noScanNoSort = (p: string) => {
    expect(p).not.toMatch(/\bSCAN store_/)
    expect(p).not.toMatch(/TEMP B-TREE/)
  }

  it.each<[ChatSortBy, SortOrder, RegExp]>([
    ['messageTimestamp', 'DESC', /SEARCH store_chats USING INDEX store_chats_recent \(instance_id=\?\)/],
    ['messageTimestamp', 'ASC', /SEARCH store_chats USING INDEX store_chats_recent \(instance_id=\?\)/],
    ['id', 'ASC', /SEARCH store_chats USING PRIMARY KEY \(instance_id=\?\)/],
    ['id', 'DESC', /SEARCH store_chats USING PRIMARY KEY \(instance_id=\?\)/],
    ['name', 'ASC', /SEARCH store_chats USING INDEX store_chats_name \(instance_id=\?\)/],
    ['name', 'DESC', /SEARCH store_chats USING INDEX store_chats_name \(instance_id=\?\)/]
  ])('chat list sorted by %s %s uses its index', (sortBy, sortOrder, expected) => {
    const p = plan(chatListSql(sortBy, sortOrder), { instanceId: I, limit: 50, offset: 0 })
    expect(p).toMatch(expected)
    noScanNoSort(p)
  })

  it('messages of a chat (paged, filtered) use store_messages_chat_time, with or without the filters', () => {
    for (const filters of [{ fromMe: null, ack: null }, { fromMe: 1, ack: 3 }]) {
      const p = plan(CHAT_MESSAGES_SQL, { instanceId: I, chatId: chat(5), since: 0, until: 2e9, ...filters, limit: 50, offset: 0 })
      expect(p).toMatch(/SEARCH store_messages USING INDEX store_messages_chat_time \(instance_id=\? AND chat_id=\? AND timestamp>\? AND timestamp<\?\)/)
      noScanNoSort(p)
    }
  })

  it('a message by chat and id, by id alone, a chat\'s last message and a contact are index lookups', () => {
    expect(plan(MESSAGE_IN_CHAT_SQL, [I, chat(1), 'M1'])).toMatch(/SEARCH store_messages USING INDEX sqlite_autoindex_store_messages_1 \(instance_id=\? AND chat_id=\? AND id=\?\)/)
    noScanNoSort(plan(MESSAGE_IN_CHAT_SQL, [I, chat(1), 'M1']))
    expect(plan(MESSAGE_BY_ID_SQL, [I, 'M1'])).toMatch(/SEARCH store_messages USING INDEX store_messages_id \(instance_id=\? AND id=\?\)/)
    expect(plan(MESSAGE_BY_PK_SQL, [1])).toMatch(/SEARCH store_messages USING INTEGER PRIMARY KEY \(rowid=\?\)/)
    expect(plan(CONTACT_SQL, [I, chat(1)])).toMatch(/SEARCH store_contacts USING PRIMARY KEY \(instance_id=\? AND jid=\?\)/)
  })

  it("re-keying a LID author's messages probes the partial LID-sender index instead of scanning (one per new mapping)", () => {
    const p = plan(REKEY_LID_SENDER_SQL, { i: I, from: '123456789@lid', to: chat(1) })
    expect(p).toMatch(/SEARCH store_messages USING INDEX store_messages_lid_sender \(instance_id=\? AND sender=\?\)/)
    noScanNoSort(p)
  })

  it('the reads answer right (their speed is the plans above; timings belong in the benchmarks)', () => {
    const page = listChatsWithLastMessage(db, I, { limit: 50 })
    const msgs = listChatMessages(db, I, chat(5), { limit: 30, offset: 5 })
    expect(page).toHaveLength(50)
    expect(page[0]!.chat.lastMessageAt).toBeGreaterThanOrEqual(page[49]!.chat.lastMessageAt)
    expect(page[0]!.lastMessage?.body).toMatch(/^body \d+$/)
    expect(msgs).toHaveLength(30)
    expect(msgs[0]!.timestamp).toBeGreaterThan(msgs[29]!.timestamp)
    expect(countMessages(db, I) + countMessages(db, 'OTHER0000001')).toBe(MESSAGES)
  })
})
