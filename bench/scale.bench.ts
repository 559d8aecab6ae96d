// Fifty accounts on a laptop (issue 14): the core as a child process in sandbox mode, driven over HTTP only.
// 1. memory: N seeded simulated phones alone, then N paired WORKING instances (history synced) at N = 10 and 50;
//    the sandbox (its server and one Baileys "person" socket per phone, in the same process) is subtracted by
//    measuring before and after pairing: marginal = Σ(RSS after pairing − RSS before) / N; heap and SQLite sizes;
// 2. idle CPU over 60 s; 3. fan-out (500 texts over 10 instances vs 1, unlimited policy); 4. steady traffic
//    (10 msgs/min per instance, 1.5 minutes by default: --steady-minutes=30 for the long run), growth per minute;
// 5. start-up after a clean stop and after SIGKILL (spawn → /health, → all WORKING); 6. a 100k-message history
//    over 2,000 chats paired into one more instance (ingest time, /v2/session/info p99 during it) and chat reads
//    under that store against /health in the same loop; 7. the api bench (session/info vs a bare route).
// Env: BENCH_SCALE_N="10,50", BENCH_SCALE_BIG="100000,2000", BENCH_SCALE_IDLE_S=60, BENCH_SCALE_STEADY_MIN=1.5 (or --steady-minutes=N).
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { latencyStats, type BenchResult, type BenchRow } from './lib.js'
import { CoreProcess, freePort, sleep, type Memory } from './scale-core.js'
import apiBench from './api.bench.js'

const argv = process.argv.slice(2)
const flag = (name: string) => argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1]
const LEVELS = (process.env.BENCH_SCALE_N ?? '10,50').split(',').map(Number).filter((n) => n > 0).sort((a, b) => a - b)
const [BIG_MESSAGES, BIG_CHATS] = (process.env.BENCH_SCALE_BIG ?? '100000,2000').split(',').map(Number) as [number, number]
const IDLE_S = Number(process.env.BENCH_SCALE_IDLE_S ?? 60)
const STEADY_MIN = Number(flag('steady-minutes') ?? process.env.BENCH_SCALE_STEADY_MIN ?? 1.5)
const FANOUT = Number(process.env.BENCH_SCALE_FANOUT ?? 500)
const SEED = { contacts: 500, chats: 200, messages: 5_000, groups: 20, labels: 5, lid_share: 0.3 }
const PAIR_CONCURRENCY = 6
/** The big history must be in the store within this (keeps the whole bench under 10 minutes). */
const BIG_INGEST_MS = Number(process.env.BENCH_SCALE_BIG_INGEST_S ?? 180) * 1000

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

export default async function scaleBench(): Promise<BenchResult> {
  const elapsed = timer()
  const dataDir = mkdtempSync(join(tmpdir(), 'sb-scale-'))
  const core = new CoreProcess(dataDir, await freePort(), 'bench-scale-token-0123456789')
  const rows: BenchRow[] = []
  const summary: Record<string, number | string> = {}
  const row = (name: string, value: number, unit: string, goal = '', met?: boolean) =>
    rows.push({ name, value, unit, goal, met: met === undefined ? '' : met ? 'met' : 'MISSED' })
  const phase = (name: string) => console.log(`[scale ${(elapsed() / 1000).toFixed(0)} s] ${name}`)
  let store: Database.Database | undefined
  const storedBy = (): Map<string, number> => {
    store ??= new Database(join(dataDir, 'switchboard.db'), { readonly: true, fileMustExist: true })
    const rowsNow = store.prepare('SELECT instance_id AS id, count(*) AS n FROM store_messages GROUP BY instance_id').all() as { id: string; n: number }[]
    return new Map(rowsNow.map((r) => [r.id, r.n]))
  }
  let bigId = ''
  const printPartial = () => console.log(`rows so far:\n${rows.map((r) => `  ${r.name}: ${typeof r.value === 'number' ? r.value.toFixed(2) : r.value} ${r.unit} ${r.goal} ${r.met}`).join('\n')}`)
  const status = async (id: string) => (await core.ok<Status>('GET', '/v2/session/info', { instance_id: id })).status
  const allWorking = async (ids: string[], ms: number) => {
    const t = timer()
    for (;;) {
      const st = await Promise.all(ids.map(status))
      if (st.every((s) => s === 'WORKING')) return t()
      if (t() > ms) throw new Error(`not all WORKING after ${ms} ms: ${st.filter((s) => s !== 'WORKING').join(',')}`)
      await sleep(100)
    }
  }
  const pair = async (phone: string): Promise<string> => {
    const { instance_id: id } = await core.ok<{ instance_id: string }>('POST', '/v2/session/create')
    const t = timer()
    while ((await status(id)) !== 'SCAN_QR_CODE') {
      if (t() > 60_000) throw new Error(`${id} never showed a QR`)
      await sleep(100)
    }
    await core.ok('POST', `/sandbox/phones/${phone}/scan`, {}, { instance_id: id })
    while ((await status(id)) !== 'WORKING') {
      if (t() > 90_000) throw new Error(`${id} not WORKING after the scan`)
      await sleep(100)
    }
    return id
  }
  const waitHistory = async (ids: string[], each: number, ms: number) => {
    const t = timer()
    for (;;) {
      const m = storedBy()
      if (ids.every((id) => (m.get(id) ?? 0) >= each)) return t()
      if (t() > ms) throw new Error(`history not stored after ${ms} ms: ${ids.map((id) => m.get(id) ?? 0).join(',')}`)
      await sleep(250)
    }
  }

  try {
    phase('spawn')
    const firstHealth = await core.start()
    row('first start: spawn → /health 200 (empty data dir)', firstHealth, 'ms')
    const m0 = await core.memory()
    row('RSS, empty core (sandbox up, no phones)', m0.rssMb, 'MB')

    // ---- 1. memory ---------------------------------------------------------------------------------------
    const ids: string[] = []
    let phones = 0
    let instRss = 0
    let instHeap = 0
    let before: Memory = m0
    const memRows: Record<string, Memory> = { empty: m0 }
    for (const n of LEVELS) {
      phase(`phones ${phones} → ${n} (seeded: ${SEED.messages} messages, ${SEED.chats} chats, ${SEED.contacts} contacts, ${SEED.groups} groups)`)
      const newPhones = Array.from({ length: n - phones }, (_, k) => phoneOf(phones + k))
      await pool(newPhones, 4, async (p) => {
        await core.ok('POST', '/sandbox/phones', {}, { phone_number: p, name: `Shop ${p.slice(-4)}` })
        await core.ok('POST', `/sandbox/phones/${p}/history`, {}, SEED)
      })
      await sleep(3_000)
      const phonesOnly = await core.memory()
      memRows[`${n} phones, ${ids.length} instances`] = phonesOnly
      row(`sandbox share per simulated phone (${phones} → ${n} phones)`, (phonesOnly.rssMb - before.rssMb) / (n - phones), 'MB RSS')
      phase(`pair ${ids.length} → ${n} instances`)
      const tp = timer()
      const newIds: string[] = []
      await pool(newPhones, PAIR_CONCURRENCY, async (p) => void newIds.push(await pair(p)))
      const pairedMs = tp()
      // A chunk Baileys failed to handle (it logs "error in handling message" and never asks again) leaves an
      // instance short: that is a figure, not a reason to lose the run.
      await waitHistory(newIds, SEED.messages, 240_000).catch((e: Error) => row(`history incomplete: ${e.message.slice(0, 200)}`, 0, ''))
      row(`pair + history of ${newIds.length} instances (${(SEED.messages * newIds.length).toLocaleString('en')} messages)`, tp() / 1000, 's', '', undefined)
      summary[`pairing ${newIds.length} instances (to WORKING), s`] = pairedMs / 1000
      ids.push(...newIds)
      phones = n
      await sleep(5_000)
      const withInstances = await core.memory()
      memRows[`${n} phones, ${n} instances`] = withInstances
      instRss += withInstances.rssMb - phonesOnly.rssMb
      instHeap += withInstances.heapUsedMb - phonesOnly.heapUsedMb
      before = withInstances
      row(`RSS with ${n} phones only → with ${n} WORKING instances`, withInstances.rssMb, 'MB', `${phonesOnly.rssMb.toFixed(0)} MB before pairing`)
      row(`marginal RSS per WORKING instance at ${n}`, instRss / n, 'MB', n >= 50 ? '≤ 8 MB (WAHA NOWEB ≈ 80)' : '', n >= 50 ? instRss / n <= 8 : undefined)
      row(`marginal heap used per WORKING instance at ${n}`, instHeap / n, 'MB')
    }
    const N = ids.length
    row('switchboard.db (+wal)', core.fileMb('switchboard.db'), 'MB')
    row('sandbox.db (+wal)', core.fileMb('sandbox/sandbox.db'), 'MB')
    summary['heap spaces at the end of the memory phase (MB used)'] = JSON.stringify(Object.fromEntries(Object.entries(before.spacesMb).map(([k, v]) => [k, Math.round(v)])))

    // ---- 2. idle CPU -------------------------------------------------------------------------------------
    phase(`idle CPU over ${IDLE_S} s with ${N} WORKING instances`)
    await sleep(5_000)
    const c0 = core.cpuTicks()
    await sleep(IDLE_S * 1000)
    const idlePct = (core.cpuTicks() - c0) / IDLE_S
    row(`idle CPU, ${N} WORKING instances, ${IDLE_S} s`, idlePct, '% of a core', '< 2 %', idlePct < 2)

    // ---- 3. fan-out ---------------------------------------------------------------------------------------
    phase('fan-out')
    const senders = ids.slice(0, Math.min(10, N))
    for (const id of senders) await core.ok('PATCH', '/v2/session/rate-limit', { instance_id: id }, { policy_slug: 'unlimited' })
    const fanout = async (over: string[], label: string) => {
      const lat: number[] = []
      let bad = 0
      const t = timer()
      await pool(Array.from({ length: FANOUT }, (_, i) => i), 50, async (i) => {
        const k = i % over.length
        const to = phoneOf((ids.indexOf(over[k]!) + 1) % N)
        const r = await core.call('POST', '/v2/send/text', { instance_id: over[k]! }, { chatId: to, message: `fan-out ${label} ${i}` })
        if (r.status !== 200 && r.status !== 201) bad++
        lat.push(r.ms)
      })
      const s = latencyStats(lat)
      const rate = FANOUT / (t() / 1000)
      row(`fan-out ${FANOUT} texts over ${over.length} instance(s): throughput`, rate, 'msgs/s', '', undefined)
      row(`fan-out ${FANOUT} texts over ${over.length} instance(s): p50 / p99`, s.p99, 'ms p99', `p50 ${s.p50.toFixed(0)} ms; ${bad} not 200/201`)
      return rate
    }
    const many = await fanout(senders, 'many')
    const one = await fanout(senders.slice(0, 1), 'one')
    summary['fan-out speed-up (10 instances / 1)'] = many / one

    // ---- 4. steady traffic ----------------------------------------------------------------------------------
    if (STEADY_MIN > 0) {
      phase(`steady traffic for ${STEADY_MIN} min (10 msgs/min per instance)`)
      for (const id of ids.slice(senders.length)) await core.ok('PATCH', '/v2/session/rate-limit', { instance_id: id }, { policy_slug: 'unlimited' })
      const samples: { min: number; rss: number; heap: number }[] = []
      const m = await core.memory()
      samples.push({ min: 0, rss: m.rssMb, heap: m.heapUsedMb })
      const gap = 60_000 / (10 * N)
      const t = timer()
      let i = 0
      let failed = 0
      const inflight = new Set<Promise<void>>()
      // At least 4 samples for the slope, at most one a minute.
      const every = Math.min(60_000, (STEADY_MIN * 60_000) / 4)
      let nextProbe = 1
      while (t() < STEADY_MIN * 60_000) {
        const k = i++ % N
        const p = core
          .call('POST', '/v2/send/text', { instance_id: ids[k]! }, { chatId: phoneOf((k + 1) % N), message: `steady ${i}` })
          .then((r) => void (r.status >= 300 && failed++), () => void failed++)
        inflight.add(p)
        void p.finally(() => inflight.delete(p))
        if (t() >= nextProbe * every) {
          const mm = await core.memory()
          samples.push({ min: t() / 60_000, rss: mm.rssMb, heap: mm.heapUsedMb })
          nextProbe++
        }
        await sleep(gap)
      }
      await Promise.all(inflight)
      const mm = await core.memory()
      samples.push({ min: t() / 60_000, rss: mm.rssMb, heap: mm.heapUsedMb })
      const slope = (key: 'rss' | 'heap') => {
        const xs = samples.map((s) => s.min)
        const ys = samples.map((s) => s[key])
        const mx = xs.reduce((a, b) => a + b, 0) / xs.length
        const my = ys.reduce((a, b) => a + b, 0) / ys.length
        const num = xs.reduce((a, x, j) => a + (x - mx) * (ys[j]! - my), 0)
        const den = xs.reduce((a, x) => a + (x - mx) ** 2, 0)
        return den ? num / den : 0
      }
      row(`steady traffic ${STEADY_MIN} min, ${i} texts: RSS growth`, slope('rss'), 'MB/min', '≈ 0 (no growth)', undefined)
      row(`steady traffic: heap used growth (after GC)`, slope('heap'), 'MB/min', `${failed} sends failed`)
      summary['steady RSS samples (MB)'] = samples.map((s) => s.rss.toFixed(0)).join(' ')
    }

    // ---- 5. start-up -------------------------------------------------------------------------------------------
    for (const how of ['clean stop', 'SIGKILL'] as const) {
      phase(`restart after ${how}`)
      if (how === 'clean stop') await core.stop()
      else await core.kill()
      const t = timer()
      const health = await core.start()
      const working = await allWorking(ids, 120_000)
      const total = t()
      row(`after ${how}: spawn → /health 200`, health, 'ms')
      const goal = how === 'clean stop' ? 10_000 : 15_000
      row(`after ${how}: spawn → all ${N} instances WORKING`, total, 'ms', `< ${goal / 1000} s`, total < goal)
      void working
    }

    // ---- 6. a big store (its failure is a figure too: the rows so far are kept) ----------------------------------
    try {
      await bigStore(ids)
    } catch (e) {
      row(`big store phase FAILED: ${(e as Error).message.slice(0, 160)}`, storedBy().get(bigId) ?? 0, 'messages stored')
      console.error(`core log tail:\n${core.log.slice(-3000)}`)
    }
  } catch (e) {
    console.error(`core log tail:\n${core.log.slice(-4000)}`)
    throw e
  } finally {
    store?.close()
    await core.close()
    printPartial()
  }

  async function bigStore(ids: string[]): Promise<void> {
    const N = ids.length
    phase(`big store: ${BIG_MESSAGES} messages over ${BIG_CHATS} chats`)
    await core.ok('POST', '/sandbox/phones', {}, { phone_number: BIG_PHONE, name: 'Big shop' })
    await core.ok('POST', `/sandbox/phones/${BIG_PHONE}/history`, {}, { contacts: BIG_CHATS, chats: BIG_CHATS, messages: BIG_MESSAGES, groups: 50, labels: 5, lid_share: 0.3 })
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
    try {
      bigId = await pair(BIG_PHONE)
      await waitHistory([bigId], BIG_MESSAGES, BIG_INGEST_MS)
    } finally {
      ingested = true
    }
    const ingestMs = tIngest()
    const duringInfo = await during
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
  phase('api bench (session/info vs a bare Fastify route)')
  const api = await apiBench()
  const apiRatio = Number(api.summary['throughput ratio (info / bare)'])
  row('authenticated /v2/session/info throughput / bare Fastify route (bench api)', apiRatio, '×', '≥ 0.6', apiRatio >= 0.6)
  summary['total bench time, s'] = elapsed() / 1000
  summary.sandbox = 'in the same process as the core (as `npm run serve -- --network sandbox`); its share is measured before each pairing step and subtracted'
  return { bench: 'scale', rows, summary }
}
