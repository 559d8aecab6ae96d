// /v2/send/image, /pdf (any document), /voice (convert -> OGG/Opus voice note), /video (convert -> MP4,
// asNote -> round video note). Parsed here into a command with a file spec; the send pipeline reads the file
// (URL or base64) and converts it before the send is accepted, so a bad file is a 4xx at once.
import { fileSpecParam } from '../../../params/media-param.js'
import { bool, chatJid, isAbsent, rawChatId, replyTo, requireAll, str, text } from '../../../params/send-params.js'
import type { FileSpec } from '../../../../messaging/send/media-input.js'
import type { DocumentCommand, ImageCommand, VideoCommand, VoiceCommand } from '../../../../messaging/send/send-command.js'
import type { Params } from '../../../request-params.js'
import { CAPTION, FILE, param, sendKind, toChat, type SendKind, type SendKindDef } from './kind.js'

const hasFile = (p: Params): true | undefined =>
  p.file !== undefined || str(p, 'url') !== undefined ? true : undefined

/** chatId and the file are required (both named when missing); the file is read later, by the send pipeline. */
function fileAndChat(p: Params): { chatJid: string; file: FileSpec; replyTo: ReturnType<typeof replyTo> } {
  requireAll({ chatId: rawChatId(p), 'file[url]': hasFile(p) })
  const jid = chatJid(p)
  return { chatJid: jid, file: fileSpecParam(p), replyTo: replyTo(p, jid) }
}

/** A caption that is not blank, as a field of the command. */
const captionOf = (p: Params): { caption?: string } => (text(p, 'caption')?.trim() ? { caption: text(p, 'caption')! } : {})

/** A media kind: large bodies; documented as chatId, file, the kind's own parameters, reply_to. */
const mediaKind = (def: SendKindDef): SendKind => sendKind({ ...def, media: true, params: toChat({ file: FILE, ...def.params }) })

/** Image and document: the file and an optional caption. */
const captionedKind = (kind: 'image' | 'pdf', summary: string, description: string) =>
  mediaKind({
    kind,
    summary,
    description,
    params: { caption: CAPTION },
    parse: (p): ImageCommand | DocumentCommand => ({ kind, ...fileAndChat(p), ...captionOf(p) })
  })

export const imageKind = captionedKind('image', 'Send an image', 'JPEG, PNG or WebP; mimetype defaults to what the URL answers, then image/jpeg.')

export const pdfKind = captionedKind(
  'pdf',
  'Send a PDF or any other document',
  'Any file type is sent as a document; file[filename] becomes the document name on the phone (default document.pdf, or the URL\'s file name).'
)

export const voiceKind = mediaKind({
  kind: 'voice',
  summary: 'Send a voice note',
  description:
    'Voice notes are OGG/Opus. convert=true transcodes any audio (MP3, WAV, AAC, M4A...) with ffmpeg; when convert is not given, a file that is not OGG is converted too. convert=false sends the bytes as they are. A file ffmpeg cannot read answers 422 conversion_failed; a missing ffmpeg 503 converter_unavailable.',
  params: { convert: param('boolean', 'Transcode to OGG/Opus (true, false, "1", "0")') },
  // Absent convert: the pipeline converts a file that is not OGG already.
  parse: (p): VoiceCommand => ({ kind: 'voice', ...fileAndChat(p), ...(isAbsent(p.convert) ? {} : { convert: bool(p, 'convert') }) })
})

export const videoKind = mediaKind({
  kind: 'video',
  summary: 'Send a video or a round video note',
  description:
    'convert=true transcodes to H.264/AAC MP4 with ffmpeg (WhatsApp plays nothing else everywhere). asNote=true sends a round video note (no caption). Booleans may be strings ("true", "false", "1", "0").',
  params: { caption: CAPTION, convert: param('boolean', 'Transcode to MP4 (H.264/AAC)'), asNote: param('boolean', 'Send as a round video note') },
  parse: (p): VideoCommand => ({ kind: 'video', ...fileAndChat(p), convert: bool(p, 'convert'), asNote: bool(p, 'asNote'), ...captionOf(p) })
})
