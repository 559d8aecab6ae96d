// What a chat shows of an accepted send before (or instead of) the message Baileys stores: the command's content
// as a minimal message proto (text, caption, file name, poll...), without media keys. Kept on the outbound row
// (column `preview`, migration 0380) for the row's whole life, so a waiting, held or not-sent message has a bubble.
import type { proto } from '../../engine/wa-wire.js'
import type { MediaFile } from './media-input.js'
import type { FileSlot } from './outbox-media.js'
import type { SendCommand } from './send-command.js'

/** The content proto as JSON-safe data (no buffers): what the chat shows of an outbound message. */
export type OutboundPreview = proto.IMessage

const opt = <T>(v: T | undefined): T | null => v ?? null

/** The preview of a command; null for kinds that are no message of their own in a chat (reactions, poll votes). */
export function previewOf(command: SendCommand, loaded?: ReadonlyMap<FileSlot, MediaFile>): OutboundPreview | null {
  const file = loaded?.get('file')
  const spec = 'file' in command ? (command.file as { mimetype?: string; filename?: string }) : undefined
  const mimetype = (fallback: string) => file?.mimetype ?? spec?.mimetype ?? fallback
  const fileName = file?.filename ?? spec?.filename ?? null
  switch (command.kind) {
    case 'text':
      return { conversation: command.text }
    case 'link-preview':
      return { extendedTextMessage: { text: command.text, matchedText: command.url, title: command.title, description: opt(command.description) } }
    case 'image':
      return { imageMessage: { caption: opt(command.caption), mimetype: mimetype('image/jpeg') } }
    case 'pdf':
      return { documentMessage: { caption: opt(command.caption), mimetype: mimetype('application/pdf'), fileName } }
    case 'voice':
      return { audioMessage: { mimetype: 'audio/ogg; codecs=opus', ptt: true } }
    case 'video':
      return command.asNote ? { ptvMessage: { mimetype: 'video/mp4' } } : { videoMessage: { caption: opt(command.caption), mimetype: 'video/mp4' } }
    case 'location':
      return { locationMessage: { degreesLatitude: command.latitude, degreesLongitude: command.longitude, name: opt(command.name), address: opt(command.address) } }
    case 'poll':
      return { pollCreationMessage: { name: command.name, options: command.options.map((optionName) => ({ optionName })), selectableOptionsCount: command.multipleAnswers ? 0 : 1 } }
    case 'contact': {
      const names = command.contacts.map((c) => ('fullName' in c ? c.fullName : (/^FN:(.*)$/m.exec(c.vcard)?.[1] ?? 'Contact')))
      return names.length === 1 ? { contactMessage: { displayName: names[0]! } } : { contactsArrayMessage: { displayName: `${names.length} contacts`, contacts: names.map((displayName) => ({ displayName })) } }
    }
    case 'list':
      return { listMessage: { title: command.title, description: command.description, buttonText: command.buttonText, footerText: command.footerText } }
    case 'event':
      return { eventMessage: { name: command.name, description: opt(command.description), startTime: command.startTime } }
    default:
      return null
  }
}

export const encodePreview = (p: OutboundPreview | null): string | null => (p ? JSON.stringify(p) : null)

export function decodePreview(json: string | null): OutboundPreview | null {
  if (!json) return null
  try {
    return JSON.parse(json) as OutboundPreview
  } catch {
    return null
  }
}
