// toApiStoredMessage writes the answer field by field (issue 24 item 3: a spread made a slow object): the fields,
// their order and the store's state laid over the mapped message must be what `{ ...mapped, overlay }` gave.
import type { WAMessage } from '@whiskeysockets/baileys'
import { describe, expect, it } from 'vitest'
import { toApiMessage } from '../message-mapper.js'
import { applyEdit, listChatMessages, markRevoked, setReaction, setStarred, upsertMessage } from '../store/index.js'
import { readMessages } from './message-reads.js'
import { openStoreDb } from '../../testing/store-db.js'

const I = 'INSTANCE0001'
const ME = '15550000001@s.whatsapp.net'
const B = '15550000002@s.whatsapp.net'

function store() {
  const db = openStoreDb()
  const put = (m: WAMessage) => upsertMessage(db, I, { chatId: B, sender: m.key.fromMe ? ME : B, message: m, now: 0 }).pk
  const text = put({ key: { id: 'T1', remoteJid: B, fromMe: false }, message: { conversation: 'hello' }, messageTimestamp: 100, pushName: 'Bea', status: 3 })
  const image = put({
    key: { id: 'P1', remoteJid: B, fromMe: true },
    message: { imageMessage: { mimetype: 'image/jpeg', caption: 'look', fileLength: 42 } },
    messageTimestamp: 101,
    status: 4
  })
  const quoted = put({
    key: { id: 'Q1', remoteJid: B, fromMe: false },
    message: { extendedTextMessage: { text: 'yes', contextInfo: { stanzaId: 'T1', participant: B, quotedMessage: { conversation: 'hello' } } } },
    messageTimestamp: 102
  })
  const gone = put({ key: { id: 'R1', remoteJid: B, fromMe: false }, message: { conversation: 'oops' }, messageTimestamp: 103 })
  return { db, text, image, quoted, gone }
}

describe('toApiStoredMessage', () => {
  it('answers the mapped message with the store state laid over it, fields in the mapper order', async () => {
    const { db, text, image, gone } = store()
    applyEdit(db, text, { conversation: 'hello again' }, 110, 0)
    setStarred(db, image, true, 0)
    markRevoked(db, gone, B, 120, 0)
    setReaction(db, I, { chatId: B, messageId: 'T1', sender: ME, text: '👍', reactionId: 'X1', timestamp: 111 })
    setReaction(db, I, { chatId: '15559999999@s.whatsapp.net', messageId: 'T1', sender: '15559999999@s.whatsapp.net', text: '❤️', reactionId: 'X2', timestamp: 112 })
    const page = listChatMessages(db, I, B, { limit: 10 })
    const shaped = await readMessages(page, { db, instanceId: I, me: ME, media: undefined, port: undefined, sentByApi: (id) => id === 'P1' }, false)

    for (const [i, m] of page.entries()) {
      const mapped = toApiMessage(m.message, { me: ME, sentByApi: (id) => id === 'P1', identity: () => ({ lid: null, pn: null }) })
      expect(Object.keys(shaped[i]!)).toEqual([...Object.keys(mapped), 'isEdited', 'isStarred', 'reactions'])
      const { body, type, hasMedia, media, ack, ackName, ...rest } = mapped
      void body, void type, void hasMedia, void media, void ack, void ackName
      expect(shaped[i]).toMatchObject(rest)
    }
    const byId = new Map(shaped.map((s) => [s.id.split('_')[2], s]))
    expect(byId.get('T1')).toMatchObject({ body: 'hello again', type: 'chat', isEdited: true, isStarred: false, ack: 2, reactions: [{ text: '👍', senderId: '15550000001@c.us', timestamp: 111 }] })
    expect(byId.get('P1')).toMatchObject({
      source: 'api',
      type: 'image',
      hasMedia: true,
      isStarred: true,
      ack: 3,
      ackName: 'READ',
      media: { url: null, mimetype: 'image/jpeg', filename: null, error: 'not downloaded: read with downloadMedia=true' }
    })
    expect(Object.keys(byId.get('P1')!.media!)).toEqual(['url', 'mimetype', 'filename', 'error'])
    expect(byId.get('Q1')!.replyTo).toMatchObject({ id: 'T1', participant: '15550000002@c.us', body: 'hello' })
    expect(byId.get('R1')).toMatchObject({ body: '', type: 'revoked', hasMedia: false, media: null })
  })
})
