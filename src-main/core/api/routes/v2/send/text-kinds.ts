// /v2/send/text and /v2/send/link-preview (custom title, description and thumbnail, flat or WAHA-nested).
import { extractImageThumb, prepareWAMessageMedia, type WAUrlInfo } from '@whiskeysockets/baileys'
import { coreErrors } from '../../../../domain/core-errors.js'
import { toWaJid } from '../../../../messaging/chat-ids.js'
import { decodeBase64, fetchFile } from '../../../../messaging/send/media-input.js'
import { bool, chatJid, isAbsent, list, obj, replyTo, requireAll, str, text } from '../../../../messaging/send/send-params.js'
import type { Params } from '../../../request-params.js'
import { CHAT_ID, param, REPLY_TO, sendContent, type PrepareContext, type SendKind } from './kind.js'

/** WhatsApp's own limit for a text message. */
export const MAX_TEXT = 65_536

const rawChatId = (p: Params) => str(p, 'chatId') ?? str(p, 'chat_id')

function mentionsOf(p: Params): string[] | undefined {
  const m = list(p, 'mentions')
  return m?.length ? m.map((v) => toWaJid(String(v))) : undefined
}

export const textKind: SendKind = {
  kind: 'text',
  path: '/v2/send/text',
  methods: ['GET', 'POST'],
  summary: 'Send a text message',
  description: `message keeps WhatsApp markdown as written (WAHA's text is accepted as an alias). Up to ${MAX_TEXT} characters, WhatsApp's own limit (the hosted docs say 4096; a longer text is delivered by WhatsApp, so it is not refused here). mentions: chat ids to mention (groups).`,
  params: {
    chatId: CHAT_ID,
    message: param('string, required', 'The text', ['Hello from Switchboard *bold* _italic_']),
    reply_to: REPLY_TO,
    mentions: param('array of strings', 'Chat ids to mention, e.g. ["447441429009@c.us"]')
  },
  async prepare(p) {
    const body = text(p, 'message') ?? text(p, 'text')
    requireAll({ chatId: rawChatId(p), message: body })
    if (body!.length > MAX_TEXT) throw coreErrors.invalidParam('message', `longer than ${MAX_TEXT} characters`)
    const jid = chatJid(p)
    const mentions = mentionsOf(p)
    return { chatJid: jid, replyTo: replyTo(p, jid), dispatch: sendContent(jid, { text: body!, ...(mentions ? { mentions } : {}) }) }
  }
}

/** A preview image from a URL or base64: a small JPEG for the bubble, and the original for a high-quality one. */
async function thumbnailOf(value: string, ctx: PrepareContext): Promise<{ thumb: Buffer; original: Buffer }> {
  const limits = ctx.sender.media
  const original = /^https?:\/\//i.test(value.trim()) ? (await fetchFile(value.trim(), limits, 'thumbnail')).bytes : decodeBase64(value, 'thumbnail', limits.maxBytes).bytes
  try {
    const { buffer } = await extractImageThumb(original, 192)
    return { thumb: buffer, original }
  } catch {
    throw coreErrors.invalidParam('thumbnail', 'not an image (JPEG, PNG, WebP or GIF)')
  }
}

export const linkPreviewKind: SendKind = {
  kind: 'link-preview',
  path: '/v2/send/link-preview',
  methods: ['GET', 'POST'],
  summary: 'Send a link with a custom preview',
  description:
    'The preview fields are flat (url, title, description, thumbnail) as the hosted API documents; WAHA\'s nested preview:{url, title, description, image:{url}} works too. text defaults to the url; when it does not contain the url, the url is appended. thumbnail: an image URL or base64. linkPreviewHighQuality=true uploads the full image as a large preview.',
  params: {
    chatId: CHAT_ID,
    text: param('string', 'The message containing the link (defaults to url)'),
    url: param('string, required', 'The link', ['https://wawp.net']),
    title: param('string', 'Preview title (defaults to the url host)'),
    description: param('string', 'Preview description'),
    thumbnail: param('string', 'Preview image: an http(s) URL or base64'),
    linkPreviewHighQuality: param('boolean', 'Upload the image as a large preview'),
    reply_to: REPLY_TO
  },
  async prepare(p, ctx) {
    const preview = obj(p, 'preview') ?? {}
    const image = obj(preview, 'image') ?? {}
    const url = str(p, 'url') ?? str(preview, 'url')
    requireAll({ chatId: rawChatId(p), url })
    let parsed: URL
    try {
      parsed = new URL(url!)
    } catch {
      throw coreErrors.invalidParam('url', 'not a URL')
    }
    let body = text(p, 'text') ?? text(p, 'message') ?? url!
    if (!body.includes(url!)) body = `${body}\n${url}`
    const jid = chatJid(p)
    const thumbnail = str(p, 'thumbnail') ?? str(image, 'url') ?? str(image, 'data')
    const highQuality = bool(p, 'linkPreviewHighQuality') || bool(preview, 'highQuality')
    const pic = thumbnail && !isAbsent(thumbnail) ? await thumbnailOf(thumbnail, ctx) : undefined
    const info: WAUrlInfo = {
      'canonical-url': url!,
      'matched-text': url!,
      title: str(p, 'title') ?? str(preview, 'title') ?? parsed.host,
      ...((str(p, 'description') ?? str(preview, 'description')) !== undefined ? { description: str(p, 'description') ?? str(preview, 'description') } : {}),
      ...(pic ? { jpegThumbnail: pic.thumb } : {})
    }
    return {
      chatJid: jid,
      replyTo: replyTo(p, jid),
      dispatch: async (sock, c) => {
        if (pic && highQuality) {
          const media = await prepareWAMessageMedia({ image: pic.original }, { upload: sock.waUploadToServer, mediaTypeOverride: 'thumbnail-link' })
          if (media.imageMessage) info.highQualityThumbnail = media.imageMessage
        }
        return sendContent(jid, { text: body, linkPreview: info })(sock, c)
      }
    }
  }
}
