// Delivery to a real local HTTP receiver: signatures, outage recovery, 410, Retry-After, dead-letter, replay, pause.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Db } from '../db/connection.js'
import type { AttemptRecord } from './delivery-store.js'
import { createDeliveryWorker, type DeliveryWorker, type DeliveryWorkerOptions } from './delivery-worker.js'
import type { WebhookEnvelope } from './envelope.js'
import { enqueueEvent } from './outbox.js'
import { listAttempts, listDeliveries, replayEvent } from './outbox-queries.js'
import { openTestDb, receivedIds, startReceiver, type TestReceiver } from './testing.js'
import { verifyWebhook } from './verify.js'
import { getWebhook, setWebhook, updateWebhook } from './webhook-repo.js'

let db: Db
let receiver: TestReceiver
let worker: DeliveryWorker | undefined
let attempts: AttemptRecord[]
let deliverable: (id: string) => boolean

// Millisecond-scale schedule: retries.delay is read in ms (delayUnitMs 1), backoff capped at 100 ms.
const fast: DeliveryWorkerOptions = { timeoutMs: 2000, pollIntervalMs: 50, concurrency: 4, retry: { delayUnitMs: 1, maxDelayMs: 100 } }

function startWorker(options: DeliveryWorkerOptions = {}): DeliveryWorker {
  worker = createDeliveryWorker({ db, onAttempt: (a) => attempts.push(a), isInstanceDeliverable: (id) => deliverable(id) }, { ...fast, ...options })
  worker.start()
  return worker
}

const enqueue = (event = 'message', instanceId = 'I1') => {
  const r = enqueueEvent(db, { instanceId, session: 'default', me: null, engine: 'NOWEB', event, payload: { n: Math.random() } })
  worker?.wake()
  return r.envelope.id
}

async function until(cond: () => boolean, timeoutMs = 10_000): Promise<void> {
  const end = Date.now() + timeoutMs
  while (!cond()) {
    if (Date.now() > end) throw new Error('condition not met in time')
    await new Promise((r) => setTimeout(r, 5))
  }
}

beforeEach(async () => {
  db = openTestDb().db
  receiver = await startReceiver()
  attempts = []
  deliverable = () => true
})

afterEach(async () => {
  await worker?.stop()
  worker = undefined
  await receiver.close()
  db.close()
})

describe('delivery worker', () => {
  const turns = async (n = 3) => {
    for (let i = 0; i < n; i++) await new Promise((r) => setImmediate(r))
  }
  const stateOf = (eventId: string) => listDeliveries(db, { eventId })[0]!.state

  it("an enqueue given the worker's wake wakes it: claimed on the next turns of the event loop, no wake() call after it, the poll an hour away", async () => {
    setWebhook(db, 'I1', { url: receiver.url, events: ['*'] })
    const w = startWorker({ pollIntervalMs: 3_600_000 })
    await turns() // start()'s own first look is over
    // What the producers do (start-core hands them the worker's wake).
    const { envelope } = enqueueEvent(db, { instanceId: 'I1', session: 'default', me: null, engine: 'NOWEB', event: 'message', payload: {} }, { wake: w.wake })
    expect(stateOf(envelope.id)).toBe('pending') // the wake only scheduled the look
    await turns()
    expect(stateOf(envelope.id)).not.toBe('pending')
    await receiver.waitFor((r) => r.length === 1, 5_000)
    expect(receivedIds(receiver)).toEqual([envelope.id])
  })

  it('an enqueue without wake leaves a new event to wake() or the poll (what a polling worker costs)', async () => {
    setWebhook(db, 'I1', { url: receiver.url, events: ['*'] })
    const w = startWorker({ pollIntervalMs: 3_600_000 })
    await turns()
    const { envelope } = enqueueEvent(db, { instanceId: 'I1', session: 'default', me: null, engine: 'NOWEB', event: 'message', payload: {} })
    await turns()
    expect(stateOf(envelope.id)).toBe('pending')
    w.wake()
    await receiver.waitFor((r) => r.length === 1, 5_000)
    expect(receivedIds(receiver)).toEqual([envelope.id])
  })

  it('POSTs one signed event per request and logs the attempt', async () => {
    const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw'
    const w = setWebhook(db, 'I1', { url: receiver.url, events: ['*'], hmac: secret })
    startWorker()
    const ids = [enqueue(), enqueue('message.ack'), enqueue('session.status')]
    await receiver.waitFor((r) => r.length === 3)
    for (const req of receiver.requests) {
      const env = verifyWebhook<WebhookEnvelope>(req.headers, req.body, secret)
      expect(env.id).toBe(req.headers['webhook-id'])
      expect(verifyWebhook(req.headers, req.body, secret, { scheme: 'waha' })).toEqual(env)
      expect(verifyWebhook(req.headers, req.body, secret, { scheme: 'wawp' })).toEqual(env)
      expect(req.headers['content-type']).toBe('application/json')
    }
    expect(new Set(receivedIds(receiver))).toEqual(new Set(ids))
    await until(() => attempts.length === 3)
    const log = listAttempts(db, { eventId: ids[0] })
    expect(log).toEqual([expect.objectContaining({ attempt: 1, outcome: 'delivered', statusCode: 200, error: null, webhookId: w.id })])
    expect(log[0]!.durationMs).toBeGreaterThanOrEqual(0)
    expect(listDeliveries(db, { instanceId: 'I1' }).every((d) => d.state === 'delivered' && d.deliveredAt !== null)).toBe(true)
  })

  it('keeps retrying while the receiver is down and delivers everything once it is back', async () => {
    setWebhook(db, 'I1', { url: receiver.url, events: ['*'], retries: { delay: 10, attempts: 100 } })
    await receiver.down()
    startWorker()
    const ids = Array.from({ length: 10 }, () => enqueue())
    await until(() => attempts.length >= 30)
    expect(attempts.every((a) => a.outcome === 'retry' && a.statusCode === null && /ECONNREFUSED/.test(a.error ?? ''))).toBe(true)
    await receiver.up()
    await receiver.waitFor(() => new Set(receivedIds(receiver)).size === 10)
    expect(new Set(receivedIds(receiver))).toEqual(new Set(ids))
    await until(() => listDeliveries(db, {}).every((d) => d.state === 'delivered'))
    expect(listAttempts(db, { eventId: ids[0] }).length).toBeGreaterThan(1)
  })

  it('disables the webhook on 410 and stops enqueueing for it', async () => {
    const w = setWebhook(db, 'I1', { url: receiver.url, events: ['*'] })
    receiver.handler = (_req, res) => void res.writeHead(410).end('gone')
    startWorker()
    const id = enqueue()
    await until(() => attempts.length === 1)
    expect(attempts[0]).toMatchObject({ eventId: id, outcome: 'gone', statusCode: 410 })
    expect(getWebhook(db, 'I1', receiver.url)).toMatchObject({ isActive: false, disabledReason: 'http_410' })
    expect(listDeliveries(db, { webhookId: w.id })[0]).toMatchObject({ state: 'dead', lastStatus: 410 })
    expect(enqueueEvent(db, { instanceId: 'I1', session: 's', me: null, engine: 'NOWEB', event: 'message', payload: {} }).deliveries).toBe(0)
    expect(updateWebhook(db, 'I1', { url: receiver.url, is_active: 1 })).toMatchObject({ isActive: true, disabledReason: null })
  })

  it('honours Retry-After on 429 over its own (shorter) backoff', async () => {
    setWebhook(db, 'I1', { url: receiver.url, events: ['*'], retries: { delay: 10, attempts: 5 } })
    let n = 0
    receiver.handler = (_req, res) => void (n++ === 0 ? res.writeHead(429, { 'retry-after': '300' }).end() : res.end('ok'))
    startWorker()
    const id = enqueue()
    await receiver.waitFor((r) => r.length === 2)
    const [first, second] = receiver.requests
    // Retry-After 300 (units of 1 ms here) beats the 10 ms backoff.
    expect(second!.at - first!.at).toBeGreaterThanOrEqual(295)
    expect(second!.headers['webhook-id']).toBe(id)
    await until(() => attempts.length === 2)
    expect(attempts.map((a) => a.outcome)).toEqual(['retry', 'delivered'])
    expect(attempts[0]!.nextAttemptAt! - attempts[0]!.at).toBeGreaterThanOrEqual(300)
  })

  it('dead-letters after the last attempt, keeps the row, and replays it with the same id', async () => {
    const w = setWebhook(db, 'I1', { url: receiver.url, events: ['*'], retries: { delay: 5, attempts: 3 } })
    receiver.handler = (_req, res) => void res.writeHead(500).end('boom')
    startWorker()
    const id = enqueue()
    await until(() => attempts.some((a) => a.outcome === 'dead'))
    expect(receiver.requests).toHaveLength(3)
    expect(listAttempts(db, { eventId: id }).map((a) => [a.attempt, a.outcome, a.statusCode])).toEqual([
      [1, 'retry', 500],
      [2, 'retry', 500],
      [3, 'dead', 500]
    ])
    expect(listAttempts(db, { eventId: id })[2]!.error).toMatch(/^HTTP 500: boom/)
    expect(listDeliveries(db, { webhookId: w.id })[0]).toMatchObject({ state: 'dead', attempts: 3 })

    receiver.handler = (_req, res) => void res.end('ok')
    expect(replayEvent(db, id)).toBe(1)
    worker!.wake()
    await receiver.waitFor((r) => r.length === 4)
    expect(receiver.requests[3]!.headers['webhook-id']).toBe(id)
    expect(receiver.requests[3]!.body).toBe(receiver.requests[0]!.body)
    await until(() => attempts.length === 4)
    expect(listAttempts(db, { eventId: id }).at(-1)).toMatchObject({ attempt: 4, outcome: 'delivered' })
    expect(listDeliveries(db, { webhookId: w.id })[0]).toMatchObject({ state: 'delivered', totalAttempts: 4 })
  })

  it('dead-letters 4xx like 404 at once (no retry)', async () => {
    setWebhook(db, 'I1', { url: receiver.url, events: ['*'], retries: { delay: 5, attempts: 15 } })
    receiver.handler = (_req, res) => void res.writeHead(404).end('The requested webhook is not registered')
    startWorker()
    enqueue()
    await until(() => attempts.length === 1)
    expect(attempts[0]).toMatchObject({ outcome: 'dead', statusCode: 404 })
    expect(receiver.requests).toHaveLength(1)
  })

  it('counts a timeout as a failed attempt', async () => {
    setWebhook(db, 'I1', { url: receiver.url, events: ['*'], retries: { delay: 5, attempts: 3 } })
    let n = 0
    receiver.handler = (_req, res) => {
      if (n++ > 0) res.end('ok') // the first request is never answered
    }
    startWorker({ timeoutMs: 150 })
    enqueue()
    await until(() => attempts.length === 2)
    expect(attempts[0]).toMatchObject({ outcome: 'retry', statusCode: null, error: 'timeout after 150 ms' })
    expect(attempts[1]).toMatchObject({ outcome: 'delivered' })
  })

  it('delivers nothing for a paused (STOPPED) instance and everything after resume', async () => {
    setWebhook(db, 'I1', { url: receiver.url, events: ['*'] })
    setWebhook(db, 'I2', { url: receiver.url, events: ['*'] })
    let stopped = true
    deliverable = (id) => !(id === 'I1' && stopped)
    startWorker()
    const paused = [enqueue('message', 'I1'), enqueue('message', 'I1')]
    const live = enqueue('message', 'I2')
    // I1's rows are older, so they would have gone first; I2's delivery proves the worker ran past them.
    await receiver.waitFor((r) => r.length === 1)
    expect(receivedIds(receiver)).toEqual([live])
    expect(listDeliveries(db, { instanceId: 'I1' }).map((d) => d.state)).toEqual(['pending', 'pending'])
    stopped = false
    worker!.wake()
    await receiver.waitFor((r) => r.length === 3)
    expect(new Set(receivedIds(receiver).slice(1))).toEqual(new Set(paused))
  })

  it('stop() gives rows still in flight back to the queue without counting an attempt', async () => {
    setWebhook(db, 'I1', { url: receiver.url, events: ['*'] })
    receiver.handler = () => undefined // never answers
    const w = startWorker({ stopDrainMs: 20 })
    const id = enqueue()
    await receiver.waitFor((r) => r.length === 1)
    await w.stop()
    expect(listDeliveries(db, { eventId: id })[0]).toMatchObject({ state: 'pending', attempts: 0, totalAttempts: 0 })
    expect(listAttempts(db, { eventId: id })).toEqual([])
  })
})

describe('delivery worker: rows claimed ahead of their POST', () => {
  it('writes a burst in batches: far fewer commits than deliveries, every event delivered once and logged', async () => {
    setWebhook(db, 'I1', { url: receiver.url, events: ['*'] })
    const w = startWorker({ concurrency: 4, perWebhookConcurrency: 4 })
    const ids = Array.from({ length: 200 }, () => enqueueEvent(db, { instanceId: 'I1', session: 'default', me: null, engine: 'NOWEB', event: 'message', payload: {} }).envelope.id)
    const before = w.commits()
    w.wake()
    await receiver.waitFor((r) => r.length >= 200)
    await until(() => attempts.length === 200)
    expect(receivedIds(receiver).sort()).toEqual([...ids].sort())
    expect(listDeliveries(db, { limit: 1000 }).every((d) => d.state === 'delivered' && d.totalAttempts === 1)).toBe(true)
    // One commit per delivery (or per few) before; claims of up to 4 x concurrency rows and their outcomes share one now.
    expect(w.commits() - before).toBeLessThanOrEqual(200 / 4)
  })

  it('stop() gives rows claimed but not started back to the queue, untouched', async () => {
    setWebhook(db, 'I1', { url: receiver.url, events: ['*'] })
    receiver.handler = () => undefined // never answers: one POST in flight, the other rows wait claimed
    const w = startWorker({ concurrency: 1, perWebhookConcurrency: 1, stopDrainMs: 20 })
    const ids = Array.from({ length: 5 }, () => enqueue())
    await receiver.waitFor((r) => r.length === 1)
    await until(() => listDeliveries(db, { state: 'in_flight' }).length > 1) // claimed ahead of their POST
    await w.stop()
    expect(listDeliveries(db, { limit: 100 }).map((d) => [d.state, d.attempts])).toEqual(ids.map(() => ['pending', 0]))
    expect(receiver.requests).toHaveLength(1)
  })

  it('never sends a claimed row whose lease ran short while it waited (the expired-lease sweep could hand it out twice)', async () => {
    setWebhook(db, 'I1', { url: receiver.url, events: ['*'] })
    // Each POST takes 150 ms and one runs at a time, so rows wait claimed longer than their 300 ms lease allows;
    // the sweep of expired leases runs every 100 ms (5 polls).
    receiver.handler = (_req, res) => void setTimeout(() => res.end('ok'), 150)
    startWorker({ concurrency: 1, perWebhookConcurrency: 1, timeoutMs: 200, leaseMs: 300, pollIntervalMs: 20 })
    const ids = Array.from({ length: 6 }, () => enqueue())
    await until(() => listDeliveries(db, {}).every((d) => d.state === 'delivered'), 15_000)
    expect(receivedIds(receiver).sort()).toEqual([...ids].sort()) // each once
    expect(listAttempts(db, { webhookId: 1, limit: 100 }).map((a) => a.attempt)).toEqual(ids.map(() => 1))
  })
})
