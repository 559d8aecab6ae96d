// Signals that are not stored: presence/typing (presence.update) and calls (call.received / .accepted /
// .rejected). Calls are deduplicated per (call id, status) for the life of the process: the engine may
// re-announce an offer after a reconnect. presenceUpdated() is the domain event of a presence batch, published
// by the ingestor whether or not the outbox rows committed (the trackers need it, nothing is stored).
import type { BaileysEventMap, WACallEvent } from '@whiskeysockets/baileys'
import type { PresenceUpdatedEvent } from '../../domain/events.js'
import { callPayload, presencePayload } from '../events/payloads.js'
import { canonicalJid } from '../store/jids.js'
import type { IngestContext } from './context.js'

export function ingestPresence(ctx: IngestContext, p: BaileysEventMap['presence.update']): void {
  const chat = canonicalJid(ctx.db, ctx.instanceId, p.id)
  const presences: Record<string, { lastKnownPresence: string; lastSeen?: number }> = {}
  for (const [who, data] of Object.entries(p.presences)) {
    presences[canonicalJid(ctx.db, ctx.instanceId, who)] = { lastKnownPresence: data.lastKnownPresence, ...(data.lastSeen ? { lastSeen: data.lastSeen } : {}) }
  }
  ctx.emit('presence.update', presencePayload(chat, presences))
}

/** The engine's presence update as a plain domain payload (JIDs as the engine sent them). */
export function presenceUpdated(instanceId: string, p: BaileysEventMap['presence.update']): PresenceUpdatedEvent {
  const presences: PresenceUpdatedEvent['presences'] = {}
  for (const [who, data] of Object.entries(p.presences)) {
    presences[who] = { lastKnownPresence: data.lastKnownPresence, ...(data.lastSeen !== undefined ? { lastSeen: data.lastSeen } : {}) }
  }
  return { instanceId, id: p.id, presences }
}

const CALL_EVENTS = { offer: 'call.received', accept: 'call.accepted', reject: 'call.rejected' } as const

const seenCalls = new Map<string, number>()
const SEEN_MAX = 5000

function firstSeen(key: string): boolean {
  if (seenCalls.has(key)) return false
  seenCalls.set(key, Date.now())
  if (seenCalls.size > SEEN_MAX) seenCalls.delete(seenCalls.keys().next().value!)
  return true
}

export function ingestCalls(ctx: IngestContext, calls: WACallEvent[]): void {
  for (const c of calls) {
    const event = CALL_EVENTS[c.status as keyof typeof CALL_EVENTS]
    if (!event || !firstSeen(`${ctx.instanceId}:${c.id}:${c.status}`)) continue
    const from = canonicalJid(ctx.db, ctx.instanceId, c.from, c.callerPn)
    const chatId = canonicalJid(ctx.db, ctx.instanceId, c.chatId, c.callerPn)
    ctx.emit(event, callPayload({ ...c, from, chatId }))
    ctx.publish('call.received', { callId: c.id, status: c.status as keyof typeof CALL_EVENTS, from, chatId, isGroup: !!c.isGroup, isVideo: !!c.isVideo })
  }
}
