// Webhook delivery benchmark: events enqueued into the SQLite outbox and delivered (signed) by the worker to a
// local receiver, against a baseline of the same signed POSTs sent directly with the same HTTP client and
// concurrency (no outbox). Two loads: a burst (throughput) and a paced stream (latency when not saturated).
// The lanes run interleaved round by round (long-lived worker, database and client each), so the machine's load
// hits them alike; a third lane, whose enqueues do not pass the worker's wake, shows what polling alone would cost.
// The outbox lane enqueues with enqueueEventGrouped (one commit per turn of the event loop, as a producer outside a
// transaction would); BENCH_WEBHOOK_EACH=1 adds a third burst lane with one commit per enqueue (enqueueEvent),
// interleaved with the other two (off by default: a third lane changes the others' conditions).
// The outbox lanes use an encrypted store, as the app does (BENCH_WEBHOOK_STORE=clear: a store in clear). Prints the
// lanes, then the goals table (issue 24 item 4: burst throughput >= 0.8x direct, paced p99 <= 1.5x direct).
// The paced load is paired: every 10 ms slice submits the same number of events to the direct lane and to the
// outbox (half of the paced rate each, so the process carries the same load as one lane at the full rate), so an event-loop stall (the machine descheduling us, or our own work) delays both alike; beside the p99s
// it prints the outbox's own added latency per pair (outbox arrival - direct arrival), the p99s of the events no
// stall touched, and the stalls of the same window split by whether the process was running during them (ours)
// or waiting for a core (the machine's).
// BENCH_PROFILE=DIR also writes one V8 CPU profile of an outbox-only burst and one of a direct-only burst (same
// process, same events) to DIR, for bench/cpu-profile-summary.ts.
import { randomBytes } from 'node:crypto'
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { Session } from 'node:inspector/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { monitorEventLoopDelay, performance } from 'node:perf_hooks'
import { openDatabase, type Db } from '../src-main/core/db/connection.js'
import { migrate } from '../src-main/core/db/migrate.js'
import { startWalCheckpointer } from '../src-main/core/db/wal-checkpointer.js'
import { createDeliveryWorker, type DeliveryWorker } from '../src-main/core/webhooks/delivery-worker.js'
import { createHttpAgent, postJson } from '../src-main/core/webhooks/http-post.js'
import { enqueueEvent } from '../src-main/core/webhooks/outbox.js'
import { enqueueEventGrouped } from '../src-main/core/webhooks/outbox-group-commit.js'
import { deliveryHeaders } from '../src-main/core/webhooks/signing.js'
import { ownMigrations, startReceiver, type TestReceiver } from '../src-main/core/webhooks/testing.js'
import { newEventId } from '../src-main/core/webhooks/ulid.js'
import { setWebhook } from '../src-main/core/webhooks/webhook-repo.js'
import { latencyStats, printTable, type BenchResult, type BenchRow } from './lib.js'

const BURST = Number(process.env.BENCH_WEBHOOK_EVENTS ?? 3000)
const PACED = Number(process.env.BENCH_WEBHOOK_PACED ?? 1000)
const ROUNDS = 10
const PACED_RATE = 500 // events/s
const CONCURRENCY = 8
const POLL_MS = 1000 // the worker's default poll interval
const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw'
const ENCRYPTED = process.env.BENCH_WEBHOOK_STORE !== 'clear'
const GOAL_BURST = 0.8 // outbox events/s ÷ direct, at least
const GOAL_PACED_P99 = 1.5 // outbox p99 ÷ direct, at most
const PROFILE_DIR = process.env.BENCH_PROFILE
const COMPARE_EACH = process.env.BENCH_WEBHOOK_EACH === '1'
const payload = { id: 'false_11111111111@c.us_AAAAAAAAAAAAAAAAAAAA', body: 'Hello, world!', from: '11111111111@c.us', fromMe: false, timestamp: 1666943582 }

/**
 * One way of getting an event to the receiver: submit() starts it and returns its webhook-id (the group-committed
 * outbox: a promise of it, resolved when the event's row is committed).
 */
interface Lane {
  name: string
  submit(): string | Promise<string>
  close(): Promise<void>
}

/** Submitted ids with their submit times, once every id is known. */
async function settle(submitted: Array<{ id: string | Promise<string>; at: number }>): Promise<Map<string, number>> {
  const ids = await Promise.all(submitted.map((s) => s.id))
  return new Map(ids.map((id, i) => [id, submitted[i]!.at]))
}

interface Sample {
  delivered: number
  seconds: number
  latencies: number[]
  /** CPU time of the whole process (user + system) during the run, µs: less at the mercy of the machine's load. */
  cpuUs: number
}

/** Arrival times by webhook-id; `all(ids)` resolves once every one of them arrived. */
function track(receiver: TestReceiver) {
  const arrived = new Map<string, number>()
  let pending = new Set<string>()
  let done: (() => void) | null = null
  receiver.handler = (req, res) => {
    const id = String(req.headers['webhook-id'])
    if (!arrived.has(id)) arrived.set(id, performance.now())
    res.end('ok')
    if (pending.delete(id) && pending.size === 0) done?.()
  }
  return {
    arrived,
    all: (ids: string[]) =>
      new Promise<void>((resolve) => {
        pending = new Set(ids.filter((id) => !arrived.has(id)))
        done = resolve
        if (pending.size === 0) resolve()
      })
  }
}

/**
 * grouped: enqueueEventGrouped (one commit per turn of the event loop) woken by each enqueue; each: enqueueEvent
 * (one commit per event) woken by each enqueue; poll: enqueueEvent without the wake.
 */
function outboxLane(receiver: TestReceiver, name: string, mode: 'grouped' | 'each' | 'poll'): Lane {
  const file = join(mkdtempSync(join(tmpdir(), 'sb-bench-wh-')), 'app.db')
  const dataKey = ENCRYPTED ? randomBytes(32) : undefined
  const db: Db = openDatabase(file, { dataKey })
  migrate(db, ownMigrations)
  // As start-core: the WAL is checkpointed on a thread (BENCH_WAL_CHECKPOINT=inline: by SQLite inside the commits).
  const checkpointer = process.env.BENCH_WAL_CHECKPOINT === 'inline' ? null : startWalCheckpointer(db, { file, dataKey, ...(process.env.BENCH_WAL_BACKSTOP ? { backstopFrames: Number(process.env.BENCH_WAL_BACKSTOP) } : {}) })
  setWebhook(db, 'I1', { url: receiver.url, events: ['*'], hmac: SECRET })
  // retentionMs null: nothing is pruned during the run. The worker is woken by each enqueue (opts.wake, as the
  // producers of start-core do) or, with wakeOnEnqueue false, only by its poll.
  const worker: DeliveryWorker = createDeliveryWorker({ db }, { concurrency: CONCURRENCY, perWebhookConcurrency: CONCURRENCY, retentionMs: null, pollIntervalMs: POLL_MS })
  worker.start()
  const opts = mode === 'poll' ? {} : { wake: worker.wake }
  const input = { instanceId: 'I1', session: 'default', me: null, engine: 'NOWEB', event: 'message', payload }
  return {
    name,
    submit: mode === 'grouped' ? () => enqueueEventGrouped(db, input, opts).then((r) => r.envelope.id) : () => enqueueEvent(db, input, opts).envelope.id,
    async close() {
      await worker.stop()
      await checkpointer?.stop()
      db.close()
    }
  }
}

function directLane(receiver: TestReceiver): Lane {
  const agent = createHttpAgent(CONCURRENCY)
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
  return {
    name: 'baseline',
    submit() {
      const id = newEventId(Date.now())
      backlog.push({ id, body: JSON.stringify({ id, timestamp: Date.now(), session: 'default', instance_id: 'I1', engine: 'NOWEB', event: 'message', payload, me: null }) })
      pump()
      return id
    },
    close: () => agent.close()
  }
}

/** Submits `count` events all at once (null rate) or spread at ratePerSec in 10 ms slices; waits for all. */
async function run(lane: Lane, t: ReturnType<typeof track>, count: number, ratePerSec: number | null): Promise<Sample> {
  const submitted: Array<{ id: string | Promise<string>; at: number }> = []
  const cpu0 = process.cpuUsage()
  const submit = () => {
    const at = performance.now()
    submitted.push({ id: lane.submit(), at })
  }
  if (ratePerSec === null) {
    for (let i = 0; i < count; i++) submit()
  } else {
    const perSlice = Math.max(1, Math.round(ratePerSec / 100))
    const start = performance.now()
    for (let i = 0; i < count; ) {
      for (let j = 0; j < perSlice && i < count; j++, i++) submit()
      const due = start + (i / ratePerSec) * 1000
      await new Promise((r) => setTimeout(r, Math.max(0, due - performance.now())))
    }
  }
  const sent = await settle(submitted)
  await t.all([...sent.keys()])
  const latencies = [...sent].map(([id, at]) => t.arrived.get(id)! - at)
  const first = Math.min(...sent.values())
  const last = Math.max(...[...sent.keys()].map((id) => t.arrived.get(id)!))
  const cpu = process.cpuUsage(cpu0)
  return { delivered: sent.size, seconds: (last - first) / 1000, latencies, cpuUs: cpu.user + cpu.system }
}

/** A gap of the event loop over STALL_MS, and the process CPU time spent in it. */
interface Stall {
  start: number
  end: number
  cpuMs: number
}
const STALL_MS = 20

/**
 * Watches the loop with a 1 ms timer: a gap over STALL_MS is a stall. If the process used at least half the gap's
 * length in CPU, the loop was busy (our work: SQLite, GC, JIT); else it was waiting for a core (the machine's load).
 */
function stallMonitor() {
  const stalls: Stall[] = []
  let last = performance.now()
  let cpu = process.cpuUsage()
  const timer = setInterval(() => {
    const now = performance.now()
    const used = process.cpuUsage()
    if (now - last > STALL_MS) stalls.push({ start: last, end: now, cpuMs: (used.user + used.system - cpu.user - cpu.system) / 1000 })
    last = now
    cpu = used
  }, 1)
  return {
    stalls,
    stop: () => clearInterval(timer),
    /** Whether a stall overlapped [from, to]. */
    touched: (from: number, to: number) => stalls.some((st) => st.start < to && st.end > from),
    summary(from: number, to: number) {
      const within = stalls.filter((st) => st.end > from && st.start < to)
      const ours = within.filter((st) => st.cpuMs >= (st.end - st.start) / 2)
      const ms = (list: Stall[]) => list.reduce((n, st) => n + st.end - st.start, 0)
      const longest = (list: Stall[]) => list.reduce((n, st) => Math.max(n, st.end - st.start), 0)
      return { count: within.length, ours: ours.length, oursMs: ms(ours), oursMax: longest(ours), machine: within.length - ours.length, machineMs: ms(within) - ms(ours), machineMax: longest(within.filter((st) => !ours.includes(st))) }
    }
  }
}

interface Paired {
  samples: Sample[]
  /** Per slot pair: outbox arrival - direct arrival (ms), the delivery path's own added latency. */
  added: number[]
  /** Per lane: latencies of the events no stall touched between submit and arrival. */
  clean: number[][]
  window: [number, number]
}

/** Paced at ratePerSec in 10 ms slices; each slice submits to every lane (order alternating), then waits for all. */
async function runPaired(lanes: Lane[], t: ReturnType<typeof track>, count: number, ratePerSec: number, monitor: ReturnType<typeof stallMonitor>): Promise<Paired> {
  const submitted = lanes.map((): Array<{ id: string | Promise<string>; at: number }> => [])
  const cpu0 = process.cpuUsage()
  const perSlice = Math.max(1, Math.round(ratePerSec / 100))
  const start = performance.now()
  for (let i = 0; i < count; ) {
    for (let j = 0; j < perSlice && i < count; j++, i++) {
      for (let k = 0; k < lanes.length; k++) {
        const lane = (i % 2 ? lanes.length - 1 - k : k)
        const at = performance.now()
        submitted[lane]!.push({ id: lanes[lane]!.submit(), at })
      }
    }
    const due = start + (i / ratePerSec) * 1000
    await new Promise((r) => setTimeout(r, Math.max(0, due - performance.now())))
  }
  const sent = await Promise.all(submitted.map(settle))
  const order = sent.map((m) => [...m.keys()])
  for (const m of sent) await t.all([...m.keys()])
  const cpu = process.cpuUsage(cpu0)
  const end = Math.max(...sent.flatMap((m) => [...m.keys()].map((id) => t.arrived.get(id)!)))
  const samples = sent.map((m) => {
    const first = Math.min(...m.values())
    const last = Math.max(...[...m.keys()].map((id) => t.arrived.get(id)!))
    return { delivered: m.size, seconds: (last - first) / 1000, latencies: [...m].map(([id, at]) => t.arrived.get(id)! - at), cpuUs: (cpu.user + cpu.system) / lanes.length }
  })
  const added = order[0]!.map((directId, n) => t.arrived.get(order[1]![n]!)! - t.arrived.get(directId)!)
  const clean = sent.map((m) => [...m].filter(([id, at]) => !monitor.touched(at, t.arrived.get(id)!)).map(([id, at]) => t.arrived.get(id)! - at))
  return { samples, added, clean, window: [start, end] }
}

const merge = (samples: Sample[]): Sample => ({
  delivered: samples.reduce((n, s) => n + s.delivered, 0),
  seconds: samples.reduce((n, s) => n + s.seconds, 0),
  cpuUs: samples.reduce((n, s) => n + s.cpuUs, 0),
  latencies: samples.flatMap((s) => s.latencies)
})

/** Each lane in turn, round after round; per lane the rounds' samples merged. */
async function interleaved(lanes: Lane[], t: ReturnType<typeof track>, rounds: number, perRound: number, rate: number | null): Promise<Sample[]> {
  const out: Sample[][] = lanes.map(() => [])
  for (let r = 0; r < rounds; r++) for (const [i, lane] of lanes.entries()) out[i]!.push(await run(lane, t, perRound, rate))
  return out.map(merge)
}

const row = (name: string, s: Sample): BenchRow => {
  const l = latencyStats(s.latencies)
  return { name, events: s.delivered, 'events/s': s.delivered / s.seconds, 'p50 ms': l.p50, 'p99 ms': l.p99, 'max ms': l.max, 'CPU µs/event': s.cpuUs / s.delivered }
}

/** One CPU profile per lane of a burst of BURST events (after the measured runs, so it does not skew them). */
async function profileBursts(dir: string, lanes: Lane[], t: ReturnType<typeof track>): Promise<void> {
  mkdirSync(dir, { recursive: true })
  const session = new Session()
  session.connect()
  await session.post('Profiler.enable')
  await session.post('Profiler.setSamplingInterval', { interval: Number(process.env.BENCH_PROFILE_INTERVAL_US ?? 250) })
  for (const lane of lanes) {
    await session.post('Profiler.start')
    const out = await run(lane, t, BURST, null)
    const { profile } = await session.post('Profiler.stop')
    const file = join(dir, `webhooks-${lane.name.replace(/\W+/g, '-')}.cpuprofile`)
    writeFileSync(file, JSON.stringify(profile))
    console.log(`profile of ${lane.name}: ${out.delivered} events in ${out.seconds.toFixed(2)} s, ${(out.cpuUs / out.delivered).toFixed(0)} µs CPU/event -> ${file}`)
  }
  session.disconnect()
}

export default async function webhooksBench(): Promise<BenchResult> {
  const receiver = await startReceiver()
  const t = track(receiver)
  const base = directLane(receiver)
  const woken = outboxLane(receiver, 'outbox', 'grouped')
  const each = COMPARE_EACH ? outboxLane(receiver, 'outbox, one commit per event', 'each') : null
  const polled = outboxLane(receiver, 'outbox, poll only', 'poll')
  const loop = monitorEventLoopDelay({ resolution: 1 })
  try {
    const burstLanes = each ? [base, woken, each] : [base, woken]
    for (const lane of burstLanes) await run(lane, t, 200, null) // warm-up (JIT, sockets, statements)
    loop.enable()
    const [baseBurst, outBurst, eachBurst] = await interleaved(burstLanes, t, 4, Math.ceil(BURST / 4), null)
    const perRound = Math.ceil(PACED / ROUNDS)
    const monitor = stallMonitor()
    const paired = await runPaired([base, woken], t, PACED / 2, PACED_RATE / 2, monitor)
    monitor.stop()
    const [basePaced, outPaced] = paired.samples
    // Fewer events for the polling lane: each round waits for its poll.
    const [basePolled, outPolled] = await interleaved([base, polled], t, 3, perRound, PACED_RATE)
    loop.disable()
    if (PROFILE_DIR) await profileBursts(PROFILE_DIR, burstLanes, t)
    const lanes = [
      row(`baseline burst (direct POST, c=${CONCURRENCY})`, baseBurst!),
      row(`outbox burst (SQLite + worker, c=${CONCURRENCY}; enqueues group-committed per turn)`, outBurst!),
      ...(eachBurst ? [row(`outbox burst, one commit per enqueue (enqueueEvent outside a transaction)`, eachBurst)] : []),
      row(`baseline paced ${PACED_RATE / 2}/s (paired with the outbox's events, ${PACED_RATE}/s in all)`, basePaced!),
      row(`outbox paced ${PACED_RATE / 2}/s (woken by each enqueue, paired)`, outPaced!),
      row(`baseline paced ${PACED_RATE}/s (next to poll only)`, basePolled!),
      row(`outbox paced ${PACED_RATE}/s, poll only (${POLL_MS} ms)`, outPolled!)
    ]
    const eps = (s: Sample) => s.delivered / s.seconds
    const p = (s: Sample, q: 'p50' | 'p99') => latencyStats(s.latencies)[q]
    const burst = eps(outBurst!) / eps(baseBurst!)
    const pacedP99 = p(outPaced!, 'p99') / p(basePaced!, 'p99')
    const goal = (name: string, measured: number, target: string, met: boolean | null): BenchRow => ({
      name,
      measured: Number(measured.toFixed(2)),
      goal: target,
      met: met === null ? 'info' : met ? 'yes' : 'NO'
    })
    const goals = [
      goal('burst throughput: outbox ÷ direct', burst, `>= ${GOAL_BURST}`, burst >= GOAL_BURST),
      goal(`paced ${PACED_RATE}/s (paired) p99 latency: outbox ÷ direct`, pacedP99, `<= ${GOAL_PACED_P99}`, pacedP99 <= GOAL_PACED_P99),
      goal(`paced ${PACED_RATE}/s (paired) p50 latency: outbox ÷ direct`, p(outPaced!, 'p50') / p(basePaced!, 'p50'), '', null),
      ...(eachBurst ? [goal('burst throughput, one commit per enqueue: outbox ÷ direct', eps(eachBurst) / eps(baseBurst!), '', null)] : []),
      goal('burst CPU per event: outbox ÷ direct (whole process, receiver included)', outBurst!.cpuUs / outBurst!.delivered / (baseBurst!.cpuUs / baseBurst!.delivered), '', null),
      goal(`paced p99 latency, poll only (no wake): outbox ÷ direct`, p(outPolled!, 'p99') / p(basePolled!, 'p99'), '', null)
    ]
    const added = latencyStats(paired.added)
    const [cleanBase, cleanOut] = paired.clean.map((l) => latencyStats(l))
    const stalls = monitor.summary(...paired.window)
    goals.push(
      goal(`paced: outbox's own added latency per pair (outbox - direct arrival), p50 ms`, added.p50, '', null),
      goal(`paced: outbox's own added latency per pair, p99 ms`, added.p99, '', null),
      goal(`paced p99 of the events no stall > ${STALL_MS} ms touched: outbox ÷ direct (${cleanOut!.count} / ${cleanBase!.count} events)`, cleanOut!.p99 / cleanBase!.p99, '', null)
    )
    printTable({ bench: `webhooks lanes (outbox store ${ENCRYPTED ? 'encrypted' : 'in clear'})`, rows: lanes, summary: {} })
    const result = {
      bench: 'webhooks',
      rows: goals,
      summary: {
        store: ENCRYPTED ? 'encrypted (AEGIS-256, as the app)' : 'in clear',
        'event-loop delay p99 / max ms (machine load)': `${(loop.percentile(99) / 1e6).toFixed(1)} / ${(loop.max / 1e6).toFixed(1)}`,
        [`paced window: stalls > ${STALL_MS} ms`]: stalls.count,
        'paced window: stalls with the process busy (ours): count / total ms / longest ms': `${stalls.ours} / ${stalls.oursMs.toFixed(0)} / ${stalls.oursMax.toFixed(0)}`,
        "paced window: stalls waiting for a core (the machine's): count / total ms / longest ms": `${stalls.machine} / ${stalls.machineMs.toFixed(0)} / ${stalls.machineMax.toFixed(0)}`,
        'paced p99 ms, events no stall touched: direct / outbox': `${cleanBase!.p99.toFixed(1)} / ${cleanOut!.p99.toFixed(1)}`,
        goals_met: burst >= GOAL_BURST && pacedP99 <= GOAL_PACED_P99 ? 'all' : 'NOT all'
      },
      lanes
    }
    return result
  } finally {
    for (const lane of [base, woken, each, polled]) await lane?.close()
    await receiver.close()
  }
}
