// Pure builders of webhook payloads from engine data (keys already canonical, see store/jids.ts). Message
// objects go through THE shared mapper (toApiMessage) so webhooks, reads and send answers agree.
import type { proto, WAMessage, WAMessageKey } from '../../engine/wa-wire.js'
import { serializeMessageId, toApiChatId } from '../chat-ids.js'
import { ACK_NAMES, ackOf, personIds, toApiMessage, type AckValue, type MapContext } from '../message-mapper.js'
import type { LidMappingChange } from '../store/jids.js'
import type { StoredLabel } from '../store/labels-repo.js'
import type { RekeyResult } from '../store/rekey.js'
import { labelColorHex } from '../store/labels-repo.js'
import type * as S from './schemas.js'

export interface PayloadContext {
  /** The instance's own user JID (Baileys form). */
  me: string
  /** Whether an own message was sent through this API (source "api"); PART E's outbound table answers it. */
  sentByApi: (messageId: string) => boolean
  /** URL of downloaded media, if any. */
  mediaUrl?: MapContext['mediaUrl']
  /** The store's LID<->phone graph and the instance's own LID (chatLid/chatPn, authorLid/authorPn). */
  identity?: MapContext['identity']
  meLid?: string | null
}

const api = (jid: string | null | undefined): string => toApiChatId(jid)
const isGroupish = (chat: string) => chat.endsWith('@g.us') || chat === 'status@broadcast' || chat.endsWith('@newsletter')

export function messagePayload(m: WAMessage, ctx: PayloadContext): S.MessagePayload {
  return toApiMessage(m, {
    me: ctx.me,
    sentByApi: ctx.sentByApi,
    meLid: ctx.meLid ?? null,
    ...(ctx.mediaUrl ? { mediaUrl: ctx.mediaUrl } : {}),
    ...(ctx.identity ? { identity: ctx.identity } : {})
  })
}

/** from/to/participant of a key, WAHA style. */
function route(key: WAMessageKey, ctx: PayloadContext): { from: string; to: string; participant: string | null; chatId: string } {
  const chatId = api(key.remoteJid)
  const me = api(ctx.me)
  const participant = isGroupish(chatId) ? api(key.participant) || null : null
  if (key.fromMe) return { from: me, to: chatId, participant, chatId }
  return { from: chatId, to: isGroupish(chatId) ? chatId : me, participant, chatId }
}

export function ackPayload(key: WAMessageKey, ack: number, at: number, ctx: PayloadContext, participant: string | null = null): S.AckPayload {
  const r = route(key, ctx)
  const value = Math.max(-1, Math.min(4, ack)) as AckValue
  const chat = isGroupish(r.chatId) ? { lid: null, pn: null } : personIds([key.remoteJid, key.remoteJidAlt], ctx)
  return {
    id: serializeMessageId(key),
    from: r.from,
    to: r.to,
    participant: participant ? api(participant) : r.participant,
    fromMe: !!key.fromMe,
    ack: value,
    ackName: ACK_NAMES[value],
    chatId: r.chatId,
    chatLid: chat.lid,
    chatPn: chat.pn,
    timestamp: at
  }
}

export function groupAckPayload(key: WAMessageKey, participant: string, ack: number, at: number): S.GroupAckPayload {
  const value = Math.max(-1, Math.min(4, ack)) as AckValue
  return { id: serializeMessageId(key), chatId: api(key.remoteJid), participant: api(participant), fromMe: !!key.fromMe, ack: value, ackName: ACK_NAMES[value], timestamp: at }
}

export { ackOf }

export function reactionPayload(target: WAMessageKey, reactionKey: WAMessageKey, sender: string, text: string, at: number, ctx: PayloadContext): S.ReactionPayload {
  const r = route(reactionKey, ctx)
  const messageId = serializeMessageId(target)
  return {
    id: serializeMessageId(reactionKey),
    from: r.from,
    fromMe: !!reactionKey.fromMe,
    participant: r.participant,
    to: r.to,
    timestamp: at,
    reaction: { text, messageId },
    senderId: api(sender),
    messageId,
    chatId: r.chatId
  }
}

export function revokedPayload(
  revokedKey: WAMessageKey,
  revokedBy: string,
  at: number,
  before: WAMessage | null,
  ctx: PayloadContext
): S.RevokedPayload {
  const id = serializeMessageId(revokedKey)
  const beforeApi = before ? messagePayload(before, ctx) : null
  const after = before ? { ...beforeApi!, body: '', type: 'revoked', hasMedia: false, media: null, location: null, vCards: [], _data: null } : null
  return { id, revokedMessageId: id, revokedBy: api(revokedBy), chatId: api(revokedKey.remoteJid), timestamp: at, before: beforeApi, after }
}

export function editedPayload(edited: WAMessage, prevBody: string | null, ctx: PayloadContext): S.EditedPayload {
  const m = messagePayload(edited, ctx)
  return { ...m, editedMessageId: m.id, newBody: m.body, prevBody }
}

export function pollVotePayload(
  voteKey: WAMessageKey,
  pollKey: WAMessageKey,
  selectedOptions: string[],
  at: number,
  ctx: PayloadContext,
  error?: string
): S.PollVotePayload {
  const v = route(voteKey, ctx)
  const p = route(pollKey, ctx)
  return {
    vote: {
      id: serializeMessageId(voteKey),
      to: v.to,
      from: v.participant ?? v.from,
      fromMe: !!voteKey.fromMe,
      selectedOptions,
      timestamp: at
    },
    poll: { id: serializeMessageId(pollKey), to: p.to, from: p.participant ?? p.from, fromMe: !!pollKey.fromMe },
    chatId: v.chatId,
    ...(error ? { error } : {})
  }
}

const RESPONSES = { 0: 'UNKNOWN', 1: 'GOING', 2: 'NOT_GOING', 3: 'MAYBE' } as const
export type EventResponseName = (typeof RESPONSES)[keyof typeof RESPONSES]

export const responseName = (value: proto.Message.EventResponseMessage.EventResponseType | null | undefined): EventResponseName =>
  RESPONSES[(value ?? 0) as keyof typeof RESPONSES] ?? 'UNKNOWN'

export function eventResponsePayload(
  responseKey: WAMessageKey,
  eventKey: WAMessageKey,
  response: EventResponseName | null,
  extraGuestCount: number,
  at: number,
  ctx: PayloadContext,
  error?: string
): S.EventResponsePayload {
  const r = route(responseKey, ctx)
  return {
    id: serializeMessageId(responseKey),
    timestamp: at,
    from: r.from,
    fromMe: !!responseKey.fromMe,
    participant: r.participant,
    chatId: r.chatId,
    eventMessageId: serializeMessageId(eventKey),
    response,
    extraGuestCount,
    ...(error ? { error } : {})
  }
}

const PRESENCE = { available: 'online', unavailable: 'offline', composing: 'typing', recording: 'recording', paused: 'paused' } as const

export function presencePayload(chatJid: string, presences: Record<string, { lastKnownPresence: string; lastSeen?: number }>): S.PresencePayload {
  const chatId = api(chatJid)
  return {
    id: chatId,
    chatId,
    presences: Object.entries(presences).map(([participant, p]) => ({
      participant: api(participant),
      lastKnownPresence: PRESENCE[p.lastKnownPresence as keyof typeof PRESENCE] ?? 'offline',
      lastSeen: p.lastSeen ?? null
    }))
  }
}

export interface ParticipantInfo {
  id: string
  lid: string | null
  role: string
}

export function groupParticipantsPayload(
  groupJid: string,
  subject: string | null,
  type: S.GroupParticipantsPayload['type'],
  people: ParticipantInfo[],
  by: string | null,
  me: string,
  at: number
): S.GroupParticipantsPayload {
  const ids = people.map((p) => api(p.id))
  return {
    chatId: api(groupJid),
    group: { id: api(groupJid), subject },
    type,
    participants: ids,
    participantsDetails: people.map((p) => ({ id: api(p.id), lid: p.lid, role: p.role })),
    by: by ? api(by) : null,
    isMe: ids.includes(api(me)),
    timestamp: at
  }
}

export function groupUpdatePayload(
  group: { id: string; subject: string | null; description: string | null; announce: boolean | null; restrict: boolean | null },
  changed: string[],
  by: string | null,
  at: number
): S.GroupUpdatePayload {
  const chatId = api(group.id)
  return {
    chatId,
    group: { id: chatId, subject: group.subject, description: group.description, announce: group.announce, restrict: group.restrict },
    changed,
    by: by ? api(by) : null,
    timestamp: at
  }
}

export const chatArchivePayload = (chatJid: string, archived: boolean, at: number): S.ChatArchivePayload => ({
  id: api(chatJid),
  chatId: api(chatJid),
  archived,
  timestamp: at
})

export const callPayload = (c: { id: string; from: string; chatId: string; date: Date; isVideo?: boolean; isGroup?: boolean; status: string }): S.CallPayload => ({
  id: c.id,
  from: api(c.from),
  chatId: api(c.chatId),
  timestamp: Math.floor(c.date.getTime() / 1000),
  isVideo: !!c.isVideo,
  isGroup: !!c.isGroup,
  status: c.status
})

export const labelPayload = (l: StoredLabel): S.LabelPayload => ({ id: l.id, name: l.name, color: l.color, colorHex: labelColorHex(l.color) })

export const labelChatPayload = (labelId: string, label: StoredLabel | undefined, chatJid: string): S.LabelChatPayload => ({
  labelId,
  label: label ? labelPayload(label) : null,
  chatId: api(chatJid)
})

export const lidMappedPayload = (
  change: LidMappingChange,
  merge: RekeyResult,
  source: S.LidMappedPayload['source'],
  at: number
): S.LidMappedPayload => ({
  lid: api(change.lid),
  pn: api(change.pn),
  chatId: api(change.pn),
  previousPn: change.previous ? api(change.previous) : null,
  mergedChat: merge.mergedChat,
  movedMessages: merge.movedMessages,
  source,
  timestamp: at
})
