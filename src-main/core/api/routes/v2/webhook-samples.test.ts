// Issue 23 item 7: POST /v2/webhooks/{id}/test sends webhook.test, or a sample of any event kind flagged as a sample
// (envelope sample: true, header x-switchboard-sample), through the same outbox and signing, to a real receiver.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { samplePayload } from '../../../messaging/events/samples.js'
import { startTestCore, waitUntil, type TestCore } from '../../../testing/core-harness.js'
import { startReceiver, type TestReceiver } from '../../../webhooks/testing.js'
import { verifyWebhook } from '../../../webhooks/verify.js'

describe('POST /v2/webhooks/{id}/test', () => {
  let t: TestCore
  let id: string
  let rx: TestReceiver
  beforeAll(async () => {
    t = await startTestCore('offline', { plan: 'paid' })
    id = await t.createInstance()
    rx = await startReceiver()
    // Subscribed to session.status only: a test reaches it whatever it subscribes to.
    await t.call('POST', '/v2/webhook/set', { instance_id: id }, { url: rx.url, events: ['session.status'], hmac: 'sample-secret', name: 'n8n' })
  })
  afterAll(async () => {
    await rx?.close()
    await t?.close()
  })
  const test = (webhook: string, body?: Record<string, unknown>) => t.call('POST', `/v2/webhooks/${encodeURIComponent(webhook)}/test`, { instance_id: id }, body)
  const received = async (eventId: string) => {
    await rx.waitFor((reqs) => reqs.some((r) => r.headers['webhook-id'] === eventId), 10_000)
    return rx.requests.find((r) => r.headers['webhook-id'] === eventId)!
  }

  it('a sample of message: the real shape, signed, flagged in the envelope and a header, recorded as a test', async () => {
    const res = await test(rx.url, { event: 'message' })
    expect(res.statusCode, res.body).toBe(200)
    const answer = res.json()
    expect(answer).toMatchObject({ status: 'success', event: 'message', sample: true, url: rx.url, event_id: expect.stringMatching(/^evt_/) })
    const req = await received(answer.event_id)
    expect(req.headers['x-switchboard-sample']).toBe('true')
    const envelope = verifyWebhook<{ event: string; sample: boolean; instance_id: string; payload: Record<string, unknown> }>(req.headers, req.body, 'sample-secret')
    expect(envelope).toMatchObject({ event: 'message', sample: true, instance_id: id })
    expect(Object.keys(envelope.payload).sort()).toEqual(Object.keys(samplePayload('message') as object).sort())
    expect(envelope.payload).toMatchObject({ from: '15551234567@c.us', fromMe: false, body: expect.any(String) })
    expect(req.body.endsWith(',"sample":true}')).toBe(true)
    // Recorded as a test: never listed as a real message event (nor in the account's event stream).
    const events = (await t.call('GET', '/v2/webhook/events', { instance_id: id, event: 'message' })).json().events
    expect(events).toEqual([])
    await waitUntil(() => t.core.webhooks.deliveries({ instanceId: id, eventId: answer.event_id, state: 'delivered' }).length === 1, 10_000, 'delivered')
    expect(t.core.webhooks.deliveries({ instanceId: id, eventId: answer.event_id })[0]!.event).toBe('webhook.test')
  })

  it('without event: webhook.test, not flagged; the webhook by name; the event in the query', async () => {
    const plain = (await test('n8n')).json()
    expect(plain).toMatchObject({ event: 'webhook.test', sample: false })
    const req = await received(plain.event_id)
    expect(req.headers['x-switchboard-sample']).toBeUndefined()
    expect(JSON.parse(req.body)).toMatchObject({ event: 'webhook.test', payload: { test: true } })
    expect(JSON.parse(req.body).sample).toBeUndefined()
    const viaQuery = await t.call('POST', `/v2/webhooks/n8n/test`, { instance_id: id, event: 'session.status' })
    expect(viaQuery.json()).toMatchObject({ event: 'session.status', sample: true })
    const status = await received(viaQuery.json().event_id)
    expect(JSON.parse(status.body).payload).toMatchObject({ status: 'WORKING', instance_id: id })
  })

  it('refuses an unknown event kind (400 naming the field) and an unknown webhook (404)', async () => {
    const bad = await test(rx.url, { event: 'message.nope' })
    expect(bad.statusCode).toBe(400)
    expect(bad.json()).toMatchObject({ code: 'invalid_webhook_events', details: { field: 'event' } })
    const missing = await test('http://127.0.0.1:1/none', { event: 'message' })
    expect(missing.statusCode).toBe(404)
    expect(missing.json().code).toBe('webhook_not_found')
  })
})
