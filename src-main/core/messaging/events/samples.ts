// Sample payloads of every event kind (issue 23 item 7): "Send test event" with an event picker gives n8n and Make
// users a payload of the real shape to map fields from. Built from the very schemas the payloads are typed and
// documented with (schemas.ts), so a sample always matches its event; plausible values come from the field names.
import type { TSchema } from '@sinclair/typebox'
import { PAYLOAD_SCHEMAS, type EmittedEvent } from './schemas.js'

/** The event kinds a sample can be sent of (every emitted event). */
export const SAMPLE_EVENTS = Object.keys(PAYLOAD_SCHEMAS) as EmittedEvent[]

export const isSampleEvent = (name: string): name is EmittedEvent => Object.hasOwn(PAYLOAD_SCHEMAS, name)

export interface SampleContext {
  /** The instance's own chat id (<number>@c.us) when paired, so `to`/`me` look like the receiver's own data. */
  me?: string | null
  session?: string
  instanceId?: string
  /** Seconds. */
  now?: number
}

type Schema = TSchema & {
  const?: unknown
  anyOf?: Schema[]
  allOf?: Schema[]
  type?: string
  properties?: Record<string, Schema>
  items?: Schema
}

const CONTACT = '15551234567@c.us'
const CONTACT_LID = '123456789012345@lid'
const MESSAGE_KEY = '3EB0C0FFEE5A3B1E0000'
/** Nullable fields a real event usually has empty: a sample keeps them null (the others get a value). */
const USUALLY_NULL = new Set(['media', 'location', 'replyTo', 'previousPn', 'before', 'error', 'by', 'author'])

function stringFor(key: string, ctx: Required<SampleContext>): string {
  const own = ctx.me ?? '15550000000@c.us'
  switch (key) {
    case 'id':
    case 'messageId':
    case 'revokedMessageId':
    case 'editedMessageId':
    case 'eventMessageId':
      return `false_${CONTACT}_${MESSAGE_KEY}`
    case 'from':
    case 'chatId':
    case 'chatPn':
    case 'authorPn':
    case 'participant':
    case 'senderId':
    case 'pn':
    case 'revokedBy':
      return CONTACT
    case 'to':
      return own
    case 'chatLid':
    case 'authorLid':
    case 'lid':
      return CONTACT_LID
    case 'body':
    case 'newBody':
      return 'Hello! This is a sample message from Switchboard.'
    case 'prevBody':
      return 'Hello! This is the message before it was edited.'
    case 'type':
      return 'chat'
    case 'ackName':
      return 'DEVICE'
    case 'pushName':
    case 'name':
    case 'subject':
      return key === 'name' ? ctx.session : 'Sample Contact'
    case 'status':
      return 'WORKING'
    case 'instance_id':
      return ctx.instanceId
    case 'reason':
      return 'engine:open'
    case 'reason_text':
      return 'connected to WhatsApp'
    case 'colorHex':
      return '#ff9485'
    case 'labelId':
      return '1'
    case 'text':
      return '👍'
    case 'event':
      return 'messages.upsert'
    default:
      return `sample ${key}`
  }
}

function numberFor(key: string, ctx: Required<SampleContext>): number {
  if (/timestamp|At$|lastSeen/i.test(key)) return ctx.now
  if (key === 'ack') return 2
  if (key === 'color') return 1
  if (key === 'movedMessages') return 3
  return 0
}

function sampleOf(schema: Schema, key: string, ctx: Required<SampleContext>): unknown {
  if (schema.const !== undefined) return schema.const
  if (schema.anyOf) {
    const nonNull = schema.anyOf.filter((s) => s.type !== 'null')
    const nullable = nonNull.length < schema.anyOf.length
    if (nullable && (USUALLY_NULL.has(key) || nonNull.length === 0)) return null
    return sampleOf(nonNull[0]!, key, ctx)
  }
  if (schema.allOf) return Object.assign({}, ...schema.allOf.map((s) => sampleOf(s, key, ctx)))
  switch (schema.type) {
    case 'object':
      return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([k, s]) => [k, sampleOf(s, k, ctx)]))
    case 'array':
      return schema.items && schema.items.type === 'string' && key !== 'vCards' ? [key === 'participants' ? CONTACT : key === 'changed' ? 'subject' : key === 'selectedOptions' ? 'Yes' : stringFor(key, ctx)] : []
    case 'string':
      return stringFor(key, ctx)
    case 'integer':
    case 'number':
      return numberFor(key, ctx)
    case 'boolean':
      return false
    case 'null':
      return null
    default:
      // Unknown (the engine's raw message, engine.event data): an empty object, as a receiver should tolerate.
      return {}
  }
}

/** A payload of `event`'s documented shape with plausible values (a sample: nothing in it happened). */
export function samplePayload(event: EmittedEvent, context: SampleContext = {}): unknown {
  const ctx: Required<SampleContext> = {
    me: context.me ?? null,
    session: context.session ?? 'default',
    instanceId: context.instanceId ?? '3EB0BCB2E3D4',
    now: context.now ?? Math.floor(Date.now() / 1000)
  }
  return sampleOf(PAYLOAD_SCHEMAS[event] as Schema, '', ctx)
}
