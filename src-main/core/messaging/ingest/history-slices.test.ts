// A big history sync is committed in slices with turns of the event loop between them: the store fills without
// holding the loop, an instance's later batches wait behind its slices (order kept), history emits no message
// events, LID chats land under their numbers (the mappings slice comes first), and stop() commits what is queued.
import type { BaileysEventMap, WAMessage } from '@whiskeysockets/baileys'
import { describe, expect, it } from 'vitest'
import { createEventBus } from '../../domain/event-bus.js'
import type { CoreEventMap } from '../../domain/events.js'
import type { BaileysBusEvents } from '../../engine/baileys/baileys-events.js'
import { listEvents, setWebhook } from '../../webhooks/index.js'
import { countMessages, findMessage, getChat, getContact } from '../store/index.js'
import { sliceBatch } from './history-slices.js'
import { startIngestor } from './ingestor.js'
import { openStoreDb } from '../../testing/store-db.js'
import { openDatabase } from '../../db/connection.js'
import { migrate } from '../../db/migrate.js'
import { appMigrations } from '../../db/migrations/index.js'

const I = 'SLICES000001'
const pn = (n: number) => `1555${String(n).padStart(7, '0')}@s.whatsapp.net`
const lid = (n: number) => `9${String(n).padStart(8, '0')}@lid`

const msg = (id: string, remoteJid: string, ts: number, fromMe = false): WAMessage => ({
  key: { id, remoteJid, fromMe },
  message: { conversation: `text ${id}` },
  messageTimestamp: ts
})

function setup(sliceItems: number, turnBudgetMs = 0, syncBurstBudgetMs?: number, db = openStoreDb()) {
  setWebhook(db, I, { url: 'http://127.0.0.1:9/hook', events: ['*'] })
  const bus = createEventBus<CoreEventMap & BaileysBusEvents>()
  const errors: string[] = []
  const stored: string[] = []
  bus.on('message.stored', (e) => void stored.push(e.id))
  const ingestor = startIngestor({
    db,
    bus,
    instance: (id) => (id === I ? { name: 'sess', me: { id: '15550009999@c.us', lid: null, pushName: 'Me', platform: null } } : undefined),
    engineName: 'NOWEB',
    wakeDeliveries: () => undefined,
    logger: { error: (o, m) => errors.push(`${m}: ${String((o.err as Error)?.message ?? '')}`) },
    historySliceItems: sliceItems,
    // 0: one slice per turn of the loop, whatever the machine's speed (the tests below count turns).
    historyTurnBudgetMs: turnBudgetMs,
    ...(syncBurstBudgetMs !== undefined ? { syncBurstBudgetMs } : {})
  })
  const send = (events: Partial<BaileysEventMap>) => bus.emit('engine.baileys', { instanceId: I, events })
  const eventNames = () => listEvents(db, { instanceId: I, limit: 10_000 }).map((e) => e.event)
  return { db, bus, send, errors, stored, ingestor, eventNames }
}

/** 40 chats (every 4th by LID, its mapping at the end of the list), 25 messages each = 1,000 messages. */
function bigHistory(): BaileysEventMap['messaging-history.set'] {
  const chats = Array.from({ length: 40 }, (_, c) => ({ id: c % 4 === 0 ? lid(c) : pn(c), conversationTimestamp: 1_700_000_000 + c }))
  const messages = chats.flatMap((c, n) => Array.from({ length: 25 }, (_, k) => msg(`H${n}-${k}`, c.id, 1_700_000_000 + n * 100 + k, k % 5 === 0)))
  return {
    chats,
    contacts: [],
    messages,
    lidPnMappings: chats.flatMap((_, c) => (c % 4 === 0 ? [{ lid: lid(c), pn: pn(c) }] : [])),
    isLatest: true,
    progress: 100,
    syncType: null
  } as unknown as BaileysEventMap['messaging-history.set']
}

const turn = () => new Promise<void>((r) => setImmediate(r))

describe('history sync in slices', () => {
  it('cuts a big history in order (mappings, contacts, chats, messages; other kinds with the last slice) and leaves small ones whole', () => {
    const h = bigHistory()
    const live = { messages: [msg('L1', pn(1), 1_800_000_000)], type: 'notify' as const }
    const mapping = { lid: lid(99), pn: pn(99) }
    const parts = sliceBatch({ 'messaging-history.set': h, 'messages.upsert': live, 'lid-mapping.update': mapping }, 100)
    expect(parts).toHaveLength(1 + 1 + 10) // 10 mappings, 40 chats, 1,000 messages
    expect(parts[0]!['messaging-history.set']!.lidPnMappings).toHaveLength(10)
    expect(parts[0]!['lid-mapping.update']).toBe(mapping)
    expect(parts[1]!['messaging-history.set']!.chats).toHaveLength(40)
    expect(parts.slice(2).map((p) => p['messaging-history.set']!.messages.length)).toEqual(Array(10).fill(100))
    expect(parts.slice(0, -1).some((p) => p['messages.upsert'])).toBe(false)
    expect(parts.at(-1)!['messages.upsert']).toBe(live)
    expect(parts.flatMap((p) => p['messaging-history.set']!.messages)).toEqual(h.messages)
    const small = { 'messaging-history.set': { ...h, messages: h.messages.slice(0, 10), chats: [], lidPnMappings: [] } }
    expect(sliceBatch(small, 100)).toEqual([small])
  })

  it('commits slice by slice between turns of the loop; a live batch waits behind them; history emits no message events', async () => {
    const { db, send, errors, stored, eventNames } = setup(100)
    send({ 'messaging-history.set': bigHistory() })
    // The first slice (the mappings) is in at once; the messages follow over the next turns, not in one go.
    expect(countMessages(db, I)).toBe(0)
    send({ 'messages.upsert': { messages: [msg('LIVE1', pn(1), 1_800_000_000)], type: 'notify' } })
    expect(findMessage(db, I, pn(1), 'LIVE1')).toBeUndefined() // queued behind the history
    const seen: number[] = []
    for (let i = 0; i < 50 && !findMessage(db, I, pn(1), 'LIVE1'); i++) {
      await turn()
      seen.push(countMessages(db, I))
    }
    expect(new Set(seen.filter((n) => n > 0 && n < 1_000)).size).toBeGreaterThan(3) // partial states were visible
    expect(countMessages(db, I)).toBe(1_001)
    expect(stored).toEqual(['LIVE1']) // message.stored: the live message only
    expect(eventNames().filter((e) => e.startsWith('message')).sort()).toEqual(['message', 'message.any'])
    expect(eventNames().filter((e) => e === 'lid.mapped')).toEqual([]) // history learns mappings quietly
    // LID chats were stored under their numbers (the mappings came first): one chat per person.
    expect(getChat(db, I, lid(0))).toBeUndefined()
    expect(getChat(db, I, pn(0))?.lastMessageAt).toBe(1_700_000_024)
    // The live message is the newest of its chat and counted unread; history left the count alone.
    expect(getChat(db, I, pn(1))).toMatchObject({ unreadCount: 1, lastMessageAt: 1_800_000_000 })
    expect(errors).toEqual([])
  })

  it('runs slices back to back within the turn budget before yielding: one turn commits them all under a generous budget', async () => {
    const { db, send, errors } = setup(100, 60_000)
    send({ 'messaging-history.set': bigHistory() })
    expect(countMessages(db, I)).toBe(0) // the first slice (the mappings) only, as Baileys emitted it
    await turn()
    expect(countMessages(db, I)).toBe(1_000) // every other slice in the next turn: the budget was never spent
    const tight = setup(100, 0)
    tight.send({ 'messaging-history.set': bigHistory() })
    await turn()
    expect(countMessages(tight.db, I)).toBe(0) // a budget of 0: one slice (the chats) per turn
    await turn()
    expect(countMessages(tight.db, I)).toBe(100)
    expect(errors).toEqual([])
  })

  it('a history message the mapper cannot handle is skipped alone; the rest of its slice is stored (one savepoint per slice, per message only on failure)', () => {
    const { db, send, errors } = setup(100, 60_000)
    // A message whose raw JSON cannot be written (a cycle): the store throws on it.
    const bad = msg('HBAD', pn(1), 1_700_000_001)
    Object.assign(bad.message!, { loop: bad.message })
    const h = { ...bigHistory(), chats: [], lidPnMappings: [], messages: [msg('HOK1', pn(1), 1_700_000_000), bad, msg('HOK2', pn(2), 1_700_000_002)] }
    send({ 'messaging-history.set': h })
    expect(findMessage(db, I, pn(1), 'HBAD')).toBeUndefined()
    expect(findMessage(db, I, pn(1), 'HOK1')?.body).toBe('text HOK1')
    expect(findMessage(db, I, pn(2), 'HOK2')?.body).toBe('text HOK2')
    expect(countMessages(db, I)).toBe(2)
    expect(errors).toHaveLength(1)
    expect(errors[0]).toMatch(/an engine item was skipped/)
  })

  it('a sender\'s push name ends as its last history message has it (written once per name change within a slice)', () => {
    const { db, send, errors } = setup(100, 60_000)
    const named = (id: string, jid: string, pushName: string, participant?: string): WAMessage => ({ ...msg(id, jid, 1_700_000_000), pushName, ...(participant ? { key: { id, remoteJid: jid, fromMe: false, participant } } : {}) })
    const group = '120363000000000001@g.us'
    const messages = [named('P1', pn(3), 'Ann'), named('P2', pn(3), 'Ann'), named('P3', group, 'Bo', pn(4)), named('P4', pn(3), 'Annie'), named('P5', group, 'Bob', pn(4)), named('P6', pn(3), 'Ann')]
    send({ 'messaging-history.set': { ...bigHistory(), chats: [], lidPnMappings: [], messages } })
    expect(countMessages(db, I)).toBe(6)
    expect(getContact(db, I, pn(3))?.notify).toBe('Ann')
    expect(getContact(db, I, pn(4))?.notify).toBe('Bob')
    expect(errors).toEqual([])
  })

  it('a burst of small batches in one turn (Baileys\' app-state sync emits label events one by one) runs synchronously only for the burst budget, the rest in later turns, in order', async () => {
    const { db, send, errors } = setup(25, 0, 2)
    const chats = () => (db.prepare('SELECT count(*) AS n FROM store_chats WHERE instance_id = ?').get(I) as { n: number }).n
    for (let i = 0; i < 2_000; i++) send({ 'chats.upsert': [{ id: pn(i), name: `chat ${i}` }] })
    send({ 'chats.update': [{ id: pn(0), name: 'renamed last' }] })
    const now = chats()
    expect(now).toBeGreaterThan(0) // the first ones as Baileys emitted them
    expect(now).toBeLessThan(2_000) // the burst did not hold the turn for all of them
    for (let turn = 0; turn < 5_000 && chats() < 2_000; turn++) await new Promise((r) => setImmediate(r))
    await new Promise((r) => setImmediate(r))
    expect(chats()).toBe(2_000)
    expect(getChat(db, I, pn(0))?.name).toBe('renamed last') // order kept: the update came last
    expect(errors).toEqual([])
  })

  it('the batches a burst left for later share one transaction per turn (one commit, not hundreds), their events published after it', async () => {
    let transactions = 0
    const db = openDatabase(':memory:', { sharedWriter: { onTopLevel: (active) => void (active && transactions++) } })
    migrate(db, appMigrations)
    transactions = 0
    const { send, bus, stored, errors } = setup(25, 60_000, 0, db)
    const seenInTransaction: string[] = []
    bus.on('message.stored', (e) => {
      if (db.inTransaction || !findMessage(db, I, pn(1), e.id)) seenInTransaction.push(e.id)
    })
    for (let i = 0; i < 300; i++) send({ 'messages.upsert': { type: 'notify', messages: [msg(`B${i}`, pn(1), 1_700_000_000 + i)] } })
    const synchronously = transactions
    expect(synchronously).toBeLessThan(300) // the burst's first batches, each in its own, as Baileys emitted them
    for (let turn = 0; turn < 100 && countMessages(db, I) < 300; turn++) await new Promise((r) => setImmediate(r))
    expect(countMessages(db, I)).toBe(300)
    expect(transactions - synchronously).toBe(1) // the rest: one turn (budget 60 s), one transaction
    expect(stored).toEqual(Array.from({ length: 300 }, (_, i) => `B${i}`)) // every event, in order
    expect(seenInTransaction).toEqual([]) // and each after the commit that stored its message
    expect(errors).toEqual([])
  })

  it('stop() commits the slices still queued (nothing accepted is dropped by a clean shutdown)', () => {
    const { db, send, ingestor } = setup(100)
    send({ 'messaging-history.set': bigHistory() })
    expect(countMessages(db, I)).toBe(0)
    ingestor.stop()
    expect(countMessages(db, I)).toBe(1_000)
  })
})
