// The webhooks part of the OpenAPI document: the envelope and every payload as components, and one entry per
// event under `x-webhooks` (the OpenAPI 3.0 spelling of 3.1's `webhooks`, shown by Redoc), generated from
// the same TypeBox schemas the payload builders are typed with.
import type { OpenAPIV3 } from 'openapi-types'
import { KNOWN_WEBHOOK_EVENTS } from '../../webhooks/event-names.js'
import { TEST_EVENT } from '../../webhooks/test-event.js'
import { EVENT_DESCRIPTIONS } from './event-descriptions.js'
import { PAYLOAD_SCHEMAS, type EmittedEvent } from './schemas.js'


const envelope = (event: string, payloadRef: string) => ({
  type: 'object',
  required: ['id', 'timestamp', 'session', 'metadata', 'instance_id', 'engine', 'event', 'payload', 'me', 'environment'],
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
    },
    environment: {
      type: 'object',
      description: 'WAHA\'s environment block (its webhook schemas require it): Switchboard\'s version, the engine, tier CORE, browser null (as WAHA\'s NOWEB engine sends)',
      properties: { version: { type: 'string' }, engine: { type: 'string' }, tier: { type: 'string', enum: ['CORE'] }, browser: { type: 'string', nullable: true } }
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

const TEST_PAYLOAD_SCHEMA: OpenAPIV3.SchemaObject = {
  title: 'WebhookTest',
  description: 'webhook.test: a test delivery (Send test event in the desktop app)',
  type: 'object',
  required: ['test', 'message', 'webhookId', 'url'],
  properties: {
    test: { type: 'boolean', enum: [true], description: 'Always true: tells a test from real traffic' },
    message: { type: 'string' },
    webhookId: { type: 'integer', description: 'The webhook it was sent to' },
    url: { type: 'string', description: 'That webhook\'s URL when the test was sent' }
  }
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
        description: EVENT_DESCRIPTIONS[event],
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
  // webhook.test: sent only on request to one webhook, so it is documented here but never offered for subscription.
  schemas.WebhookTest = TEST_PAYLOAD_SCHEMA
  webhooks[TEST_EVENT] = {
    post: {
      tags: ['Webhooks'],
      summary: TEST_EVENT,
      description: EVENT_DESCRIPTIONS[TEST_EVENT],
      parameters: Object.entries(HEADERS).map(([n, h]) => ({ in: 'header', name: n, required: n === 'webhook-id' || n === 'webhook-timestamp', ...h })),
      requestBody: { required: true, content: { 'application/json': { schema: envelope(TEST_EVENT, '#/components/schemas/WebhookTest') } } },
      responses: { '200': { description: 'Any 2xx: delivered (other answers are retried and dead-lettered like any event)' } }
    }
  }
  return { schemas, extensions: { 'x-webhooks': webhooks } }
}
