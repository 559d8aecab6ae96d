// The ingestor's domain events: published after the batch's commit (a listener reading the store finds what the
// event names), none for an item rolled back, presence even though nothing is stored, channel settings stored by
// the ingestor itself; and in a running core the ingestor is the one subscriber of the raw `engine.baileys`.
import { proto, type BaileysEventMap, type WAMessage } from '@whiskeysockets/baileys'
import { describe, expect, it } from 'vitest'
import { getChannel, upsertChannel } from '../../db/repositories/channels-repo.js'
import { insertInstance } from '../../db/repositories/instances-repo.js'
import { createEventBus } from '../../domain/event-bus.js'
import type { CoreEventMap, IngestEventMap } from '../../domain/events.js'
import type { BaileysBusEvents } from '../../engine/baileys/baileys-events.js'
import { startTestCore } from '../../testing/core-harness.js'
import { findMessage } from '../store/index.js'
import { startIngestor } from './ingestor.js'
import { openStoreDb } from '../../testing/store-db.js'

const I = 'DOMAIN000001'
const BOB = '15550001111@s.whatsapp.net'
const GROUP = '120363000000000001@g.us'
const CHANNEL = '120363000000000002@newsletter'

function setup() {
  const db = openStoreDb()
  const bus = createEventBus<CoreEventMap & BaileysBusEvents>()
  const seen: { name: keyof IngestEventMap; payload: unknown }[] = []
  const names: (keyof IngestEventMap)[] = ['message.stored', 'message.ack', 'message.updated', 'message.reaction', 'group.changed', 'channel.changed', 'presence.updated', 'label.changed', 'call.received']
  for (const name of names) bus.on(name, (payload) => void seen.push({ name, payload }))
  startIngestor({
    db,
    bus,
    instance: (id) => (id === I ? { name: 'sess', me: { id: '15550009999@c.us', lid: null, pushName: 'Me', platform: null } } : undefined),
    engineName: 'NOWEB',
    wakeDeliveries: () => {},
    logger: { error: () => {} }
  })
  const send = (events: Partial<BaileysEventMap>) => bus.emit('engine.baileys', { instanceId: I, events })
  return { db, bus, send, seen, of: (name: keyof IngestEventMap) => seen.filter((e) => e.name === name).map((e) => e.payload) }
}

const msg = (id: string, text: string, extra: Partial<WAMessage> = {}): WAMessage => ({
  key: { id, remoteJid: BOB, fromMe: false },
  message: { conversation: text },
  messageTimestamp: 1_700_000_000,
  ...extra
})

describe('domain events of the ingestor', () => {
  it('message.stored is published after the commit: a listener reading the store finds the message', () => {
    const { db, bus, send, of } = setup()
    const found: { inTransaction: boolean; body: string | undefined }[] = []
    bus.on('message.stored', (e) => found.push({ inTransaction: db.inTransaction, body: findMessage(db, e.instanceId, e.chatId, e.id)?.body }))
    send({ 'messages.upsert': { messages: [msg('S1', 'hello')], type: 'notify' } })
    expect(found).toEqual([{ inTransaction: false, body: 'hello' }])
    expect(of('message.stored')).toEqual([{ instanceId: I, chatId: BOB, id: 'S1', fromMe: false, inserted: true }])
    send({ 'messages.upsert': { messages: [msg('S1', 'hello')], type: 'notify' } })
    expect(of('message.stored')).toMatchObject([{ inserted: true }, { inserted: false }])
  })

  it('an item rolled back publishes nothing; acks of own messages carry the stored level', () => {
    const { send, of } = setup()
    const bad = msg('BAD1', 'broken', { message: { conversation: 'broken', extendedTextMessage: { contextInfo: { mentionedJid: 5 as unknown as string[] } } } })
    const own = { ...msg('O1', 'mine'), key: { id: 'O1', remoteJid: BOB, fromMe: true }, status: 1 }
    send({ 'messages.upsert': { messages: [bad, own], type: 'notify' } })
    expect(of('message.stored')).toMatchObject([{ id: 'O1', fromMe: true }])
    const ack = (status: number) => ({ 'messages.update': [{ key: { id: 'O1', remoteJid: BOB, fromMe: true }, update: { status } }] })
    send(ack(proto.WebMessageInfo.Status.READ))
    send(ack(proto.WebMessageInfo.Status.DELIVERY_ACK)) // late and lower: reported with the stored level
    expect(of('message.ack')).toEqual([
      { instanceId: I, chatId: BOB, id: 'O1', ack: 3 },
      { instanceId: I, chatId: BOB, id: 'O1', ack: 3 }
    ])
  })

  it('groups, presence and channel settings: published, and the channel list is patched in the batch', () => {
    const { db, send, of } = setup()
    db.prepare("INSERT INTO accounts (id, name, plan, token_hash, created_at, updated_at) VALUES ('acc', 'a', 'free', 'h', 0, 0)").run()
    insertInstance(db, { id: I, accountId: 'acc', sessionName: 'sess', status: 'WORKING', desiredRunning: true, ratePolicy: 'strict', now: 0 })
    upsertChannel(db, I, { id: CHANNEL, role: 'SUBSCRIBER', name: 'Old', description: 'old text', invite: null, verified: false, muted: false, subscribers: null, picturePath: null, previewPath: null, createdAt: null }, 1)
    send({
      'groups.upsert': [{ id: GROUP, subject: 'Team', participants: [{ id: BOB }] } as never],
      'presence.update': { id: BOB, presences: { [BOB]: { lastKnownPresence: 'composing' } } },
      'newsletter-settings.update': { id: CHANNEL, update: { name: { text: 'New name' } } }
    })
    expect(of('group.changed')).toEqual([{ instanceId: I, groupId: GROUP, change: 'added' }])
    expect(of('presence.updated')).toEqual([{ instanceId: I, id: BOB, presences: { [BOB]: { lastKnownPresence: 'composing' } } }])
    expect(of('channel.changed')).toEqual([{ instanceId: I, channelId: CHANNEL, name: 'New name' }])
    expect(getChannel(db, I, CHANNEL)).toMatchObject({ name: 'New name', description: 'old text' })
  })
})

describe('a running core', () => {
  it('has exactly one subscriber of the raw engine batches: the ingestor', async () => {
    const t = await startTestCore('offline')
    try {
      expect(t.core.bus.listenerCount('engine.baileys')).toBe(1)
    } finally {
      await t.close()
    }
  })
})
