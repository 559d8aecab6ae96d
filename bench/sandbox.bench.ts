// Sandbox ceiling: two paired Baileys sockets exchange N texts through the sandbox on loopback.
// Latency is send() call -> the recipient's messages.upsert (decrypted). Baseline in the same run: an iq ping
// round trip on the same socket (transport + Noise, no Signal, no routing).
import { latencyStats, type BenchResult } from './lib.js'
import { openPairedSandbox, textOf } from '../src-main/core/sandbox/testing/test-client.js'

const N = Number(process.env.BENCH_SANDBOX_N ?? 300)
const WINDOW = Number(process.env.BENCH_SANDBOX_WINDOW ?? 16)

export default async function run(): Promise<BenchResult> {
  const ctx = await openPairedSandbox()
  const { A, B, Bjid } = ctx
  try {
    const arrivals = new Map<string, number>()
    B.sock.ev.on('messages.upsert', ({ messages }) => {
      const t = performance.now()
      for (const m of messages) if (textOf(m)?.startsWith('bench ')) arrivals.set(textOf(m)!, t)
    })
    const waitArrival = (text: string) =>
      new Promise<number>((resolve, reject) => {
        const deadline = Date.now() + 20_000
        const poll = () => {
          const t = arrivals.get(text)
          if (t !== undefined) return resolve(t)
          if (Date.now() > deadline) return reject(new Error(`no arrival for ${text}`))
          setImmediate(poll)
        }
        poll()
      })

    // Warm-up: sessions, device lists, sender caches.
    for (let i = 0; i < 20; i++) {
      await A.sock.sendMessage(Bjid, { text: `bench warm ${i}` })
      await waitArrival(`bench warm ${i}`)
    }

    // Baseline: ping round trips.
    const pings: number[] = []
    for (let i = 0; i < N; i++) {
      const t0 = performance.now()
      await A.sock.query({ tag: 'iq', attrs: { to: '@s.whatsapp.net', type: 'get', xmlns: 'w:p' }, content: [{ tag: 'ping', attrs: {} }] })
      pings.push(performance.now() - t0)
    }

    // Sequential: one message in flight -> latency.
    const seq: number[] = []
    for (let i = 0; i < N; i++) {
      const text = `bench seq ${i}`
      const t0 = performance.now()
      await A.sock.sendMessage(Bjid, { text })
      seq.push((await waitArrival(text)) - t0)
    }

    // Pipelined: WINDOW messages in flight -> throughput.
    const lat: number[] = []
    const t0 = performance.now()
    let next = 0
    const worker = async () => {
      while (next < N) {
        const i = next++
        const text = `bench pipe ${i}`
        const s = performance.now()
        await A.sock.sendMessage(Bjid, { text })
        lat.push((await waitArrival(text)) - s)
      }
    }
    await Promise.all(Array.from({ length: WINDOW }, worker))
    const elapsed = (performance.now() - t0) / 1000

    const p = latencyStats(pings)
    const s = latencyStats(seq)
    const w = latencyStats(lat)
    return {
      bench: 'sandbox',
      rows: [
        { name: 'iq ping (baseline)', count: p.count, 'msgs/s': 1000 / p.mean, p50_ms: p.p50, p99_ms: p.p99 },
        { name: 'text, 1 in flight', count: s.count, 'msgs/s': 1000 / s.mean, p50_ms: s.p50, p99_ms: s.p99 },
        { name: `text, ${WINDOW} in flight`, count: w.count, 'msgs/s': N / elapsed, p50_ms: w.p50, p99_ms: w.p99 }
      ],
      summary: {
        'ceiling msgs/s (pipelined)': N / elapsed,
        'send->decrypt p50 ms (1 in flight)': s.p50,
        'send->decrypt p99 ms (1 in flight)': s.p99,
        'message p50 / ping p50': s.p50 / p.p50
      }
    }
  } finally {
    await ctx.close()
  }
}
