// Fifty accounts on a laptop (issue 14): the core as a child process, driven over HTTP only, every phase time-boxed
// (a phase that runs out of time is a "not reached" row, never a hang) so the whole run stays under 10 minutes.
// The sandbox (its server and one Baileys "person" socket per simulated phone) runs in a process of its own by default
// (BENCH_SCALE_SANDBOX=child; the core is measured alone, bundled as the app ships it) or inside the core
// (BENCH_SCALE_SANDBOX=inproc, as `npm run serve -- --network sandbox`; its share is then measured before pairing).
// 1. memory: N seeded phones (500 contacts, 200 chats, 5,000 messages, 20 groups, labels), then N paired WORKING
//    instances with their history synced, at N = 10 and 50: marginal RSS/heap per instance = Δ / N, SQLite sizes;
// 2. idle CPU; 3. fan-out (500 texts over 10 instances vs 1, unlimited policy); 4. steady traffic (10 msgs/min per
//    instance, presence, webhooks; heap growth after GC per minute, fitted after a warm-up: bench/scale-steady.ts); 5. start-up after a clean stop and after SIGKILL (spawn → /health, → all WORKING,
//    most instances connecting at once); 6. (when time is left) a 100k-message history over 2,000 chats in one more
//    instance and chat reads under it against /health; 7. the api bench (session/info vs a bare route).
// Env: BENCH_SCALE_N="10,50", BENCH_SCALE_SANDBOX=child|inproc, BENCH_SCALE_BUDGET_S=570 (whole run), BENCH_SCALE_IDLE_S=60,
// BENCH_SCALE_STEADY_MIN=1 (or --steady-minutes=N; 30 for the long run, budget raised to fit; BENCH_SCALE_STEADY_WARMUP_MIN
// left out of the fit, default min(5, a quarter); BENCH_SCALE_STEADY_TEXTS=10 per minute per instance), BENCH_SCALE_FANOUT=500 (0 skips it),
// BENCH_SCALE_BIG="100000,2000" ("0" skips), BENCH_SCALE_API=1 ("0" skips the api bench), BENCH_SCALE_SNAPSHOT=DIR (a heap
// snapshot of the core at each level, DIR/scale-<N>.heapsnapshot, for bench/heap-categories.ts), BENCH_SCALE_PERSON_IDLE_S
// (the simulated persons behind the phones online on demand, logging off after this many seconds idle; default 30 above
// 50 instances, else always online; "always" forces that), BENCH_SCALE_PAIR_TIMEOUT_S=240 (one instance's pairing),
// BENCH_SCALE_PAIR_CONCURRENCY=6.
// The goals are those of the largest N run: issue 14's at 50, issue 24's at 200 (see GOALS).
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openDatabase, type Db } from '../src-main/core/db/connection.js'
import { resolveDataKey, secretToolKeyring } from '../src-main/core/secrets/data-key.js'
import { latencyStats, printTable, type BenchResult, type BenchRow } from './lib.js'
import { CoreProcess, freePort, sleep, type Memory, type SandboxMode } from './scale-core.js'
import apiBench from './api.bench.js'
import { fitSlope, runSteady } from './scale-steady.js'

const argv = process.argv.slice(2)
const flag = (name: string) => argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1]
const LEVELS = (process.env.BENCH_SCALE_N ?? '10,50').split(',').map(Number).filter((n) => n > 0).sort((a, b) => a - b)
const [BIG_MESSAGES = 0, BIG_CHATS = 0] = (process.env.BENCH_SCALE_BIG ?? '100000,2000').split(',').map(Number)
const SANDBOX: SandboxMode = process.env.BENCH_SCALE_SANDBOX === 'inproc' ? 'inproc' : 'child'
const IDLE_S = Number(process.env.BENCH_SCALE_IDLE_S ?? 60)
const STEADY_MIN = Number(flag('steady-minutes') ?? process.env.BENCH_SCALE_STEADY_MIN ?? 1)
/** Minutes of the steady run left out of the heap-growth fit (reconnects, first sessions, caches filling). */
const STEADY_WARMUP_MIN = Number(process.env.BENCH_SCALE_STEADY_WARMUP_MIN ?? Math.min(5, Math.floor(STEADY_MIN / 4)))
const STEADY_TEXTS = Number(process.env.BENCH_SCALE_STEADY_TEXTS ?? 10)
const FANOUT = Number(process.env.BENCH_SCALE_FANOUT ?? 500)
const RUN_API = process.env.BENCH_SCALE_API !== '0'
/** The whole run (the long steady run adds its own length). */
const BUDGET_MS = (Number(process.env.BENCH_SCALE_BUDGET_S ?? 570) + Math.max(0, STEADY_MIN - 1) * 60) * 1000
const SEED = { contacts: 500, chats: 200, messages: 5_000, groups: 20, labels: 5, lid_share: 0.3 }
const PAIR_CONCURRENCY = Number(process.env.BENCH_SCALE_PAIR_CONCURRENCY ?? 6)
const SNAPSHOT_DIR = process.env.BENCH_SCALE_SNAPSHOT
// Every phone's person is a Baileys socket in the sandbox process, online from its creation unless on demand: 200 of
// them connecting at once (handshake, pre-key upload) on a loaded 2-core machine kept the sandbox from answering the
// instances' own connections for minutes (2026-11-27: not one of the first 12 instances showed a QR within 60 s).
// The core's figures do not depend on it (the persons live in the sandbox process); setup time is not a goal.
const PERSON_IDLE_S = process.env.BENCH_SCALE_PERSON_IDLE_S ?? (LEVELS.at(-1)! > 50 ? '30' : 'always')
const PERSON_IDLE_MS = PERSON_IDLE_S === 'always' ? undefined : Number(PERSON_IDLE_S) * 1000
/** One instance's pairing, create → WORKING (QR shown within half of it): generous, a loaded machine is slow. */
const PAIR_TIMEOUT_MS = Number(process.env.BENCH_SCALE_PAIR_TIMEOUT_S ?? 240) * 1000

/** Goals per number of instances: the row of the largest `from` ≤ N applies (below 50 the memory and idle rows are figures only). */
interface Goals { from: number; rssMb: number; idlePct: number; cleanMs: number; killMs: number; source: string }
const GOALS: Goals[] = [
  { from: 200, rssMb: 3, idlePct: 4, cleanMs: 30_000, killMs: 40_000, source: 'issue 24' },
  { from: 50, rssMb: 8, idlePct: 2, cleanMs: 10_000, killMs: 15_000, source: 'issue 14' }
]
const goalsFor = (n: number): Goals | undefined => GOALS.find((g) => n >= g.from)

const phoneOf = (i: number) => `1555${String(i).padStart(7, '0')}`
const BIG_PHONE = '15559999999'

type Status = { status: string }

function timer() {
  const t0 = performance.now()
  return () => performance.now() - t0
}

async function pool<T>(items: T[], concurrency: number, fn: (x: T, i: number) => Promise<void>): Promise<void> {
  let next = 0
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, async () => {
    while (next < items.length) {
      const i = next++
      await fn(items[i]!, i)
    }
  }))
}

/** Resolves with fn's value, or with undefined when `ms` pass first (fn keeps running; its result is ignored). */
async function within<T>(ms: number, fn: () => Promise<T>): Promise<T | undefined> {
  let t: NodeJS.Timeout | undefined
  const timeout = new Promise<undefined>((r) => (t = setTimeout(() => r(undefined), Math.max(0, ms))))
  try {
    return await Promise.race([fn(), timeout])
  } finally {
    clearTimeout(t)
  }
}

export default async function scaleBench(): Promise<BenchResult> {
  const elapsed = timer()
  const left = () => BUDGET_MS - elapsed()
  const dataDir = mkdtempSync(join(tmpdir(), 'sb-scale-'))
  const core = new CoreProcess(dataDir, await freePort(), 'bench-scale-token-0123456789', SANDBOX, { personIdleMs: PERSON_IDLE_MS })
  const rows: BenchRow[] = []
  const summary: Record<string, number | string> = {}
  const row = (name: string, value: number | string, unit: string, goal = '', met?: boolean) =>
    rows.push({ name, value, unit, goal, met: met === undefined ? '' : met ? 'met' : 'MISSED' })
  const notReached = (name: string, why: string, goal = '') => row(name, 'not reached', '', `${goal}${goal ? '; ' : ''}${why}`, goal ? false : undefined)
  const phaseTimes: Record<string, number> = {}
  let phaseName = ''
  let phaseAt = 0
  const phase = (name: string) => {
    if (phaseName) phaseTimes[phaseName] = Math.round((elapsed() - phaseAt) / 1000)
    phaseName = name.split(':')[0]!.split(' (')[0]!
    phaseAt = elapsed()
    console.log(`[scale ${(elapsed() / 1000).toFixed(0)} s] ${name}`)
  }
  let store: Db | undefined
  const storedBy = (): Map<string, number> => {
    store ??= openDatabase(join(dataDir, 'switchboard.db'), { readonly: true, dataKey: resolveDataKey(dataDir, { keyring: secretToolKeyring() }).key })
    const rowsNow = store.prepare('SELECT instance_id AS id, count(*) AS n FROM store_messages GROUP BY instance_id').all() as { id: string; n: number }[]
    return new Map(rowsNow.map((r) => [r.id, r.n]))
  }
  const status = async (id: string) => (await core.ok<Status>('GET', '/v2/session/info', { instance_id: id })).status
  /** ms until every id is WORKING, or undefined after `ms` (with how many were). */
  const allWorking = async (ids: string[], ms: number): Promise<{ ms?: number; working: number }> => {
    const t = timer()
    for (;;) {
      const st = await Promise.all(ids.map(status))
      const working = st.filter((s) => s === 'WORKING').length
      if (working === ids.length) return { ms: t(), working }
      if (t() > ms) return { working }
      await sleep(100)
    }
  }
  /** Why pairings took their time (N = 200 on a shared machine: which step, and what had to be done again). */
  const pairing = { qrMs: [] as number[], scanToWorkingMs: [] as number[], rescans: 0, restarts: 0, failures: new Map<string, number>() }
  /**
   * Creates an instance and pairs it as a user would: scans the QR it shows, scans the next one when that QR had
   * already expired (a loaded machine can rotate it between the read and the scan), starts it again when it stopped
   * or failed (its QRs ran out before the scan), until WORKING or PAIR_TIMEOUT_MS after its creation.
   */
  const pair = async (phone: string): Promise<string> => {
    const { instance_id: id } = await core.ok<{ instance_id: string }>('POST', '/v2/session/create')
    const t = timer()
    let scannedAt: number | undefined
    let lastScanFailed = false
    for (;;) {
      const st = await status(id)
      if (st === 'WORKING') break
      if (t() > PAIR_TIMEOUT_MS) throw new Error(`${id} not WORKING ${PAIR_TIMEOUT_MS / 1000} s after its creation (${scannedAt === undefined ? 'never scanned' : 'scanned'}, last ${st})`)
      if (st === 'SCAN_QR_CODE' && (scannedAt === undefined || lastScanFailed)) {
        if (scannedAt === undefined) pairing.qrMs.push(t())
        try {
          await core.scan(phone, id)
          scannedAt = t()
          lastScanFailed = false
        } catch (e) {
          // The QR read had expired (or the instance moved on): the next one is scanned.
          pairing.rescans++
          scannedAt ??= t()
          lastScanFailed = true
          console.error(`pairing ${phone}: scan failed (${(e as Error).message.slice(0, 120)}), scanning the next QR`)
        }
      } else if (st === 'STOPPED' || st === 'FAILED') {
        pairing.restarts++
        console.error(`pairing ${phone}: ${id} ${st}, started again`)
        await core.call('POST', '/v2/session/start', { instance_id: id })
        scannedAt = undefined
      }
      // 4 polls a second per pairing: at N = 200 on a shared machine the core's main thread gets ~15 % of a core, and
      // six pairings polled every 100 ms were 60 requests a second of it (a QR answer carries its PNG as base64).
      await sleep(st === 'SCAN_QR_CODE' && lastScanFailed ? 500 : 250)
    }
    if (scannedAt !== undefined) pairing.scanToWorkingMs.push(t() - scannedAt)
    return id
  }
  /** ms until every id has `each` messages stored, or undefined after `ms` (the counts are in `short`). */
  const waitHistory = async (ids: string[], each: number, ms: number): Promise<{ ms?: number; short: number[] }> => {
    const t = timer()
    for (;;) {
      const m = storedBy()
      const short = ids.map((id) => m.get(id) ?? 0).filter((n) => n < each)
      if (!short.length) return { ms: t(), short }
      if (t() > ms) return { short }
      await sleep(250)
    }
  }
  const ids: string[] = []
  let bigId = ''
  // Cut short by an outer time box (timeout's SIGTERM): the rows so far are printed, not lost with the run.
  const onTerm = () => {
    printTable({ bench: `scale (cut short by SIGTERM after ${(elapsed() / 1000).toFixed(0)} s)`, rows, summary })
    void core.close().finally(() => process.exit(143))
  }
  process.once('SIGTERM', onTerm)

  try {
    phase('spawn')
    const firstHealth = await core.start()
    row('first start: spawn → /health 200 (empty data dir)', firstHealth, 'ms')
    const m0 = await core.memory()
    row(`RSS, empty core (${SANDBOX === 'child' ? 'sandbox in its own process' : 'sandbox up in it, no phones'})`, m0.rssMb, 'MB')

    // ---- 1. memory ---------------------------------------------------------------------------------------
    let phones = 0
    let instRss = 0
    let instHeap = 0
    let before: Memory = m0
    let base: Memory | undefined
    let stillSyncing = false
    for (const n of LEVELS) {
      // Pairing and history of the next level need about 4 s per instance on 2 busy cores; keep 4 minutes for the rest.
      if (left() < 240_000 + (n - phones) * 4_000) {
        const g = goalsFor(n)
        notReached(`marginal RSS per WORKING instance at ${n}`, `budget: ${(left() / 1000).toFixed(0)} s left`, g ? `≤ ${g.rssMb} MB` : '')
        break
      }
      phase(`phones ${phones} → ${n} (seeded: ${SEED.messages} messages, ${SEED.chats} chats, ${SEED.contacts} contacts, ${SEED.groups} groups)`)
      const newPhones = Array.from({ length: n - phones }, (_, k) => phoneOf(phones + k))
      await pool(newPhones, 4, async (p) => {
        await core.createPhone(p, `Shop ${p.slice(-4)}`)
        await core.seed(p, SEED)
      })
      await sleep(2_000)
      const phonesOnly = await core.memory()
      base ??= phonesOnly
      if (SANDBOX === 'inproc') row(`sandbox share per simulated phone (${phones} → ${n} phones, in the core)`, (phonesOnly.rssMb - before.rssMb) / (n - phones), 'MB RSS')
      phase(`pair ${ids.length} → ${n} instances (${PAIR_CONCURRENCY} at a time)`)
      const tp = timer()
      const newIds: string[] = []
      let pairFailures = 0
      let pairingOpen = true
      const cpu0 = [core.cpuTicks(), core.sandbox?.cpuTicks() ?? 0]
      const cpuSteps: string[] = []
      // The last level may use what the budget leaves (6 minutes are kept for the phases after it); setup time is
      // not a goal, and a shared machine pairs 200 seeded instances in anything from 7 to 25 minutes.
      const box = n === LEVELS.at(-1) ? left() - 360_000 : Math.min(left() - 360_000, 60_000 + (n - phones) * 6_000)
      const paired = await within(box, async () => {
        await pool(newPhones, PAIR_CONCURRENCY, async (p) => {
          // After the time box no new pairing starts (the ones under way finish in the background).
          if (!pairingOpen) return
          try {
            newIds.push(await pair(p))
            // Core CPU per instance as the level fills (does pairing one more cost more with more already WORKING?).
            if (newIds.length % 25 === 0) cpuSteps.push(`${newIds.length}: ${((core.cpuTicks() - cpu0[0]!) / 100).toFixed(0)} s CPU / ${(tp() / 1000).toFixed(0)} s`)
          } catch (e) {
            pairFailures++
            const why = (e as Error).message.replace(/^\S+ /, '')
            pairing.failures.set(why, (pairing.failures.get(why) ?? 0) + 1)
            console.error(`pairing ${p}: ${(e as Error).message}`)
          }
        })
        return true
      })
      pairingOpen = false
      const pairedMs = tp()
      {
        // Where the pairing time went: the core's and the sandbox's CPU against the wall time, and per instance.
        const coreS = (core.cpuTicks() - cpu0[0]!) / 100
        const sandboxS = ((core.sandbox?.cpuTicks() ?? 0) - cpu0[1]!) / 100
        const q = latencyStats(pairing.qrMs.splice(0))
        const w = latencyStats(pairing.scanToWorkingMs.splice(0))
        row(`pairing ${newIds.length} of ${n - phones} in ${(pairedMs / 1000).toFixed(0)} s (box ${(box / 1000).toFixed(0)} s, ${PAIR_CONCURRENCY} at a time): CPU core / sandbox`,
          `${coreS.toFixed(0)} / ${sandboxS.toFixed(0)}`, 's',
          `${(coreS / Math.max(1, newIds.length)).toFixed(2)} s core CPU per instance; core busy ${(100 * coreS / (pairedMs / 1000)).toFixed(0)} %, sandbox ${(100 * sandboxS / (pairedMs / 1000)).toFixed(0)} % of a core`)
        row('pairing: create → QR shown / scan → WORKING, p50 (p90)', `${(q.p50 / 1000).toFixed(1)} (${(q.p90 / 1000).toFixed(1)}) / ${(w.p50 / 1000).toFixed(1)} (${(w.p90 / 1000).toFixed(1)})`, 's',
          `${pairing.rescans} expired QRs scanned again, ${pairing.restarts} stopped/failed instances started again; failures: ${JSON.stringify(Object.fromEntries(pairing.failures))}`)
        if (cpuSteps.length) summary[`pairing to ${n}: core CPU / wall at every 25 WORKING`] = cpuSteps.join('; ')
        pairing.rescans = pairing.restarts = 0
        pairing.failures.clear()
      }
      if (paired === undefined || pairFailures) row(`pairing: ${n - phones - newIds.length} of ${n - phones} instances not WORKING in time`, pairedMs / 1000, 's', '', false)
      // History: every instance must hold its 5,000 messages (a lost chunk would show here as a short count).
      const h = await waitHistory(newIds, SEED.messages, Math.max(10_000, Math.min(180_000, left() - 240_000)))
      if (h.ms === undefined || paired === undefined) stillSyncing = true
      if (h.ms === undefined) row(`history: ${h.short.length} of ${newIds.length} instances short of ${SEED.messages} messages`, h.short.join(','), 'stored', '', false)
      row(`pair + history of ${newIds.length} instances (${(SEED.messages * newIds.length).toLocaleString('en')} messages)`, tp() / 1000, 's', `WORKING after ${(pairedMs / 1000).toFixed(0)} s`)
      ids.push(...newIds)
      phones = n
      // RSS right after a history sync still holds the sync's garbage pages: settle, then the lowest of three samples.
      await sleep(5_000)
      const samples: Memory[] = []
      for (let k = 0; k < 3; k++) {
        if (k) await sleep(2_000)
        samples.push(await core.memory())
      }
      const withInstances = samples.reduce((a, b) => (b.rssMb < a.rssMb ? b : a))
      if (SANDBOX === 'child') {
        // No phone in the core: the empty core before the first pairing is the baseline of every level.
        instRss = withInstances.rssMb - base.rssMb
        instHeap = withInstances.heapUsedMb - base.heapUsedMb
      } else {
        instRss += withInstances.rssMb - phonesOnly.rssMb
        instHeap += withInstances.heapUsedMb - phonesOnly.heapUsedMb
      }
      before = withInstances
      row(`RSS with ${ids.length} WORKING instances`, withInstances.rssMb, 'MB', `${phonesOnly.rssMb.toFixed(0)} MB before pairing; heap used ${withInstances.heapUsedMb.toFixed(0)} MB`)
      const g = goalsFor(ids.length)
      row(`marginal RSS per WORKING instance at ${ids.length}`, instRss / ids.length, 'MB', g ? `≤ ${g.rssMb} MB, ${g.source} (WAHA NOWEB ≈ 80)` : '', g ? instRss / ids.length <= g.rssMb : undefined)
      row(`marginal heap used per WORKING instance at ${ids.length}`, instHeap / ids.length, 'MB')
      if (SANDBOX === 'child') {
        // Where the RSS is, per instance: the JS heap (used, and committed by V8), Buffers (external), the rest of the
        // anonymous pages (malloc: SQLite, zlib, TLS, allocator slack), file-backed pages (code, libraries).
        const from = base
        const per = (k: keyof Omit<Memory, 'spacesMb'>) => (withInstances[k] - from[k]) / ids.length
        const native = per('rssAnonMb') - per('heapTotalMb') - per('externalMb')
        row(`marginal RSS at ${ids.length}, per instance: heap committed / external (Buffers) / other anonymous (malloc) / file-backed`,
          `${per('heapTotalMb').toFixed(2)} / ${per('externalMb').toFixed(2)} / ${native.toFixed(2)} / ${per('rssFileMb').toFixed(2)}`, 'MB',
          `anonymous ${per('rssAnonMb').toFixed(2)} MB; heap used ${per('heapUsedMb').toFixed(2)} of the committed`)
      }
      if (SNAPSHOT_DIR) {
        const file = join(SNAPSHOT_DIR, `scale-${ids.length}.heapsnapshot`)
        const ts = timer()
        const m = await core.memory(file)
        summary[`heap snapshot at ${ids.length}`] = `${file} (heap used ${m.heapUsedMb.toFixed(1)} MB, taken in ${(ts() / 1000).toFixed(0)} s)`
      }
    }
    const N = ids.length
    if (!N) throw new Error('no instance reached WORKING')
    row('switchboard.db (+wal)', core.fileMb('switchboard.db'), 'MB')
    row('sandbox.db (+wal)', SANDBOX === 'child' ? core.fileMb('sandbox-process/sandbox.db') : core.fileMb('sandbox/sandbox.db'), 'MB')
    if (core.sandbox) row('sandbox process RSS (not part of the core\'s figures)', core.sandbox.rssMb(), 'MB')
    summary['heap spaces at the end of the memory phase (MB used)'] = JSON.stringify(Object.fromEntries(Object.entries(before.spacesMb).map(([k, v]) => [k, Math.round(v)])))

    // ---- 2. idle CPU -------------------------------------------------------------------------------------
    const idleS = Math.min(IDLE_S, Math.max(10, (left() - 120_000) / 1000))
    phase(`idle CPU over ${idleS.toFixed(0)} s with ${N} WORKING instances`)
    await sleep(5_000)
    const c0 = core.cpuTicks()
    const s0 = core.sandbox?.cpuTicks() ?? 0
    await sleep(idleS * 1000)
    const idlePct = (core.cpuTicks() - c0) / idleS
    // Still syncing (a time-boxed pairing or history left work under way): a figure, but not an idle one.
    const gN = goalsFor(N)
    const idleGoal = gN ? `< ${gN.idlePct} %, ${gN.source}` : ''
    row(`idle CPU, ${N} WORKING instances, ${idleS.toFixed(0)} s`, idlePct, '% of a core', stillSyncing ? `${idleGoal} (not idle: history sync still under way)` : idleGoal, gN && !stillSyncing ? idlePct < gN.idlePct : undefined)
    if (core.sandbox) row('idle CPU of the sandbox process meanwhile (not the core\'s)', ((core.sandbox.cpuTicks() - s0) / idleS), '% of a core')

    // ---- 3. start-up (before the traffic phases: the goals that matter most come first) ---------------------------------------------------------------------------------
    for (const how of ['clean stop', 'SIGKILL'] as const) {
      // Below 50 instances the 50-instance goals (they are met with room there).
      const g = gN ?? GOALS[GOALS.length - 1]!
      const goal = how === 'clean stop' ? g.cleanMs : g.killMs
      const name = `after ${how}: spawn → all ${N} instances WORKING`
      // A stop (≤ 90 s), a spawn (≤ 120 s to /health) and 45 s to WORKING must fit.
      if (left() < 150_000) {
        notReached(name, `budget: ${(left() / 1000).toFixed(0)} s left`, `< ${goal / 1000} s`)
        continue
      }
      phase(`restart after ${how}`)
      if (how === 'clean stop') {
        const s = await core.stop()
        row('clean stop: SIGTERM → exit', s.ms / 1000, 's', s.killed ? 'not clean: SIGKILL after 90 s' : '')
      } else await core.kill()
      const t = timer()
      const health = await core.start()
      const w = await allWorking(ids, 45_000)
      row(`after ${how}: spawn → /health 200`, health, 'ms')
      if (w.ms === undefined) notReached(name, `${w.working} of ${N} WORKING after 45 s`, `< ${goal / 1000} s`)
      else row(name, t(), 'ms', `< ${goal / 1000} s`, t() < goal)
    }

    // ---- 4. fan-out ---------------------------------------------------------------------------------------
    // BENCH_SCALE_FANOUT=0 skips it (no rows: a rate of nothing is no figure).
    if (FANOUT > 0 && left() < 60_000) notReached('fan-out', `budget: ${(left() / 1000).toFixed(0)} s left`)
    else if (FANOUT > 0) await fanOut()
    async function fanOut(): Promise<void> {
      phase('fan-out')
      const senders = ids.slice(0, Math.min(10, N))
      for (const id of ids) await core.ok('PATCH', '/v2/session/rate-limit', { instance_id: id }, { policy_slug: 'unlimited' })
      const fanout = async (over: string[], label: string, ms: number) => {
        const lat: number[] = []
        let bad = 0
        let sent = 0
        const t = timer()
        await pool(Array.from({ length: FANOUT }, (_, i) => i), 50, async (i) => {
          if (t() > ms) return
          const k = i % over.length
          const to = phoneOf((ids.indexOf(over[k]!) + 1) % N)
          const r = await core.call('POST', '/v2/send/text', { instance_id: over[k]! }, { chatId: to, message: `fan-out ${label} ${i}` })
          if (r.status !== 200 && r.status !== 201) bad++
          sent++
          lat.push(r.ms)
        })
        const s = latencyStats(lat)
        const rate = sent / (t() / 1000)
        const cut = sent < FANOUT ? `; time-boxed: ${sent} of ${FANOUT} sent` : ''
        row(`fan-out ${FANOUT} texts over ${over.length} instance(s): throughput`, rate, 'msgs/s', `p50 ${s.p50.toFixed(0)} ms${cut}`)
        row(`fan-out over ${over.length} instance(s): p99 latency`, s.p99, 'ms', `${bad} not 200/201`)
        return rate
      }
      // One text per sender first (not timed): the first message to a contact checks the number and sets up the
      // Signal session, which would otherwise be charged to whichever run goes first.
      await within(20_000, () => Promise.all(senders.map((id) => core.call('POST', '/v2/send/text', { instance_id: id }, { chatId: phoneOf((ids.indexOf(id) + 1) % N), message: 'warm-up' }))))
      const box = Math.min(30_000, (left() - 30_000) / 2)
      const many = await fanout(senders, 'many', box)
      const one = await fanout(senders.slice(0, 1), 'one', box)
      row('fan-out speed-up (10 instances / 1)', many / one, '×', '> 1 (instances send in parallel)', many / one > 1)
    }

    async function steady(): Promise<void> {
      phase(`steady traffic for ${STEADY_MIN} min (${STEADY_TEXTS} texts/min per instance, presence, webhooks; fit after ${STEADY_WARMUP_MIN} min)`)
      const r = await runSteady(core, ids, { minutes: STEADY_MIN, warmupMin: STEADY_WARMUP_MIN, textsPerMinPerInstance: STEADY_TEXTS, presencePerMin: Math.min(N, 10), snapshotDir: SNAPSHOT_DIR, phoneOf })
      // Heap after GC is the leak signal (RSS moves with the allocator); < 1 MB/min over the run is "no growth".
      const heapSlope = fitSlope(r.samples, 'heapMb', STEADY_WARMUP_MIN)
      const list = (k: 'rssMb' | 'heapMb') => r.samples.map((s) => `${s.min.toFixed(0)}:${s[k].toFixed(0)}`).join(' ')
      row(`steady traffic ${STEADY_MIN} min, ${r.texts} texts (${r.failed} failed), ${r.presenceCalls} presence calls (${r.presenceFailed} failed), ${r.webhookEvents} webhook POSTs`, r.samples.length, 'samples', `min:MB heap ${list('heapMb')}`)
      row(`steady traffic: RSS growth after ${STEADY_WARMUP_MIN} min (whole run ${fitSlope(r.samples, 'rssMb').toFixed(2)})`, fitSlope(r.samples, 'rssMb', STEADY_WARMUP_MIN), 'MB/min', `min:MB ${list('rssMb')}`)
      row(`steady traffic: heap used growth after GC, least squares after ${STEADY_WARMUP_MIN} min (whole run ${fitSlope(r.samples, 'heapMb').toFixed(2)})`, heapSlope, 'MB/min', '< 1 MB/min (no growth)', heapSlope < 1)
      if (SNAPSHOT_DIR) summary['steady heap snapshots'] = `heap-categories.ts ${SNAPSHOT_DIR}/steady-start.heapsnapshot:${r.textsAtWarmup} ${SNAPSHOT_DIR}/steady-end.heapsnapshot:${r.texts}`
    }

    // ---- 5. steady traffic ----------------------------------------------------------------------------------
    if (STEADY_MIN > 0 && left() > STEADY_MIN * 60_000 + 120_000) await steady()
    else if (STEADY_MIN > 0) notReached('steady traffic: heap used growth', `budget: ${(left() / 1000).toFixed(0)} s left`, '< 1 MB/min')

    // ---- 6. a big store (its failure is a figure too: the rows so far are kept) ----------------------------------
    if (BIG_MESSAGES > 0 && left() > 150_000) {
      try {
        await bigStore(ids)
      } catch (e) {
        row(`big store phase FAILED: ${(e as Error).message.slice(0, 160)}`, storedBy().get(bigId) ?? 0, 'messages stored')
        console.error(`core log tail:\n${core.log.slice(-3000)}`)
      }
    } else if (BIG_MESSAGES > 0) notReached(`chat reads at ${BIG_MESSAGES / 1000}k messages (see npm run bench -- history)`, `budget: ${(left() / 1000).toFixed(0)} s left`, '≤ 3× /health p99')
  } catch (e) {
    console.error(`core log tail:\n${core.log.slice(-4000)}`)
    throw e
  } finally {
    process.off('SIGTERM', onTerm)
    if (phaseName) phaseTimes[phaseName] = Math.round((elapsed() - phaseAt) / 1000)
    store?.close()
    await core.close()
  }

  async function bigStore(ids: string[]): Promise<void> {
    const N = ids.length
    phase(`big store: ${BIG_MESSAGES} messages over ${BIG_CHATS} chats`)
    await core.createPhone(BIG_PHONE, 'Big shop')
    await core.seed(BIG_PHONE, { contacts: BIG_CHATS, chats: BIG_CHATS, messages: BIG_MESSAGES, groups: 50, labels: 5, lid_share: 0.3 })
    // The API's p99 while the history arrives, against the same loop idle.
    const probeId = ids[0]!
    const infoLoop = async (stop: () => boolean) => {
      const lat: number[] = []
      while (!stop()) lat.push((await core.call('GET', '/v2/session/info', { instance_id: probeId })).ms)
      return latencyStats(lat)
    }
    const idleInfo = await (async () => {
      const t = timer()
      return infoLoop(() => t() > 5_000)
    })()
    const tIngest = timer()
    let ingested = false
    const during = infoLoop(() => ingested)
    during.catch(() => undefined)
    let h: { ms?: number; short: number[] }
    try {
      bigId = await pair(BIG_PHONE)
      h = await waitHistory([bigId], BIG_MESSAGES, Math.max(10_000, left() - 60_000))
    } finally {
      ingested = true
    }
    const ingestMs = tIngest()
    const duringInfo = await during
    if (h.ms === undefined) {
      notReached(`history sync of ${BIG_MESSAGES.toLocaleString('en')} messages`, `${h.short[0] ?? 0} stored in ${(ingestMs / 1000).toFixed(0)} s (budget)`)
      return
    }
    row(`history sync of ${BIG_MESSAGES.toLocaleString('en')} messages: scan → all in the store`, ingestMs / 1000, 's', `${(BIG_MESSAGES / (ingestMs / 1000)).toFixed(0)} msgs/s`)
    row('/v2/session/info p99 during that history sync', duringInfo.p99, 'ms', `idle p99 ${idleInfo.p99.toFixed(1)} ms (×${(duringInfo.p99 / idleInfo.p99).toFixed(1)})`)
    const firstPage = await core.ok<{ id: string }[]>('GET', '/v2/chats', { instance_id: bigId, limit: '50' })
    const reads: Record<string, number[]> = { health: [], chats: [], overview: [], messages: [] }
    for (let r = 0; r < 300; r++) {
      reads.health!.push((await core.call('GET', '/health')).ms)
      reads.chats!.push((await core.call('GET', '/v2/chats', { instance_id: bigId, limit: '50' })).ms)
      reads.overview!.push((await core.call('GET', '/v2/chats/overview', { instance_id: bigId })).ms)
      const chatId = firstPage[r % firstPage.length]!.id
      reads.messages!.push((await core.call('GET', '/v2/chats/messages', { instance_id: bigId, chatId, limit: '50', downloadMedia: 'false' })).ms)
    }
    const health = latencyStats(reads.health!)
    row('/health (same loop)', health.p99, 'ms p99', `p50 ${health.p50.toFixed(2)} ms`)
    for (const [name, path] of [['chats', '/v2/chats?limit=50'], ['overview', '/v2/chats/overview'], ['messages', '/v2/chats/messages?limit=50']] as const) {
      const s = latencyStats(reads[name]!)
      const ratio = s.p99 / health.p99
      row(`${path} at ${BIG_MESSAGES / 1000}k messages: p99 / /health p99`, ratio, '×', `≤ 3× (p50 ${s.p50.toFixed(2)} ms, p99 ${s.p99.toFixed(2)} ms)`, ratio <= 3)
    }
    row('switchboard.db (+wal) with the big store', core.fileMb('switchboard.db'), 'MB')
    const mBig = await core.memory()
    row(`RSS with ${N} + 1 instances (the big store included)`, mBig.rssMb, 'MB', `heap used ${mBig.heapUsedMb.toFixed(0)} MB`)
  }

  // ---- 7. the API's own overhead (npm run bench -- api), in this process ---------------------------------------
  if (RUN_API && left() > 30_000) {
    phase('api bench (session/info vs a bare Fastify route)')
    const api = await apiBench()
    const apiRatio = Number(api.summary['throughput ratio (info / bare)'])
    row('authenticated /v2/session/info throughput / bare Fastify route (bench api)', apiRatio, '×', '≥ 0.6', apiRatio >= 0.6)
    phaseTimes[phaseName] = Math.round((elapsed() - phaseAt) / 1000)
  } else if (RUN_API) notReached('authenticated /v2/session/info / bare route (bench api)', 'budget', '≥ 0.6')
  summary['total bench time, s'] = elapsed() / 1000
  summary['phase times, s'] = JSON.stringify(phaseTimes)
  summary['simulated persons'] = PERSON_IDLE_MS === undefined ? 'always online' : `online on demand, off after ${PERSON_IDLE_MS / 1000} s idle`
  summary.sandbox = SANDBOX === 'child'
    ? 'in a process of its own (bench/scale-sandbox.ts): the core process (bundled with esbuild, run by node) holds no simulated phone; its RSS and CPU are the core\'s alone'
    : 'in the same process as the core (as `npm run serve -- --network sandbox`); its share is measured before each pairing step and subtracted'
  const goals = rows.filter((r) => r.met)
  summary.goals = `${goals.filter((r) => r.met === 'met').length} met, ${goals.filter((r) => r.met !== 'met').length} missed of ${goals.length}`
  return { bench: 'scale', rows, summary }
}
