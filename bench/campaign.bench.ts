// Campaigns (issue 19): N recipients over K instances at the fastest pacing the policy allows (unlimited policy, no
// delay, no caps), against the same number of sends made directly through POST /v2/send/text in the same run (one in
// flight per instance, as a campaign lane sends), then a second campaign of N with KILLS SIGKILLs of the core.
// The core runs as a child process and the sandbox network in another (bench/scale-core.ts), so a SIGKILL takes the
// core only and the simulated phones keep counting: every phone must hold the campaign message once (0 twice, 0
// lost). Heap is read in the core after two full GCs (the probe), before and after the first campaign. No warm-up
// campaign runs before the first reading: heap snapshots at N = 500 (BENCH_CAMPAIGN_SNAPSHOT) put the campaign's
// one-off growth (code, lazily loaded modules) at ≤ 0.15 MB; what grew was caches keyed per recipient, now bounded or
// in SQLite (docs/testing-and-performance.md, "Campaigns").
// Every goal is printed as a ratio against its baseline of this run (timings on a loaded machine mean nothing alone).
//
// Why a settle phase: right after pairing, a fresh session does its post-login work (pre-key upload, app-state
// resync, initial queries); for ~20 s every send waits on it (2-12 s each here, vs ~0.3 s once settled). The first
// version of this bench measured the direct baseline in exactly that window and the campaign after it, so its
// baseline read ~2.7-5.5 s per send and the ratio flattered the campaign ~10x. Each instance now sends to a warm-up
// phone until its sends answer promptly, and only then is anything measured.
//
// Phones by the thousand (2N + 1 of them): each is created with 10 one-time pre-keys already on the server (its first
// login uploads none of Baileys' 812, ~0.3 s of CPU apiece) and its person is online on demand (woken by the message
// the network queues for it, logged off after BENCH_CAMPAIGN_PERSON_IDLE_MS idle): a live person socket is ~2 MB, so
// 30,000 always-online phones would need ~60 GB. Persons log in at most 4 at a time (the rest wait in line without a
// socket); the sends outrun them on this machine, so the phones drain between phases, and during both measured phases
// the line is held (no login falls in either). See docs/sandbox.md "Phones in bulk" and "Logins a few at a time".
//
// Counting: what each phone received is its own device's record (every message its person's Baileys decrypted, in
// person_messages), read without waking it; each half has its own text ("direct ...", "Campaign ...", "Crash ...").
//
// Env: BENCH_CAMPAIGN_N (default 300; the figure is 10000), BENCH_CAMPAIGN_INSTANCES (default 3; 5),
// BENCH_CAMPAIGN_KILLS (default 3), BENCH_CAMPAIGN_PERSON_IDLE_MS (default 5000), BENCH_CAMPAIGN_CENSUS_MS (10000),
// BENCH_CAMPAIGN_SNAPSHOT (a directory: heap snapshots of the core at both heap readings).
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { campaignCsv } from '../src-main/core/sandbox/testing/campaign-fixtures.js'
import { latencyStats, type BenchResult, type BenchRow } from './lib.js'
import { CoreProcess, freePort, sleep } from './scale-core.js'

const N = Number(process.env.BENCH_CAMPAIGN_N ?? 300)
const K = Number(process.env.BENCH_CAMPAIGN_INSTANCES ?? 3)
const KILLS = Number(process.env.BENCH_CAMPAIGN_KILLS ?? 3)
const TOKEN = 'bench-campaign-token-0123456789'
/** A send that answers within this is settled (a settled send answers in ~0.1-0.6 s on a loaded 2-core machine). */
const SETTLED_MS = 1_500
const WARM_PHONE = '15550229999'
const PERSON_IDLE_MS = Number(process.env.BENCH_CAMPAIGN_PERSON_IDLE_MS ?? 5_000)
/** One-time pre-keys each recipient phone starts with on the server (> 5: its first login uploads none). */
const PHONE_PREKEYS = 10
const CREATE_BATCH = 250
const CENSUS_MS = Number(process.env.BENCH_CAMPAIGN_CENSUS_MS ?? 10_000)
/** BENCH_CAMPAIGN_SNAPSHOT=DIR: heap snapshots of the core at heapBefore and heapAfter (bench/heap-categories.ts). */
const SNAPSHOT_DIR = process.env.BENCH_CAMPAIGN_SNAPSHOT || undefined

interface CampaignView {
  campaign: { state: string }
  stats: { total: number; counts: Record<string, number> }
}

async function until<T>(fn: () => Promise<T | undefined | false>, ms: number, what: string, everyMs = 200): Promise<T> {
  const deadline = performance.now() + ms
  for (;;) {
    const v = await fn().catch(() => undefined)
    if (v) return v
    if (performance.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await sleep(everyMs)
  }
}

export default async function run(): Promise<BenchResult> {
  const dataDir = mkdtempSync(join(tmpdir(), 'sb-bench-campaign-'))
  const core = new CoreProcess(dataDir, await freePort(), TOKEN, 'child', { personIdleMs: PERSON_IDLE_MS })
  const log = (s: string) => console.error(`[campaign bench ${new Date().toISOString().slice(11, 19)}] ${s}`)
  const w0 = performance.now()
  try {
    await core.start()
    const status = async (id: string) => (await core.call<{ status: string }>('GET', '/v2/session/info', { instance_id: id })).body.status
    const allWorking = (ids: string[]) => until(async () => (await Promise.all(ids.map(status))).every((s) => s === 'WORKING'), 180_000, 'instances WORKING', 250)

    // K paired instances on the unlimited policy.
    const ids: string[] = []
    for (let k = 0; k < K; k++) {
      const shop = `1555019${String(k).padStart(4, '0')}`
      await core.createPhone(shop, `Shop ${k}`)
      const { instance_id: id } = await core.ok<{ instance_id: string }>('POST', '/v2/session/create')
      await until(async () => (await status(id)) === 'SCAN_QR_CODE', 60_000, `${id} QR`)
      await core.scan(shop, id)
      await until(async () => (await status(id)) === 'WORKING', 60_000, `${id} WORKING`)
      await core.ok('PATCH', '/v2/session/rate-limit', { instance_id: id, policy_slug: 'unlimited' })
      ids.push(id)
    }
    log(`${K} instances WORKING`)

    // Two disjoint sets of N phones, so every measured send (direct and campaign 1) opens a new chat (the ack wait of a
    // first message). The crash campaign goes to the direct set again, each message marked by its own text ("Crash
    // ..." beside "direct ..."), so each half is counted on the phones by its own prefix; its throughput is only
    // informative (its chats are warm), what it proves is the counts: once each, none lost.
    const campaignSet = campaignCsv({ count: N, prefix: '1555020', start: 0 })
    const crashSet = campaignCsv({ count: N, prefix: '1555021', start: 0 })
    const directPhones = crashSet.phones
    // In batches (one IPC round trip each); the cost is each phone's keys and signatures in the sandbox process.
    const toCreate = [WARM_PHONE, ...campaignSet.phones, ...directPhones].map((p) => ({ phone: p, name: `R${p.slice(-4)}` }))
    const p0 = performance.now()
    for (let i = 0; i < toCreate.length; i += CREATE_BATCH) {
      await core.createPhones(toCreate.slice(i, i + CREATE_BATCH), PHONE_PREKEYS)
      if ((i / CREATE_BATCH) % 20 === 19) log(`${i + CREATE_BATCH} phones created`)
    }
    const phoneCreateMs = (performance.now() - p0) / toCreate.length
    log(`${toCreate.length} phones created, ${phoneCreateMs.toFixed(1)} ms each`)

    // Census of the on-demand persons every CENSUS_MS (online, connecting, and what keeps connected ones online).
    type Census = { online: number; connecting: number; waiting: number; busy: number; inFlight: number; pendingWork: number; waiters: number; queued: number; blocked: number }
    let peakOnline = 0
    const census = setInterval(() => {
      void core.sandbox?.call<Census>('persons', {}).then((c) => {
        peakOnline = Math.max(peakOnline, c.online + c.connecting)
        log(`persons: ${c.online} online, ${c.connecting} logging in, ${c.waiting} in line; blocked ${c.blocked} (busy ${c.busy}, in flight ${c.inFlight}, recording ${c.pendingWork}, waiters ${c.waiters}, queued ${c.queued}); sandbox RSS ${core.sandbox!.rssMb().toFixed(0)} MB`)
      }, () => undefined)
    }, CENSUS_MS)
    census.unref()

    const sendText = async (id: string, phone: string, text: string, tries = 5): Promise<number> => {
      const t0 = performance.now()
      const res = await core.call('POST', '/v2/send/text', { instance_id: id }, { chatId: `${phone}@c.us`, message: text })
      // A socket dropped under the machine's load (502) or still reconnecting (422): the campaign would retry too.
      if ((res.status === 502 || res.status === 422) && tries > 1) {
        await sleep(1_000)
        return sendText(id, phone, text, tries - 1)
      }
      if (res.status !== 200) throw new Error(`send: ${res.status} ${JSON.stringify(res.body)}`)
      return performance.now() - t0
    }

    // Settle (see the header): each instance sends until two sends in a row answer within SETTLED_MS.
    const s0 = performance.now()
    await Promise.all(ids.map(async (id) => {
      let prompt = 0
      for (let i = 0; prompt < 2; i++) {
        if (performance.now() - s0 > 180_000) throw new Error(`${id} never settled`)
        prompt = (await sendText(id, WARM_PHONE, `warm-up ${i}`)) < SETTLED_MS ? prompt + 1 : 0
      }
    }))
    const settleSeconds = (performance.now() - s0) / 1000
    log(`settled in ${settleSeconds.toFixed(0)} s`)

    // Between phases, the phones take what the last phase queued for them (they log in a few at a time, slower than
    // the sends came on this machine) and log off: the next phase then starts with the sandbox as quiet as the first
    // did, instead of paying for the last one's logins (at N = 2,000 the campaign ran at 0.49x the direct sends while
    // the sandbox was still logging in the direct phase's phones). Timed apart, in neither phase's figure.
    const received = (phones: string[], startsWith: string) => core.sandbox!.call<number[]>('received', { phones, startsWith })
    // Both measured phases run with the persons' login line held (a woken phone waits in line, its messages queued on
    // the server, as for any offline phone), and the drain after each lets it go. Without it the sandbox logged phones
    // in during a phase in proportion to how long the phase lasted (~3/s of its CPU), so the slower phase paid for
    // more logins than the faster one: the comparison measured the sandbox's login line as much as Switchboard.
    const holdLogins = (held: boolean) => core.sandbox!.call('holdLogins', { held })
    // CPU seconds of the core and of the sandbox over a phase (both processes; the figure says where a phase's time went).
    const cpu = () => ({ core: core.cpuTicks() / 100, sandbox: core.sandbox!.cpuTicks() / 100 })
    const cpuSince = (c0: { core: number; sandbox: number }) => { const c = cpu(); return { core: c.core - c0.core, sandbox: c.sandbox - c0.sandbox } }
    const drain = async (phones: string[], startsWith: string): Promise<number> => {
      const t0 = performance.now()
      await holdLogins(false)
      await until(async () => (await received(phones, startsWith)).every((n) => n > 0), 40 * 60_000, `phones received "${startsWith}"`, 3_000)
      await until(async () => { const c = await core.sandbox!.call<Census>('persons', {}); return c.connecting + c.waiting === 0 }, 10 * 60_000, 'persons logged in', 1_000)
      const seconds = (performance.now() - t0) / 1000
      log(`drained "${startsWith}" in ${seconds.toFixed(1)} s`)
      return seconds
    }

    // Baseline: every direct phone once through /v2/send/text, one in flight per instance (the campaign's split).
    const share = ids.map((_, k) => directPhones.filter((_, i) => i % K === k))
    const directMs: number[] = []
    await holdLogins(true)
    const directCpu0 = cpu()
    const d0 = performance.now()
    await Promise.all(ids.map(async (id, k) => {
      for (const p of share[k]!) directMs.push(await sendText(id, p, `direct ${p}`))
    }))
    const directSeconds = (performance.now() - d0) / 1000
    const directCpu = cpuSince(directCpu0)
    log(`direct: ${N} in ${directSeconds.toFixed(1)} s; CPU core ${directCpu.core.toFixed(1)} s, sandbox ${directCpu.sandbox.toFixed(1)} s`)
    const drainDirectSeconds = await drain(directPhones, 'direct ')

    const createCampaign = async (name: string, csv: string, text: string) => {
      const list = await core.ok<{ list: { id: string } }>('POST', '/v2/campaigns/lists', {}, { name, csv })
      const draft = await core.ok<{ id: string }>('POST', '/v2/campaigns', {}, {
        name, listId: list.list.id, instanceIds: ids, template: { text },
        pacing: { minDelayMs: 0, maxDelayMs: 0, dailyCapPerNumber: null, warmup: false }, autopilot: { maxFailureRate: 1, maxOptOutRate: 1 }
      })
      return draft.id
    }
    const view = async (cid: string) => (await core.ok<CampaignView>('GET', `/v2/campaigns/${cid}`))
    const done = (v: CampaignView) => N - (v.stats.counts.pending ?? 0) - (v.stats.counts.queued ?? 0)

    // Campaign 1: throughput and heap (after GC) on an undisturbed core.
    const heapBefore = (await core.memory(SNAPSHOT_DIR && join(SNAPSHOT_DIR, `campaign-before-${N}.heapsnapshot`))).heapUsedMb
    const cid = await createCampaign('Bench', campaignSet.csv, 'Campaign {{name}}')
    await holdLogins(true)
    const campaignCpu0 = cpu()
    const c0 = performance.now()
    await core.ok('POST', `/v2/campaigns/${cid}/start`, {}, { consent: { confirmed: true } })
    await until(async () => (await view(cid)).campaign.state === 'completed', 6 * 3600_000, 'campaign completed', 250)
    const campaignSeconds = (performance.now() - c0) / 1000
    const campaignCpu = cpuSince(campaignCpu0)
    log(`campaign CPU core ${campaignCpu.core.toFixed(1)} s, sandbox ${campaignCpu.sandbox.toFixed(1)} s`)
    const heapAfter = (await core.memory(SNAPSHOT_DIR && join(SNAPSHOT_DIR, `campaign-after-${N}.heapsnapshot`))).heapUsedMb
    log(`campaign: ${N} in ${campaignSeconds.toFixed(1)} s; heap ${heapBefore.toFixed(0)} -> ${heapAfter.toFixed(0)} MB`)
    const drainCampaignSeconds = await drain(campaignSet.phones, 'Campaign ')

    // Campaign 2: KILLS SIGKILLs of the core, spread over the run; each restart goes on by itself.
    const crashId = await createCampaign('Bench crash', crashSet.csv, 'Crash {{name}}')
    const k0 = performance.now()
    await core.ok('POST', `/v2/campaigns/${crashId}/start`, {}, { consent: { confirmed: true } })
    let downSeconds = 0
    for (let i = 1; i <= KILLS; i++) {
      const at = Math.floor((N * i) / (KILLS + 1))
      await until(async () => done(await view(crashId)) >= at, 6 * 3600_000, `${at} recipients done`, 50)
      await core.kill()
      const r0 = performance.now()
      await core.start()
      await allWorking(ids)
      downSeconds += (performance.now() - r0) / 1000
      log(`SIGKILL ${i} at ${at} done; back WORKING in ${((performance.now() - r0) / 1000).toFixed(1)} s`)
    }
    await until(async () => (await view(crashId)).campaign.state === 'completed', 6 * 3600_000, 'crash campaign completed', 250)
    const crashSeconds = (performance.now() - k0) / 1000
    log(`crash campaign: ${N} in ${crashSeconds.toFixed(1)} s`)
    const q0 = performance.now()

    // Counted on the phones (the sandbox process outlived every kill). "completed" means the server acked every send;
    // the simulated phones take their messages off the server's queue at their own pace (hundreds of them on one
    // loaded process lag behind), so the count waits until every phone has one or the counts stop moving for 30 s.
    const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0)
    let counts: number[] = []
    let firstCounts: number[] = []
    let directCounts: number[] = []
    for (let last = -1, still = performance.now(); ; await sleep(2_000)) {
      counts = await received(crashSet.phones, 'Crash ')
      firstCounts = await received(campaignSet.phones, 'Campaign ')
      directCounts = await received(directPhones, 'direct ')
      if (counts.every((n) => n > 0) && firstCounts.every((n) => n > 0) && directCounts.every((n) => n > 0)) break
      const total = sum(counts) + sum(firstCounts) + sum(directCounts)
      if (total !== last) [last, still] = [total, performance.now()]
      else if (performance.now() - still > 30_000) break
    }
    clearInterval(census)
    const countSeconds = (performance.now() - q0) / 1000
    const sandboxRssMb = core.sandbox!.rssMb()
    log(`counted on the phones in ${countSeconds.toFixed(1)} s; sandbox RSS ${sandboxRssMb.toFixed(0)} MB`)
    const failed: Array<{ phone: string; reason: string | null }> = []
    for (let offset = 0; ; offset += 500) {
      const page = await core.ok<{ items: Array<{ phone: string; reason: string | null }>; total: number }>('GET', `/v2/campaigns/${crashId}/recipients`, { state: 'failed', limit: '500', offset: String(offset) })
      failed.push(...page.items)
      if (offset + 500 >= page.total) break
    }
    // A clean stop (SIGTERM), so a core run with BENCH_CORE_NODE_ARGS="--cpu-prof ..." writes its profile.
    await core.stop()
    const interrupted = new Set(failed.filter((f) => f.reason === 'send_interrupted').map((f) => f.phone))
    const twice = counts.filter((n) => n > 1).length + firstCounts.filter((n) => n > 1).length
    const withoutMessage = crashSet.phones.filter((_, i) => counts[i] === 0)
    // Lost = accepted and neither delivered nor accounted for (a send cut on the wire is failed send_interrupted: at most once).
    const lost = withoutMessage.filter((p) => !interrupted.has(p)).length + firstCounts.filter((n) => n === 0).length

    const directRate = N / directSeconds
    const campaignRate = N / campaignSeconds
    const crashRate = N / crashSeconds
    const row = (goal: string, measured: number, target: string, met: boolean, note = ''): BenchRow => ({ name: goal, measured: Number(measured.toFixed(3)), target, met: met ? 'yes' : 'NO', note })
    return {
      bench: 'campaign',
      rows: [
        row('throughput: campaign ÷ direct /v2/send/text', campaignRate / directRate, '>= 0.8', campaignRate / directRate >= 0.8, `${K} instances, one send in flight each`),
        row('heap after GC: after campaign ÷ before', heapAfter / heapBefore, '<= 1.10', heapAfter / heapBefore <= 1.1, 'core heapUsed after two full GCs'),
        row(`crash run throughput ÷ direct (${KILLS} SIGKILLs, restarts included)`, crashRate / directRate, 'info', true, `restarts took ${((downSeconds / crashSeconds) * 100).toFixed(0)}% of the run`),
        row('recipients messaged twice (both campaigns, on the phones)', twice, '0', twice === 0),
        row('recipients lost (both campaigns, on the phones)', lost, '0', lost === 0, `${interrupted.size} failed send_interrupted (cut on the wire, never resent)`)
      ],
      summary: {
        recipients: N,
        instances: K,
        sigkills: KILLS,
        settle_seconds_before_measuring: settleSeconds,
        // A first message to a new contact is answered after the server's ack (up to 5 s; 463/475 come there).
        direct_send_ms_p50: latencyStats(directMs).p50,
        direct_send_ms_p90: latencyStats(directMs).p90,
        direct_sends_over_5s: directMs.filter((ms) => ms > 5_000).length,
        heap_after_gc: 'yes (the probe runs two full GCs in the core)',
        heap_before_mb: Number(heapBefore.toFixed(1)),
        heap_after_mb: Number(heapAfter.toFixed(1)),
        phones_created: toCreate.length,
        phone_create_ms_each: Number(phoneCreateMs.toFixed(1)),
        direct_seconds: Number(directSeconds.toFixed(1)),
        direct_ms_per_send: Number(((directSeconds * 1000) / N).toFixed(1)),
        campaign_seconds: Number(campaignSeconds.toFixed(1)),
        campaign_ms_per_send: Number(((campaignSeconds * 1000) / N).toFixed(1)),
        // CPU per recipient in each measured phase (ms; core and sandbox processes): where each phase's time went.
        direct_cpu_ms_per_send_core: Number(((directCpu.core * 1000) / N).toFixed(1)),
        direct_cpu_ms_per_send_sandbox: Number(((directCpu.sandbox * 1000) / N).toFixed(1)),
        campaign_cpu_ms_per_send_core: Number(((campaignCpu.core * 1000) / N).toFixed(1)),
        campaign_cpu_ms_per_send_sandbox: Number(((campaignCpu.sandbox * 1000) / N).toFixed(1)),
        crash_run_seconds: Number(crashSeconds.toFixed(1)),
        count_on_phones_seconds: Number(countSeconds.toFixed(1)),
        // Phones taking what a phase queued for them before the next phase starts (in neither phase's time).
        drain_after_direct_seconds: Number(drainDirectSeconds.toFixed(1)),
        drain_after_campaign_seconds: Number(drainCampaignSeconds.toFixed(1)),
        sandbox_rss_mb_at_end: Number(sandboxRssMb.toFixed(0)),
        // Each direct send counted on its phone too (its own "direct ..." text): every one there once.
        direct_phones_with_exactly_one: directCounts.filter((n) => n === 1).length,
        persons_online_peak: peakOnline,
        wall_seconds: Number(((performance.now() - w0) / 1000).toFixed(0)),
        goals_met: [campaignRate / directRate >= 0.8, heapAfter / heapBefore <= 1.1, twice === 0, lost === 0].every(Boolean) ? 'all' : 'NOT all'
      }
    }
  } catch (e) {
    console.error(core.log.slice(-4_000))
    throw e
  } finally {
    await core.close()
    rmSync(dataDir, { recursive: true, force: true })
  }
}
