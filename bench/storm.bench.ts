// A Bad MAC storm against a paired instance (issue 22 item 2; Baileys #2234: 168k decryption errors in 2 hours ran a
// process out of memory). The core as a child process, the sandbox in another (its senders' CPU is not the core's).
// Same run, same senders' count and pace: first ordinary messages (the baseline), then a storm whose every message
// stays undecryptable. Measured: the core's heap after GC per 1,000 messages of each kind, retry receipts per storm
// sender (counted on the senders' phones), /v2/session/info p99 during each phase against idle, and that both kinds
// are stored (placeholders for the storm). Env: BENCH_STORM="1000,6000" (messages per sender, messages a minute).
import { existsSync, mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openDatabase, type Db } from '../src-main/core/db/connection.js'
import { resolveDataKey, secretToolKeyring } from '../src-main/core/secrets/data-key.js'
import { DEFAULT_RETRY_RECEIPTS_PER_SENDER as RETRY_BUDGET_PER_MINUTE } from '../src-main/core/engine/baileys/retry-budget.js'
import { latencyStats, type BenchResult, type BenchRow } from './lib.js'
import { CoreProcess, freePort, sleep } from './scale-core.js'

const [PER_SENDER, PER_MINUTE] = (process.env.BENCH_STORM ?? '1000,6000').split(',').map(Number) as [number, number]
const SHOP = '15557770001'
const FRIENDS = ['15557770011', '15557770012', '15557770013']
const STORM = ['15557770021', '15557770022', '15557770023']
/** Writes one ordinary message every 2 s during each phase: how long the rest of the traffic takes to be stored. */
const PROBE = '15557770031'
/** After the last storm message: the placeholders' grace (30 s) ends and they are finalized before the heap is read. */
const SETTLE_MS = 40_000

function timer() {
  const t0 = performance.now()
  return () => performance.now() - t0
}

export default async function stormBench(): Promise<BenchResult> {
  const dataDir = mkdtempSync(join(tmpdir(), 'sb-storm-'))
  const core = new CoreProcess(dataDir, await freePort(), 'bench-storm-token-0123456789')
  let store: Db | undefined
  const db = () => (store ??= openDatabase(join(dataDir, 'switchboard.db'), { readonly: true, dataKey: resolveDataKey(dataDir, { keyring: secretToolKeyring() }).key }))
  const stored = (id: string) => (db().prepare('SELECT count(*) FROM store_messages WHERE instance_id = ?').pluck().get(id) as number) ?? 0
  const sandbox = core.sandbox
  if (!sandbox) throw new Error('the storm bench runs the sandbox in its own process')
  try {
    await core.start()
    await core.createPhone(SHOP, 'Storm shop')
    for (const p of [...FRIENDS, ...STORM, PROBE]) await core.createPhone(p, `Sender ${p.slice(-2)}`)
    const { instance_id: id } = await core.ok<{ instance_id: string }>('POST', '/v2/session/create')
    const t = timer()
    while ((await core.ok<{ status: string }>('GET', '/v2/session/info', { instance_id: id })).status !== 'SCAN_QR_CODE') {
      if (t() > 60_000) throw new Error('no QR')
      await sleep(100)
    }
    await core.scan(SHOP, id)
    while ((await core.ok<{ status: string }>('GET', '/v2/session/info', { instance_id: id })).status !== 'WORKING') {
      if (t() > 120_000) throw new Error('never WORKING')
      await sleep(200)
    }

    const infoLoop = async (stop: () => boolean) => {
      const lat: number[] = []
      while (!stop()) {
        lat.push((await core.call('GET', '/v2/session/info', { instance_id: id })).ms)
        await sleep(20)
      }
      return lat
    }
    let probes = 0
    const probeStored = (body: string) => !!db().prepare('SELECT 1 FROM store_messages WHERE instance_id = ? AND body = ?').get(id, body)
    const probeLoop = async (stop: () => boolean) => {
      const lat: number[] = []
      while (!stop()) {
        const body = `probe ${++probes}`
        const tp = timer()
        await sandbox.call('sendTexts', { from: [PROBE], to: SHOP, perSender: 1, perMinute: 6_000, prefix: body })
        while (!probeStored(body) && tp() < 60_000) await sleep(25)
        lat.push(tp())
        await sleep(2_000)
      }
      return lat
    }
    /** Runs one phase: its traffic in the sandbox, the info and probe loops meanwhile, until `want` more rows are stored. */
    const phase = async (start: () => Promise<unknown>, want: number) => {
      const before = stored(id)
      let done = false
      const during = infoLoop(() => done)
      const probing = probeLoop(() => done)
      const tp = timer()
      const ticks0 = [core.cpuTicks(), sandbox.cpuTicks()]
      await start()
      const sentMs = tp()
      // Everything stored, or a minute after the last one was sent.
      while (stored(id) < before + want + probes && tp() < sentMs + 60_000) await sleep(200)
      const storedMs = tp()
      done = true
      const cpu = [core.cpuTicks() - ticks0[0]!, sandbox.cpuTicks() - ticks0[1]!].map((t) => `${((t * 10) / storedMs * 100).toFixed(0)} %`).join(' / ')
      const probeLat = latencyStats(await probing)
      return { sentMs, storedMs, stored: stored(id) - before - probes, lat: latencyStats(await during), probe: probeLat, cpu }
    }

    // Warm-up (first messages from each sender set up sessions and caches), then the idle latency.
    await sandbox.call('sendTexts', { from: FRIENDS, to: SHOP, perSender: 20, perMinute: 6_000, prefix: 'warm-up' })
    await sleep(3_000)
    const idleT = timer()
    const idle = latencyStats(await infoLoop(() => idleT() > 5_000))
    const total = PER_SENDER * FRIENDS.length

    const m0 = await core.memory()
    const ordinary = await phase(() => sandbox.call('sendTexts', { from: FRIENDS, to: SHOP, perSender: PER_SENDER, perMinute: PER_MINUTE, prefix: 'ordinary' }), total)
    await sleep(SETTLE_MS)
    const m1 = await core.memory()

    const storm = await phase(() => sandbox.call('storm', { to: SHOP, senders: STORM, perSender: PER_SENDER, perMinute: PER_MINUTE }), total)
    await sleep(SETTLE_MS)
    const m2 = await core.memory()
    const receipts = await sandbox.call<number[]>('retryReceipts', { phones: STORM })
    const stormMinutes = (storm.storedMs + SETTLE_MS) / 60_000
    const receiptCap = RETRY_BUDGET_PER_MINUTE * Math.ceil(stormMinutes + 1)

    // After the storm, an ordinary message still arrives.
    const afterBefore = stored(id)
    const tAfter = timer()
    await sandbox.call('sendTexts', { from: [FRIENDS[0]!], to: SHOP, perSender: 1, perMinute: 6_000, prefix: 'after the storm' })
    while (stored(id) < afterBefore + 1 && tAfter() < 30_000) await sleep(50)
    const afterMs = tAfter()

    // The core's log file (start-core: <dataDir>/logs/switchboard.log), where Baileys' lines go.
    const logFile = join(dataDir, 'logs', 'switchboard.log')
    const logLines = (existsSync(logFile) ? readFileSync(logFile, 'utf8') : '').split('\n')
    const aggregated = logLines.filter((l) => /undecryptable from \d+ senders?/.test(l)).length
    const perMessage = logLines.filter((l) => l.includes('failed to decrypt message') || l.includes('transaction failed, rolling back')).length

    const per1000 = (mb: number) => (mb / total) * 1000
    const ordinaryGrowth = per1000(m1.heapUsedMb - m0.heapUsedMb)
    const stormGrowth = per1000(m2.heapUsedMb - m1.heapUsedMb)
    const latRow = (name: string, s: ReturnType<typeof latencyStats>): BenchRow => ({ name, requests: s.count, 'p50 ms': s.p50, 'p99 ms': s.p99, 'max ms': s.max, 'p99 / idle': s.p99 / idle.p99 })
    const goal = (name: string, measured: string, target: string, met: boolean): BenchRow => ({ name, measured, goal: target, met: met ? 'yes' : 'NO' })
    return {
      bench: 'storm',
      rows: [
        latRow('GET /v2/session/info, idle', idle),
        latRow(`… while ${total} ordinary messages arrive`, ordinary.lat),
        latRow(`… while ${total} undecryptable messages arrive (the storm)`, storm.lat),
        { name: 'an ordinary message, sent → stored, while ordinary traffic arrives', requests: ordinary.probe.count, 'p50 ms': ordinary.probe.p50, 'p99 ms': ordinary.probe.p99, 'max ms': ordinary.probe.max },
        { name: 'an ordinary message, sent → stored, during the storm', requests: storm.probe.count, 'p50 ms': storm.probe.p50, 'p99 ms': storm.probe.p99, 'max ms': storm.probe.max },
        goal('ordinary messages during the storm, p50 sent → stored', `${storm.probe.p50.toFixed(0)} ms`, `≤ 2× with ordinary traffic (${(2 * ordinary.probe.p50).toFixed(0)} ms)`, storm.probe.p50 <= 2 * ordinary.probe.p50),
        goal('heap after GC: after the storm − before it', `${(m2.heapUsedMb - m1.heapUsedMb).toFixed(1)} MB`, '≤ 2 MB (flat)', m2.heapUsedMb - m1.heapUsedMb <= 2),
        goal('retry receipts per storm sender', receipts.join(', '), `≤ ${receiptCap} (${RETRY_BUDGET_PER_MINUTE} a minute over ${stormMinutes.toFixed(1)} min)`, receipts.every((n) => n <= receiptCap)),
        goal('storm messages stored (placeholders) within a minute of the last sent', `${storm.stored} of ${total}`, 'all', storm.stored >= total),
        goal('per-message log lines ("failed to decrypt message", "transaction failed")', String(perMessage), '0 (aggregated lines instead)', perMessage === 0),
        goal('an ordinary message after the storm is stored', `${(afterMs / 1000).toFixed(1)} s`, '< 10 s', afterMs < 10_000)
      ],
      summary: {
        'messages per phase': total,
        'pace, messages a minute': PER_MINUTE,
        'ordinary: sent in, s': ordinary.sentMs / 1000,
        'ordinary: stored after, s': ordinary.storedMs / 1000,
        'storm: sent in, s': storm.sentMs / 1000,
        'storm: stored after, s': storm.storedMs / 1000,
        'CPU of a core, core / sandbox process: ordinary phase': ordinary.cpu,
        'CPU of a core, core / sandbox process: storm phase': storm.cpu,
        'heap used after GC, MB (before / after ordinary / after storm)': `${m0.heapUsedMb.toFixed(1)} / ${m1.heapUsedMb.toFixed(1)} / ${m2.heapUsedMb.toFixed(1)}`,
        'RSS, MB (before / after ordinary / after storm)': `${m0.rssMb.toFixed(0)} / ${m1.rssMb.toFixed(0)} / ${m2.rssMb.toFixed(0)}`,
        'heap per 1,000 ordinary messages, MB': ordinaryGrowth,
        'heap per 1,000 undecryptable messages, MB': stormGrowth,
        'aggregated "undecryptable from N senders" log lines seen': aggregated
      }
    }
  } catch (e) {
    console.error(`core log tail:\n${core.log.slice(-4000)}`)
    throw e
  } finally {
    store?.close()
    await core.stop()
    await core.close()
  }
}
