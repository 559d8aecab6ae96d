// Send pipeline: POST /v2/send/text over real HTTP (auth, validation, recipient check, outbound row, rate-limit
// queue with the unlimited policy, Baileys) until the recipient's Baileys decrypts it, against the sandbox
// benchmark's raw-Baileys figures (sendMessage -> decrypt on loopback) measured in the same process and run.
import { performance } from 'node:perf_hooks'
import { request } from 'undici'
import { getContentType, normalizeMessageContent, type WAMessage } from '@whiskeysockets/baileys'
import { pairInstance, startTestCore } from '../src-main/core/testing/core-harness.js'
import { latencyStats, type BenchResult } from './lib.js'
import rawSandbox from './sandbox.bench.js'

const N = Number(process.env.BENCH_SEND_N ?? 300)
const WINDOW = Number(process.env.BENCH_SEND_WINDOW ?? 16)
const ME = '15550009001'
const PEER = '15550009002'

const textOf = (m: WAMessage): string | undefined => {
  const c = normalizeMessageContent(m.message)
  const t = c && getContentType(c)
  return t === 'conversation' ? (c?.conversation ?? undefined) : t === 'extendedTextMessage' ? (c?.extendedTextMessage?.text ?? undefined) : undefined
}

interface Run {
  seq: number[]
  pipe: number[]
  pipeSeconds: number
}

type Send = (text: string) => Promise<void>
type Arrival = (text: string) => Promise<number>

/**
 * Both ways measured interleaved, so a change of machine load (other processes) hits both alike: sequential sends
 * alternate message by message; pipelined runs alternate in halves (a, b, a, b), WINDOW in flight each.
 */
async function measure(ways: { a: Send; b: Send }, arrival: Arrival): Promise<{ a: Run; b: Run }> {
  const runs = { a: { seq: [] as number[], pipe: [] as number[], pipeSeconds: 0 }, b: { seq: [] as number[], pipe: [] as number[], pipeSeconds: 0 } }
  for (let i = 0; i < N; i++) {
    for (const way of ['a', 'b'] as const) {
      const text = `bench ${way} seq ${i}`
      const t0 = performance.now()
      await ways[way](text)
      runs[way].seq.push((await arrival(text)) - t0)
    }
  }
  for (const [half, way] of [[0, 'a'], [0, 'b'], [1, 'a'], [1, 'b']] as const) {
    const count = Math.floor(N / 2)
    let next = 0
    const start = performance.now()
    const worker = async () => {
      while (next < count) {
        const text = `bench ${way} pipe ${half} ${next++}`
        const t0 = performance.now()
        await ways[way](text)
        runs[way].pipe.push((await arrival(text)) - t0)
      }
    }
    await Promise.all(Array.from({ length: WINDOW }, worker))
    runs[way].pipeSeconds += (performance.now() - start) / 1000
  }
  return runs
}

async function httpRun(): Promise<{ http: Run; direct: Run }> {
  const t = await startTestCore('sandbox', { plan: 'paid' })
  try {
    const id = await pairInstance(t, ME, 'Bench sender')
    await t.core.sandbox!.createPhone({ phoneNumber: PEER, name: 'Bench recipient' })
    const patch = await t.call('PATCH', '/v2/session/rate-limit', { instance_id: id, policy_slug: 'unlimited' })
    if (patch.statusCode !== 200) throw new Error(`policy: ${patch.body}`)

    const arrivals = new Map<string, number>()
    const waiters = new Map<string, (t: number) => void>()
    const peer = await t.core.sandbox!.personSocket(PEER)
    peer.ev.on('messages.upsert', ({ messages }) => {
      const now = performance.now()
      for (const m of messages) {
        const text = textOf(m)
        if (!text?.startsWith('bench ')) continue
        arrivals.set(text, now)
        waiters.get(text)?.(now)
      }
    })
    const arrival = (text: string) =>
      new Promise<number>((resolve, reject) => {
        const seen = arrivals.get(text)
        if (seen !== undefined) return resolve(seen)
        const timer = setTimeout(() => reject(new Error(`no arrival for ${text}`)), 20_000)
        waiters.set(text, (at) => {
          clearTimeout(timer)
          waiters.delete(text)
          resolve(at)
        })
      })

    const url = `${t.core.url}/v2/send/text?access_token=${encodeURIComponent(t.token)}&instance_id=${id}`
    const post = async (text: string) => {
      const res = await request(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ chatId: `${PEER}@c.us`, message: text }) })
      const body = await res.body.text()
      if (res.statusCode !== 200) throw new Error(`send: ${res.statusCode} ${body}`)
    }

    for (let i = 0; i < 20; i++) {
      const text = `bench warm ${i}`
      await post(text)
      await arrival(text)
    }

    // b: the same instance socket and recipient without the API (what the HTTP layer and the pipeline add).
    const sock = t.core.engine.liveSocket(id)!
    const direct: Send = async (text) => void (await sock.sendMessage(`${PEER}@s.whatsapp.net`, { text }))
    const { a: http, b: directRun } = await measure({ a: post, b: direct }, arrival)
    return { http, direct: directRun }
  } finally {
    await t.close()
  }
}

export default async function run(): Promise<BenchResult> {
  // The raw-Baileys ceiling first, in this process (its N: BENCH_SANDBOX_N, default 300 like ours).
  const raw = await rawSandbox()
  const rawSeq = raw.rows.find((r) => r.name === 'text, 1 in flight')!
  const rawPipe = raw.rows.find((r) => String(r.name).endsWith('in flight') && r !== rawSeq)!
  const { http, direct } = await httpRun()
  const row = (name: string, r: Run) => {
    const s = latencyStats(r.seq)
    const p = latencyStats(r.pipe)
    return [
      { name: `${name}, 1 in flight`, count: s.count, 'msgs/s': 1000 / s.mean, p50_ms: s.p50, p99_ms: s.p99 },
      { name: `${name}, ${WINDOW} in flight`, count: p.count, 'msgs/s': r.pipe.length / r.pipeSeconds, p50_ms: p.p50, p99_ms: p.p99 }
    ]
  }
  const [httpSeq, httpPipe] = row('HTTP /v2/send/text', http)
  const [directSeq, directPipe] = row('same socket, sendMessage', direct)
  return {
    bench: 'send',
    rows: [
      { name: 'raw Baileys (sandbox bench), 1 in flight', count: rawSeq.count!, 'msgs/s': rawSeq['msgs/s']!, p50_ms: rawSeq.p50_ms!, p99_ms: rawSeq.p99_ms! },
      { name: `raw Baileys (sandbox bench), ${String(rawPipe.name).split(', ')[1]}`, count: rawPipe.count!, 'msgs/s': rawPipe['msgs/s']!, p50_ms: rawPipe.p50_ms!, p99_ms: rawPipe.p99_ms! },
      directSeq!,
      directPipe!,
      httpSeq!,
      httpPipe!
    ],
    summary: {
      'HTTP msgs/s (pipelined)': httpPipe!['msgs/s'],
      'HTTP p50 ms (1 in flight)': httpSeq!.p50_ms,
      'HTTP p99 ms (1 in flight)': httpSeq!.p99_ms,
      'ratio HTTP/raw sandbox bench, msgs/s (pipelined)': httpPipe!['msgs/s'] / Number(rawPipe['msgs/s']),
      'ratio HTTP/raw sandbox bench, p50 (1 in flight)': httpSeq!.p50_ms / Number(rawSeq.p50_ms),
      'ratio HTTP/same socket, msgs/s (pipelined)': httpPipe!['msgs/s'] / directPipe!['msgs/s'],
      'ratio HTTP/same socket, p50 (1 in flight)': httpSeq!.p50_ms / directSeq!.p50_ms
    }
  }
}
