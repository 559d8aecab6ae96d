// The webhooks part of the OpenAPI document: the envelope and every payload as components, and one entry per
// event under `x-webhooks` (the OpenAPI 3.0 spelling of 3.1's `webhooks`, shown by Redoc), generated from
// the same TypeBox schemas the payload builders are typed with.
import type { OpenAPIV3 } from 'openapi-types'
import { KNOWN_WEBHOOK_EVENTS } from '../../webhooks/event-names.js'
import { PAYLOAD_SCHEMAS, type EmittedEvent } from './schemas.js'

const WHEN: Record<EmittedEvent, string> = {
  'session.status': 'The session status changed (STOPPED events are delivered once the instance runs again; DELETED is never delivered: its webhooks are gone)',
  message: 'A new incoming message (not fromMe). Repeats of the same engine message are not re-sent',
  'message.any': 'Every new message, own ones included (source api when sent through this API, app otherwise). Both message and message.any fire for an incoming message: subscribe to one of them',
  'message.ack': 'An own message reached a new state: SERVER, DEVICE, READ, PLAYED (in groups: the first member to reach the level)',
  'message.ack.group': 'A group member\'s delivery/read receipt of an own message',
  'message.reaction': 'Someone reacted to a message or removed a reaction (reaction.text "")',
  'message.revoked': 'A message was deleted for everyone',
  'message.edited': 'A message was edited',
  'message.undecryptable': 'An incoming message could not be decrypted and its retries did not recover it (after the grace period, 30 s by default); the store keeps a placeholder. A later recovery is announced as message / message.any',
  'poll.vote': 'A vote on a poll known to the message store (decrypted with the poll\'s secret)',
  'poll.vote.failed': 'A vote that could not be decrypted (poll unknown to the store, no secret, wrong key)',
  'event.response': 'A response (going / not going / maybe) to an event message known to the store',
  'event.response.failed': 'A response that could not be decrypted',
  'presence.update': 'A contact came online/offline or is typing/recording in a chat (typing needs no subscription; online status needs /v2/presence subscribe)',
  'group.v2.join': 'Members joined or were added to a group (also: the instance learned a new group, listing its members)',
  'group.v2.leave': 'Members left or were removed',
  'group.v2.update': 'Subject, description, settings (announce/restrict) or picture changed',
  'group.v2.participants': 'Members were promoted to admin or demoted',
  'chat.archive': 'A chat was archived or unarchived (on the phone or through the API)',
  'call.received': 'An incoming call (offer)',
  'call.accepted': 'A call was picked up on another device of the account',
  'call.rejected': 'A call was declined',
  'label.upsert': 'A label was created or changed (WhatsApp Business)',
  'label.deleted': 'A label was deleted',
  'label.chat.added': 'A label was assigned to a chat',
  'label.chat.deleted': 'A label was removed from a chat',
  'lid.mapped': 'The phone number of a person known by LID became known; their LID chat (if any) is now merged into the phone number\'s chat. Not sent for mappings that come with history sync',
  'engine.event': 'Every raw engine (Baileys) event except credentials; only recorded while a webhook subscribes to it (or to "*")'
}

const envelope = (event: string, payloadRef: string) => ({
  type: 'object',
  required: ['id', 'timestamp', 'session', 'metadata', 'instance_id', 'engine', 'event', 'payload', 'me'],
  properties: {
    id: { type: 'string', description: 'evt_ + 26-char ULID; the webhook-id header; stable across retries and replays', example: 'evt_01jd0000000000000000000000' },
    timestamp: { type: 'integer', description: 'Milliseconds (times inside payload are seconds)' },
    session: { type: 'string', description: 'The session name (session_name of create / name of session answers)' },
    metadata: { type: 'object', additionalProperties: { type: 'string' }, description: 'Always {} (the documented envelope\'s metadata holds a session\'s config.metadata; Switchboard sessions have none)' },
    instance_id: { type: 'string' },
    engine: { type: 'string', enum: ['NOWEB'], description: 'WAHA\'s name of the Baileys engine' },
    event: { type: 'string', enum: [event] },
    payload: { $ref: payloadRef },
    me: {
      nullable: true,
      type: 'object',
      properties: { id: { type: 'string' }, lid: { type: 'string', nullable: true }, pushName: { type: 'string', nullable: true } }
    }
  }
})

const HEADERS = {
  'webhook-id': { schema: { type: 'string' }, description: 'The event id (Standard Webhooks)' },
  'webhook-timestamp': { schema: { type: 'integer' }, description: 'Seconds, per attempt' },
  'webhook-signature': { schema: { type: 'string' }, description: 'v1,<base64 HMAC-SHA256 of "{id}.{timestamp}.{body}"> when the webhook has an hmac secret' },
  'x-webhook-hmac': { schema: { type: 'string' }, description: 'hex HMAC-SHA512 of the body (WAHA), with x-webhook-hmac-algorithm: sha512' },
  'x-wawp-signature': { schema: { type: 'string' }, description: 'hex HMAC-SHA256 of the body' }
}

/** Plain JSON of a TypeBox schema (symbols dropped). */
const plain = (schema: unknown): OpenAPIV3.SchemaObject => JSON.parse(JSON.stringify(schema)) as OpenAPIV3.SchemaObject

export interface WebhookOpenApi {
  schemas: Record<string, OpenAPIV3.SchemaObject>
  /** Top-level extensions to spread into the document: `x-webhooks`. */
  extensions: Record<`x-${string}`, unknown>
}

export function webhookOpenApi(): WebhookOpenApi {
  const schemas: Record<string, OpenAPIV3.SchemaObject> = {}
  const webhooks: Record<string, unknown> = {}
  for (const event of KNOWN_WEBHOOK_EVENTS) {
    if (!(event in PAYLOAD_SCHEMAS)) continue // message.waiting: a known name we do not produce
    const schema = plain(PAYLOAD_SCHEMAS[event as EmittedEvent])
    const name = schema.title ?? `Webhook_${event}`
    schemas[name] = schema
    webhooks[event] = {
      post: {
        tags: ['Webhooks'],
        summary: event,
        description: WHEN[event as EmittedEvent],
        parameters: Object.entries(HEADERS).map(([n, h]) => ({ in: 'header', name: n, required: n === 'webhook-id' || n === 'webhook-timestamp', ...h })),
        requestBody: { required: true, content: { 'application/json': { schema: envelope(event, `#/components/schemas/${name}`) } } },
        responses: {
          '200': { description: 'Any 2xx: delivered' },
          '410': { description: 'Gone: the webhook is disabled (re-enable with /v2/webhook/update is_active=1)' },
          '429': { description: 'Retried after Retry-After (also 503)' },
          default: { description: '400/401/403/404/422: dead-lettered at once; anything else, timeouts and network errors: retried with back-off' }
        }
      }
    }
  }
  return { schemas, extensions: { 'x-webhooks': webhooks } }
}
