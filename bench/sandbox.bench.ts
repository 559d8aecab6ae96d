// Sandbox ceiling: two paired Baileys sockets exchange N texts through the sandbox on loopback.
// Latency is send() call -> the recipient's messages.upsert (decrypted), timed inside that handler. Baseline in
// the same run: an iq ping round trip on the same socket (transport + Noise, no Signal, no routing).
// What the figure includes: everything runs in this one process — the sandbox server, both companions, and the
// simulated phones of both accounts (Baileys sockets too). Each text is encrypted by A for three devices (B's
// companion, B's phone, A's own phone for the mirror copy) and decrypted by all three here, the phones also
// writing it to SQLite; that work competes with the measured path for the same event loop.
import { latencyStats, type BenchResult } from './lib.js'
import { openPairedSandbox, textOf, type TestClient } from '../src-main/core/sandbox/testing/test-client.js'

const N = Number(process.env.BENCH_SANDBOX_N ?? 300)
const WINDOW = Number(process.env.BENCH_SANDBOX_WINDOW ?? 16)
const ARRIVAL_TIMEOUT_MS = 20_000

/** Arrival time of each bench text at the recipient, resolved from its messages.upsert handler (no polling). */
function arrivals(recipient: TestClient): (text: string) => Promise<number> {
  const early = new Map<string, number>()
  const waiting = new Map<string, (at: number) => void>()
  recipient.sock.ev.on('messages.upsert', ({ messages }) => {
    const at = performance.now()
    for (const m of messages) {
      const text = textOf(m)
      if (!text?.startsWith('bench ')) continue
      const resolve = waiting.get(text)
      if (resolve) {
        waiting.delete(text)
        resolve(at)
      } else {
        early.set(text, at)
      }
    }
  })
  return (text) => {
    const at = early.get(text)
    if (at !== undefined) {
      early.delete(text)
      return Promise.resolve(at)
    }
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        waiting.delete(text)
        reject(new Error(`no arrival for ${text}`))
      }, ARRIVAL_TIMEOUT_MS)
      waiting.set(text, (t) => {
        clearTimeout(timer)
        resolve(t)
      })
    })
  }
}

export default async function run(): Promise<BenchResult> {
  const ctx = await openPairedSandbox()
  const { A, B, Bjid } = ctx
  try {
    const arrival = arrivals(B)

    // Warm-up: sessions, device lists, sender caches.
    for (let i = 0; i < 20; i++) {
      const text = `bench warm ${i}`
      const arrived = arrival(text)
      await A.sock.sendMessage(Bjid, { text })
      await arrived
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
      const arrived = arrival(text)
      const t0 = performance.now()
      await A.sock.sendMessage(Bjid, { text })
      seq.push((await arrived) - t0)
    }

    // Pipelined: WINDOW messages in flight -> throughput.
    const lat: number[] = []
    const t0 = performance.now()
    let next = 0
    const worker = async () => {
      while (next < N) {
        const text = `bench pipe ${next++}`
        const arrived = arrival(text)
        const s = performance.now()
        await A.sock.sendMessage(Bjid, { text })
        lat.push((await arrived) - s)
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
        'message p50 / ping p50': s.p50 / p.p50,
        includes:
          'one process: sandbox server + A + B + both simulated phones; each text is encrypted for 3 devices and decrypted by ' +
          "B's companion, B's phone and A's phone (mirror copy), the phones also storing it; the phones' work shares the event loop"
      }
    }
  } finally {
    await ctx.close()
  }
}
