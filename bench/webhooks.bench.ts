// Webhook delivery benchmark: events enqueued into the SQLite outbox and delivered (signed) by the worker
// to a local receiver, against a baseline of the same signed POSTs sent directly with the same HTTP client
// and concurrency (no outbox). Two loads: a burst (throughput) and a paced stream (latency when not saturated).
import { performance } from 'node:perf_hooks'
import { createDeliveryWorker } from '../src-main/core/webhooks/delivery-worker.js'
import { createHttpAgent, postJson } from '../src-main/core/webhooks/http-post.js'
import { enqueueEvent } from '../src-main/core/webhooks/outbox.js'
import { deliveryHeaders } from '../src-main/core/webhooks/signing.js'
import { openTestDb, startReceiver, type TestReceiver } from '../src-main/core/webhooks/testing.js'
import { newEventId } from '../src-main/core/webhooks/ulid.js'
import { setWebhook } from '../src-main/core/webhooks/webhook-repo.js'
import { latencyStats, type BenchResult, type BenchRow } from './lib.js'

const BURST = Number(process.env.BENCH_WEBHOOK_EVENTS ?? 3000)
const PACED = Number(process.env.BENCH_WEBHOOK_PACED ?? 1000)
const PACED_RATE = 500 // events/s
const CONCURRENCY = 8
const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw'
const payload = { id: 'false_11111111111@c.us_AAAAAAAAAAAAAAAAAAAA', body: 'Hello, world!', from: '11111111111@c.us', fromMe: false, timestamp: 1666943582 }

interface Run {
  delivered: number
  seconds: number
  latencies: number[]
}

/** Arrival times by webhook-id, resolved when `expected` distinct ids arrived. */
function track(receiver: TestReceiver) {
  const arrived = new Map<string, number>()
  let done: (() => void) | null = null
  let expected = Infinity
  receiver.handler = (req, res) => {
    const id = String(req.headers['webhook-id'])
    if (!arrived.has(id)) arrived.set(id, performance.now())
    res.end('ok')
    if (arrived.size >= expected) done?.()
  }
  return {
    arrived,
    all(n: number) {
      expected = n
      return arrived.size >= n ? Promise.resolve() : new Promise<void>((r) => (done = r))
    },
    reset() {
      arrived.clear()
      expected = Infinity
      done = null
    }
  }
}

const result = (sent: Map<string, number>, arrived: Map<string, number>): Run => {
  const latencies = [...sent].map(([id, t]) => arrived.get(id)! - t)
  const first = Math.min(...sent.values())
  const last = Math.max(...arrived.values())
  return { delivered: arrived.size, seconds: (last - first) / 1000, latencies }
}

async function outboxRun(receiver: TestReceiver, count: number, ratePerSec: number | null): Promise<Run> {
  const { db } = openTestDb()
  setWebhook(db, 'I1', { url: receiver.url, events: ['*'], hmac: SECRET })
  const worker = createDeliveryWorker({ db }, { concurrency: CONCURRENCY, perWebhookConcurrency: CONCURRENCY, retentionMs: null })
  const t = track(receiver)
  const sent = new Map<string, number>()
  const enqueue = () => {
    const at = performance.now()
    const { envelope } = enqueueEvent(db, { instanceId: 'I1', session: 'default', me: null, engine: 'NOWEB', event: 'message', payload })
    sent.set(envelope.id, at)
  }
  worker.start()
  const all = t.all(count)
  await pace(count, ratePerSec, () => {
    enqueue()
    worker.wake()
  })
  await all
  await worker.stop()
  db.close()
  return result(sent, t.arrived)
}

async function baselineRun(receiver: TestReceiver, count: number, ratePerSec: number | null): Promise<Run> {
  const agent = createHttpAgent(CONCURRENCY)
  const t = track(receiver)
  const sent = new Map<string, number>()
  const backlog: Array<{ id: string; body: string }> = []
  let active = 0
  const pump = () => {
    while (active < CONCURRENCY && backlog.length) {
      const { id, body } = backlog.shift()!
      active++
      const headers = deliveryHeaders({ eventId: id, body, secret: SECRET, nowMs: Date.now(), userAgent: 'bench' })
      void postJson(agent, receiver.url, headers, body, 15_000).finally(() => {
        active--
        pump()
      })
    }
  }
  const all = t.all(count)
  await pace(count, ratePerSec, () => {
    const id = newEventId(Date.now())
    const body = JSON.stringify({ id, timestamp: Date.now(), session: 'default', instance_id: 'I1', engine: 'NOWEB', event: 'message', payload, me: null })
    sent.set(id, performance.now())
    backlog.push({ id, body })
    pump()
  })
  await all
  await agent.close()
  return result(sent, t.arrived)
}

/** Calls `fn` count times: all at once (null rate) or spread at ratePerSec in 10 ms slices. */
async function pace(count: number, ratePerSec: number | null, fn: () => void): Promise<void> {
  if (ratePerSec === null) {
    for (let i = 0; i < count; i++) fn()
    return
  }
  const perSlice = Math.max(1, Math.round(ratePerSec / 100))
  const start = performance.now()
  for (let i = 0; i < count; ) {
    for (let j = 0; j < perSlice && i < count; j++, i++) fn()
    const due = start + (i / ratePerSec) * 1000
    await new Promise((r) => setTimeout(r, Math.max(0, due - performance.now())))
  }
}

const row = (name: string, r: Run): BenchRow => {
  const s = latencyStats(r.latencies)
  return { name, events: r.delivered, 'events/s': r.delivered / r.seconds, 'p50 ms': s.p50, 'p99 ms': s.p99, 'max ms': s.max }
}

export default async function webhooksBench(): Promise<BenchResult> {
  const receiver = await startReceiver()
  try {
    await baselineRun(receiver, 200, null) // warm-up (JIT, sockets)
    await outboxRun(receiver, 200, null)
    const baseBurst = await baselineRun(receiver, BURST, null)
    const outBurst = await outboxRun(receiver, BURST, null)
    const basePaced = await baselineRun(receiver, PACED, PACED_RATE)
    const outPaced = await outboxRun(receiver, PACED, PACED_RATE)
    const rows = [
      row(`baseline burst (direct POST, c=${CONCURRENCY})`, baseBurst),
      row(`outbox burst (SQLite + worker, c=${CONCURRENCY})`, outBurst),
      row(`baseline paced ${PACED_RATE}/s`, basePaced),
      row(`outbox paced ${PACED_RATE}/s`, outPaced)
    ]
    const eps = (r: Run) => r.delivered / r.seconds
    return {
      bench: 'webhooks',
      rows,
      summary: {
        'burst throughput ratio (outbox / baseline)': eps(outBurst) / eps(baseBurst),
        'paced p50 latency ratio (outbox / baseline)': latencyStats(outPaced.latencies).p50 / latencyStats(basePaced.latencies).p50,
        'paced p99 latency ratio (outbox / baseline)': latencyStats(outPaced.latencies).p99 / latencyStats(basePaced.latencies).p99
      }
    }
  } finally {
    await receiver.close()
  }
}
