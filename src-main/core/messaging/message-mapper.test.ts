import { describe, expect, it } from 'vitest'
import { proto, type WAMessage } from '@whiskeysockets/baileys'
import { ackOf, toApiMessage } from './message-mapper.js'
import { parseMessageId, serializeMessageId, toApiChatId, toWaJid } from './chat-ids.js'

const me = '15550000001:3@s.whatsapp.net'

describe('chat ids', () => {
  it('normalises every accepted input form to a Baileys JID', () => {
    expect(toWaJid('15550000002')).toBe('15550000002@s.whatsapp.net')
    expect(toWaJid('+1 (555) 000-0002')).toBe('15550000002@s.whatsapp.net')
    expect(toWaJid('15550000002@c.us')).toBe('15550000002@s.whatsapp.net')
    expect(toWaJid('15550000002:4@s.whatsapp.net')).toBe('15550000002@s.whatsapp.net')
    expect(toWaJid('120363123456789012@g.us')).toBe('120363123456789012@g.us')
    expect(toWaJid('123456789012345@lid')).toBe('123456789012345@lid')
    expect(toWaJid('120363000000000001@newsletter')).toBe('120363000000000001@newsletter')
    for (const bad of ['', 'abc', 'x@g.us', '123@example.com', '12']) expect(() => toWaJid(bad)).toThrowError(expect.objectContaining({ code: 'invalid_chat_id' }))
  })

  it('speaks @c.us outward', () => {
    expect(toApiChatId('15550000002:7@s.whatsapp.net')).toBe('15550000002@c.us')
    expect(toApiChatId('120363123@g.us')).toBe('120363123@g.us')
    expect(toApiChatId('99:2@lid')).toBe('99@lid')
  })

  it('serialises and parses message ids (WAHA style), group participant included', () => {
    const key = { fromMe: false, remoteJid: '120363123@g.us', id: '3EB0ABC', participant: '15550000002:1@s.whatsapp.net' }
    const s = serializeMessageId(key)
    expect(s).toBe('false_120363123@g.us_3EB0ABC_15550000002@c.us')
    expect(parseMessageId(s)).toEqual({ fromMe: false, remoteJid: '120363123@g.us', id: '3EB0ABC', participant: '15550000002@s.whatsapp.net' })
    expect(parseMessageId('3EB0ABCDEF12', '15550000002')).toEqual({ fromMe: false, remoteJid: '15550000002@s.whatsapp.net', id: '3EB0ABCDEF12' })
    expect(() => parseMessageId('nope!')).toThrowError(expect.objectContaining({ code: 'invalid_message_id' }))
  })
})

describe('message mapper', () => {
  const incoming: WAMessage = {
    key: { remoteJid: '15550000002@s.whatsapp.net', fromMe: false, id: '3EB0AAA' },
    messageTimestamp: 1700000000,
    pushName: 'Bob',
    status: proto.WebMessageInfo.Status.DELIVERY_ACK,
    message: {
      extendedTextMessage: {
        text: 'hello',
        contextInfo: { stanzaId: '3EB0PREV', participant: '15550000001@s.whatsapp.net', quotedMessage: { conversation: 'earlier' } }
      }
    }
  }

  it('maps text with a reply into the WAHA shape', () => {
    const m = toApiMessage(incoming, { me })
    expect(m).toMatchObject({
      id: 'false_15550000002@c.us_3EB0AAA', timestamp: 1700000000, from: '15550000002@c.us', to: '15550000001@c.us', fromMe: false,
      source: 'app', body: 'hello', type: 'chat', hasMedia: false, media: null, ack: 2, ackName: 'DEVICE', pushName: 'Bob',
      replyTo: { id: '3EB0PREV', participant: '15550000001@c.us', body: 'earlier' }
    })
  })

  it('maps media, location and contacts', () => {
    const img = toApiMessage(
      { key: { remoteJid: '15550000002@s.whatsapp.net', fromMe: true, id: 'X1' }, message: { imageMessage: { caption: 'look', mimetype: 'image/jpeg' } } },
      { me, sentByApi: (id) => id === 'X1', mediaUrl: () => 'http://127.0.0.1:3000/api/files/A/X1.jpeg' }
    )
    expect(img).toMatchObject({ type: 'image', body: 'look', hasMedia: true, source: 'api', from: '15550000001@c.us', to: '15550000002@c.us' })
    expect(img.media).toEqual({ url: 'http://127.0.0.1:3000/api/files/A/X1.jpeg', mimetype: 'image/jpeg', filename: null, error: null })
    const loc = toApiMessage({ key: { remoteJid: 'a@s.whatsapp.net', id: 'L' }, message: { locationMessage: { degreesLatitude: 51.5, degreesLongitude: -0.12, name: 'London' } } }, { me })
    expect(loc.location).toEqual({ latitude: '51.5', longitude: '-0.12', description: 'London' })
    const cards = toApiMessage({ key: { remoteJid: 'a@s.whatsapp.net', id: 'C' }, message: { contactsArrayMessage: { contacts: [{ vcard: 'BEGIN:VCARD A' }, { vcard: 'BEGIN:VCARD B' }] } } }, { me })
    expect([cards.type, cards.vCards]).toEqual(['multi_vcard', ['BEGIN:VCARD A', 'BEGIN:VCARD B']])
  })

  it('maps group messages with their participant', () => {
    const g = toApiMessage({ key: { remoteJid: '120363123@g.us', fromMe: false, id: 'G1', participant: '15550000002@s.whatsapp.net' }, message: { conversation: 'hi all' } }, { me })
    expect(g).toMatchObject({ id: 'false_120363123@g.us_G1_15550000002@c.us', from: '120363123@g.us', participant: '15550000002@c.us', author: '15550000002@c.us' })
  })

  it('translates acks', () => {
    expect([0, 1, 2, 3, 4, 5, undefined].map((s) => ackOf(s))).toEqual([-1, 0, 1, 2, 3, 4, 0])
  })
})
