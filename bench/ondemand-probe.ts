// Probe (issue 19): a linked Baileys device sends to M on-demand phones one at a time; the census of the persons is
// printed as it goes and after, to see what keeps persons online. Usage: tsx bench/ondemand-probe.ts [M] [idleMs] [inflight]
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { SandboxNetwork } from '../src-main/core/sandbox/index.js'
import { TestClient } from '../src-main/core/sandbox/testing/test-client.js'

const M = Number(process.argv[2] ?? 40)
const IDLE = Number(process.argv[3] ?? 400)
const INFLIGHT = Number(process.argv[4] ?? 1)
/** Milliseconds of every 100 the event loop is kept busy (emulates a sandbox process saturated by thousands of phones). */
const HOG = Number(process.argv[5] ?? 0)
if (HOG > 0) setInterval(() => { const end = Date.now() + HOG; while (Date.now() < end); }, 100)
const net = await SandboxNetwork.open({ dataDir: mkdtempSync(join(tmpdir(), 'sb-probe-')), personIdleMs: IDLE })
const SHOP = '15550770000'
await net.createPhone({ phoneNumber: SHOP, name: 'Shop', preKeys: 10 })
const shop = new TestClient(net, 'shop')
await shop.pairByQr(SHOP)
const phones = Array.from({ length: M }, (_, i) => `1555077${String(i + 1).padStart(4, '0')}`)
const t0 = Date.now()
for (const p of phones) await net.createPhone({ phoneNumber: p, name: `R${p.slice(-4)}`, preKeys: 10 })
console.log(`created ${M} in ${Date.now() - t0} ms`)
const s = () => JSON.stringify(net.personsCensus())
const timer = setInterval(() => console.log(`${((Date.now() - t0) / 1000).toFixed(1)}s ${s()}`), 500)
const s0 = Date.now()
let next = 0
await Promise.all(Array.from({ length: INFLIGHT }, async () => {
  while (next < phones.length) {
    const p = phones[next++]!
    await shop.sock.sendMessage(`${p}@s.whatsapp.net`, { text: `hi ${p}` })
  }
}))
console.log(`sent ${M} in ${Date.now() - s0} ms`)
for (let i = 0; i < 20 && (net.personsCensus().online + net.personsCensus().connecting) > 1; i++) await new Promise((r) => setTimeout(r, 500))
clearInterval(timer)
console.log('after', s())
for (const p of [SHOP, ...phones]) {
  const info = net.getPhone(p)!
  if (info.person_online) console.log('still online', p, JSON.stringify(info.devices.map((d) => [d.id, d.pending_stanzas, d.logins])))
}
let got = 0
for (const p of phones) got += (await net.messages(p)).filter((m) => !m.fromMe).length
console.log(`received ${got} of ${M}`)
shop.stop()
await net.close()
process.exit(0)
