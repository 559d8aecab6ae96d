// "Send test event" and the payload viewer's source: a webhook.test delivery goes through the real outbox and
// worker to a real local HTTP receiver (signature verified there), only to the webhook it was sent for; the
// preview rebuilds the exact body and the signature headers that receiver got.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Db } from '../db/connection.js'
import { EVENT_DESCRIPTIONS } from '../messaging/events/event-descriptions.js'
import { webhookOpenApi } from '../messaging/events/openapi-webhooks.js'
import { KNOWN_WEBHOOK_EVENTS } from './event-names.js'
import type { WebhookEnvelope } from './envelope.js'
import { TEST_EVENT, type TestEventPayload } from './test-event.js'
import { openTestDb, startReceiver, type TestReceiver } from './testing.js'
import { verifyWebhook } from './verify.js'
import { createWebhookService, type WebhookService } from './webhook-service.js'

let db: Db
let receiver: TestReceiver
let service: WebhookService
const SECRET = 'test-secret-123'

beforeEach(async () => {
  db = openTestDb().db
  receiver = await startReceiver()
  service = createWebhookService({ db, isInstanceDeliverable: () => true }, { timeoutMs: 2000, pollIntervalMs: 50 })
  service.start()
})

afterEach(async () => {
  await service.stop()
  await receiver.close()
  db.close()
})

describe('webhook.test', () => {
  it('is a real signed delivery to that webhook only, logged like any event, and its preview is what was sent', async () => {
    // Subscribed to message only: the test reaches it anyway. The other webhook (every event) does not get it.
    const hook = service.set('I1', { url: `${new URL(receiver.url).origin}/hook`, events: ['message'], hmac: SECRET })
    service.set('I1', { url: `${new URL(receiver.url).origin}/other`, events: ['*'] })
    const eventId = service.sendTest('I1', hook.id, { session: 'Front desk', me: { id: '15550000001@c.us', lid: null, pushName: 'Shop' } })
    await receiver.waitFor((r) => r.length >= 1, 10_000)
    // Give a wrongly matched second delivery time to show up.
    await new Promise((r) => setTimeout(r, 300))
    expect(receiver.requests.map((r) => r.path)).toEqual(['/hook'])

    const got = receiver.requests[0]!
    const envelope = verifyWebhook<WebhookEnvelope<TestEventPayload>>(got.headers, got.body, SECRET)
    expect(envelope).toMatchObject({ id: eventId, event: TEST_EVENT, session: 'Front desk', instance_id: 'I1', engine: 'NOWEB', me: { id: '15550000001@c.us' } })
    expect(envelope.payload).toMatchObject({ test: true, webhookId: hook.id, url: `${new URL(receiver.url).origin}/hook` })
    // The WAHA and Wawp signature families verify too.
    expect(() => verifyWebhook(got.headers, got.body, SECRET, { scheme: 'waha' })).not.toThrow()
    expect(() => verifyWebhook(got.headers, got.body, SECRET, { scheme: 'wawp' })).not.toThrow()

    await until(() => service.deliveries({ eventId })[0]?.state === 'delivered')
    const [delivery] = service.deliveries({ instanceId: 'I1' })
    expect(delivery).toMatchObject({ eventId, event: TEST_EVENT, webhookId: hook.id, state: 'delivered' })

    const preview = service.preview(delivery!.id)!
    expect(preview.body).toBe(got.body)
    expect(preview.attempt).toBe(1)
    expect(preview.signed).toBe(true)
    for (const h of ['webhook-id', 'webhook-timestamp', 'webhook-signature', 'x-webhook-hmac', 'x-wawp-signature', 'content-type', 'user-agent', 'x-webhook-timestamp']) {
      expect(preview.headers[h], h).toBe(got.headers[h])
    }
    expect(preview.headers['x-webhook-request-id']).toBeUndefined()
  })

  it('refuses another instance\'s webhook, and previews a delivery not yet attempted with the next attempt\'s headers', async () => {
    const hook = service.set('I1', { url: `${new URL(receiver.url).origin}/hook`, events: ['*'], is_active: false })
    expect(() => service.sendTest('I2', hook.id, { session: 's', me: null })).toThrow(expect.objectContaining({ code: 'webhook_not_found' }))
    // A paused webhook's test waits (as every delivery of it) and is visible in the log meanwhile.
    const eventId = service.sendTest('I1', hook.id, { session: 's', me: null })
    const [d] = service.deliveries({ eventId })
    expect(d).toMatchObject({ state: 'pending', event: TEST_EVENT })
    const preview = service.preview(d!.id)!
    expect(preview).toMatchObject({ attempt: null, signed: false, eventId })
    expect(JSON.parse(preview.body)).toMatchObject({ id: eventId, event: TEST_EVENT, payload: { test: true } })
    expect(preview.headers['webhook-signature']).toBeUndefined()
    expect(service.preview(999_999)).toBeNull()
    await new Promise((r) => setTimeout(r, 200))
    expect(receiver.requests).toEqual([])
  })

  it('has a one-line description for every known event and the test event, shared with the OpenAPI webhooks', () => {
    for (const e of [...KNOWN_WEBHOOK_EVENTS, TEST_EVENT] as const) {
      expect(EVENT_DESCRIPTIONS[e], e).toMatch(/\S/)
      expect(EVENT_DESCRIPTIONS[e]).not.toContain('\n')
    }
    const hooks = webhookOpenApi().extensions['x-webhooks'] as Record<string, { post: { description: string } }>
    expect(hooks[TEST_EVENT]!.post.description).toBe(EVENT_DESCRIPTIONS[TEST_EVENT])
    expect(hooks['message.ack']!.post.description).toBe(EVENT_DESCRIPTIONS['message.ack'])
  })
})

async function until(cond: () => boolean, timeoutMs = 10_000): Promise<void> {
  const end = Date.now() + timeoutMs
  while (!cond()) {
    if (Date.now() > end) throw new Error('condition not met in time')
    await new Promise((r) => setTimeout(r, 10))
  }
}
