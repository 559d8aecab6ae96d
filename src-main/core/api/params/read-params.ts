// Parameters of the read and chat/message/contact routes, from the merged request input (query ∪ form ∪ JSON):
// chat ids in every accepted spelling, serialized message ids, loose booleans and bounded integers. HTTP-only:
// the read service (messaging/reads/read-service.ts) takes the typed values these produce.
import { coreErrors } from '../../domain/core-errors.js'
import { parseMessageId, toWaJid, type ParsedMessageId } from '../../messaging/chat-ids.js'
import { looseBoolean, stringParam, type Params } from '../request-params.js'

/** The first present key among `names` (aliases), as a trimmed string; missing -> 400 missing_param. */
export function requiredString(input: Params, ...names: string[]): string {
  for (const n of names) {
    const v = stringParam(input, n)
    if (v !== undefined) return v
  }
  throw coreErrors.missingParam([names[0]!])
}

export function optionalString(input: Params, ...names: string[]): string | undefined {
  for (const n of names) {
    const v = stringParam(input, n)
    if (v !== undefined) return v
  }
  return undefined
}

/** A chat id (bare digits, +/spaces, @c.us, @s.whatsapp.net, @g.us, @lid, @newsletter) -> Baileys JID. */
export const chatJidParam = (input: Params, ...names: string[]): string => toWaJid(requiredString(input, ...(names.length ? names : ['chatId'])))

/** A serialized message id (`true_<chat>@c.us_<id>`), or a bare id together with chatId. */
export function messageIdParam(input: Params, chatJid: string | undefined): ParsedMessageId {
  return parseMessageId(requiredString(input, 'messageId', 'message_id', 'id'), chatJid)
}

/** The message an operation names: chatId (optional with a serialized id) + messageId. */
export function messageTargetParam(input: Params): ParsedMessageId {
  const chatParam = optionalString(input, 'chatId', 'chat_id')
  return messageIdParam(input, chatParam === undefined ? undefined : toWaJid(chatParam))
}

export function booleanParam(input: Params, name: string, fallback: boolean): boolean {
  const raw = input[name]
  if (raw === undefined || raw === '' || raw === null) return fallback
  const v = looseBoolean(Array.isArray(raw) ? raw[raw.length - 1] : raw)
  if (v === undefined) throw coreErrors.invalidParam(name, 'expected true or false')
  return v
}

export function integerParam(input: Params, name: string, fallback: number, bounds: { min: number; max: number }): number {
  const s = stringParam(input, name)
  if (s === undefined) return fallback
  if (!/^-?\d+$/.test(s)) throw coreErrors.invalidParam(name, 'expected a whole number')
  const n = Number(s)
  if (n < bounds.min || n > bounds.max) throw coreErrors.invalidParam(name, `expected ${bounds.min} to ${bounds.max}`)
  return n
}

/** A nested parameter object (`filter[fromMe]`, `filter.fromMe`, `{filter:{fromMe}}` all arrive nested). */
export const objectParam = (input: Params, name: string): Params => {
  const v = input[name]
  return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Params) : {}
}

/** `ids` of the chats overview: an array, a comma-separated string, or JSON text (the ids as given, not parsed). */
export function idsParam(input: Params): string[] | undefined {
  const raw = input.ids
  if (raw === undefined) return undefined
  let list: unknown
  try {
    list = Array.isArray(raw) ? raw : String(raw).trim().startsWith('[') ? JSON.parse(String(raw)) : String(raw).split(',')
  } catch {
    throw coreErrors.invalidParam('ids', 'expected an array of chat ids, comma-separated ids or JSON text')
  }
  if (!Array.isArray(list)) throw coreErrors.invalidParam('ids', 'expected an array of chat ids')
  return list.map((v) => String(v).trim()).filter(Boolean)
}
