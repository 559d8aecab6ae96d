// Baileys messages -> the v2 API's message object (WAHA's WAMessage with the flat keys Wawp documents). One
// mapper for read endpoints, webhook payloads and send responses, so the three never drift apart.
import { getContentType, normalizeMessageContent, proto, type WAMessage } from '../engine/wa-wire.js'
import { serializeMessageId, toApiChatId } from './chat-ids.js'

export const ACK_NAMES = { [-1]: 'ERROR', 0: 'PENDING', 1: 'SERVER', 2: 'DEVICE', 3: 'READ', 4: 'PLAYED' } as const
export type AckValue = keyof typeof ACK_NAMES

/**
 * Baileys' WebMessageInfo.Status (ERROR 0 … PLAYED 5) -> WAHA ack (-1 … 4). Baileys sometimes hands the enum
 * by name ("DELIVERY_ACK", e.g. on the upsert of an own message), so names are accepted too.
 */
export function ackOf(status: number | string | null | undefined): AckValue {
  if (typeof status === 'string') status = proto.WebMessageInfo.Status[status as keyof typeof proto.WebMessageInfo.Status] ?? Number(status)
  if (status === null || status === undefined || !Number.isFinite(status)) return 0
  const v = Math.max(-1, Math.min(4, status - 1))
  return (status === 0 ? -1 : v) as AckValue
}

export interface ApiMedia {
  url: string | null
  mimetype: string | null
  filename: string | null
  error: string | null
}

export interface ApiMessage {
  id: string
  timestamp: number
  from: string
  fromMe: boolean
  source: 'api' | 'app'
  to: string
  participant: string | null
  author: string | null
  body: string
  type: string
  hasMedia: boolean
  media: ApiMedia | null
  ack: AckValue
  ackName: (typeof ACK_NAMES)[AckValue]
  location: { latitude: string; longitude: string; description: string | null } | null
  vCards: string[]
  replyTo: { id: string; participant: string | null; body: string; _data: unknown } | null
  pushName: string | null
  /** 1:1 chats: the other person's LID / phone number (<n>@c.us); null in groups or while unknown. */
  chatLid: string | null
  chatPn: string | null
  /** The author's LID / phone number (the group member in groups; the instance for own messages). */
  authorLid: string | null
  authorPn: string | null
  _data: unknown
}

export interface MapContext {
  /** The instance's own user JID (any form). */
  me: string
  /** Ids of messages this API sent (source "api"); everything else fromMe is "app". */
  sentByApi?: (id: string) => boolean
  /** Where downloaded media of a message is served, if it has been downloaded. */
  mediaUrl?: (key: proto.IMessageKey) => string | null
  /** The store's LID<->phone graph: both spellings of a person (Baileys JID in), to fill what the key does not say. */
  identity?: (jid: string) => { lid: string | null; pn: string | null }
  /** The instance's own LID (any form), for authorLid of own messages. */
  meLid?: string | null
}

/**
 * Both API spellings of one person from the JIDs that name them (a key's jid and its *Alt), completed from the
 * store's graph: { lid: <n>@lid | null, pn: <n>@c.us | null }. Anything else (groups, channels) gives nulls.
 */
export function personIds(jids: (string | null | undefined)[], ctx: Pick<MapContext, 'identity'>): { lid: string | null; pn: string | null } {
  let lid: string | null = null
  let pn: string | null = null
  for (const j of jids) {
    const id = toApiChatId(j)
    if (id.endsWith('@lid')) lid ??= id
    else if (id.endsWith('@c.us')) pn ??= id
  }
  if ((lid === null) !== (pn === null) && ctx.identity) {
    const known = ctx.identity(lid ?? pn!.replace('@c.us', '@s.whatsapp.net'))
    lid ??= known.lid ? toApiChatId(known.lid) : null
    pn ??= known.pn ? toApiChatId(known.pn) : null
  }
  return { lid, pn }
}

/** Message content types that carry a file. */
export const MEDIA = ['imageMessage', 'videoMessage', 'audioMessage', 'documentMessage', 'stickerMessage', 'ptvMessage'] as const

export function typeOf(content: proto.IMessage | undefined): string {
  const t = content ? getContentType(content) : undefined
  switch (t) {
    case 'conversation':
    case 'extendedTextMessage':
      return 'chat'
    case 'imageMessage':
      return 'image'
    case 'videoMessage':
    case 'ptvMessage':
      return 'video'
    case 'audioMessage':
      return content?.audioMessage?.ptt ? 'ptt' : 'audio'
    case 'documentMessage':
      return 'document'
    case 'stickerMessage':
      return 'sticker'
    case 'locationMessage':
    case 'liveLocationMessage':
      return 'location'
    case 'contactMessage':
      return 'vcard'
    case 'contactsArrayMessage':
      return 'multi_vcard'
    case 'pollCreationMessage':
    case 'pollCreationMessageV2':
    case 'pollCreationMessageV3':
      return 'poll_creation'
    case 'reactionMessage':
      return 'reaction'
    case 'eventMessage':
      return 'event'
    case 'listMessage':
      return 'list'
    case 'protocolMessage':
      return content?.protocolMessage?.type === proto.Message.ProtocolMessage.Type.REVOKE ? 'revoked' : 'protocol'
    case undefined:
      return 'unknown'
    default:
      return t.replace(/Message$/, '')
  }
}

/** The human-readable text of a message: its text, caption, emoji, poll question, place name... */
export function bodyOf(c: proto.IMessage | undefined): string {
  if (!c) return ''
  return (
    c.conversation ?? c.extendedTextMessage?.text ?? c.imageMessage?.caption ?? c.videoMessage?.caption ?? c.documentMessage?.caption ??
    c.reactionMessage?.text ?? c.pollCreationMessageV3?.name ?? c.pollCreationMessage?.name ?? c.pollCreationMessageV2?.name ??
    c.eventMessage?.name ?? c.listMessage?.description ?? c.locationMessage?.name ?? c.contactMessage?.displayName ??
    c.editedMessage?.message?.protocolMessage?.editedMessage?.conversation ?? c.protocolMessage?.editedMessage?.conversation ??
    c.protocolMessage?.editedMessage?.extendedTextMessage?.text ?? ''
  )
}

function contextOf(c: proto.IMessage | undefined): proto.IContextInfo | undefined {
  if (!c) return undefined
  const t = getContentType(c)
  const inner = t ? (c as Record<string, unknown>)[t] : undefined
  return inner && typeof inner === 'object' && 'contextInfo' in inner ? ((inner as { contextInfo?: proto.IContextInfo }).contextInfo ?? undefined) : undefined
}

export const messageToJson = (m: WAMessage): unknown => proto.WebMessageInfo.toObject(proto.WebMessageInfo.fromObject(m), { longs: Number, bytes: String, enums: String })

export function toApiMessage(m: WAMessage, ctx: MapContext): ApiMessage {
  const content = normalizeMessageContent(m.message)
  const key = m.key
  const chat = toApiChatId(key.remoteJid)
  const me = toApiChatId(ctx.me)
  const isGroupish = chat.endsWith('@g.us') || chat === 'status@broadcast' || chat.endsWith('@newsletter')
  const participant = isGroupish ? toApiChatId(key.participant ?? m.participant) || null : null
  const fromMe = !!key.fromMe
  const from = fromMe ? me : isGroupish ? chat : chat
  const to = fromMe ? chat : isGroupish ? chat : me
  const mediaType = content ? MEDIA.find((t) => content[t]) : undefined
  const media = mediaType ? (content![mediaType] as { mimetype?: string | null; fileName?: string | null }) : undefined
  const loc = content?.locationMessage ?? content?.liveLocationMessage
  const ctxInfo = contextOf(content)
  const vCards = [
    ...(content?.contactMessage?.vcard ? [content.contactMessage.vcard] : []),
    ...(content?.contactsArrayMessage?.contacts ?? []).map((c) => c.vcard ?? '').filter(Boolean)
  ]
  const ack = ackOf(m.status)
  const mediaUrl = mediaType ? (ctx.mediaUrl?.(key) ?? null) : null
  const chatIds = isGroupish ? { lid: null, pn: null } : personIds([key.remoteJid, key.remoteJidAlt], ctx)
  const authorIds = fromMe
    ? personIds([ctx.me, ctx.meLid], ctx)
    : isGroupish
      ? personIds([key.participant ?? m.participant, key.participantAlt], ctx)
      : chatIds
  return {
    id: serializeMessageId(key),
    timestamp: Number(m.messageTimestamp ?? 0),
    from,
    fromMe,
    source: fromMe && key.id && ctx.sentByApi?.(key.id) ? 'api' : 'app',
    to,
    participant,
    author: participant ?? (fromMe ? me : chat),
    body: bodyOf(content),
    type: typeOf(content),
    hasMedia: !!mediaType,
    media: mediaType
      ? { url: mediaUrl, mimetype: media?.mimetype ?? null, filename: media?.fileName ?? null, error: mediaUrl ? null : 'not downloaded' }
      : null,
    ack,
    ackName: ACK_NAMES[ack],
    location: loc
      ? { latitude: String(loc.degreesLatitude ?? ''), longitude: String(loc.degreesLongitude ?? ''), description: content?.locationMessage ? (content.locationMessage.name ?? content.locationMessage.address ?? null) : (content?.liveLocationMessage?.caption ?? null) }
      : null,
    vCards,
    replyTo: ctxInfo?.stanzaId
      ? {
          id: ctxInfo.stanzaId,
          participant: ctxInfo.participant ? toApiChatId(ctxInfo.participant) : null,
          body: bodyOf(normalizeMessageContent(ctxInfo.quotedMessage ?? undefined)),
          _data: ctxInfo.quotedMessage ? proto.Message.toObject(proto.Message.fromObject(ctxInfo.quotedMessage), { longs: Number, bytes: String }) : null
        }
      : null,
    pushName: m.pushName ?? null,
    chatLid: chatIds.lid,
    chatPn: chatIds.pn,
    authorLid: authorIds.lid,
    authorPn: authorIds.pn,
    _data: messageToJson(m)
  }
}

/** A whatsapp-web.js Wid: `15550000002@c.us` -> {server: "c.us", user: "15550000002", _serialized}. */
export function toWid(id: string): { server: string; user: string; _serialized: string } {
  const at = id.lastIndexOf('@')
  return { server: at < 0 ? '' : id.slice(at + 1), user: at < 0 ? id : id.slice(0, at), _serialized: id }
}
