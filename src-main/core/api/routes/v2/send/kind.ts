// What one send kind declares at the HTTP door: path, methods, documented parameters, and how its wire parameters
// read into a typed send command (messaging/send/send-command.ts). routes.ts registers every kind the same way.
import { Type, type TSchema } from '@sinclair/typebox'
import type { SendCommand } from '../../../../messaging/send/send-command.js'
import type { Params } from '../../../request-params.js'

export type SendMethod = 'GET' | 'POST' | 'PUT'

export interface SendKind {
  /** The command's kind (kept on the outbound row). */
  kind: SendCommand['kind']
  path: string
  methods: SendMethod[]
  summary: string
  description: string
  /** Documented parameters (validation is the kind's own: it names every missing parameter at once). */
  params: Record<string, TSchema>
  /** Media kinds take large bodies (base64 files). */
  media?: boolean
  /** Wire parameters -> the typed command; no I/O (files are read by the pipeline). */
  parse(p: Params): SendCommand
}

/** A kind as its module writes it: the path defaults to /v2/send/<kind>, the methods to GET and POST. */
export type SendKindDef = Omit<SendKind, 'path' | 'methods'> & Partial<Pick<SendKind, 'path' | 'methods'>>

export const sendKind = (def: SendKindDef): SendKind => ({ path: `/v2/send/${def.kind}`, methods: ['GET', 'POST'], ...def })

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

/** The documented parameters of a message to a chat: the recipient first, then the kind's own, then reply_to. */
export const toChat = (own: Record<string, TSchema>): Record<string, TSchema> => ({ chatId: CHAT_ID, ...own, reply_to: REPLY_TO })
