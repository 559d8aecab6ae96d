// /v2/send/text and /v2/send/link-preview (custom title, description and thumbnail, flat or WAHA-nested).
import { coreErrors } from '../../../../domain/core-errors.js'
import { toWaJid } from '../../../../messaging/chat-ids.js'
import type { FileSpec } from '../../../../messaging/send/media-input.js'
import type { LinkPreviewCommand, TextCommand } from '../../../../messaging/send/send-command.js'
import { bool, chatJid, isAbsent, list, obj, rawChatId, replyTo, requireAll, str, text } from '../../../params/send-params.js'
import type { Params } from '../../../request-params.js'
import { CHAT_ID, param, REPLY_TO, sendKind, toChat } from './kind.js'

/** WhatsApp's own limit for a text message. */
export const MAX_TEXT = 65_536

function mentionsOf(p: Params): string[] | undefined {
  const m = list(p, 'mentions')
  return m?.length ? m.map((v) => toWaJid(String(v))) : undefined
}

export const textKind = sendKind({
  kind: 'text',
  summary: 'Send a text message',
  description: `message keeps WhatsApp markdown as written (WAHA's text is accepted as an alias). Up to ${MAX_TEXT} characters, WhatsApp's own limit (the hosted docs say 4096; a longer text is delivered by WhatsApp, so it is not refused here). mentions: chat ids to mention (groups).`,
  params: {
    chatId: CHAT_ID,
    message: param('string, required', 'The text', ['Hello from Switchboard *bold* _italic_']),
    reply_to: REPLY_TO,
    mentions: param('array of strings', 'Chat ids to mention, e.g. ["447441429009@c.us"]')
  },
  parse(p): TextCommand {
    const body = text(p, 'message') ?? text(p, 'text')
    requireAll({ chatId: rawChatId(p), message: body })
    if (body!.length > MAX_TEXT) throw coreErrors.invalidParam('message', `longer than ${MAX_TEXT} characters`)
    const jid = chatJid(p)
    const mentions = mentionsOf(p)
    return { kind: 'text', chatJid: jid, replyTo: replyTo(p, jid), text: body!, ...(mentions ? { mentions } : {}) }
  }
})

/** The thumbnail parameter: an http(s) URL or base64. */
const thumbnailSpec = (value: string): FileSpec => (/^https?:\/\//i.test(value.trim()) ? { url: value.trim() } : { data: value })

export const linkPreviewKind = sendKind({
  kind: 'link-preview',
  summary: 'Send a link with a custom preview',
  description:
    'The preview fields are flat (url, title, description, thumbnail) as the hosted API documents; WAHA\'s nested preview:{url, title, description, image:{url}} works too. text defaults to the url; when it does not contain the url, the url is appended. thumbnail: an image URL or base64. linkPreviewHighQuality=true uploads the full image as a large preview.',
  params: toChat({
    text: param('string', 'The message containing the link (defaults to url)'),
    url: param('string, required', 'The link', ['https://wawp.net']),
    title: param('string', 'Preview title (defaults to the url host)'),
    description: param('string', 'Preview description'),
    thumbnail: param('string', 'Preview image: an http(s) URL or base64'),
    linkPreviewHighQuality: param('boolean', 'Upload the image as a large preview')
  }),
  parse(p): LinkPreviewCommand {
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
    const description = str(p, 'description') ?? str(preview, 'description')
    return {
      kind: 'link-preview',
      chatJid: jid,
      replyTo: replyTo(p, jid),
      text: body,
      url: url!,
      title: str(p, 'title') ?? str(preview, 'title') ?? parsed.host,
      ...(description !== undefined ? { description } : {}),
      ...(thumbnail && !isAbsent(thumbnail) ? { thumbnail: thumbnailSpec(thumbnail) } : {}),
      highQuality
    }
  }
})
