// What Baileys' per-socket AsyncLocalStorage costs every async resource (issue 24): N transactional key stores as N
// sockets build them (each its own AsyncLocalStorage, or facades over one shared: shared-async-local-storage.ts),
// a transaction run in each (which enables its storage), then 10,000 pending timers and 10,000 promises chained
// through awaits: heap per timer and per promise after GC, and the CPU time of 100,000 awaits.
// Usage: node --expose-gc --import tsx bench/async-store-cost.ts N own|shared (one process per figure: an enabled
// AsyncLocalStorage stays enabled for the life of the process).
import { addTransactionCapability, type SignalKeyStore } from '@whiskeysockets/baileys'
import pino from 'pino'
import { withSharedAsyncLocalStorage } from '../src-main/core/runtime/shared-async-local-storage.js'

const [n = 25, mode = 'own'] = [Number(process.argv[2] ?? 25), process.argv[3] ?? 'own']
const gc = (globalThis as { gc?: () => void }).gc
if (!gc) throw new Error('run with node --expose-gc')
const logger = pino({ level: 'silent' })
const keys = (): SignalKeyStore => ({ get: async () => ({}), set: async () => undefined })
const build = () => addTransactionCapability(keys(), logger, { maxCommitRetries: 1, delayBetweenTriesMs: 0 })
const stores = Array.from({ length: n }, () => (mode === 'shared' ? withSharedAsyncLocalStorage(build) : build()))
for (const s of stores) await s.transaction(async () => undefined, 'session')
const heap = () => {
  gc!()
  gc!()
  return process.memoryUsage().heapUsed
}
const h0 = heap()
const timers = Array.from({ length: 10_000 }, () => setTimeout(() => undefined, 3_600_000).unref())
const perTimer = (heap() - h0) / timers.length
for (const t of timers) clearTimeout(t)
let release!: () => void
const gate = new Promise<void>((r) => (release = r))
const h1 = heap()
const waiting = Array.from({ length: 10_000 }, async () => {
  await gate
})
const perPromise = (heap() - h1) / waiting.length
release()
await Promise.all(waiting)
const c0 = process.cpuUsage()
for (let i = 0; i < 100_000; i++) await Promise.resolve(i)
const cpu = process.cpuUsage(c0)
console.log(JSON.stringify({ sockets: n, mode, bytesPerTimer: Math.round(perTimer), bytesPerPromise: Math.round(perPromise), cpuMsPer100kAwaits: Math.round((cpu.user + cpu.system) / 1000) }))
