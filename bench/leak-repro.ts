// Steady-traffic leak reproduction (issue 24 item 5): the scale bench's steady phase in small — a core child process
// (sandbox in its own process), N paired instances, texts sent round-robin to the next instance's phone, heap
// snapshots (after GC) before and after. Usage: npx tsx bench/leak-repro.ts OUTDIR [texts=2000] [n=3]
// (env WARMUP=texts before the first snapshot, PACE_MS=ms between texts), then: npx tsx bench/heap-categories.ts OUTDIR/a.heapsnapshot:0 OUTDIR/b.heapsnapshot:<texts>
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { CoreProcess, freePort, sleep } from './scale-core.js'

const [out = '/tmp/leak', textsArg = '2000', nArg = '3'] = process.argv.slice(2)
const TEXTS = Number(textsArg)
const N = Number(nArg)
const phoneOf = (i: number) => `1555${String(i).padStart(7, '0')}`
const core = new CoreProcess(mkdtempSync(join(tmpdir(), 'sb-leak-')), await freePort(), 'bench-leak-token-0123456789', 'child')
try {
  await core.start()
  const status = async (id: string) => (await core.ok<{ status: string }>('GET', '/v2/session/info', { instance_id: id })).status
  const ids: string[] = []
  for (let k = 0; k < N; k++) {
    await core.createPhone(phoneOf(k), `Shop ${k}`)
    const { instance_id: id } = await core.ok<{ instance_id: string }>('POST', '/v2/session/create')
    while ((await status(id)) !== 'SCAN_QR_CODE') await sleep(100)
    await core.scan(phoneOf(k), id)
    while ((await status(id)) !== 'WORKING') await sleep(100)
    await core.ok('PATCH', '/v2/session/rate-limit', { instance_id: id }, { policy_slug: 'unlimited' })
    ids.push(id)
  }
  console.log(`paired ${N}`)
  const send = async (i: number, label: string) => {
    const k = i % N
    const r = await core.call('POST', '/v2/send/text', { instance_id: ids[k]! }, { chatId: phoneOf((k + 1) % N), message: `${label} ${i}` })
    if (r.status >= 300) console.error(`send ${i}: ${r.status} ${JSON.stringify(r.body)}`)
  }
  const burst = async (count: number, label: string) => {
    let next = 0
    await Promise.all(Array.from({ length: 4 }, async () => {
      while (next < count) await send(next++, label)
    }))
  }
  await burst(Number(process.env.WARMUP ?? 200), 'warm-up')
  await sleep(5_000)
  const a = await core.memory(join(out, 'a.heapsnapshot'))
  console.log(`A heap ${a.heapUsedMb.toFixed(1)} MB`)
  const t0 = performance.now()
  // PACE_MS=n: one text every n ms instead of 4 at a time (growth with time rather than with texts).
  const pace = Number(process.env.PACE_MS ?? 0)
  if (pace > 0) for (let i = 0; i < TEXTS; i++) await Promise.all([send(i, 'paced'), sleep(pace)])
  else await burst(TEXTS, 'steady')
  console.log(`sent ${TEXTS} in ${((performance.now() - t0) / 1000).toFixed(0)} s`)
  await sleep(10_000)
  const b = await core.memory(join(out, 'b.heapsnapshot'))
  console.log(`B heap ${b.heapUsedMb.toFixed(1)} MB: ${(((b.heapUsedMb - a.heapUsedMb) * 1024 * 1024) / TEXTS).toFixed(0)} bytes per text`)
} finally {
  await core.close()
}
