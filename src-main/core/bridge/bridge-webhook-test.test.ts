// The Webhooks view's "Send test event" and payload viewer over the real bridge: webhooks.sendTest makes a real
// signed delivery through the core's outbox to a real local HTTP receiver (which verifies it), the log lists it,
// and webhooks.payload shows the exact body and signature headers the receiver got; event descriptions ride along.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestCore, waitUntil, type TestCore } from '../testing/core-harness.js'
import { startReceiver, type TestReceiver } from '../webhooks/testing.js'
import { verifyWebhook } from '../webhooks/verify.js'
import { connectTestBridge, type TestBridge } from './testing/ws-bridge-client.js'

describe('UI bridge: webhook test event and payload viewer', () => {
  let t: TestCore
  let client: TestBridge
  let receiver: TestReceiver
  const secret = 'whsec_' + Buffer.from('bridge-test-secret').toString('base64')

  beforeAll(async () => {
    receiver = await startReceiver()
    t = await startTestCore('offline', { plan: 'paid', uiToken: 'test-ui-token-0123456789' })
    client = await connectTestBridge(t.core.url, t.core.ui.token)
  })
  afterAll(async () => {
    client?.close()
    await t?.close()
    await receiver?.close()
  })

  const ok = <T>(r: { ok: true; data: T } | { ok: false; error: { code: string; message: string } }): T => {
    if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`)
    return r.data
  }

  it('sends webhook.test to one webhook, signed; the log and the payload viewer show exactly what was sent', async () => {
    const inst = ok(await client.bridge.instances.create({ name: 'Front desk' }))
    const saved = ok(await client.bridge.webhooks.save({ instanceId: inst.id, url: receiver.url, events: ['message'], secret }))
    expect(saved.eventDescriptions?.['message.ack']).toMatch(/own message/)
    expect(saved.eventDescriptions?.['webhook.test']).toMatch(/test delivery/)
    // Only events Switchboard produces are offered (message.waiting is accepted by the API but never sent).
    expect(saved.knownEvents).toContain('message')
    expect(saved.knownEvents).not.toContain('message.waiting')
    const hook = saved.webhooks[0]!

    const { eventId } = ok(await client.bridge.webhooks.sendTest({ instanceId: inst.id, webhookId: hook.id }))
    await receiver.waitFor((r) => r.length >= 1, 15_000)
    const got = receiver.requests[0]!
    const envelope = verifyWebhook<{ id: string; event: string; instance_id: string; session: string; payload: { test: boolean; webhookId: number } }>(got.headers, got.body, secret)
    expect(envelope).toMatchObject({ id: eventId, event: 'webhook.test', instance_id: inst.id, payload: { test: true, webhookId: hook.id } })

    const delivered = await waitUntil(async () => {
      const list = ok(await client.bridge.webhooks.deliveries({ instanceId: inst.id }))
      return list.find((d) => d.eventId === eventId && d.state === 'delivered')
    }, 10_000, 'delivered in the log')
    const payload = ok(await client.bridge.webhooks.payload({ instanceId: inst.id, deliveryId: delivered.id }))
    expect(payload).toMatchObject({ eventId, event: 'webhook.test', url: receiver.url, attempt: 1, signed: true })
    expect(payload.body).toBe(got.body)
    expect(payload.headers['webhook-signature']).toBe(got.headers['webhook-signature'])
    expect(payload.headers['x-webhook-hmac']).toBe(got.headers['x-webhook-hmac'])

    // A delivery to one webhook on request, not an account event: the live event stream (GET /v2/events) skips it.
    const accountId = t.core.services.instances.mustView(inst.id).accountId
    const streamed: string[] = []
    const recorded = t.core.services.webhooks.events({ instanceId: inst.id, limit: 50 }).map((e) => ({ id: e.id, event: e.event })).sort((a, b) => (a.id < b.id ? -1 : 1))
    expect(recorded.map((e) => e.event)).toContain('webhook.test')
    const sub = t.core.services.events.prepare({ accountId, after: recorded[0]!.id }).start({ write: (e) => (streamed.push(e.event), true), end: () => undefined })
    await new Promise((r) => setTimeout(r, 300))
    sub.close()
    // Every other event after the cursor is streamed; the test is not.
    expect(streamed).toEqual(recorded.slice(1).map((e) => e.event).filter((e) => e !== 'webhook.test'))
    expect(streamed).not.toContain('webhook.test')
  })

  it("answers not found for another instance's webhook or delivery, and bad ids by the contract", async () => {
    const a = ok(await client.bridge.instances.create({ name: 'A' }))
    const b = ok(await client.bridge.instances.create({ name: 'B' }))
    const hook = ok(await client.bridge.webhooks.save({ instanceId: a.id, url: `${receiver.url}/a`, events: ['*'] })).webhooks[0]!
    expect(await client.bridge.webhooks.sendTest({ instanceId: b.id, webhookId: hook.id })).toMatchObject({ ok: false, error: { code: 'webhook_not_found' } })
    const { eventId } = ok(await client.bridge.webhooks.sendTest({ instanceId: a.id, webhookId: hook.id }))
    const d = ok(await client.bridge.webhooks.deliveries({ instanceId: a.id })).find((x) => x.eventId === eventId)!
    expect(await client.bridge.webhooks.payload({ instanceId: b.id, deliveryId: d.id })).toMatchObject({ ok: false, error: { code: 'delivery_not_found' } })
    expect(await client.bridge.webhooks.sendTest({ instanceId: a.id, webhookId: 0 })).toMatchObject({ ok: false, error: { code: 'invalid_request' } })
  })
})
