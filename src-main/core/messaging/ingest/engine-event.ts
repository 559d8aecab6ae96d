// engine.event: the raw engine events, for debugging receivers. Credentials updates are never sent (they carry
// keys); history sync batches are summarised as counts (they can be megabytes).
import type { BaileysEventMap } from '@whiskeysockets/baileys'
import { encodeRaw } from '../store/raw-json.js'
import type { EngineEventPayload } from '../events/schemas.js'

const NEVER = new Set<string>(['creds.update'])

export function engineEvents(events: Partial<BaileysEventMap>): EngineEventPayload[] {
  const out: EngineEventPayload[] = []
  for (const [name, data] of Object.entries(events)) {
    if (NEVER.has(name) || data === undefined) continue
    if (name === 'messaging-history.set') {
      const h = data as BaileysEventMap['messaging-history.set']
      out.push({ event: name, data: { chats: h.chats.length, contacts: h.contacts.length, messages: h.messages.length, isLatest: h.isLatest ?? null, progress: h.progress ?? null, syncType: h.syncType ?? null } })
      continue
    }
    if (name === 'connection.update') {
      const { qr: _qr, ...rest } = data as BaileysEventMap['connection.update']
      out.push({ event: name, data: JSON.parse(encodeRaw({ ...rest, lastDisconnect: rest.lastDisconnect ? { error: String(rest.lastDisconnect.error?.message ?? ''), date: rest.lastDisconnect.date } : undefined })) })
      continue
    }
    // Plain JSON (buffers as base64 objects), without functions (e.g. chats.update's `conditional`).
    out.push({ event: name, data: JSON.parse(encodeRaw(data)) as unknown })
  }
  return out
}
