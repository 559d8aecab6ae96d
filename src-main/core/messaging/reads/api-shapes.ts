// Stored rows -> the v2 API's objects: messages through the shared mapper (toApiMessage) with the store's
// current state laid over the raw message (ack, edits, revokes, stars, reactions, downloaded media URL),
// chats (WAHA chat summary + flags), contacts (the spec's fields plus WAHA's) and LID pairs.
import type { Db } from '../../db/connection.js'
import { toApiChatId } from '../chat-ids.js'
import { ACK_NAMES, toApiMessage, type AckValue, type ApiMessage, type MapContext } from '../message-mapper.js'
import { identityOf, listReactions, type StoredChat, type StoredContact, type StoredMessage, type StoredReaction } from '../store/index.js'

export interface MessageShapeContext {
  db: Db
  instanceId: string
  /** Own user JID (any form); '' before the first pairing. */
  me: string
  /** Served URL of the message's downloaded media, or null. */
  mediaUrl: (m: StoredMessage) => string | null
  /** Why a media URL is missing (a failed download), per message pk. */
  mediaError?: (m: StoredMessage) => string | null
  sentByApi?: (id: string) => boolean
  /** LID/PN of a JID; default one store lookup per call (a page of messages passes a memo: senders repeat). */
  identity?: (jid: string) => { lid: string | null; pn: string | null }
  /** Reactions to the message; default one query per message (a page passes one query's answer). */
  reactions?: (m: StoredMessage) => StoredReaction[]
  /**
   * The mapper's context, built once for a page (readMessages); by default one per message. It never carries a media
   * URL: the store's media state is laid over the mapped message below.
   */
  mapContext?: MapContext
}

/** The mapper's context of a shape context (me, sentByApi, identity; no mediaUrl: see toApiStoredMessage). */
export const mapContextOf = (c: MessageShapeContext): MapContext => ({
  me: c.me,
  sentByApi: c.sentByApi,
  identity: c.identity ?? ((jid) => identityOf(c.db, c.instanceId, jid))
})

export type ApiStoredMessage = ApiMessage & {
  isEdited: boolean
  isStarred: boolean
  reactions: { text: string; senderId: string; timestamp: number }[]
}

export function toApiStoredMessage(m: StoredMessage, c: MessageShapeContext): ApiStoredMessage {
  const url = m.hasMedia ? c.mediaUrl(m) : null
  // Mapped without a media URL: url and error are both replaced below, from the store's state.
  const api = toApiMessage(m.message, c.mapContext ?? mapContextOf(c))
  const ack = (Math.max(-1, Math.min(4, m.ack)) as AckValue)
  const revoked = m.revokedAt !== null
  const mediaError = url ? null : (c.mediaError?.(m) ?? 'not downloaded: read with downloadMedia=true')
  // Every field written out, in the mapper's order, rather than `{ ...api, body, ... }`: spreading a message of 23
  // fields and overriding some produced a slow (dictionary) object, most of the shaping's CPU and garbage.
  return {
    id: api.id,
    timestamp: api.timestamp,
    from: api.from,
    fromMe: api.fromMe,
    source: api.source,
    to: api.to,
    participant: api.participant,
    author: api.author,
    // The store has the current state; the raw message may predate edits, acks and revokes.
    body: revoked ? '' : m.body,
    type: revoked ? 'revoked' : api.type,
    hasMedia: revoked ? false : api.hasMedia,
    media:
      revoked || !api.media
        ? null
        : { url, mimetype: api.media.mimetype ?? m.media?.mimetype ?? null, filename: api.media.filename, error: mediaError },
    ack,
    ackName: ACK_NAMES[ack],
    location: api.location,
    vCards: api.vCards,
    replyTo: api.replyTo,
    pushName: api.pushName,
    chatLid: api.chatLid,
    chatPn: api.chatPn,
    authorLid: api.authorLid,
    authorPn: api.authorPn,
    _data: api._data,
    isEdited: m.editedAt !== null,
    isStarred: m.starred,
    reactions: apiReactions(m, c.reactions ? c.reactions(m) : listReactions(c.db, c.instanceId, m.id))
  }
}

/** The message's reactions in its own chat (a plain loop: most messages have none, and this runs per message). */
function apiReactions(m: StoredMessage, list: readonly StoredReaction[]): ApiStoredMessage['reactions'] {
  const out: ApiStoredMessage['reactions'] = []
  for (const r of list) if (r.chatId === m.chatId) out.push({ text: r.text, senderId: toApiChatId(r.sender), timestamp: r.timestamp })
  return out
}

export const isGroupChat = (jid: string) => jid.endsWith('@g.us')

/** Display name of a chat: group subject / saved name / push name / verified business name. */
export function chatName(chat: StoredChat, contact: StoredContact | undefined): string | null {
  return chat.name ?? contact?.name ?? contact?.notify ?? contact?.verifiedName ?? null
}

export interface ApiChat {
  id: string
  name: string | null
  isGroup: boolean
  unreadCount: number
  timestamp: number
  conversationTimestamp: number
  archived: boolean
  pinned: boolean
  isMuted: boolean
  muteExpiration: number | null
  markedUnread: boolean
}

export function toApiChat(chat: StoredChat, contact: StoredContact | undefined, nowSeconds: number): ApiChat {
  const muted = chat.mutedUntil !== null && (chat.mutedUntil === -1 || chat.mutedUntil > nowSeconds)
  return {
    id: toApiChatId(chat.chatId),
    name: chatName(chat, contact),
    isGroup: isGroupChat(chat.chatId),
    unreadCount: chat.unreadCount,
    timestamp: chat.lastMessageAt,
    conversationTimestamp: chat.lastMessageAt,
    archived: chat.archived,
    pinned: chat.pinnedAt !== null,
    isMuted: muted,
    muteExpiration: muted ? chat.mutedUntil : null,
    markedUnread: chat.markedUnread
  }
}

export interface ApiContact {
  id: string
  number: string
  name: string | null
  pushname: string | null
  shortName: string | null
  verifiedName: string | null
  isBusiness: boolean
  isEnterprise: boolean
  isMe: boolean
  isGroup: boolean
  isWAContact: boolean
  isMyContact: boolean
  lid: string | null
}

export function toApiContact(c: StoredContact, meJid: string): ApiContact {
  const id = toApiChatId(c.jid)
  const number = id.endsWith('@c.us') ? id.slice(0, -'@c.us'.length) : ''
  return {
    id,
    number,
    name: c.name,
    pushname: c.notify,
    shortName: c.name ? (c.name.split(/\s+/)[0] ?? null) : null,
    verifiedName: c.verifiedName,
    isBusiness: c.isBusiness,
    isEnterprise: c.isEnterprise,
    isMe: !!meJid && toApiChatId(meJid) === id,
    isGroup: false,
    isWAContact: true,
    isMyContact: c.name !== null,
    lid: c.lid ? toApiChatId(c.lid) : null
  }
}
