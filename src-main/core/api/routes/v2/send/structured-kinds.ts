// /v2/send/location, /contact (vCards, several in one bubble), /list, /event. Nested parameters arrive as
// objects, bracket keys, dotted keys (message.title, event.location.name) or JSON text; all read the same.
import { proto } from '@whiskeysockets/baileys'
import { coreErrors } from '../../../../domain/core-errors.js'
import { bool, chatJid, list, num, obj, replyTo, requireAll, str, text } from '../../../../messaging/send/send-params.js'
import { toVCard, vCardName } from '../../../../messaging/send/vcard.js'
import { isPlainObject, type Params } from '../../../request-params.js'
import { CHAT_ID, param, REPLY_TO, relayRaw, sendContent, type SendKind } from './kind.js'

const rawChatId = (p: Params) => str(p, 'chatId') ?? str(p, 'chat_id')

export const locationKind: SendKind = {
  kind: 'location',
  path: '/v2/send/location',
  methods: ['GET', 'POST'],
  summary: 'Send a location pin',
  description: 'latitude and longitude as numbers or numeric strings; title is the place name, message the address or description.',
  params: {
    chatId: CHAT_ID,
    latitude: param('number or string, required', 'Degrees, -90 to 90', ['38.8937255']),
    longitude: param('number or string, required', 'Degrees, -180 to 180', ['-77.0969763']),
    title: param('string', 'Place name'),
    message: param('string', 'Address or description'),
    reply_to: REPLY_TO
  },
  async prepare(p) {
    requireAll({ chatId: rawChatId(p), latitude: str(p, 'latitude'), longitude: str(p, 'longitude') })
    const lat = num(p, 'latitude')!
    const lng = num(p, 'longitude')!
    if (lat < -90 || lat > 90) throw coreErrors.invalidParam('latitude', 'must be between -90 and 90')
    if (lng < -180 || lng > 180) throw coreErrors.invalidParam('longitude', 'must be between -180 and 180')
    const jid = chatJid(p)
    const name = str(p, 'title') ?? str(p, 'name')
    const address = text(p, 'message') ?? str(p, 'address')
    const location = { degreesLatitude: lat, degreesLongitude: lng, ...(name ? { name } : {}), ...(address ? { address } : {}) }
    return { chatJid: jid, replyTo: replyTo(p, jid), dispatch: sendContent(jid, { location }) }
  }
}

function cardsOf(p: Params): { displayName: string; vcard: string }[] {
  const entries = list(p, 'contacts') ?? (p.contact !== undefined ? list(p, 'contact') : undefined)
  if (!entries?.length) throw coreErrors.missingParam(['contacts'])
  return entries.map((raw, i) => {
    if (typeof raw === 'string' && raw.includes('BEGIN:VCARD')) return { displayName: vCardName(raw) ?? 'Contact', vcard: raw }
    if (!isPlainObject(raw)) throw coreErrors.invalidParam(`contacts[${i}]`, 'expected {fullName, phoneNumber, whatsappId?, organization?} or {vcard}')
    const vcard = str(raw, 'vcard')
    if (vcard) return { displayName: vCardName(vcard) ?? 'Contact', vcard }
    const fullName = str(raw, 'fullName') ?? str(raw, 'name')
    const phoneNumber = str(raw, 'phoneNumber') ?? str(raw, 'phone')
    const whatsappId = str(raw, 'whatsappId')
    const missing = [...(fullName ? [] : [`contacts[${i}][fullName]`]), ...(phoneNumber || whatsappId ? [] : [`contacts[${i}][phoneNumber]`])]
    if (missing.length) throw coreErrors.missingParam(missing)
    const organization = str(raw, 'organization')
    return { displayName: fullName!, vcard: toVCard({ fullName: fullName!, phoneNumber, whatsappId, ...(organization ? { organization } : {}) }) }
  })
}

export const contactKind: SendKind = {
  kind: 'contact',
  path: '/v2/send/contact',
  methods: ['POST'],
  summary: 'Send contact cards (vCard)',
  description: 'contacts: an array (JSON, JSON text or contacts[0][fullName] keys) of {fullName, organization, phoneNumber, whatsappId} or {vcard} (raw vCard text). Several contacts go in one bubble. Serialized as vCard 3.0 with waid on the phone line.',
  params: {
    chatId: CHAT_ID,
    contacts: param('array, required', 'Contacts', [[{ fullName: 'Wawp Support', organization: 'Wawp HQ', phoneNumber: '+201111111111', whatsappId: '201111111111' }]]),
    reply_to: REPLY_TO
  },
  async prepare(p) {
    requireAll({ chatId: rawChatId(p), contacts: p.contacts ?? p.contact })
    const cards = cardsOf(p)
    const jid = chatJid(p)
    const displayName = cards.length === 1 ? cards[0]!.displayName : `${cards.length} contacts`
    return { chatJid: jid, replyTo: replyTo(p, jid), dispatch: sendContent(jid, { contacts: { displayName, contacts: cards } }) }
  }
}

function sectionsOf(msg: Params): proto.Message.ListMessage.ISection[] {
  const sections = list(msg, 'sections')
  if (!sections?.length) throw coreErrors.missingParam(['message.sections'])
  let n = 0
  return sections.map((s, i) => {
    if (!isPlainObject(s)) throw coreErrors.invalidParam(`message.sections[${i}]`, 'expected {title, rows}')
    const rows = list(s, 'rows') ?? []
    if (!rows.length) throw coreErrors.missingParam([`message.sections[${i}].rows`])
    return {
      title: str(s, 'title') ?? '',
      rows: rows.map((r, j) => {
        if (!isPlainObject(r) || !str(r, 'title')) throw coreErrors.missingParam([`message.sections[${i}].rows[${j}].title`])
        n++
        return { title: str(r, 'title'), rowId: str(r, 'rowId') ?? str(r, 'id') ?? `row${n}`, ...(str(r, 'description') ? { description: str(r, 'description') } : {}) }
      })
    }
  })
}

export const listKind: SendKind = {
  kind: 'list',
  path: '/v2/send/list',
  methods: ['GET', 'POST'],
  summary: 'Send a list (menu) message',
  description:
    'message: {title, description, footer, button, sections:[{title, rows:[{title, rowId, description}]}]} as an object, JSON text, or dotted keys (message.title, message.sections as JSON text). button and sections are required, and description or title (without description, as WAHA allows, the title becomes the list\'s body). rowId defaults to row1, row2...',
  params: {
    chatId: CHAT_ID,
    message: param('object, required', 'The list', [
      { title: 'Simple Menu', description: 'Please choose an option', footer: 'Thank you!', button: 'Open Menu', sections: [{ title: 'Main Options', rows: [{ title: 'Option 1', rowId: 'opt1', description: 'Description for 1' }] }] }
    ]),
    reply_to: REPLY_TO
  },
  async prepare(p) {
    requireAll({ chatId: rawChatId(p), message: p.message })
    const msg = obj(p, 'message')!
    // WhatsApp shows description as the list's body (title is an optional header); WAHA makes description
    // optional, so a list with a title only shows the title as its body instead of being refused.
    const title = str(msg, 'title')
    const text = str(msg, 'description') ?? str(msg, 'body') ?? str(msg, 'text')
    const description = text ?? title
    const button = str(msg, 'button') ?? str(msg, 'buttonText')
    requireAll({ 'message.description': description, 'message.button': button })
    const jid = chatJid(p)
    const listMessage: proto.Message.IListMessage = {
      title: text === undefined ? '' : (title ?? ''),
      description,
      buttonText: button,
      footerText: str(msg, 'footer') ?? str(msg, 'footerText') ?? '',
      listType: proto.Message.ListMessage.ListType.SINGLE_SELECT,
      sections: sectionsOf(msg)
    }
    return { chatJid: jid, replyTo: replyTo(p, jid), dispatch: relayRaw(jid, { listMessage }) }
  }
}

export const eventKind: SendKind = {
  kind: 'event',
  path: '/v2/send/event',
  methods: ['POST'],
  summary: 'Send an event (calendar invitation)',
  description:
    'event: {name, description, startTime, endTime, location:{name}, extraGuestsAllowed} as an object, JSON text or dotted keys (event.name, event.location.name). startTime and endTime are Unix seconds.',
  params: {
    chatId: CHAT_ID,
    event: param('object, required', 'The event', [{ name: 'Team Meeting 📅', description: 'Weekly sync', startTime: 1767225600, endTime: 1767229200, location: { name: 'Room 1' }, extraGuestsAllowed: true }]),
    reply_to: REPLY_TO
  },
  async prepare(p) {
    requireAll({ chatId: rawChatId(p), event: p.event })
    const ev = obj(p, 'event')!
    requireAll({ 'event.name': str(ev, 'name'), 'event.startTime': str(ev, 'startTime') })
    const start = num(ev, 'startTime')!
    const end = num(ev, 'endTime')
    if (end !== undefined && end < start) throw coreErrors.invalidParam('event.endTime', 'must not be before event.startTime')
    const location = obj(ev, 'location')
    const locationName = location ? str(location, 'name') : str(ev, 'location')
    const jid = chatJid(p)
    const event = {
      name: str(ev, 'name')!,
      ...(str(ev, 'description') ? { description: str(ev, 'description') } : {}),
      startDate: new Date(Math.floor(start) * 1000),
      ...(end !== undefined ? { endDate: new Date(Math.floor(end) * 1000) } : {}),
      ...(locationName ? { location: { name: locationName } } : {}),
      extraGuestsAllowed: bool(ev, 'extraGuestsAllowed')
    }
    return { chatJid: jid, replyTo: replyTo(p, jid), dispatch: sendContent(jid, { event }) }
  }
}
