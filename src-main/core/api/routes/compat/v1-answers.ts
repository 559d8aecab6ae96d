// The answers the hosted v1 API gave on its names, reshaped from the v2 operation's answer on the v1 aliases only
// (/v2/status, /v2/send, /v2/sendImage ..., /v2/message): v1 clients (Wawp's WordPress plugin) compare and store
// them. The v2 paths answer unchanged. Evidence for each shape is stated in V1_ANSWER_DOCS (shown in /docs).
import { Type, type TSchema } from '@sinclair/typebox'

export type V1Answer = 'status' | 'message'

/** v1's two session states: the plugin compares `status` case-insensitively with "Online". */
export function toV1Status(answer: Record<string, unknown>): Record<string, unknown> {
  const status = answer.status
  return { ...answer, status: status === 'WORKING' ? 'Online' : 'Offline', session_status: status }
}

interface MessageLike {
  id?: unknown
  key?: { id?: unknown; remoteJid?: unknown; fromMe?: unknown; participant?: unknown }
  fromMe?: unknown
  from?: unknown
  to?: unknown
  timestamp?: unknown
  type?: unknown
  pushName?: unknown
  _data?: unknown
}

const str = (v: unknown) => (typeof v === 'string' ? v : undefined)
const idOf = (m: MessageLike) => {
  if (typeof m.key?.id === 'string') return m.key.id
  if (m.id && typeof m.id === 'object' && typeof (m.id as { id?: unknown }).id === 'string') return (m.id as { id: string }).id
  // The flat `<fromMe>_<chat>_<id>[_<participant>]` form of a stored message.
  const parts = str(m.id)?.split('_')
  return parts && parts.length >= 3 ? parts[2] : str(m.id)
}

/**
 * A message answer with the fields the plugin's delivery-tick poll reads: a top-level `IsFromMe` and
 * `_data.Info` (ID, Chat, Sender, IsFromMe, IsGroup, Timestamp, PushName, Type) in whatsmeow's MessageInfo names.
 */
export function withV1MessageInfo(answer: Record<string, unknown>): Record<string, unknown> {
  const m = answer as MessageLike
  const fromMe = m.fromMe === true || m.key?.fromMe === true || (typeof m.id === 'object' && (m.id as { fromMe?: unknown } | null)?.fromMe === true)
  const chat = str(m.key?.remoteJid) ?? str(fromMe ? m.to : m.from) ?? ''
  const sender = fromMe ? str(m.from) ?? '' : str(m.key?.participant) ?? str(m.from) ?? ''
  const ts = typeof m.timestamp === 'number' ? new Date(m.timestamp * 1000).toISOString() : new Date().toISOString()
  const info = {
    ID: idOf(m) ?? '',
    Chat: chat,
    Sender: sender,
    IsFromMe: fromMe,
    IsGroup: chat.endsWith('@g.us'),
    Timestamp: ts,
    PushName: str(m.pushName) ?? '',
    Type: m.type === 'chat' || m.type === 'text' || m.type === undefined ? 'text' : 'media'
  }
  const data = m._data && typeof m._data === 'object' ? (m._data as Record<string, unknown>) : {}
  return { ...answer, IsFromMe: fromMe, _data: { ...data, Info: info } }
}

const V1Info = Type.Object(
  {
    ID: Type.String(),
    Chat: Type.String(),
    Sender: Type.String(),
    IsFromMe: Type.Boolean(),
    IsGroup: Type.Boolean(),
    Timestamp: Type.String({ format: 'date-time' }),
    PushName: Type.String(),
    Type: Type.String({ description: 'text or media' })
  },
  { description: 'GUESS: whatsmeow MessageInfo field names (the v1 service is not documented here); the plugin reads _data.Info.*' }
)

type JsonSchema = Record<string, unknown> & { properties?: Record<string, unknown>; anyOf?: JsonSchema[] }

/** The 200 (and 202) answer schema of a v1 alias: the target's, with the v1 fields (a copy; the target keeps its own). */
export function v1AnswerSchema(kind: V1Answer, schema: TSchema): TSchema {
  const copy = structuredClone(schema) as JsonSchema
  const props = copy.properties ?? {}
  if (kind === 'status') {
    props.status = Type.Union([Type.Literal('Online'), Type.Literal('Offline')], { description: 'EVIDENCE: v1 `GET /status` answers {status:"Online"} (hosted API reference §17); Offline for every other state' })
    props.session_status = Type.String({ description: "Switchboard's addition: the v2 status (STOPPED, STARTING, SCAN_QR_CODE, WORKING, FAILED)" })
  } else {
    props.IsFromMe = Type.Boolean({ description: 'GUESS: the v1 field the plugin\'s delivery-tick poll looks for ("IsFromMe":true)' })
    const data = (props._data ?? {}) as JsonSchema
    props._data = { ...data, type: 'object', additionalProperties: true, properties: { ...(data.properties ?? {}), Info: V1Info } }
  }
  copy.properties = props
  return copy as unknown as TSchema
}

export const V1_ANSWER_DOCS: Record<V1Answer, string> = {
  status:
    'v1 answer: `status` is "Online" (WORKING) or "Offline" (any other state), as v1 clients compare it — evidence: the hosted API reference (§17 "v1 GET /status returns {status:"Online"}") and the WordPress plugin, which refuses an instance that is not "Online". The v2 status is kept in `session_status` (our addition); /v2/session/info answers the v2 status unchanged.',
  message:
    'v1 answer: the v2 message answer plus a top-level `IsFromMe` and `_data.Info` {ID, Chat, Sender, IsFromMe, IsGroup, Timestamp, PushName, Type}. Evidence: the WordPress plugin\'s delivery-tick poll looks for "IsFromMe":true and _data.Info.* in the answers it stored. GUESS: the exact set and spelling of the Info fields (whatsmeow\'s MessageInfo names; the v1 service\'s own answers are not documented). The v2 paths answer without these fields.'
}
