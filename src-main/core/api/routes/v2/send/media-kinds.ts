// /v2/send/image, /pdf (any document), /voice (convert -> OGG/Opus voice note), /video (convert -> MP4,
// asNote -> round video note). Parsed here into a command with a file spec; the send pipeline reads the file
// (URL or base64) and converts it before the send is accepted, so a bad file is a 4xx at once.
import { fileSpecParam } from '../../../params/media-param.js'
import { bool, chatJid, isAbsent, replyTo, requireAll, str, text } from '../../../params/send-params.js'
import type { FileSpec } from '../../../../messaging/send/media-input.js'
import type { DocumentCommand, ImageCommand, VideoCommand, VoiceCommand } from '../../../../messaging/send/send-command.js'
import type { Params } from '../../../request-params.js'
import { CAPTION, CHAT_ID, FILE, param, REPLY_TO, type SendKind } from './kind.js'

const hasFile = (p: Params): true | undefined =>
  p.file !== undefined || str(p, 'url') !== undefined ? true : undefined

/** chatId and the file are required (both named when missing); the file is read later, by the send pipeline. */
function fileAndChat(p: Params): { chatJid: string; file: FileSpec; replyTo: ReturnType<typeof replyTo> } {
  requireAll({ chatId: str(p, 'chatId') ?? str(p, 'chat_id'), 'file[url]': hasFile(p) })
  const jid = chatJid(p)
  return { chatJid: jid, file: fileSpecParam(p), replyTo: replyTo(p, jid) }
}

const caption = (p: Params) => text(p, 'caption')?.trim() ? text(p, 'caption') : undefined

export const imageKind: SendKind = {
  kind: 'image',
  path: '/v2/send/image',
  methods: ['GET', 'POST'],
  summary: 'Send an image',
  description: 'JPEG, PNG or WebP; mimetype defaults to what the URL answers, then image/jpeg.',
  params: { chatId: CHAT_ID, file: FILE, caption: CAPTION, reply_to: REPLY_TO },
  media: true,
  parse(p): ImageCommand {
    const c = caption(p)
    return { kind: 'image', ...fileAndChat(p), ...(c ? { caption: c } : {}) }
  }
}

export const pdfKind: SendKind = {
  kind: 'pdf',
  path: '/v2/send/pdf',
  methods: ['GET', 'POST'],
  summary: 'Send a PDF or any other document',
  description: 'Any file type is sent as a document; file[filename] becomes the document name on the phone (default document.pdf, or the URL\'s file name).',
  params: { chatId: CHAT_ID, file: FILE, caption: CAPTION, reply_to: REPLY_TO },
  media: true,
  parse(p): DocumentCommand {
    const c = caption(p)
    return { kind: 'pdf', ...fileAndChat(p), ...(c ? { caption: c } : {}) }
  }
}

export const voiceKind: SendKind = {
  kind: 'voice',
  path: '/v2/send/voice',
  methods: ['GET', 'POST'],
  summary: 'Send a voice note',
  description:
    'Voice notes are OGG/Opus. convert=true transcodes any audio (MP3, WAV, AAC, M4A...) with ffmpeg; when convert is not given, a file that is not OGG is converted too. convert=false sends the bytes as they are. A file ffmpeg cannot read answers 422 conversion_failed; a missing ffmpeg 503 converter_unavailable.',
  params: { chatId: CHAT_ID, file: FILE, convert: param('boolean', 'Transcode to OGG/Opus (true, false, "1", "0")'), reply_to: REPLY_TO },
  media: true,
  parse(p): VoiceCommand {
    const target = fileAndChat(p)
    // Absent: the pipeline converts a file that is not OGG already.
    return { kind: 'voice', ...target, ...(isAbsent(p.convert) ? {} : { convert: bool(p, 'convert') }) }
  }
}

export const videoKind: SendKind = {
  kind: 'video',
  path: '/v2/send/video',
  methods: ['GET', 'POST'],
  summary: 'Send a video or a round video note',
  description:
    'convert=true transcodes to H.264/AAC MP4 with ffmpeg (WhatsApp plays nothing else everywhere). asNote=true sends a round video note (no caption). Booleans may be strings ("true", "false", "1", "0").',
  params: {
    chatId: CHAT_ID,
    file: FILE,
    caption: CAPTION,
    convert: param('boolean', 'Transcode to MP4 (H.264/AAC)'),
    asNote: param('boolean', 'Send as a round video note'),
    reply_to: REPLY_TO
  },
  media: true,
  parse(p): VideoCommand {
    const target = fileAndChat(p)
    const c = caption(p)
    return { kind: 'video', ...target, convert: bool(p, 'convert'), asNote: bool(p, 'asNote'), ...(c ? { caption: c } : {}) }
  }
}
