// Chat and message ids as the v2 API speaks them (WAHA style: <number>@c.us, serialized message ids
// "{fromMe}_{chatId}_{id}[_{participant}]") and as Baileys speaks them (<number>@s.whatsapp.net, message keys).
import { jidDecode, jidNormalizedUser, type WAMessageKey } from '../engine/wa-wire.js'
import { DomainError } from '../domain/errors.js'

export class ChatIdError extends DomainError {}

const USER_SERVERS = new Set(['s.whatsapp.net', 'c.us'])

/**
 * Recent answers of toApiChatId. A page of messages asks for the same few JIDs (chat, own, author) several times per
 * message, and Baileys' jidDecode was most of a page's shaping time; a pure function of the string, so a bounded
 * memo (dropped whole when full) changes no answer.
 */
const API_CHAT_IDS = new Map<string, string>()
const API_CHAT_IDS_MAX = 4096

/** Baileys JID -> API chat id: users as <number>@c.us (device dropped); groups, LIDs, channels, broadcasts as they are. */
export function toApiChatId(jid: string | null | undefined): string {
  if (!jid) return ''
  let id = API_CHAT_IDS.get(jid)
  if (id === undefined) {
    if (API_CHAT_IDS.size >= API_CHAT_IDS_MAX) API_CHAT_IDS.clear()
    API_CHAT_IDS.set(jid, (id = decodeApiChatId(jid)))
  }
  return id
}

function decodeApiChatId(jid: string): string {
  const d = jidDecode(jid)
  if (!d?.user) return jid
  if (USER_SERVERS.has(d.server)) return `${d.user}@c.us`
  if (d.server === 'lid') return `${d.user}@lid`
  return `${d.user}@${d.server}`
}

/**
 * API input -> Baileys JID. Accepts bare digits (with +, spaces, dashes or parentheses, which are removed),
 * <number>@c.us, <number>@s.whatsapp.net, @g.us, @lid, @newsletter and status@broadcast.
 */
export function toWaJid(input: string): string {
  const raw = String(input ?? '').trim()
  if (!raw) throw new ChatIdError('invalid_chat_id', 'chatId is empty', { missing: ['chatId'] })
  if (raw === 'status@broadcast') return raw
  const at = raw.indexOf('@')
  if (at < 0) {
    const digits = raw.replace(/[\s+\-().]/g, '')
    if (!/^[0-9]{5,20}$/.test(digits)) throw invalid(raw)
    return `${digits}@s.whatsapp.net`
  }
  const user = raw.slice(0, at).replace(/[\s+\-()]/g, '')
  const server = raw.slice(at + 1).toLowerCase()
  if (!user) throw invalid(raw)
  switch (server) {
    case 'c.us':
    case 's.whatsapp.net':
      if (!/^[0-9]{5,20}(:[0-9]+)?$/.test(user)) throw invalid(raw)
      return jidNormalizedUser(`${user}@s.whatsapp.net`)
    case 'g.us':
      if (!/^[0-9]+(-[0-9]+)?$/.test(user)) throw invalid(raw)
      return `${user}@g.us`
    case 'lid':
    case 'newsletter':
      if (!/^[0-9]+(:[0-9]+)?$/.test(user)) throw invalid(raw)
      return `${user}@${server}`
    default:
      throw invalid(raw)
  }
}

const invalid = (raw: string) =>
  new ChatIdError('invalid_chat_id', `"${raw}" is not a chat id`, {
    recommendation: 'Use digits with the country code (e.g. 15551234567), <number>@c.us, or a group id <number>@g.us'
  })

export interface ParsedMessageId {
  fromMe: boolean
  remoteJid: string
  id: string
  participant?: string
}

/** "{fromMe}_{chatId}_{id}[_{participant}]", WAHA's serialization of a message key. */
export function serializeMessageId(key: Pick<WAMessageKey, 'fromMe' | 'remoteJid' | 'id' | 'participant'>): string {
  const base = `${key.fromMe ? 'true' : 'false'}_${toApiChatId(key.remoteJid)}_${key.id ?? ''}`
  return key.participant ? `${base}_${toApiChatId(key.participant)}` : base
}

/** Parses a serialized id; a bare message id needs the chat it belongs to. */
export function parseMessageId(value: string, chatId?: string): ParsedMessageId {
  const raw = String(value ?? '').trim()
  const m = /^(true|false)_([^_]+@[^_]+)_([^_]+)(?:_([^_]+@[^_]+))?$/.exec(raw)
  if (m) {
    return { fromMe: m[1] === 'true', remoteJid: toWaJid(m[2]!), id: m[3]!, ...(m[4] ? { participant: toWaJid(m[4]) } : {}) }
  }
  if (/^[A-Za-z0-9]{6,64}$/.test(raw) && chatId) return { fromMe: false, remoteJid: toWaJid(chatId), id: raw }
  throw new ChatIdError('invalid_message_id', `"${raw}" is not a message id`, {
    recommendation: 'Use the serialized id from a send response or webhook, e.g. false_15551234567@c.us_3EB0ABCDEF'
  })
}
