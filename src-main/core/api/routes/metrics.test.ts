// Issue 23 item 5: GET /metrics behind the token, in Prometheus' format, with the figures read from the store at
// scrape time on a real core with a paired instance on the sandbox: status, a queued send (strict policy's
// protection window), an incoming message, a webhook delivery waiting for a receiver that is down, process metrics.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEFAULT_ACCOUNT_ID } from '../../db/repositories/accounts-repo.js'
import { ManualClock } from '../../rate-limit/index.js'
import { pairInstance, startTestCore, waitUntil, type TestCore } from '../../testing/core-harness.js'

const A = '15550423001'
const B = '15550423002'

/** The value of one series (labels in any order), or undefined. */
function sample(text: string, name: string, labels: Record<string, string>): number | undefined {
  for (const line of text.split('\n')) {
    const m = /^([a-z_]+)\{([^}]*)\} (\S+)$/.exec(line)
    if (!m || m[1] !== name) continue
    const got = Object.fromEntries([...m[2]!.matchAll(/(\w+)="([^"]*)"/g)].map((x) => [x[1], x[2]]))
    if (Object.entries(labels).every(([k, v]) => got[k] === v)) return Number(m[3])
  }
  return undefined
}

describe('GET /metrics', () => {
  const clock = new ManualClock(Date.now())
  let t: TestCore
  let id: string
  beforeAll(async () => {
    t = await startTestCore('sandbox', { clock, plan: 'paid' })
    await t.core.sandbox!.createPhone({ phoneNumber: B, name: 'Bob' })
    id = await pairInstance(t, A, 'Alice')
    await t.core.sandbox!.sendText(B, A, 'hello from Bob')
    await waitUntil(async () => (await t.call('GET', '/v2/chats', { instance_id: id })).json().length === 1, 20_000, "Bob's message in the store")
  }, 60_000)
  afterAll(async () => t?.close())

  const scrape = (headers: Record<string, string>) => fetch(`${t.core.url}/metrics`, { headers })

  it('needs the access token', async () => {
    expect((await scrape({})).status).toBe(400)
    expect((await scrape({ authorization: 'Bearer wrong' })).status).toBe(401)
  })

  it('reports status, queue, sends, inbound messages, deliverability, the outbox and process metrics', async () => {
    // Within the strict policy's protection window after pairing: the send waits in the queue (202).
    const queued = await t.call('POST', '/v2/send/text', { instance_id: id }, { chatId: B, message: 'queued for the metrics' })
    expect(queued.statusCode).toBe(202)
    // A receiver that refuses connections: the delivery waits in the outbox for its retry.
    await t.call('POST', '/v2/webhook/set', { instance_id: id }, { url: 'http://127.0.0.1:9/down', events: ['message.any'] })
    await t.core.sandbox!.sendText(B, A, 'a second message, for the webhook')
    await waitUntil(() => t.core.webhooks.deliveries({ instanceId: id, state: 'pending' }).length > 0, 20_000, 'a pending delivery')

    const res = await scrape({ authorization: `Bearer ${t.token}` })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/)
    const text = await res.text()
    const one = (name: string, extra: Record<string, string> = {}) => sample(text, name, { instance_id: id, ...extra })
    expect(one('switchboard_instance_up')).toBe(1)
    expect(one('switchboard_instance_status', { status: 'WORKING' })).toBe(1)
    expect(one('switchboard_instance_status', { status: 'STOPPED' })).toBe(0)
    expect(one('switchboard_send_queue_depth')).toBe(1)
    expect(one('switchboard_send_queue_oldest_wait_seconds')).toBeGreaterThanOrEqual(0)
    expect(one('switchboard_sends', { result: 'queued' })).toBe(1)
    expect(one('switchboard_new_contacts_paused')).toBe(0)
    expect(one('switchboard_inbound_messages')).toBe(2)
    expect(one('switchboard_webhook_outbox_pending')).toBeGreaterThanOrEqual(1)
    expect(one('switchboard_webhook_deliveries', { state: 'pending' })).toBeGreaterThanOrEqual(1)
    expect(text).toMatch(/^switchboard_event_stream_clients 0$/m)
    expect(text).toMatch(/^process_cpu_user_seconds_total /m)
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds /m)
    // The UI's health panel reads the same figures.
    const health = t.core.services.health.snapshot(DEFAULT_ACCOUNT_ID, id).instances[0]!
    expect(health).toMatchObject({ instanceId: id, status: 'WORKING', queueDepth: 1, inboundMessages: 2 })
  })
})
