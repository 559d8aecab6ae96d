// The scale bench's steady run (issue 24 item 5: 30 minutes at N = 50, heap growth < 1 MB/min after GC): WORKING
// instances under light realistic traffic — texts between instances (each outgoing at one instance, incoming at the
// next), presence (typing/paused in a chat, a contact's presence read), every event POSTed to a webhook receiver —
// with the core's heap (after GC) and RSS sampled every minute and the growth fitted by least squares after a warm-up.
import { createServer, type Server } from 'node:http'
import { join } from 'node:path'
import type { CoreProcess } from './scale-core.js'
import { sleep } from './scale-core.js'

export interface SteadySample {
  /** Minutes since the steady run began. */
  min: number
  rssMb: number
  heapMb: number
}

/** Least-squares slope of `key` over the samples at or after `fromMin` (per minute); 0 with fewer than 2 samples. */
export function fitSlope(samples: SteadySample[], key: 'rssMb' | 'heapMb', fromMin = 0): number {
  const used = samples.filter((s) => s.min >= fromMin)
  if (used.length < 2) return 0
  const mx = used.reduce((a, s) => a + s.min, 0) / used.length
  const my = used.reduce((a, s) => a + s[key], 0) / used.length
  const num = used.reduce((a, s) => a + (s.min - mx) * (s[key] - my), 0)
  const den = used.reduce((a, s) => a + (s.min - mx) ** 2, 0)
  return den ? num / den : 0
}

export interface SteadyOptions {
  minutes: number
  /** Minutes left out of the fit: reconnects, first Signal sessions and caches filling up are not growth. */
  warmupMin: number
  textsPerMinPerInstance: number
  /** Instances that show typing → paused in a chat and read a contact's presence, per minute. */
  presencePerMin: number
  /** Heap snapshots at the end of the warm-up and at the end (steady-start / steady-end.heapsnapshot); the first one
   *  inflates the RSS samples after it (the serializer's pages), so take the RSS slope from a run without them. */
  snapshotDir?: string
  phoneOf: (i: number) => string
}

export interface SteadyResult {
  samples: SteadySample[]
  texts: number
  failed: number
  presenceCalls: number
  presenceFailed: number
  webhookEvents: number
  /** Texts sent when the warm-up ended (the start snapshot's count: heap-categories FILE0:<n0> FILE1:<texts>). */
  textsAtWarmup: number
}

/** A local receiver answering 200 to every webhook POST, counting them. */
async function startWebhookReceiver(): Promise<{ url: string; count: () => number; close: () => Promise<void> }> {
  let n = 0
  const server: Server = createServer((req, res) => {
    req.resume()
    req.on('end', () => {
      n++
      res.end('ok')
    })
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  const a = server.address()
  const port = typeof a === 'object' && a ? a.port : 0
  return {
    url: `http://127.0.0.1:${port}/hook`,
    count: () => n,
    close: () => new Promise<void>((r) => { server.closeAllConnections(); server.close(() => r()) })
  }
}

export async function runSteady(core: CoreProcess, ids: string[], o: SteadyOptions): Promise<SteadyResult> {
  const N = ids.length
  const hooks = await startWebhookReceiver()
  try {
    for (const id of ids) await core.ok('POST', '/v2/webhook/set', { instance_id: id }, { url: hooks.url, events: ['*'] })
    const samples: SteadySample[] = []
    const t = () => (performance.now() - t0) / 60_000
    const sample = async (snapshot?: string) => {
      // A sample the probe misses (the core starved of CPU by the neighbours) is a gap, not the end of the run.
      const m = await core.memory(snapshot && o.snapshotDir ? join(o.snapshotDir, snapshot) : undefined).catch((e: Error) => void console.error(`steady sample missed: ${e.message}`))
      if (m) samples.push({ min: t(), rssMb: m.rssMb, heapMb: m.heapUsedMb })
    }
    const t0 = performance.now()
    await sample()
    const gap = 60_000 / (o.textsPerMinPerInstance * N)
    let i = 0
    let failed = 0
    let presenceCalls = 0
    let presenceFailed = 0
    let textsAtWarmup = 0
    let warm = o.warmupMin <= 0
    const inflight = new Set<Promise<void>>()
    // The first few failures are logged (status and answer) so a failed count can be read.
    let logged = 0
    const logFailure = (what: string, r: { status: number; body: unknown } | Error) => {
      if (logged++ < 5) console.error(`steady ${what} failed: ${r instanceof Error ? r.message : `${r.status} ${JSON.stringify(r.body).slice(0, 200)}`}`)
    }
    const track = (p: Promise<void>) => {
      inflight.add(p)
      void p.finally(() => inflight.delete(p))
    }
    const presence = async (k: number) => {
      const chatId = o.phoneOf((k + 1) % N)
      for (const [path, query] of [
        ['/v2/presence', { presence: 'typing', chatId }],
        ['/v2/presence', { presence: 'paused', chatId }]
      ] as const) {
        presenceCalls++
        const r = await core.call('POST', path, { instance_id: ids[k]!, ...query })
        if (r.status >= 300) {
          presenceFailed++
          logFailure(`presence ${query.presence}`, r)
        }
      }
      presenceCalls++
      const r = await core.call('GET', `/v2/presence/${chatId}`, { instance_id: ids[k]! })
      if (r.status >= 300) {
        presenceFailed++
        logFailure('presence read', r)
      }
    }
    let nextSample = 1
    let nextPresence = 0
    while (t() < o.minutes) {
      const k = i++ % N
      track(core
        .call('POST', '/v2/send/text', { instance_id: ids[k]! }, { chatId: o.phoneOf((k + 1) % N), message: `steady ${i}` })
        .then((r) => {
          if (r.status < 300) return
          failed++
          logFailure('text', r)
        }, (e: Error) => {
          failed++
          logFailure('text', e)
        }))
      // Presence spread over the minute: presencePerMin instances a minute, in turn.
      if (o.presencePerMin > 0 && t() >= nextPresence / o.presencePerMin) {
        track(presence(nextPresence % N).catch((e: Error) => {
          presenceFailed++
          logFailure('presence', e)
        }))
        nextPresence++
      }
      if (!warm && t() >= o.warmupMin) {
        warm = true
        textsAtWarmup = i
        await sample('steady-start.heapsnapshot')
        nextSample = Math.floor(t()) + 1
      } else if (t() >= nextSample) {
        nextSample = Math.floor(t()) + 1
        await sample()
      }
      await sleep(gap)
    }
    await Promise.race([Promise.all(inflight), sleep(30_000)])
    await sample()
    // After the last sample: a snapshot inflates the RSS for a while (its serializer's pages).
    if (o.snapshotDir) await core.memory(join(o.snapshotDir, 'steady-end.heapsnapshot')).catch((e: Error) => void console.error(`steady end snapshot: ${e.message}`))
    return { samples, texts: i, failed, presenceCalls, presenceFailed, webhookEvents: hooks.count(), textsAtWarmup }
  } finally {
    await hooks.close()
  }
}
