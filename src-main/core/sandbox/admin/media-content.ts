// What a simulated person sends when they send a file: the Baileys content for each kind (photo, video, voice
// note, audio, document, sticker), shared by POST /sandbox/phones/{phone}/messages/media and the Sandbox view's
// phone card (bridge sandbox.sendMedia), so both send the same message.
import type { AnyMessageContent } from '@whiskeysockets/baileys'

export const PERSON_MEDIA_KINDS = ['image', 'video', 'voice', 'audio', 'document', 'sticker'] as const
export type PersonMediaKind = (typeof PERSON_MEDIA_KINDS)[number]

/** The kind a picked file is sent as, from its type (a webp image is a sticker, as WhatsApp sends them). */
export function mediaKindOf(mimetype: string): PersonMediaKind {
  const [type, sub = ''] = mimetype.toLowerCase().split(';')[0]!.trim().split('/')
  if (type === 'image') return sub === 'webp' ? 'sticker' : 'image'
  if (type === 'video') return 'video'
  if (type === 'audio') return sub === 'ogg' ? 'voice' : 'audio'
  return 'document'
}

export function personMediaContent(kind: PersonMediaKind, file: Buffer, o: { mimetype?: string | undefined; filename?: string | undefined; caption?: string | undefined }): AnyMessageContent {
  const { mimetype, filename, caption } = o
  if (kind === 'image') return { image: file, ...(mimetype ? { mimetype } : {}), ...(caption ? { caption } : {}) }
  if (kind === 'video') return { video: file, ...(mimetype ? { mimetype } : {}), ...(caption ? { caption } : {}) }
  if (kind === 'voice') return { audio: file, ptt: true, mimetype: mimetype ?? 'audio/ogg; codecs=opus' }
  if (kind === 'audio') return { audio: file, mimetype: mimetype ?? 'audio/mpeg' }
  if (kind === 'sticker') return { sticker: file }
  return { document: file, mimetype: mimetype ?? 'application/octet-stream', fileName: filename ?? 'document', ...(caption ? { caption } : {}) }
}
