// Webhook management and delivery-log routes over real HTTP: paid-plan gate, loose inputs, validation errors
// naming the field, session answers showing the real list, deliveries, events and replay against a real
// local receiver, and the OpenAPI webhooks section.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestCore, waitUntil, type TestCore } from '../../../testing/core-harness.js'
import { enqueueEvent, KNOWN_WEBHOOK_EVENTS } from '../../../webhooks/index.js'
import { startReceiver, type TestReceiver } from '../../../webhooks/testing.js'
import { verifyWebhook } from '../../../webhooks/verify.js'

const ROUTES: [string, string][] = [
  ['POST', '/v2/webhook/set'],
  ['PATCH', '/v2/webhook/update'],
  ['DELETE', '/v2/webhook/delete'],
  ['GET', '/v2/session/webhook'],
  ['POST', '/v2/session/webhook'],
  ['GET', '/v2/webhook/deliveries'],
  ['GET', '/v2/webhook/events'],
  ['POST', '/v2/webhook/replay']
]

describe('webhook routes on the free plan', () => {
  let t: TestCore
  let id: string
  beforeAll(async () => {
    t = await startTestCore('offline', { plan: 'free' })
    id = await t.createInstance()
  })
  afterAll(async () => t?.close())

  it.each(ROUTES)('%s %s answers 403 subscription_required', async (method, path) => {
    const res = await t.call(method as 'GET', path, { instance_id: id }, { url: 'http://127.0.0.1:1/x', events: ['message'] })
    expect(res.statusCode).toBe(403)
    expect(res.json()).toMatchObject({ code: 'subscription_required' })
  })
})

describe('webhook routes on the paid plan', () => {
  let t: TestCore
  let id: string
  let rx: TestReceiver
  let answer = 404
  beforeAll(async () => {
    t = await startTestCore('offline', { plan: 'paid' })
    id = await t.createInstance()
    rx = await startReceiver((_req, res) => {
      res.statusCode = answer
      res.end()
    })
  })
  afterAll(async () => {
    await t?.close()
    await rx?.close()
  })

  it('set creates, set again updates in place (upsert by URL), with JSON body or JSON text in the query', async () => {
    const first = await t.call('POST', '/v2/webhook/set', { instance_id: id }, { url: 'https://example.com/a', events: ['message'], name: 'CRM' })
    expect(first.statusCode).toBe(200)
    expect(first.json()).toMatchObject({ status: 'success', webhook: { url: 'https://example.com/a', events: ['message'], is_active: true, retries: { delay: 2, attempts: 15 }, name: 'CRM' } })
    const again = await t.call('POST', '/v2/webhook/set', { instance_id: id, url: 'https://example.com/a', events: '["message","message.ack"]', is_active: '0', retries: '{"delay":5,"attempts":3}' })
    expect(again.statusCode).toBe(200)
    expect(again.json().webhooks).toEqual([
      { url: 'https://example.com/a', name: 'CRM', events: ['message', 'message.ack'], is_active: false, retries: { delay: 5, attempts: 3 }, hmac: null, disabled_reason: null }
    ])
  })

  it('update changes only the given fields; an unknown URL is 404 webhook_not_found', async () => {
    const res = await t.call('PATCH', '/v2/webhook/update', { instance_id: id }, { url: 'https://example.com/a', is_active: 1, hmac: 'sekret', 'retries[attempts]': '7' })
    expect(res.statusCode).toBe(200)
    expect(res.json().webhook).toMatchObject({ events: ['message', 'message.ack'], is_active: true, hmac: 'sekret', retries: { delay: 5, attempts: 7 }, name: 'CRM' })
    const missing = await t.call('PATCH', '/v2/webhook/update', { instance_id: id }, { url: 'https://example.com/nope', is_active: 0 })
    expect(missing.statusCode).toBe(404)
    expect(missing.json()).toMatchObject({ code: 'webhook_not_found' })
  })

  it('rejects bad input with a 4xx naming the field', async () => {
    const cases: [Record<string, unknown>, number, string, string?][] = [
      [{ events: ['message'] }, 400, 'missing_param', 'url'],
      [{ url: 'ftp://example.com/x', events: ['message'] }, 400, 'invalid_webhook_url', 'url'],
      [{ url: 'not a url', events: ['message'] }, 400, 'invalid_webhook_url', 'url'],
      [{ url: 'https://example.com/new' }, 400, 'missing_param', 'events'],
      [{ url: 'https://example.com/new', events: [] }, 400, 'invalid_webhook_events', 'events'],
      [{ url: 'https://example.com/new', events: ['bad event!'] }, 400, 'invalid_webhook_events', 'events'],
      [{ url: 'https://example.com/new', events: ['message'], retries: { delay: -1 } }, 400, 'invalid_webhook_retries', 'retries'],
      [{ url: 'https://example.com/new', events: ['message'], is_active: 'maybe' }, 400, 'invalid_webhook_is_active', 'is_active'],
      [{ url: 'https://example.com/new', events: ['message'], hmac: 'whsec_!!!' }, 400, 'invalid_webhook_hmac', 'hmac']
    ]
    for (const [body, status, code, field] of cases) {
      const res = await t.call('POST', '/v2/webhook/set', { instance_id: id }, body)
      expect({ body, status: res.statusCode, code: res.json().code }).toEqual({ body, status, code })
      if (field) expect(JSON.stringify(res.json().details)).toContain(field)
    }
  })

  it('GET/POST /v2/session/webhook list and replace the whole list; session answers show it in config.webhooks', async () => {
    const replaced = await t.call('POST', '/v2/session/webhook', {
      instance_id: id,
      webhooks: JSON.stringify([{ url: 'https://example.com/a', events: ['*'], is_active: 1 }, { url: 'https://example.com/b', events: ['message'] }])
    })
    expect(replaced.statusCode).toBe(200)
    // Kept URL keeps the fields the client did not send (hmac).
    expect(replaced.json().webhooks).toMatchObject([{ url: 'https://example.com/a', events: ['*'], hmac: 'sekret' }, { url: 'https://example.com/b' }])
    const listed = await t.call('GET', '/v2/session/webhook', { instance_id: id })
    expect(listed.json()).toMatchObject({ webhooks: [{ url: 'https://example.com/a' }, { url: 'https://example.com/b' }], systemConfig: { available_events: expect.arrayContaining(['message', 'engine.event']) } })
    const info = await t.call('GET', '/v2/session/info', { instance_id: id })
    expect(info.json().config.webhooks.map((w: { url: string }) => w.url)).toEqual(['https://example.com/a', 'https://example.com/b'])
    const stop = await t.call('POST', '/v2/session/stop', { instance_id: id })
    expect(stop.json().config.webhooks).toHaveLength(2)
    await t.call('POST', '/v2/session/start', { instance_id: id })
    expect((await t.call('POST', '/v2/session/webhook', { instance_id: id })).json()).toMatchObject({ code: 'missing_param' })
    expect((await t.call('POST', '/v2/session/webhook', { instance_id: id }, { webhooks: 'nope' })).json()).toMatchObject({ code: 'invalid_webhooks' })
  })

  it('delete removes by URL (query or body); a second delete is 404', async () => {
    const del = await t.call('DELETE', '/v2/webhook/delete', { instance_id: id, url: 'https://example.com/b' })
    expect(del.statusCode).toBe(200)
    expect(del.json().webhooks.map((w: { url: string }) => w.url)).toEqual(['https://example.com/a'])
    expect((await t.call('DELETE', '/v2/webhook/delete', { instance_id: id }, { url: 'https://example.com/b' })).statusCode).toBe(404)
    expect((await t.call('DELETE', '/v2/webhook/delete', { instance_id: id }, { url: 'https://example.com/a' })).statusCode).toBe(200)
  })

  it('deliveries, events and replay: a 404 dead-letters, replay re-sends the same event id once the receiver is fixed', async () => {
    await t.call('POST', '/v2/webhook/set', { instance_id: id }, { url: rx.url, events: ['message'], hmac: 'replay-secret' })
    const { envelope } = t.core.db.transaction(() =>
      enqueueEvent(t.core.db, { instanceId: id, session: 'x', me: null, engine: 'NOWEB', event: 'message', payload: { body: 'dead letter' } })
    )()
    t.core.webhooks.wake()
    await waitUntil(() => t.core.webhooks.deliveries({ instanceId: id, state: 'dead' }).length === 1, 10_000, 'dead letter')
    const log = (await t.call('GET', '/v2/webhook/deliveries', { instance_id: id, state: 'dead' })).json()
    expect(log.counts).toMatchObject({ dead: 1 })
    expect(log.deliveries).toMatchObject([{ event_id: envelope.id, event: 'message', url: rx.url, state: 'dead', attempts: 1, last_status: 404 }])
    const one = (await t.call('GET', '/v2/webhook/events', { instance_id: id, event_id: envelope.id })).json()
    expect(one).toMatchObject({ event: { id: envelope.id, payload: { body: 'dead letter' } }, attempts: [{ attempt: 1, outcome: 'dead', status_code: 404 }] })
    expect((await t.call('GET', '/v2/webhook/events', { instance_id: id, event: 'message' })).json().events.map((e: { id: string }) => e.id)).toContain(envelope.id)

    answer = 200
    const replay = await t.call('POST', '/v2/webhook/replay', { instance_id: id }, { event_id: envelope.id })
    expect(replay.json()).toEqual({ status: 'success', replayed: 1 })
    await waitUntil(() => t.core.webhooks.deliveries({ instanceId: id, state: 'delivered' }).length === 1, 10_000, 'replayed delivery')
    const ids = rx.requests.map((r) => verifyWebhook<{ id: string }>(r.headers, r.body, 'replay-secret').id)
    expect(ids).toEqual([envelope.id, envelope.id])

    expect((await t.call('POST', '/v2/webhook/replay', { instance_id: id }, { event_id: 'evt_nope' })).statusCode).toBe(404)
    expect((await t.call('POST', '/v2/webhook/replay', { instance_id: id })).json()).toMatchObject({ code: 'missing_param' })
    expect((await t.call('POST', '/v2/webhook/replay', { instance_id: id }, { url: rx.url })).json()).toEqual({ status: 'success', replayed: 0 })
    expect((await t.call('GET', '/v2/webhook/deliveries', { instance_id: id, state: 'bogus' })).statusCode).toBe(400)
  })

  it('the OpenAPI document lists the routes and every emitted event with its payload schema', async () => {
    const doc = (await t.inject({ method: 'GET', url: '/docs/json' })).json()
    for (const [method, path] of ROUTES) expect(doc.paths[path]?.[method.toLowerCase()], `${method} ${path}`).toBeTruthy()
    const hooks = doc['x-webhooks'] as Record<string, { post: { requestBody: { content: { 'application/json': { schema: { properties: { payload: { $ref: string } } } } } } } }>
    for (const event of KNOWN_WEBHOOK_EVENTS.filter((e) => e !== 'message.waiting')) {
      const ref = hooks[event]!.post.requestBody.content['application/json'].schema.properties.payload.$ref
      expect(doc.components.schemas[ref.replace('#/components/schemas/', '')], event).toBeTruthy()
    }
    expect(doc.components.schemas.WebhookMessageReaction.properties).toHaveProperty('senderId')
  })
})
