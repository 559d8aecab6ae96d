// /v2/send/image, /pdf (any document), /voice (convert -> OGG/Opus voice note), /video (convert -> MP4,
// asNote -> round video note). The file is read (URL or base64) and converted before the send is accepted,
// so a bad file is a 4xx at once; Baileys encrypts and uploads it to the network's media service.
import { readMediaParam, type MediaFile } from '../../../../messaging/send/media-input.js'
import { bool, chatJid, replyTo, requireAll, str, text } from '../../../../messaging/send/send-params.js'
import { toMp4, toOggOpus } from '../../../../messaging/send/transcode.js'
import type { Params } from '../../../request-params.js'
import { CAPTION, CHAT_ID, FILE, param, REPLY_TO, sendContent, type PrepareContext, type PreparedSend, type SendKind } from './kind.js'

const hasFile = (p: Params): true | undefined =>
  p.file !== undefined || str(p, 'url') !== undefined ? true : undefined

async function fileAndChat(p: Params, ctx: PrepareContext): Promise<{ jid: string; file: MediaFile }> {
  requireAll({ chatId: str(p, 'chatId') ?? str(p, 'chat_id'), 'file[url]': hasFile(p) })
  const jid = chatJid(p)
  return { jid, file: await readMediaParam(p, ctx.sender.media) }
}

const caption = (p: Params) => text(p, 'caption')?.trim() ? text(p, 'caption') : undefined
const isOgg = (b: Buffer) => b.subarray(0, 4).toString('latin1') === 'OggS'

export const imageKind: SendKind = {
  kind: 'image',
  path: '/v2/send/image',
  methods: ['GET', 'POST'],
  summary: 'Send an image',
  description: 'JPEG, PNG or WebP; mimetype defaults to what the URL answers, then image/jpeg.',
  params: { chatId: CHAT_ID, file: FILE, caption: CAPTION, reply_to: REPLY_TO },
  media: true,
  async prepare(p, ctx): Promise<PreparedSend> {
    const { jid, file } = await fileAndChat(p, ctx)
    const c = caption(p)
    const content = { image: file.data, mimetype: file.mimetype ?? 'image/jpeg', ...(c ? { caption: c } : {}) }
    return { chatJid: jid, replyTo: replyTo(p, jid), dispatch: sendContent(jid, content) }
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
  async prepare(p, ctx) {
    const { jid, file } = await fileAndChat(p, ctx)
    const c = caption(p)
    const content = {
      document: file.data,
      mimetype: file.mimetype ?? 'application/pdf',
      fileName: file.filename ?? 'document.pdf',
      ...(c ? { caption: c } : {})
    }
    return { chatJid: jid, replyTo: replyTo(p, jid), dispatch: sendContent(jid, content) }
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
  async prepare(p, ctx) {
    const { jid, file } = await fileAndChat(p, ctx)
    const convert = bool(p, 'convert', !isOgg(file.data))
    const audio = convert ? await toOggOpus(file.data) : file.data
    const mimetype = convert || !file.mimetype ? 'audio/ogg; codecs=opus' : file.mimetype
    return { chatJid: jid, replyTo: replyTo(p, jid), dispatch: sendContent(jid, { audio, mimetype, ptt: true }) }
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
  async prepare(p, ctx) {
    const { jid, file } = await fileAndChat(p, ctx)
    const convert = bool(p, 'convert')
    const asNote = bool(p, 'asNote')
    const video = convert ? await toMp4(file.data) : file.data
    const c = caption(p)
    const content = { video, mimetype: convert ? 'video/mp4' : (file.mimetype ?? 'video/mp4'), ...(asNote ? { ptv: true } : c ? { caption: c } : {}) }
    return { chatJid: jid, replyTo: replyTo(p, jid), dispatch: sendContent(jid, content) }
  }
}
