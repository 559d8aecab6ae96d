// Ingestion on real SQLite with hand-made engine batches: what the store holds after history sync, upserts,
// edits, revokes and receipts; one outbox row per real change (repeats emit nothing); a failing event kind
// does not lose the rest of its batch.
import { proto, WAMessageStubType, type BaileysEventMap, type WAMessage } from '@whiskeysockets/baileys'
import { describe, expect, it } from 'vitest'
import { createEventBus } from '../../domain/event-bus.js'
import type { CoreEventMap } from '../../domain/events.js'
import type { BaileysBusEvents } from '../../engine/baileys/baileys-events.js'
import { getEvent, listEvents, setWebhook, type WebhookEnvelope } from '../../webhooks/index.js'
import { countLidMappings, findMessage, getChat, getContact, listChatMessages, patchChat, pnForLid } from '../store/index.js'
import { startIngestor } from './ingestor.js'
import { openStoreDb } from '../../testing/store-db.js'

const I = 'INGEST000001'
const ME = '15550009999'
const BOB = '15550001111@s.whatsapp.net'
const BOB_LID = '777111@lid'
const GROUP = '120363000000000001@g.us'

function setup(opts: { subscribe?: string[] } = {}) {
  const db = openStoreDb()
  const bus = createEventBus<CoreEventMap & BaileysBusEvents>()
  const errors: string[] = []
  const wakes: boolean[] = [] // db.inTransaction at each wakeDeliveries call
  let now = 1_800_000_000_000
  if (opts.subscribe) setWebhook(db, I, { url: 'http://127.0.0.1:9/hook', events: opts.subscribe })
  const ingestor = startIngestor({
    db,
    bus,
    instance: (id) => (id === I ? { name: 'sess', me: { id: `${ME}@c.us`, lid: null, pushName: 'Me', platform: null } } : undefined),
    engineName: 'NOWEB',
    wakeDeliveries: () => void wakes.push(db.inTransaction),
    logger: { error: (o, msg) => errors.push(`${msg}: ${String((o.err as Error)?.message ?? '')}`) },
    now: () => now++
  })
  const send = (events: Partial<BaileysEventMap>, instanceId = I) => bus.emit('engine.baileys', { instanceId, events })
  const events = (name?: string) => listEvents(db, { instanceId: I, ...(name ? { event: name } : {}), limit: 1000 }).map((e) => getEvent(db, e.id) as WebhookEnvelope<Record<string, unknown>>)
  return { db, send, events, errors, ingestor, wakes, bus }
}

const msg = (id: string, remoteJid: string, text: string, extra: Partial<WAMessage> = {}): WAMessage => ({
  key: { id, remoteJid, fromMe: false, ...extra.key },
  message: { conversation: text },
  messageTimestamp: 1_700_000_000,
  pushName: 'Bob',
  ...extra
})

describe('ingestion of engine batches', () => {
  it('history sync fills chats, contacts, LID mappings and messages without emitting message events', () => {
    const { db, send, events } = setup()
    send({
      'messaging-history.set': {
        chats: [{ id: BOB, unreadCount: 2, archived: true, conversationTimestamp: 1_700_000_100, name: 'Bob' }],
        contacts: [{ id: BOB, name: 'Bobby', notify: 'Bob', lid: BOB_LID, verifiedName: 'Bob Inc' }],
        messages: [msg('H1', BOB, 'old one'), msg('H2', BOB, 'old two', { messageTimestamp: 1_700_000_050 }), { ...msg('H0', BOB, 'my old reply', { messageTimestamp: 1_699_999_000 }), key: { id: 'H0', remoteJid: BOB, fromMe: true } }],
        lidPnMappings: [{ lid: BOB_LID, pn: BOB }],
        isLatest: true
      }
    })
    expect(listChatMessages(db, I, BOB).map((m) => m.body)).toEqual(['old two', 'old one', 'my old reply'])
    expect(getChat(db, I, BOB)).toMatchObject({ unreadCount: 2, archived: true, lastMessageAt: 1_700_000_100, name: 'Bob' })
    expect(getContact(db, I, BOB)).toMatchObject({ name: 'Bobby', notify: 'Bob', lid: BOB_LID, isBusiness: true, verifiedName: 'Bob Inc' })
    expect(pnForLid(db, I, BOB_LID)).toBe(BOB)
    expect(countLidMappings(db, I)).toBe(1)
    expect(events('message')).toEqual([])
    expect(events('message.any')).toEqual([])
  })

  it('a live message emits message and message.any once; the same engine event again emits nothing', () => {
    const { db, send, events } = setup()
    const batch = { 'messages.upsert': { messages: [msg('N1', BOB_LID, 'hi', { key: { id: 'N1', remoteJid: BOB_LID, remoteJidAlt: BOB, fromMe: false } })], type: 'notify' as const } }
    send(batch)
    send(batch)
    // Keyed by LID with the phone number as alt: stored (and reported) under the phone number.
    expect(findMessage(db, I, BOB, 'N1')!.body).toBe('hi')
    expect(getChat(db, I, BOB)!.unreadCount).toBe(1)
    const [m] = events('message')
    expect(events('message')).toHaveLength(1)
    expect(events('message.any')).toHaveLength(1)
    expect(m).toMatchObject({ session: 'sess', instance_id: I, engine: 'NOWEB', me: { id: `${ME}@c.us` }, payload: { id: 'false_15550001111@c.us_N1', from: '15550001111@c.us', body: 'hi', fromMe: false, source: 'app' } })
    expect(getContact(db, I, BOB)!.notify).toBe('Bob')
  })

  it('LID graph: a LID chat merges into the number\'s chat when lid-mapping.update names it, with one lid.mapped (webhook + domain event); history mappings are quiet', () => {
    const { db, send, events, bus } = setup()
    const mapped: unknown[] = []
    bus.on('lid.mapped', (e) => mapped.push(e))
    send({ 'messages.upsert': { messages: [msg('L1', BOB_LID, 'by lid')], type: 'notify' } })
    const [before] = events('message')
    expect(before!.payload).toMatchObject({ from: BOB_LID, chatLid: BOB_LID, chatPn: null, authorPn: null })
    send({ 'messages.upsert': { messages: [msg('P1', BOB, 'by number')], type: 'notify' } })
    expect(getChat(db, I, BOB_LID)).toMatchObject({ unreadCount: 1 })
    expect(getChat(db, I, BOB)).toMatchObject({ unreadCount: 1 })

    send({ 'lid-mapping.update': { lid: BOB_LID, pn: BOB } })
    expect(getChat(db, I, BOB_LID)).toBeUndefined()
    expect(getChat(db, I, BOB)).toMatchObject({ unreadCount: 2 })
    expect(listChatMessages(db, I, BOB).map((m) => m.id)).toEqual(['P1', 'L1'])
    expect(events('lid.mapped').map((e) => e.payload)).toEqual([
      { lid: BOB_LID, pn: '15550001111@c.us', chatId: '15550001111@c.us', previousPn: null, mergedChat: true, movedMessages: 1, source: 'lid-mapping.update', timestamp: expect.any(Number) }
    ])
    expect(mapped).toEqual([{ instanceId: I, lid: BOB_LID, pn: BOB, mergedChat: true }])
    // Known already: nothing more, whichever source repeats it.
    send({ 'lid-mapping.update': { lid: BOB_LID, pn: BOB }, 'contacts.upsert': [{ id: BOB, lid: BOB_LID }] })
    expect(events('lid.mapped')).toHaveLength(1)
    // A later message by number carries both ids (the graph fills the LID the key does not name).
    send({ 'messages.upsert': { messages: [msg('P2', BOB, 'again')], type: 'notify' } })
    expect(events('message').find((e) => e.payload.body === 'again')!.payload).toMatchObject({ from: '15550001111@c.us', chatLid: BOB_LID, chatPn: '15550001111@c.us' })

    send({ 'messaging-history.set': { chats: [], contacts: [{ id: '888@lid', phoneNumber: '15550002222@s.whatsapp.net' }], messages: [], lidPnMappings: [{ lid: '999@lid', pn: '15550003333@s.whatsapp.net' }], isLatest: true } })
    expect(pnForLid(db, I, '999@lid')).toBe('15550003333@s.whatsapp.net')
    expect(pnForLid(db, I, '888@lid')).toBe('15550002222@s.whatsapp.net')
    expect(events('lid.mapped')).toHaveLength(1)
    expect(mapped).toHaveLength(1)
  })

  it('edits, revokes and acks change the stored row and emit once each', () => {
    const { db, send, events } = setup()
    send({ 'messages.upsert': { messages: [msg('E1', BOB, 'draft'), { ...msg('O1', BOB, 'mine'), key: { id: 'O1', remoteJid: BOB, fromMe: true }, status: 1 }], type: 'notify' } })
    const edit = { 'messages.update': [{ key: { id: 'E1', remoteJid: BOB, fromMe: false }, update: { message: { editedMessage: { message: { conversation: 'final' } } }, messageTimestamp: 1_700_000_200 } }] }
    send(edit)
    send(edit)
    expect(events('message.edited').map((e) => e.payload)).toMatchObject([{ newBody: 'final', prevBody: 'draft', id: 'false_15550001111@c.us_E1' }])
    expect(findMessage(db, I, BOB, 'E1')).toMatchObject({ body: 'final', editedAt: 1_700_000_200 })

    const revoke = { 'messages.update': [{ key: { id: 'E1', remoteJid: BOB, fromMe: false }, update: { message: null, messageStubType: WAMessageStubType.REVOKE } }] }
    send(revoke)
    send(revoke)
    expect(events('message.revoked').map((e) => e.payload)).toMatchObject([{ revokedBy: '15550001111@c.us', before: { body: 'final' }, after: { type: 'revoked' } }])

    const ack = (status: number) => ({ 'messages.update': [{ key: { id: 'O1', remoteJid: BOB, fromMe: true }, update: { status } }] })
    send(ack(proto.WebMessageInfo.Status.DELIVERY_ACK))
    send(ack(proto.WebMessageInfo.Status.SERVER_ACK)) // late, lower: ignored
    send(ack(proto.WebMessageInfo.Status.READ))
    send(ack(proto.WebMessageInfo.Status.READ))
    expect(events('message.ack').map((e) => e.payload.ackName)).toEqual(['READ', 'DEVICE'])
    expect(findMessage(db, I, BOB, 'O1')!.ack).toBe(3)
  })

  it('group receipts: message.ack.group per member, message.ack when the message reaches a new level', () => {
    const { send, events } = setup()
    const own = { key: { id: 'G1', remoteJid: GROUP, fromMe: true }, message: { conversation: 'to the group' }, messageTimestamp: 1_700_000_000, status: 2 }
    send({ 'messages.upsert': { messages: [own], type: 'append' } })
    const receipt = (user: string, kind: 'receiptTimestamp' | 'readTimestamp') => ({ key: { id: 'G1', remoteJid: GROUP, fromMe: true }, receipt: { userJid: user, [kind]: 1_700_000_300 } })
    send({ 'message-receipt.update': [receipt('15550000001@s.whatsapp.net', 'receiptTimestamp'), receipt('15550000002@s.whatsapp.net', 'receiptTimestamp')] })
    send({ 'message-receipt.update': [receipt('15550000001@s.whatsapp.net', 'readTimestamp')] })
    expect(events('message.ack.group')).toHaveLength(3)
    expect(events('message.ack').map((e) => [e.payload.ackName, e.payload.participant])).toEqual([
      ['READ', '15550000001@c.us'],
      ['DEVICE', '15550000001@c.us'],
      ['SERVER', null]
    ])
  })

  it('chat.archive fires once per engine-reported change, even after the chat operation archived the row optimistically', () => {
    const { db, send, events } = setup()
    send({ 'chats.upsert': [{ id: BOB, conversationTimestamp: 1_700_000_000 }] })
    patchChat(db, I, BOB, { archived: true }, 1) // what POST /v2/chats/archive does before the engine echoes it
    const archive = (archived: boolean) => send({ 'chats.update': [{ id: BOB, archived }] })
    archive(true)
    archive(true)
    archive(false)
    expect(events('chat.archive').map((e) => e.payload.archived)).toEqual([false, true])
    expect(getChat(db, I, BOB)!.archived).toBe(false)
  })

  it('a failing event kind is logged and rolled back alone; the rest of the batch commits with its events', () => {
    const { db, send, events, errors } = setup()
    send({
      'messages.upsert': { messages: [msg('K1', BOB, 'kept')], type: 'notify' },
      'labels.edit': null as unknown as BaileysEventMap['labels.edit']
    })
    expect(findMessage(db, I, BOB, 'K1')!.body).toBe('kept')
    expect(events('message')).toHaveLength(1)
    expect(errors.join('\n')).toMatch(/ingesting an engine event failed/)
  })

  it('one message the mapper cannot handle is skipped alone (rows and events); the others of the batch commit', () => {
    const { db, send, events, errors } = setup()
    const bad = msg('BAD1', BOB, 'broken', { message: { conversation: 'broken', extendedTextMessage: { contextInfo: { mentionedJid: 5 as unknown as string[] } } } })
    send({ 'messages.upsert': { messages: [bad, msg('OK1', BOB, 'fine')], type: 'notify' } })
    expect(findMessage(db, I, BOB, 'BAD1')).toBeUndefined()
    expect(findMessage(db, I, BOB, 'OK1')!.body).toBe('fine')
    expect(events('message').map((e) => e.payload.body)).toEqual(['fine'])
    expect(errors.join('\n')).toMatch(/an engine item was skipped/)
  })

  it('engine.event only when a webhook subscribes to it; never credentials; nothing for a deleted instance', () => {
    const quiet = setup()
    quiet.send({ 'presence.update': { id: BOB, presences: { [BOB]: { lastKnownPresence: 'composing' } } } })
    expect(quiet.events('engine.event')).toEqual([])
    expect(quiet.events('presence.update')).toHaveLength(1)

    const loud = setup({ subscribe: ['engine.event'] })
    loud.send({ 'presence.update': { id: BOB, presences: { [BOB]: { lastKnownPresence: 'available' } } }, 'creds.update': { me: { id: 'secret' } } })
    expect(loud.events('engine.event').map((e) => e.payload.event)).toEqual(['presence.update'])

    loud.send({ 'messages.upsert': { messages: [msg('X1', BOB, 'ghost')], type: 'notify' } }, 'GONE00000000')
    expect(loud.db.prepare('SELECT COUNT(*) FROM store_messages').pluck().get()).toBe(0)
  })

  it('wakes the delivery worker from inside the batch transaction once per enqueue that created deliveries, not for unsubscribed events', () => {
    const quiet = setup()
    quiet.send({ 'messages.upsert': { messages: [msg('W1', BOB, 'nobody listens')], type: 'notify' } })
    expect(quiet.events('message')).toHaveLength(1)
    expect(quiet.wakes).toEqual([])

    const hooked = setup({ subscribe: ['message'] })
    hooked.send({ 'messages.upsert': { messages: [msg('W2', BOB, 'hello'), msg('W3', BOB, 'again')], type: 'notify' } })
    expect(hooked.events('message.any')).toHaveLength(2) // recorded, no delivery: no wake for these
    expect(hooked.wakes).toEqual([true, true])
  })
})
