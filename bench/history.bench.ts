// History sync at pairing with a large account (issue 10 item 7, issue 14): the core as a child process in sandbox
// mode; a simulated phone seeded with BENCH_HISTORY messages over chats (LID and PN mixed) is paired into a new
// instance. Measures scan → every message in the store, and /v2/session/info latency of another instance in one
// loop while the history arrives, against the same loop idle in the same run (p99 ratio). Also counts the webhook
// events (outbox rows) the history produced: history is stored quietly, so only the pairing's own events appear.
// The core also carries bench/history-probe.mjs: the main thread's CPU time per turn of the event loop, in both
// windows, which a busy machine does not inflate (wall-time latencies on a shared 2-core box at load 15+ are mostly
// the scheduler's), and the core's CPU seconds during the sync. What sets the p99: the loop's iterations by wall
// time, the core main thread's share on a CPU and waiting for one, and for the slowest 1 % of requests where their
// time went (before the core's HTTP server saw them, in it, the core's CPU and run-queue wait over their span, the
// bench's own); the sandbox's and the whole machine's CPU beside. Each request and window is also written to
// history-bench-requests.json in the (kept) data directory, to match against a --cpu-prof profile.
// Env: BENCH_HISTORY="20000,1200" (messages,chats), BENCH_HISTORY_LID_SHARE=0.5, BENCH_HISTORY_RPS (paced info loop;
// default back to back). The core stores history on its ingest thread; SWITCHBOARD_HISTORY_THREAD=off stores it on the
// main thread (the A/B). BENCH_SANDBOX_NICE (default 19 here): the sandbox process runs at that niceness, because the
// simulated server's and phone's CPU is not on a shop's PC; 0 lets it compete with the core as an equal.
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { cpus, tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { openDatabase, type Db } from '../src-main/core/db/connection.js'
import { resolveDataKey, secretToolKeyring } from '../src-main/core/secrets/data-key.js'
import { latencyStats, type BenchResult, type BenchRow } from './lib.js'
import { CoreProcess, freePort, sleep } from './scale-core.js'

const [MESSAGES, CHATS] = (process.env.BENCH_HISTORY ?? '20000,1200').split(',').map(Number) as [number, number]
const LID_SHARE = Number(process.env.BENCH_HISTORY_LID_SHARE ?? 0.5)
const RPS = Number(process.env.BENCH_HISTORY_RPS ?? 0)
const INGEST_LIMIT_MS = Number(process.env.BENCH_HISTORY_LIMIT_S ?? 240) * 1000
const PHONE = '15558888888'

/** A request of the bench's info loop: epoch ms sent, latency, the bench process's own run-queue wait meanwhile. */
interface Sent { at: number; ms: number; benchWait: number }
/** Requests the core served (history-probe.mjs): [epoch ms of node's 'request' event, ms to the response's finish, path]. */
type Served = [number, number, string][]

/** The bench process's main thread: ms spent runnable but waiting for a CPU (the machine's load, not the core's). */
function benchRunQueueMs(): number {
  try {
    return Number(readFileSync(`/proc/self/task/${process.pid}/schedstat`, 'utf8').split(' ')[1]) / 1e6
  } catch {
    return 0
  }
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b)
  return s.length ? s[Math.floor(s.length / 2)]! : 0
}

/** A gap of the probe as an epoch interval [from, to] with its CPU and run-queue wait (ms). */
const gapOf = (t: Turns[number]) => {
  const [end, cpu, startUs = 0, endUs = 0, wait = 0] = t
  return { from: end - (endUs - startUs) / 1000, to: end, cpu, wait, wall: (endUs - startUs) / 1000 }
}

/**
 * The loop's iterations of a window by wall time (the probe's 2 ms timer fires once per iteration): how many lasted
 * ≥ 10 / 25 / 50 ms, the share of the window spent in iterations ≥ 25 ms, and the CPU and run-queue wait in them.
 */
function iterationStats(turns: Turns, from: number, to: number) {
  const gaps = turns.map(gapOf).filter((g) => g.to >= from && g.to <= to)
  const long = gaps.filter((g) => g.wall >= 25)
  const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0)
  return {
    over10: gaps.filter((g) => g.wall >= 10).length,
    over25: long.length,
    over50: gaps.filter((g) => g.wall >= 50).length,
    longest: Math.max(0, ...gaps.map((g) => g.wall)),
    share25: sum(long.map((g) => g.wall)) / (to - from),
    cpuShare25: sum(long.map((g) => g.cpu)) / Math.max(1, sum(long.map((g) => g.wall))),
    waitShare25: sum(long.map((g) => g.wait)) / Math.max(1, sum(long.map((g) => g.wall)))
  }
}

/**
 * What the slowest requests of a window (latency ≥ its p99) waited for, as medians over them: the time before the
 * core's HTTP server saw the request, the time in the core (request → response finish), and over the request's
 * span the core's main-thread CPU, its run-queue wait, the longest loop iteration it overlapped, and the bench
 * process's own run-queue wait.
 */
function tailOf(sent: Sent[], served: Served, turns: Turns, from: number, to: number, p99: number, storeReads: [number, number][]) {
  const tail = sent.filter((r) => r.at >= from && r.at <= to && r.ms >= p99)
  const gaps = turns.map(gapOf)
  const rows = tail.map((r) => {
    const end = r.at + r.ms
    const srv = served.find(([at, , path]) => path === '/v2/session/info' && at >= r.at - 1 && at <= end)
    let cpu = 0
    let wait = 0
    let longest = 0
    for (const g of gaps) {
      const overlap = Math.min(end, g.to) - Math.max(r.at, g.from)
      if (overlap <= 0 || g.wall <= 0) continue
      cpu += (g.cpu * overlap) / g.wall
      wait += (g.wait * overlap) / g.wall
      longest = Math.max(longest, g.wall)
    }
    const benchBusy = storeReads.reduce((a, [at, ms]) => a + Math.max(0, Math.min(end, at + ms) - Math.max(r.at, at)), 0)
    return { ms: r.ms, before: srv ? srv[0] - r.at : NaN, inCore: srv ? srv[1] : NaN, cpu, wait, longest, benchWait: r.benchWait, benchBusy }
  })
  const m = (k: keyof (typeof rows)[number]) => Math.round(median(rows.map((x) => x[k]).filter((x) => !Number.isNaN(x))) * 10) / 10
  return { count: rows.length, ms: m('ms'), before: m('before'), inCore: m('inCore'), cpu: m('cpu'), wait: m('wait'), longest: m('longest'), benchWait: m('benchWait'), benchBusy: m('benchBusy') }
}

const loopRow = (name: string, s: ReturnType<typeof iterationStats>): BenchRow => ({
  name,
  'longest ms': Math.round(s.longest),
  '≥10 ms': s.over10,
  '≥25 ms': s.over25,
  '≥50 ms': s.over50,
  'share of the window in iterations ≥25 ms': `${(s.share25 * 100).toFixed(1)} % (CPU ${(s.cpuShare25 * 100).toFixed(0)} %, run-queue wait ${(s.waitShare25 * 100).toFixed(0)} % of it)`
})

/** The slowest requests' medians as summary lines (ms). */
const tailSummary = (window: string, t: ReturnType<typeof tailOf>): Record<string, string> => ({
  [`slowest 1 % ${window} (${t.count} requests, medians, ms): latency / before the core's HTTP server saw it / in the core (request → response finish)`]: `${t.ms} / ${t.before} / ${t.inCore}`,
  [`slowest 1 % ${window}, over each request's span (ms): core main-thread CPU / core main thread waiting for a CPU / longest loop iteration overlapped`]: `${t.cpu} / ${t.wait} / ${t.longest}`,
  [`slowest 1 % ${window}, the bench's side (ms): its run-queue wait / its own store reads`]: `${t.benchWait} / ${t.benchBusy}`
})

/** The core's main thread over a window: on a CPU and runnable-but-waiting, each as a % of the window. */
function mainThreadShare(turns: Turns, from: number, to: number): string {
  const gaps = turns.map(gapOf).filter((g) => g.to >= from && g.to <= to)
  const pct = (ms: number) => ((100 * ms) / (to - from)).toFixed(0)
  return `${pct(gaps.reduce((a, g) => a + g.cpu, 0))} % / ${pct(gaps.reduce((a, g) => a + g.wait, 0))} %`
}

/** A JSON-lines file of the probe (none: nothing recorded). */
const jsonLines = (file: string): unknown[] =>
  existsSync(file)
    ? readFileSync(file, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as unknown)
    : []

/** Jiffies of the whole machine, busy and total (/proc/stat): how loaded it was while the sync ran. */
function machineTicks(): { busy: number; total: number } {
  const [, ...f] = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).map(Number)
  const total = f.reduce((a, b) => a + b, 0)
  return { busy: total - f[3]! - f[4]!, total }
}

function timer() {
  const t0 = performance.now()
  return () => performance.now() - t0
}

/** Turns of the core's loop that held it ≥ 1 ms of main-thread CPU: [epoch ms, CPU ms, ...] (history-probe.mjs). */
type Turns = [number, number, ...number[]][]

/** The turns of a window: the longest, the CPU held in turns of ≥ 10 ms, how many of ≥ 10 / 25 / 50 ms. */
function turnStats(turns: Turns, from: number, to: number) {
  const ms = turns.filter(([at]) => at >= from && at <= to).map(([, cpu]) => cpu)
  const over = (n: number) => ms.filter((m) => m >= n).length
  return { max: Math.max(0, ...ms), heldIn10: ms.filter((m) => m >= 10).reduce((a, b) => a + b, 0), over10: over(10), over25: over(25), over50: over(50), seconds: (to - from) / 1000 }
}

export default async function historyBench(): Promise<BenchResult> {
  const dataDir = mkdtempSync(join(tmpdir(), 'sb-history-'))
  const probeFile = join(dataDir, 'history-probe.json')
  process.env.BENCH_SANDBOX_NICE ??= '19'
  process.env.SWITCHBOARD_HISTORY_PROBE = probeFile
  process.env.BENCH_CORE_NODE_ARGS = `${process.env.BENCH_CORE_NODE_ARGS ?? ''} --import ${join(dirname(fileURLToPath(import.meta.url)), 'history-probe.mjs')}`
  const core = new CoreProcess(dataDir, await freePort(), 'bench-history-token-0123456789')
  let store: Db | undefined
  const db = () => (store ??= openDatabase(join(dataDir, 'switchboard.db'), { readonly: true, dataKey: resolveDataKey(dataDir, { keyring: secretToolKeyring() }).key }))
  /** The bench's own synchronous store reads ([epoch from, ms]): they hold the bench's loop, which times the requests. */
  const storeReads: [number, number][] = []
  const stored = (id: string) => {
    const at = performance.timeOrigin + performance.now()
    const n = (db().prepare('SELECT count(*) FROM store_messages WHERE instance_id = ?').pluck().get(id) as number) ?? 0
    storeReads.push([at, performance.timeOrigin + performance.now() - at])
    return n
  }
  const status = async (id: string) => (await core.ok<{ status: string }>('GET', '/v2/session/info', { instance_id: id })).status
  try {
    await core.start()
    // The probe: another instance (stopped: no QR to render), answered from the same process the history lands in.
    const { instance_id: probeId } = await core.ok<{ instance_id: string }>('POST', '/v2/session/create')
    await core.ok('POST', '/v2/session/stop', { instance_id: probeId })
    // The sandbox runs in its own process (CoreProcess 'child' mode): its phones are driven through CoreProcess.
    await core.createPhone(PHONE, 'History shop')
    await core.seed(PHONE, {
      contacts: CHATS,
      chats: CHATS,
      messages: MESSAGES,
      groups: Math.min(50, Math.floor(CHATS / 10)),
      labels: 5,
      lid_share: LID_SHARE
    })
    const infoLoop = async (stop: () => boolean) => {
      const lat: number[] = []
      const from = performance.now()
      for (let n = 0; !stop(); n++) {
        // BENCH_HISTORY_RPS: at most that many requests a second (a client polling), else back to back: a closed loop
        // at full speed takes as much CPU as the core can serve, which on 2 cores is CPU the sync does not get.
        if (RPS > 0) await sleep(Math.max(0, from + (n * 1000) / RPS - performance.now()))
        const at = performance.timeOrigin + performance.now()
        const wait0 = benchRunQueueMs()
        const { ms } = await core.call('GET', '/v2/session/info', { instance_id: probeId })
        lat.push(ms)
        sent.push({ at, ms, benchWait: benchRunQueueMs() - wait0 })
      }
      return lat
    }
    const sent: Sent[] = []
    const idleFrom = Date.now()
    const idleT = timer()
    const idle = latencyStats(await infoLoop(() => idleT() > 5_000))
    const idleTo = Date.now()

    const { instance_id: id } = await core.ok<{ instance_id: string }>('POST', '/v2/session/create')
    const t = timer()
    while ((await status(id)) !== 'SCAN_QR_CODE') {
      if (t() > 60_000) throw new Error(`${id} never showed a QR`)
      await sleep(100)
    }
    let done = false
    const during = infoLoop(() => done)
    during.catch(() => undefined) // awaited below; a core that died is reported there
    const tIngest = timer()
    const syncFrom = Date.now()
    const ticks0 = core.cpuTicks()
    const sandboxTicks0 = core.sandbox?.cpuTicks() ?? 0
    const machine0 = machineTicks()
    let firstAt = 0
    let storedCount = 0
    try {
      await core.scan(PHONE, id)
      for (;;) {
        storedCount = stored(id)
        if (storedCount > 0 && !firstAt) firstAt = tIngest()
        if (storedCount >= MESSAGES) break
        // Reported, not thrown: a history chunk the engine failed on never arrives, and the figures still matter.
        if (tIngest() > INGEST_LIMIT_MS) break
        await sleep(100)
      }
    } finally {
      done = true
    }
    const ingestMs = tIngest()
    const syncTo = Date.now()
    const cpuS = (core.cpuTicks() - ticks0) / 100
    const sandboxCpuS = ((core.sandbox?.cpuTicks() ?? 0) - sandboxTicks0) / 100
    const machine1 = machineTicks()
    const machineBusyCores = ((machine1.busy - machine0.busy) / (machine1.total - machine0.total)) * cpus().length
    const busy = latencyStats(await during)
    await sleep(1_200) // the probe writes every second
    const turns = jsonLines(probeFile) as Turns
    const served = jsonLines(`${probeFile}.requests`) as Served
    // For offline analysis beside a --cpu-prof profile (the data directory is kept).
    writeFileSync(join(dataDir, 'history-bench-requests.json'), JSON.stringify({ idleFrom, idleTo, syncFrom, syncTo, sent, storeReads }))
    const idleTail = tailOf(sent, served, turns, idleFrom, idleTo, idle.p99, storeReads)
    const syncTail = tailOf(sent, served, turns, syncFrom, syncTo, busy.p99, storeReads)
    const idleLoop = iterationStats(turns, idleFrom, idleTo)
    const syncLoop = iterationStats(turns, syncFrom, syncTo)
    const idleTurns = turnStats(turns, idleFrom, idleTo)
    const syncTurns = turnStats(turns, syncFrom, syncTo)
    const turnRow = (name: string, t: ReturnType<typeof turnStats>): BenchRow => ({
      name,
      'longest ms': t.max,
      '≥10 ms': t.over10,
      '≥25 ms': t.over25,
      '≥50 ms': t.over50,
      'CPU ms held in turns ≥10 ms, per s': Math.round(t.heldIn10 / t.seconds)
    })
    const chats = db().prepare('SELECT count(*) FROM store_chats WHERE instance_id = ?').pluck().get(id) as number
    const lidChats = db().prepare("SELECT count(*) FROM store_chats WHERE instance_id = ? AND chat_id LIKE '%@lid'").pluck().get(id) as number
    const mappings = db().prepare('SELECT count(*) FROM store_lid_map WHERE instance_id = ?').pluck().get(id) as number
    const events = db().prepare('SELECT event, count(*) AS n FROM webhook_events WHERE instance_id = ? GROUP BY event ORDER BY n DESC').all(id) as { event: string; n: number }[]
    const latRow = (name: string, s: ReturnType<typeof latencyStats>): BenchRow => ({ name, requests: s.count, 'p50 ms': s.p50, 'p99 ms': s.p99, 'max ms': s.max })
    return {
      bench: 'history',
      rows: [
        latRow('GET /v2/session/info, idle', idle),
        latRow('GET /v2/session/info, during the history sync', busy),
        turnRow('core main-thread CPU per loop turn, idle window', idleTurns),
        turnRow('core main-thread CPU per loop turn, during the sync', syncTurns),
        loopRow('core loop iterations (wall), idle window', idleLoop),
        loopRow('core loop iterations (wall), during the sync', syncLoop),
      ],
      summary: {
        messages: MESSAGES,
        'messages stored': storedCount,
        complete: storedCount >= MESSAGES ? 'yes' : `NO: ${MESSAGES - storedCount} missing after ${INGEST_LIMIT_MS / 1000} s (see the core log for history chunks the engine failed on)`,
        'history ingest thread': process.env.SWITCHBOARD_HISTORY_THREAD === 'off' ? 'off (SWITCHBOARD_HISTORY_THREAD=off)' : 'on (the default)',
        'sandbox process niceness (BENCH_SANDBOX_NICE)': Number(process.env.BENCH_SANDBOX_NICE),
        'chats seeded': CHATS,
        'LID share': LID_SHARE,
        'scan → all messages stored, s': ingestMs / 1000,
        'scan → first message stored, s': firstAt / 1000,
        'ingest rate, msgs/s (first → last stored)': storedCount / ((ingestMs - firstAt) / 1000),
        'chats stored': chats,
        'chats still under a LID (no mapping known)': lidChats,
        'LID↔phone mappings stored': mappings,
        'p99 ratio (during / idle)': busy.p99 / idle.p99,
        'goal (issue 24 item 2): p99 ratio ≤ 3×': busy.p99 / idle.p99 <= 3 ? 'met' : 'not met',
        'core CPU during the sync, s (all threads)': cpuS,
        'core main-thread CPU during the sync, s': Math.round(turns.map(gapOf).filter((g) => g.to >= syncFrom && g.to <= syncTo).reduce((a, g) => a + g.cpu, 0)) / 1000,
        'sandbox process CPU during the sync, s (the simulated server: not on a real shop PC)': sandboxCpuS,
        'whole machine busy during the sync, cores (of 2)': Math.round(machineBusyCores * 100) / 100,
        'longest loop turn during the sync, main-thread CPU ms': syncTurns.max,
        'max during, ms': busy.max,
        ...tailSummary('idle', idleTail),
        ...tailSummary('during the sync', syncTail),
        'core main thread during the sync: on a CPU / runnable but waiting for one, % of the window': mainThreadShare(turns, syncFrom, syncTo),
        "bench's own store reads (counting stored messages), p50 / max ms": `${median(storeReads.map(([, ms]) => ms)).toFixed(1)} / ${Math.max(0, ...storeReads.map(([, ms]) => ms)).toFixed(1)}`,
        'webhook events written for the instance': events.map((e) => `${e.event} ×${e.n}`).join(', ') || 'none'
      }
    }
  } catch (e) {
    console.error(`core log tail:\n${core.log.slice(-4000)}`)
    throw e
  } finally {
    if (/error in handling message/.test(core.log)) console.error(`engine errors in the core log:\n${core.log.split('\n').filter((l) => l.includes('error in handling message')).map((l) => l.slice(0, 300)).join('\n')}`)
    store?.close()
    // A clean stop first: a core run with BENCH_CORE_NODE_ARGS="--cpu-prof ..." writes its profile on a clean exit.
    await core.stop()
    await core.close()
  }
}
