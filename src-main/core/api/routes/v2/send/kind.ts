// What one send kind declares (path, methods, documented parameters, how to prepare the message) and the
// helpers kinds share. routes.ts registers every kind the same way (table-driven).
import { Type, type TSchema } from '@sinclair/typebox'
import { generateWAMessageFromContent, type AnyMessageContent, type BinaryNode, type MiscMessageGenerationOptions, type proto } from '@whiskeysockets/baileys'
import type { ParsedMessageId } from '../../../../messaging/chat-ids.js'
import type { Dispatch, SendService } from '../../../../messaging/send/send-service.js'
import type { Params } from '../../../request-params.js'

export type SendMethod = 'GET' | 'POST' | 'PUT'

export interface PrepareContext {
  instanceId: string
  sender: SendService
}

export interface PreparedSend {
  chatJid: string
  replyTo?: ParsedMessageId
  dispatch: Dispatch
}

export interface SendKind {
  /** Kept on the outbound row. */
  kind: string
  path: string
  methods: SendMethod[]
  summary: string
  description: string
  /** Documented parameters (validation is the kind's own: it names every missing parameter at once). */
  params: Record<string, TSchema>
  /** Media kinds take large bodies (base64 files). */
  media?: boolean
  prepare(p: Params, ctx: PrepareContext): Promise<PreparedSend>
}

/** Sends Baileys content with the pipeline's message id and quote. */
export const sendContent =
  (jid: string, content: AnyMessageContent, extra: MiscMessageGenerationOptions = {}): Dispatch =>
  async (sock, { messageId, quoted }) => {
    const sent = await sock.sendMessage(jid, content, { ...extra, messageId, ...(quoted ? { quoted } : {}) })
    if (!sent) throw new Error('the engine returned no message')
    return sent
  }

/** Relays a raw proto message (kinds Baileys has no content shortcut for: lists, poll votes). */
export const relayRaw =
  (jid: string, message: proto.IMessage, additionalNodes: BinaryNode[] = []): Dispatch =>
  async (sock, { messageId, quoted }) => {
    const full = generateWAMessageFromContent(jid, message, { userJid: sock.user!.id, messageId, ...(quoted ? { quoted } : {}) })
    await sock.relayMessage(jid, full.message!, { messageId, additionalNodes })
    return full
  }

// Documentation schemas: permissive on purpose (Type.Unknown validates nothing), because clients send
// numbers as strings, booleans as "1", objects as bracket keys or JSON text. The kinds validate and name
// what is wrong.
export const param = (type: string, description: string, examples?: unknown[]) =>
  Type.Optional(Type.Unknown({ description: `(${type}) ${description}`, ...(examples ? { examples } : {}) }))

export const CHAT_ID = param('string, required', 'Recipient: <number>@c.us, bare digits (+, spaces removed), <number>@s.whatsapp.net, a group <id>@g.us, <id>@lid or <id>@newsletter', [
  '447441429009@c.us'
])
export const REPLY_TO = param('string', 'Serialized id of the message to reply to (e.g. false_447441429009@c.us_3EB0ABCD); the string "null" means none', [
  'false_447441429009@c.us_AAAAAAAAAAAAAAAAAAAA'
])
export const FILE = param(
  'object',
  'The file: file[url] (http/https; fetched with a timeout and a size cap) or file[data] (base64 or a data: URL), file[mimetype], file[filename]. Accepted as flat bracket keys, a nested object, JSON text, or a top-level url.',
  [{ url: 'https://example.com/cat.jpg', mimetype: 'image/jpeg', filename: 'cat.jpg' }]
)
export const CAPTION = param('string', 'Caption under the media')
