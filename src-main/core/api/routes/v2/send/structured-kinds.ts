// /v2/send/location, /contact (vCards, several in one bubble), /list, /event. Nested parameters arrive as
// objects, bracket keys, dotted keys (message.title, event.location.name) or JSON text; all read the same.
import { coreErrors } from '../../../../domain/core-errors.js'
import type { ContactCommand, ContactEntry, EventCommand, ListCommand, ListRow, LocationCommand } from '../../../../messaging/send/send-command.js'
import { bool, chatJid, list, num, obj, rawChatId, replyTo, requireAll, str, text } from '../../../params/send-params.js'
import { isPlainObject, type Params } from '../../../request-params.js'
import { param, sendKind, toChat } from './kind.js'

export const locationKind = sendKind({
  kind: 'location',
  summary: 'Send a location pin',
  description: 'latitude and longitude as numbers or numeric strings; title is the place name, message the address or description.',
  params: toChat({
    latitude: param('number or string, required', 'Degrees, -90 to 90', ['38.8937255']),
    longitude: param('number or string, required', 'Degrees, -180 to 180', ['-77.0969763']),
    title: param('string', 'Place name'),
    message: param('string', 'Address or description')
  }),
  parse(p): LocationCommand {
    requireAll({ chatId: rawChatId(p), latitude: str(p, 'latitude'), longitude: str(p, 'longitude') })
    const lat = num(p, 'latitude')!
    const lng = num(p, 'longitude')!
    if (lat < -90 || lat > 90) throw coreErrors.invalidParam('latitude', 'must be between -90 and 90')
    if (lng < -180 || lng > 180) throw coreErrors.invalidParam('longitude', 'must be between -180 and 180')
    const jid = chatJid(p)
    const name = str(p, 'title') ?? str(p, 'name')
    const address = text(p, 'message') ?? str(p, 'address')
    return { kind: 'location', chatJid: jid, replyTo: replyTo(p, jid), latitude: lat, longitude: lng, ...(name ? { name } : {}), ...(address ? { address } : {}) }
  }
})

function cardsOf(p: Params): ContactEntry[] {
  const entries = list(p, 'contacts') ?? (p.contact !== undefined ? list(p, 'contact') : undefined)
  if (!entries?.length) throw coreErrors.missingParam(['contacts'])
  return entries.map((raw, i) => {
    if (typeof raw === 'string' && raw.includes('BEGIN:VCARD')) return { vcard: raw }
    if (!isPlainObject(raw)) throw coreErrors.invalidParam(`contacts[${i}]`, 'expected {fullName, phoneNumber, whatsappId?, organization?} or {vcard}')
    const vcard = str(raw, 'vcard')
    if (vcard) return { vcard }
    const fullName = str(raw, 'fullName') ?? str(raw, 'name')
    const phoneNumber = str(raw, 'phoneNumber') ?? str(raw, 'phone')
    const whatsappId = str(raw, 'whatsappId')
    const missing = [...(fullName ? [] : [`contacts[${i}][fullName]`]), ...(phoneNumber || whatsappId ? [] : [`contacts[${i}][phoneNumber]`])]
    if (missing.length) throw coreErrors.missingParam(missing)
    const organization = str(raw, 'organization')
    return { fullName: fullName!, phoneNumber, whatsappId, ...(organization ? { organization } : {}) }
  })
}

export const contactKind = sendKind({
  kind: 'contact',
  methods: ['POST'],
  summary: 'Send contact cards (vCard)',
  description: 'contacts: an array (JSON, JSON text or contacts[0][fullName] keys) of {fullName, organization, phoneNumber, whatsappId} or {vcard} (raw vCard text). Several contacts go in one bubble. Serialized as vCard 3.0 with waid on the phone line.',
  params: toChat({
    contacts: param('array, required', 'Contacts', [[{ fullName: 'Wawp Support', organization: 'Wawp HQ', phoneNumber: '+201111111111', whatsappId: '201111111111' }]])
  }),
  parse(p): ContactCommand {
    requireAll({ chatId: rawChatId(p), contacts: p.contacts ?? p.contact })
    const contacts = cardsOf(p)
    const jid = chatJid(p)
    return { kind: 'contact', chatJid: jid, replyTo: replyTo(p, jid), contacts }
  }
})

function sectionsOf(msg: Params): ListCommand['sections'] {
  const sections = list(msg, 'sections')
  if (!sections?.length) throw coreErrors.missingParam(['message.sections'])
  let n = 0
  return sections.map((s, i) => {
    if (!isPlainObject(s)) throw coreErrors.invalidParam(`message.sections[${i}]`, 'expected {title, rows}')
    const rows = list(s, 'rows') ?? []
    if (!rows.length) throw coreErrors.missingParam([`message.sections[${i}].rows`])
    return {
      title: str(s, 'title') ?? '',
      rows: rows.map((r, j): ListRow => {
        if (!isPlainObject(r) || !str(r, 'title')) throw coreErrors.missingParam([`message.sections[${i}].rows[${j}].title`])
        n++
        return { title: str(r, 'title')!, rowId: str(r, 'rowId') ?? str(r, 'id') ?? `row${n}`, ...(str(r, 'description') ? { description: str(r, 'description') } : {}) }
      })
    }
  })
}

export const listKind = sendKind({
  kind: 'list',
  summary: 'Send a list (menu) message',
  description:
    'message: {title, description, footer, button, sections:[{title, rows:[{title, rowId, description}]}]} as an object, JSON text, or dotted keys (message.title, message.sections as JSON text). button and sections are required, and description or title (without description, as WAHA allows, the title becomes the list\'s body). rowId defaults to row1, row2...',
  params: toChat({
    message: param('object, required', 'The list', [
      { title: 'Simple Menu', description: 'Please choose an option', footer: 'Thank you!', button: 'Open Menu', sections: [{ title: 'Main Options', rows: [{ title: 'Option 1', rowId: 'opt1', description: 'Description for 1' }] }] }
    ])
  }),
  parse(p): ListCommand {
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
    return {
      kind: 'list',
      chatJid: jid,
      replyTo: replyTo(p, jid),
      title: text === undefined ? '' : (title ?? ''),
      description: description!,
      buttonText: button!,
      footerText: str(msg, 'footer') ?? str(msg, 'footerText') ?? '',
      sections: sectionsOf(msg)
    }
  }
})

export const eventKind = sendKind({
  kind: 'event',
  methods: ['POST'],
  summary: 'Send an event (calendar invitation)',
  description:
    'event: {name, description, startTime, endTime, location:{name}, extraGuestsAllowed} as an object, JSON text or dotted keys (event.name, event.location.name). startTime and endTime are Unix seconds.',
  params: toChat({
    event: param('object, required', 'The event', [{ name: 'Team Meeting 📅', description: 'Weekly sync', startTime: 1767225600, endTime: 1767229200, location: { name: 'Room 1' }, extraGuestsAllowed: true }])
  }),
  parse(p): EventCommand {
    requireAll({ chatId: rawChatId(p), event: p.event })
    const ev = obj(p, 'event')!
    requireAll({ 'event.name': str(ev, 'name'), 'event.startTime': str(ev, 'startTime') })
    const start = num(ev, 'startTime')!
    const end = num(ev, 'endTime')
    if (end !== undefined && end < start) throw coreErrors.invalidParam('event.endTime', 'must not be before event.startTime')
    const location = obj(ev, 'location')
    const locationName = location ? str(location, 'name') : str(ev, 'location')
    const jid = chatJid(p)
    return {
      kind: 'event',
      chatJid: jid,
      replyTo: replyTo(p, jid),
      name: str(ev, 'name')!,
      ...(str(ev, 'description') ? { description: str(ev, 'description') } : {}),
      startTime: start,
      ...(end !== undefined ? { endTime: end } : {}),
      ...(locationName ? { location: locationName } : {}),
      extraGuestsAllowed: bool(ev, 'extraGuestsAllowed')
    }
  }
})
