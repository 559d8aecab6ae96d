// The HTTP answers of the send endpoints (/v2/send/*, /v2/status/*) built from the send pipeline's domain result:
// 200 with the sent message in the WAHA/whatsapp-web.js shape (its id in every form clients read), or 202 with the
// queued message's id, position and ETA (`job_id`, `_data.id` as the documented example has it).
import { normalizeMessageContent, type WAMessage } from '../../../../engine/wa-wire.js'
import { serializeMessageId, toApiChatId } from '../../../../messaging/chat-ids.js'
import { MEDIA, toApiMessage, toWid, type MapContext } from '../../../../messaging/message-mapper.js'
import type { QueuedResult, SendResult } from '../../../../messaging/send/send-service.js'

/**
 * The answer of a send endpoint: the message object with its id in every form clients read — `id._serialized`
 * and `id.id` (whatsapp-web.js), `key.id` (Baileys) and `_data.id` (the documented example). `_data` follows
 * that example (api.wawp.net/en/docs/v2/send/text): from/to as Wid objects ({server, user, _serialized}),
 * viewed, isNewMsg, star, kicNotified, and for media caption, deprecatedMms3Url and directPath; the top level
 * keeps WAHA's flat strings.
 */
export function toSendResponse(m: WAMessage, ctx: MapContext) {
  const api = toApiMessage(m, ctx)
  const idObj = { fromMe: !!m.key.fromMe, remote: toApiChatId(m.key.remoteJid), id: m.key.id ?? '', _serialized: api.id }
  const content = normalizeMessageContent(m.message)
  const mediaType = content ? MEDIA.find((t) => content[t]) : undefined
  const media = mediaType ? (content![mediaType] as { caption?: string | null; url?: string | null; directPath?: string | null; mimetype?: string | null; fileName?: string | null }) : undefined
  return {
    ...api,
    id: idObj,
    key: { id: m.key.id ?? '', remoteJid: m.key.remoteJid ?? '', fromMe: !!m.key.fromMe, ...(m.key.participant ? { participant: m.key.participant } : {}) },
    _data: {
      ...(api._data as object),
      id: idObj,
      viewed: false,
      body: api.body,
      type: api.type,
      t: api.timestamp,
      from: toWid(api.from),
      to: toWid(api.to),
      ack: api.ack,
      isNewMsg: true,
      star: false,
      kicNotified: false,
      ...(media
        ? {
            ...(media.caption ? { caption: media.caption } : {}),
            ...(media.mimetype ? { mimetype: media.mimetype } : {}),
            ...(media.fileName ? { filename: media.fileName } : {}),
            deprecatedMms3Url: media.url ?? null,
            directPath: media.directPath ?? null
          }
        : {})
    }
  }
}

export type SendResponse = ReturnType<typeof toSendResponse>

export interface QueuedId {
  fromMe: true
  remote: string
  id: string
  _serialized: string
}

export interface QueuedResponse {
  status: 'queued'
  code: 'queued'
  message: string
  job_id: string
  id: QueuedId
  key: { id: string; remoteJid: string; fromMe: true }
  /** The documented example's place for the id (clients probe `_data.id._serialized` first), as in the 200 answer. */
  _data: { id: QueuedId }
  position: number
  eta: string
  eta_ms: number
  reason: string
}

/** The 202 body of a queued message; its id is already the one the message will have. */
export function toQueuedResponse(q: QueuedResult): QueuedResponse {
  const key = { remoteJid: q.chatJid, fromMe: true as const, id: q.messageId }
  const id: QueuedId = { fromMe: true, remote: toApiChatId(q.chatJid), id: q.messageId, _serialized: serializeMessageId(key) }
  return {
    status: 'queued',
    code: 'queued',
    message: `Rate limit (${q.reason}): message queued at position ${q.position}`,
    job_id: q.messageId,
    id,
    key,
    _data: { id },
    position: q.position,
    eta: new Date(q.etaAt).toISOString(),
    eta_ms: q.etaMs,
    reason: q.reason
  }
}

/** The status code and body of a send answer: 200 with the message, or 202 queued. */
export function sendAnswer(result: SendResult): { code: 200; body: SendResponse } | { code: 202; body: QueuedResponse } {
  if (result.status === 'queued') return { code: 202, body: toQueuedResponse(result) }
  return { code: 200, body: toSendResponse(result.message, { me: result.me, sentByApi: () => true }) }
}
