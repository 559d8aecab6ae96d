// The history ingest thread (issue 24 item 2): a batch's history part is written by a worker thread on its own keyed
// connection to the same encrypted store, at a lower OS priority, and the result is the very rows the main thread
// writes (protobuf Longs and Buffers survive the structured clone); the rest of the batch and the chunk records'
// deletion follow on the main thread, after it; a live batch waits behind it; a thread that cannot start leaves the
// history to the main thread with a warning; stop() stores a part under way on the main thread.
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { randomBytes } from 'node:crypto'
import Long from 'long'
import type { BaileysEventMap, WAMessage } from '@whiskeysockets/baileys'
import { afterEach, describe, expect, it } from 'vitest'
import { openDatabase, type Db } from '../../db/connection.js'
import { migrate } from '../../db/migrate.js'
import { appMigrations } from '../../db/migrations/index.js'
import { pendingHistoryChunks, recordHistoryChunk } from '../../db/repositories/history-chunks-repo.js'
import { insertInstance } from '../../db/repositories/instances-repo.js'
import { upsertAccount } from '../../db/repositories/accounts-repo.js'
import { createEventBus } from '../../domain/event-bus.js'
import type { CoreEventMap } from '../../domain/events.js'
import type { BaileysBusEvents } from '../../engine/baileys/baileys-events.js'
import { countMessages, findMessage, getChat } from '../store/index.js'
import { startHistoryIngestThread, type HistoryIngestThread } from './history-ingest-thread.js'
import { startIngestor, type Ingestor } from './ingestor.js'
import { mainTurns, newWriteTurns } from './write-turns.js'

const I = 'THREAD000001'
const pn = (n: number) => `1555${String(n).padStart(7, '0')}@s.whatsapp.net`
const lid = (n: number) => `9${String(n).padStart(8, '0')}@lid`

/** Messages as the decoder gives them: Long timestamps, Buffer media keys, texts and images. */
const msg = (id: string, remoteJid: string, ts: number, k: number): WAMessage =>
  ({
    key: { id, remoteJid, fromMe: k % 5 === 0 },
    messageTimestamp: Long.fromNumber(ts, true),
    pushName: k % 5 === 0 ? undefined : `Person ${remoteJid.slice(4, 8)}`,
    message:
      k % 7 === 3
        ? { imageMessage: { mimetype: 'image/jpeg', caption: `pic ${id}`, fileLength: Long.fromNumber(12_345 + k, true), mediaKey: Buffer.from([1, 2, 3, k % 256]), fileSha256: Buffer.alloc(32, k) } }
        : { conversation: `text ${id}` }
  }) as unknown as WAMessage

/** 40 chats (every 4th by LID, its mapping listed), 25 messages each = 1,000 messages, a few contacts. */
function bigHistory(): BaileysEventMap['messaging-history.set'] {
  const chats = Array.from({ length: 40 }, (_, c) => ({ id: c % 4 === 0 ? lid(c) : pn(c), conversationTimestamp: Long.fromNumber(1_700_000_000 + c, true), unreadCount: c % 3 }))
  const messages = chats.flatMap((c, n) => Array.from({ length: 25 }, (_, k) => msg(`H${n}-${k}`, c.id, 1_700_000_000 + n * 100 + k, k)))
  return {
    chats,
    contacts: chats.slice(0, 10).map((c, n) => ({ id: pn(n), name: `Contact ${n}` })),
    messages,
    lidPnMappings: chats.flatMap((_, c) => (c % 4 === 0 ? [{ lid: lid(c), pn: pn(c) }] : [])),
    isLatest: true,
    progress: 100,
    syncType: null
  } as unknown as BaileysEventMap['messaging-history.set']
}

const dataKey = randomBytes(32)
const cleanups: (() => Promise<void> | void)[] = []
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c()
})

function setup(options: { thread?: boolean; failForTest?: boolean; turnMs?: number } = {}) {
  const file = join(mkdtempSync(join(tmpdir(), 'sb-hist-thread-')), 'store.db')
  // As start-core.ts: two writers on one file, so this connection's transactions begin IMMEDIATE and take turns with the thread's.
  const writeTurns = newWriteTurns()
  const sharedWriter = { onTopLevel: mainTurns(writeTurns) }
  const db: Db = openDatabase(file, { dataKey, ...(options.thread !== false ? { sharedWriter } : {}) })
  migrate(db, appMigrations)
  upsertAccount(db, { id: 'a', name: 'A', plan: 'free', token: 't', now: 1 })
  insertInstance(db, { id: I, accountId: 'a', sessionName: 'sess', status: 'WORKING', desiredRunning: true, ratePolicy: 'strict', now: 1 })
  const warnings: string[] = []
  const errors: string[] = []
  const thread: HistoryIngestThread | undefined = options.thread === false
    ? undefined
    : startHistoryIngestThread({ file, dataKey, partItems: 20, writeTurns, ...(options.turnMs !== undefined ? { turnMs: options.turnMs } : {}), ...(options.failForTest ? { failForTest: true } : {}), onFailure: (err) => warnings.push(String((err as Error).message)) })
  const bus = createEventBus<CoreEventMap & BaileysBusEvents>()
  const stored: string[] = []
  bus.on('message.stored', (e) => void stored.push(e.id))
  const ingestor: Ingestor = startIngestor({
    db,
    bus,
    instance: (id) => (id === I ? { name: 'sess', me: { id: '15550009999@c.us', lid: null, pushName: 'Me', platform: null } } : undefined),
    engineName: 'NOWEB',
    wakeDeliveries: () => undefined,
    logger: { error: (o, m) => errors.push(`${m}: ${String((o.err as Error)?.message ?? o.what ?? '')}`), warn: (_o, m) => warnings.push(m) },
    historySliceItems: 100,
    ...(thread ? { historyThread: thread } : {})
  })
  let stopped = false
  const stop = async () => {
    if (stopped) return
    stopped = true
    ingestor.stop()
    await thread?.stop()
  }
  cleanups.push(async () => {
    await stop()
    db.close()
  })
  const send = (events: Partial<BaileysEventMap>, historyChunks?: string[]) => bus.emit('engine.baileys', { instanceId: I, events, ...(historyChunks ? { historyChunks } : {}) })
  return { db, file, thread, send, stop, warnings, errors, stored }
}

const waitFor = async (cond: () => boolean, what: string, ms = 20_000) => {
  const until = Date.now() + ms
  while (!cond()) {
    if (Date.now() > until) throw new Error(`timed out: ${what}`)
    await new Promise((r) => setTimeout(r, 10))
  }
}

/** Every row history writes, without the row ids and write times that differ between two stores. */
function snapshot(db: Db) {
  const q = (sql: string) => db.prepare(sql).all(I)
  return {
    messages: q('SELECT chat_id, id, from_me, sender, timestamp, type, body, ack, has_media, media_mimetype, media_size, push_name, raw FROM store_messages WHERE instance_id = ? ORDER BY chat_id, id'),
    chats: q('SELECT * FROM store_chats WHERE instance_id = ? ORDER BY 2').map((r) => ({ ...(r as object), created_at: 0, updated_at: 0, last_message_pk: 0 })),
    contacts: q('SELECT * FROM store_contacts WHERE instance_id = ? ORDER BY 2').map((r) => ({ ...(r as object), created_at: 0, updated_at: 0 }))
  }
}

describe('the history ingest thread', () => {
  it('stores exactly the rows the main thread stores (Longs and Buffers intact), from a thread at nice 10', async () => {
    const onThread = setup()
    const here = setup({ thread: false })
    const now = Date.now()
    onThread.send({ 'messaging-history.set': bigHistory() })
    here.send({ 'messaging-history.set': bigHistory() })
    // A live batch queued behind each history: stored once the whole history batch is done (stopping while the
    // thread's answer is on its way stores the part again on the main thread, with a warning: the ingestor's stop()).
    const live = { 'messages.upsert': { messages: [msg('AFTER', pn(2), 1_800_000_000, 1)], type: 'notify' as const } }
    onThread.send(live)
    here.send(live)
    await waitFor(() => countMessages(onThread.db, I) === 1_001 && countMessages(here.db, I) === 1_001 && onThread.stored.includes('AFTER') && here.stored.includes('AFTER'), 'both stores filled')
    await onThread.stop()
    await here.stop()
    const a = snapshot(onThread.db)
    const b = snapshot(here.db)
    expect(a.messages).toHaveLength(1_001)
    expect(a.messages).toEqual(b.messages)
    expect(a.chats.length).toBeGreaterThan(0)
    expect(a.contacts.length).toBeGreaterThan(0)
    expect({ chats: a.chats.map((c) => ({ ...c, created_at: 0, updated_at: 0 })) }).toEqual({ chats: b.chats })
    expect(a.contacts).toEqual(b.contacts)
    // The LID chats are under their numbers; a media message kept its size and key.
    expect(getChat(onThread.db, I, lid(0))).toBeUndefined()
    expect(findMessage(onThread.db, I, pn(1), 'H1-3')).toMatchObject({ type: 'image', media: { size: 12_348 } })
    expect(onThread.thread!.tid).toBeGreaterThan(0)
    expect(onThread.warnings).toEqual([])
    expect(onThread.errors).toEqual([])
    expect(now).toBeGreaterThan(0)
  })

  it('runs at a lower OS priority than the main thread (Linux: its own nice value)', async () => {
    const t = setup()
    t.send({ 'messaging-history.set': bigHistory() })
    await waitFor(() => t.thread!.tid !== undefined, 'thread ready')
    if (process.platform !== 'linux') return
    const tid = t.thread!.tid!
    // /proc/<pid>/task/<tid>/stat: field 19 is the nice value (after the parenthesized name).
    const niceOf = (task: number) => Number(readFileSync(`/proc/${process.pid}/task/${task}/stat`, 'utf8').split(') ')[1]!.split(' ')[16])
    expect(niceOf(tid)).toBe(10)
    expect(niceOf(process.pid)).toBeLessThan(10)
  })

  it('the rest of the batch, later batches and the chunk records follow the history: order kept, record gone with the commit', async () => {
    const t = setup()
    recordHistoryChunk(t.db, I, 'CHUNK1', Buffer.from('notification'), true, Date.now())
    t.send({ 'messaging-history.set': bigHistory(), 'messages.upsert': { messages: [msg('LIVE0', pn(2), 1_800_000_000, 1)], type: 'notify' } }, ['CHUNK1'])
    t.send({ 'messages.upsert': { messages: [msg('LIVE1', pn(1), 1_800_000_001, 1)], type: 'notify' } })
    expect(findMessage(t.db, I, pn(1), 'LIVE1')).toBeUndefined() // queued behind the history on the thread
    await waitFor(() => !!findMessage(t.db, I, pn(1), 'LIVE1'), 'the live batch stored')
    expect(countMessages(t.db, I)).toBe(1_002)
    expect(t.stored).toEqual(['LIVE0', 'LIVE1'])
    expect(pendingHistoryChunks(t.db, I)).toEqual([])
    expect(t.warnings).toEqual([]) // the thread stored it, no fallback
    // The live messages are the newest of their chats and counted unread on top of the history's count.
    expect(getChat(t.db, I, pn(1))).toMatchObject({ lastMessageAt: 1_800_000_001, unreadCount: 2 })
    expect(t.errors).toEqual([])
  })

  it('two writers on one store: live batches committed on the main thread throughout a history part on the thread, nothing skipped', async () => {
    const t = setup()
    const other = setup() // a second instance id is not needed: live batches of another chat interleave with the thread's slices
    await other.stop()
    const history = { ...bigHistory(), messages: [...bigHistory().messages, ...bigHistory().messages.map((m) => ({ ...m, key: { ...m.key, id: `B${m.key.id}` } }))] }
    t.send({ 'messaging-history.set': history })
    // Each live batch reads (the message's key, the chat) before it writes: with a deferred BEGIN, the thread's commit in
    // between failed it with SQLITE_BUSY.
    const live: string[] = []
    const writer = setInterval(() => {
      const id = `LIVE-${live.length}`
      live.push(id)
      t.db.transaction(() => {
        t.db.prepare('SELECT count(*) FROM store_messages WHERE instance_id = ?').get(I)
        t.db.prepare("UPDATE instances SET updated_at = updated_at + 1 WHERE id = ?").run(I)
      })()
    }, 1)
    try {
      await waitFor(() => countMessages(t.db, I) === 2_000, 'history stored')
    } finally {
      clearInterval(writer)
    }
    expect(live.length).toBeGreaterThan(10)
    expect(t.errors).toEqual([])
    expect(t.warnings).toEqual([])
  })

  it('the thread commits as soon as the main thread wants the store, however long its turn may last', async () => {
    // A turn of a minute: without the main thread's flag the whole part would be one transaction, and every main-thread
    // transaction meanwhile would wait for its end (seeing 0, then all of it).
    const t = setup({ turnMs: 60_000 })
    const many = (prefix: string) => bigHistory().messages.map((m) => ({ ...m, key: { ...m.key, id: `${prefix}${m.key.id}` } }))
    const history = { ...bigHistory(), messages: ['A', 'B', 'C', 'D', 'E'].flatMap(many) }
    const total = history.messages.length
    t.send({ 'messaging-history.set': history })
    const seen = new Set<number>()
    await waitFor(() => {
      seen.add(t.db.transaction(() => countMessages(t.db, I))())
      return seen.has(total)
    }, `history stored; counts seen by the main thread's transactions: ${[...seen].join(', ')}`)
    const between = [...seen].filter((n) => n > 0 && n < total)
    expect(between.length, `counts seen: ${[...seen].join(', ')}`).toBeGreaterThan(0)
    expect(t.errors).toEqual([])
    expect(t.warnings).toEqual([])
  })

  it('a thread that cannot start: a warning, and the history is stored on the main thread', async () => {
    const t = setup({ failForTest: true })
    recordHistoryChunk(t.db, I, 'CHUNK2', Buffer.from('notification'), true, Date.now())
    t.send({ 'messaging-history.set': bigHistory() }, ['CHUNK2'])
    t.send({ 'messages.upsert': { messages: [msg('LIVE2', pn(1), 1_800_000_000, 1)], type: 'notify' } })
    await waitFor(() => !!findMessage(t.db, I, pn(1), 'LIVE2'), 'the live batch stored')
    expect(countMessages(t.db, I)).toBe(1_001)
    expect(pendingHistoryChunks(t.db, I)).toEqual([])
    expect(t.warnings.join('\n')).toMatch(/failing at start/)
    expect(t.warnings.join('\n')).toMatch(/storing it on the main thread/)
    expect(t.thread!.usable).toBe(false)
    // Later history goes straight to the main thread's slices.
    t.send({ 'messaging-history.set': { ...bigHistory(), messages: bigHistory().messages.map((m) => ({ ...m, key: { ...m.key, id: `X${m.key.id}` } })) } })
    await waitFor(() => countMessages(t.db, I) === 2_001, 'second history stored')
  })

  it('stop() with a history part on the thread stores all of it before it returns (nothing accepted is dropped)', async () => {
    const t = setup()
    recordHistoryChunk(t.db, I, 'CHUNK3', Buffer.from('notification'), true, Date.now())
    t.send({ 'messaging-history.set': bigHistory() }, ['CHUNK3'])
    t.send({ 'messages.upsert': { messages: [msg('LIVE3', pn(1), 1_800_000_000, 1)], type: 'notify' } })
    await new Promise((r) => setImmediate(r))
    await t.stop()
    expect(countMessages(t.db, I)).toBe(1_001)
    expect(new Set((t.db.prepare('SELECT id FROM store_messages WHERE instance_id = ?').all(I) as { id: string }[]).map((r) => r.id)).size).toBe(1_001)
    expect(pendingHistoryChunks(t.db, I)).toEqual([])
    expect(t.errors).toEqual([])
  })
})
