// API overhead: an authenticated cheap endpoint (/v2/session/info, full hook chain: host check, param merge,
// token hash lookup, ownership, serialization) against a bare Fastify route, in the same process, with the
// same undici client and concurrency, in alternating rounds of the same run. Twice: with the log at warn (the API
// stack alone) and at info, the default, into a log file as in production (the stack plus its request log).
// Also the process CPU time per request of each series (client included, the same for both): on a machine shared
// with other work, throughput follows the neighbours' load, CPU per request much less. The goal figure is the median
// of the per-round ratios (each round's info against the bare round next to it), with their range beside it.
// BENCH_PROFILE=DIR also writes one V8 CPU profile of an info-only stretch and one of a bare-only stretch (same
// process, same length) to DIR, for bench/cpu-profile-summary.ts.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { Session } from 'node:inspector/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Fastify from 'fastify'
import { Pool } from 'undici'
import { createFileLogger } from '../src-main/core/logging/logger.js'
import { startCore } from '../src-main/core/start-core.js'
import { latencyStats, type BenchResult, type BenchRow } from './lib.js'

const CONCURRENCY = 16
const ROUND_MS = Number(process.env.BENCH_ROUND_MS ?? 500)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 15)
const PROFILE_DIR = process.env.BENCH_PROFILE

async function drive(pool: Pool, path: string, headers: Record<string, string>, ms: number): Promise<{ samples: number[]; seconds: number; errors: number; cpuMicros: number }> {
  const samples: number[] = []
  let errors = 0
  const cpu = process.cpuUsage()
  const start = performance.now()
  const end = start + ms
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < end) {
        const t0 = performance.now()
        const res = await pool.request({ path, method: 'GET', headers })
        await res.body.text()
        if (res.statusCode !== 200) errors++
        samples.push(performance.now() - t0)
      }
    })
  )
  const used = process.cpuUsage(cpu)
  return { samples, seconds: (performance.now() - start) / 1000, errors, cpuMicros: used.user + used.system }
}

export default async function apiBench(): Promise<BenchResult> {
  const token = 'bench-token-0123456789abcdef'
  const dataDir = mkdtempSync(join(tmpdir(), 'sb-bench-'))
  // The file accepts info; the logger's level switches between the series (request loggers are made per request).
  const { logger } = createFileLogger(join(dataDir, 'logs', 'switchboard.log'), 'info')
  logger.level = 'warn'
  const core = await startCore({
    dataDir,
    port: 0,
    accessToken: token,
    logger,
    // No network needed: the instance is stopped before measuring.
    engine: { socketConfig: { waWebSocketUrl: 'ws://127.0.0.1:9/ws/chat' } }
  })
  const bare = Fastify()
  bare.get('/bare', async () => ({ status: 'ok' }))
  await bare.listen({ port: 0, host: '127.0.0.1' })
  const bareAddress = bare.server.address()
  const barePort = typeof bareAddress === 'object' && bareAddress ? bareAddress.port : 0
  try {
    const id = core.instances.create('default').id
    await core.instances.stop(id)
    const apiPool = new Pool(core.url, { connections: CONCURRENCY })
    const barePool = new Pool(`http://127.0.0.1:${barePort}`, { connections: CONCURRENCY })
    const infoPath = `/v2/session/info?instance_id=${id}`
    const infoHeaders = { 'access-token': token }
    await drive(apiPool, infoPath, infoHeaders, 500)
    await drive(barePool, '/bare', {}, 500)

    const series = () => ({ samples: [] as number[], seconds: 0, errors: 0, cpuMicros: 0 })
    const acc = { info: series(), infoLogged: series(), bare: series() }
    // Per round: req/s and CPU µs/req of each series, for the per-round ratios.
    const perRound: Record<keyof typeof acc, { rate: number; cpu: number }>[] = []
    for (let r = 0; r < ROUNDS; r++) {
      // Each round starts at another series (a rotation): a series always run right after another one's garbage
      // (or right after the light bare series) would be favoured or penalised by its position alone.
      const order = [
        ['info', () => drive(apiPool, infoPath, infoHeaders, ROUND_MS)],
        ['bare', () => drive(barePool, '/bare', {}, ROUND_MS)],
        ['infoLogged', async () => {
          logger.level = 'info'
          try {
            return await drive(apiPool, infoPath, infoHeaders, ROUND_MS)
          } finally {
            logger.level = 'warn'
          }
        }]
      ] as const
      const round = {} as (typeof perRound)[number]
      for (const [name, run] of [...order.slice(r % order.length), ...order.slice(0, r % order.length)]) {
        const out = await run()
        round[name] = { rate: out.samples.length / out.seconds, cpu: out.cpuMicros / out.samples.length }
        acc[name].samples.push(...out.samples)
        acc[name].seconds += out.seconds
        acc[name].errors += out.errors
        acc[name].cpuMicros += out.cpuMicros
      }
      perRound.push(round)
    }
    if (PROFILE_DIR) {
      mkdirSync(PROFILE_DIR, { recursive: true })
      const session = new Session()
      session.connect()
      await session.post('Profiler.enable')
      await session.post('Profiler.setSamplingInterval', { interval: Number(process.env.BENCH_PROFILE_INTERVAL_US ?? 500) })
      for (const [name, run] of [['info', () => drive(apiPool, infoPath, infoHeaders, ROUND_MS * 2)], ['bare', () => drive(barePool, '/bare', {}, ROUND_MS * 2)]] as const) {
        await session.post('Profiler.start')
        const out = await run()
        const { profile } = await session.post('Profiler.stop')
        const file = join(PROFILE_DIR, `api-${name}.cpuprofile`)
        writeFileSync(file, JSON.stringify(profile))
        console.log(`profile of ${name}: ${out.samples.length} requests in ${out.seconds.toFixed(1)} s -> ${file}`)
      }
      session.disconnect()
    }
    await apiPool.close()
    await barePool.close()

    const row = (name: string, a: typeof acc.info): BenchRow => {
      const s = latencyStats(a.samples)
      return { name, requests: s.count, errors: a.errors, 'req/s': s.count / a.seconds, 'CPU µs/req': a.cpuMicros / s.count, 'p50 ms': s.p50, 'p99 ms': s.p99, 'max ms': s.max }
    }
    const info = row('GET /v2/session/info (authenticated, log at warn)', acc.info)
    const logged = row('GET /v2/session/info (authenticated, log at info to a file)', acc.infoLogged)
    const bareRow = row('GET /bare (bare Fastify route)', acc.bare)
    if (acc.info.errors || acc.infoLogged.errors || acc.bare.errors) {
      throw new Error(`non-200 answers: info ${acc.info.errors}, info logged ${acc.infoLogged.errors}, bare ${acc.bare.errors}`)
    }
    const ratio = (a: BenchRow, key: string) => (a[key] as number) / (bareRow[key] as number)
    const rounds = (of: (r: (typeof perRound)[number]) => number) => {
      const v = perRound.map(of).sort((a, b) => a - b)
      const median = v.length % 2 ? v[(v.length - 1) / 2]! : (v[v.length / 2 - 1]! + v[v.length / 2]!) / 2
      return { median, range: `${v[0]!.toFixed(2)}–${v.at(-1)!.toFixed(2)}` }
    }
    const perRoundRate = rounds((r) => r.info.rate / r.bare.rate)
    const perRoundRateLogged = rounds((r) => r.infoLogged.rate / r.bare.rate)
    const perRoundCpu = rounds((r) => r.bare.cpu / r.info.cpu)
    return {
      bench: 'api',
      rows: [info, logged, bareRow],
      summary: {
        concurrency: CONCURRENCY,
        rounds: ROUNDS,
        'goal: median per-round throughput ratio (info / bare) >= 0.6': perRoundRate.median,
        'per-round throughput ratios (info / bare), range': perRoundRate.range,
        'median per-round throughput ratio (info with its info log / bare)': perRoundRateLogged.median,
        'per-round throughput ratios (info with its info log / bare), range': perRoundRateLogged.range,
        'median per-round CPU per request ratio (bare / info)': perRoundCpu.median,
        'per-round CPU per request ratios (bare / info), range': perRoundCpu.range,
        'throughput ratio (info / bare)': ratio(info, 'req/s'),
        'throughput ratio (info with its info log / bare)': ratio(logged, 'req/s'),
        'CPU per request ratio (bare / info)': 1 / ratio(info, 'CPU µs/req'),
        'CPU per request ratio (bare / info with its info log)': 1 / ratio(logged, 'CPU µs/req'),
        'p99 ratio (info / bare)': ratio(info, 'p99 ms'),
        'p99 ratio (info with its info log / bare)': ratio(logged, 'p99 ms')
      }
    }
  } finally {
    await bare.close()
    await core.close()
  }
}
