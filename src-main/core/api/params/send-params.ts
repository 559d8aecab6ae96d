// Reading send parameters from the merged request input (request-params.ts already nested bracket and dotted keys
// and dropped "null" strings): loose scalars, JSON text, chat and message ids, required-ness. The API boundary
// only: the send pipeline behind it takes typed commands (messaging/send/send-command.ts).
import { coreErrors } from '../../domain/core-errors.js'
import { parseMessageId, toWaJid, type ParsedMessageId } from '../../messaging/chat-ids.js'
import { isPlainObject, looseBoolean, type Params } from '../request-params.js'

/** Names every absent required parameter at once (in the order given: clients read details.missing[0]). */
export function requireAll(present: Record<string, unknown>): void {
  const missing = Object.entries(present)
    .filter(([, v]) => v === undefined || v === null || v === '')
    .map(([k]) => k)
  if (missing.length) throw coreErrors.missingParam(missing)
}

export const isAbsent = (v: unknown): boolean =>
  v === undefined || v === null || v === 'null' || (typeof v === 'string' && v.trim() === '')

/** A string parameter (numbers accepted); repeated query keys take the last value. */
export function str(p: Params, name: string): string | undefined {
  let v = p[name]
  if (Array.isArray(v) && v.every((x) => typeof x === 'string')) v = v[v.length - 1]
  if (typeof v === 'number' || typeof v === 'boolean') return String(v)
  if (typeof v !== 'string') return undefined
  return v === 'null' ? undefined : v
}

/** Like str() but keeps the text exactly (message bodies: spacing and markdown matter). */
export function text(p: Params, name: string): string | undefined {
  const v = str(p, name)
  return v === undefined || v === '' ? undefined : v
}

export function bool(p: Params, name: string, fallback = false): boolean {
  const v = p[name]
  if (isAbsent(v)) return fallback
  const b = looseBoolean(Array.isArray(v) ? v[v.length - 1] : v)
  if (b === undefined) throw coreErrors.invalidParam(name, 'expected true or false')
  return b
}

export function num(p: Params, name: string): number | undefined {
  const v = p[name]
  if (isAbsent(v)) return undefined
  const n = typeof v === 'number' ? v : Number(String(v).trim())
  if (!Number.isFinite(n)) throw coreErrors.invalidParam(name, 'expected a number')
  return n
}

/** A nested object parameter, also accepted as JSON text (`poll={"name":...}` in a query). */
export function obj(p: Params, name: string): Params | undefined {
  const v = jsonText(p[name])
  if (isAbsent(v)) return undefined
  if (!isPlainObject(v)) throw coreErrors.invalidParam(name, 'expected an object (nested keys, bracket keys, dotted keys or JSON text)')
  return v
}

/** An array parameter: a real array, JSON text, an object with "0","1"... keys (bracket form), or one value. */
export function list(p: Params, name: string): unknown[] | undefined {
  const v = jsonText(p[name])
  if (v === undefined || v === null || v === '') return undefined
  if (Array.isArray(v)) return v
  if (isPlainObject(v) && Object.keys(v).every((k) => /^\d+$/.test(k))) {
    return Object.keys(v)
      .sort((a, b) => Number(a) - Number(b))
      .map((k) => (v as Params)[k])
  }
  return [v]
}

/** JSON text (starting with { or [) parsed; anything else as it is. */
export function jsonText(v: unknown): unknown {
  if (typeof v !== 'string') return v
  const t = v.trim()
  if (!(t.startsWith('{') || t.startsWith('['))) return v
  try {
    return JSON.parse(t) as unknown
  } catch {
    return v
  }
}

/** The chat a send goes to, as the client spelled it (chatId, or chat_id). */
export const rawChatId = (p: Params): string | undefined => str(p, 'chatId') ?? str(p, 'chat_id')

/** The chat a send goes to, as a Baileys JID. */
export function chatJid(p: Params): string {
  const raw = rawChatId(p)
  if (raw === undefined || raw.trim() === '') throw coreErrors.missingParam(['chatId'])
  return toWaJid(raw)
}

/** reply_to (or WAHA's reply_to / quotedMessageId): a serialized id, or a bare id of a message of this chat. */
export function replyTo(p: Params, chatId: string): ParsedMessageId | undefined {
  const raw = str(p, 'reply_to') ?? str(p, 'quotedMessageId')
  if (raw === undefined || raw.trim() === '' || raw === 'null') return undefined
  return parseMessageId(raw.trim(), chatId)
}
