// Checkpoints of a database's WAL on a worker thread, off the event loop. SQLite's own auto-checkpoint runs inside
// the commit that takes the WAL past 1,000 frames: that commit copies the pages into the file and waits for two
// fsyncs, so every few hundred writes one stalls the loop (a webhook burst's enqueues, an ingest's batch). Here a
// second connection (same file, same key) runs a PASSIVE checkpoint (never blocks the writer) every intervalMs on its
// own thread; the main connection's auto-checkpoint stays as a backstop at a higher mark, and goes back to SQLite's
// default if the thread cannot start or dies. Durability is SQLite's either way: a checkpoint only copies committed
// frames, in the same order, with the same syncs.
import { createRequire } from 'node:module'
import { Worker } from 'node:worker_threads'
import type { Db } from './connection.js'
import { keyPragmas, storeKeyOf } from './store-cipher.js'

export interface WalCheckpointerOptions {
  /** The database file the main connection `db` has open. */
  file: string
  /** Its data key (the store is encrypted with a key derived from it); absent for a store in clear. */
  dataKey?: Uint8Array | undefined
  /** As given to openDatabase (default SWITCHBOARD_SQLITE_BINDING, else the build in node_modules). */
  nativeBinding?: string | undefined
  /** Between two looks at the WAL while it keeps changing (default 100 ms). A look is a stat of the WAL file, and a checkpoint only if it changed. */
  intervalMs?: number
  /** ...and once it stopped changing (default 1 s): each wake-up of a thread costs ~0.1 ms of CPU on a VM. */
  idleIntervalMs?: number
  /** The main connection's own auto-checkpoint mark while the thread runs (frames; default BACKSTOP_MARK). */
  backstopFrames?: number
  /** Told once when the thread failed and the main connection checkpoints by itself again. */
  onFailure?: (err: unknown) => void
}

export interface WalCheckpointer {
  /** Checkpoints done by the thread that copied at least one frame (for tests). */
  readonly copies: number
  /** Ends the thread (after a checkpoint under way) and gives the main connection back its own checkpoints. */
  stop(): Promise<void>
}

/** SQLite's default auto-checkpoint mark (frames), restored when the thread is gone. */
const SQLITE_DEFAULT_MARK = 1000
/** While the thread runs: the main connection checkpoints only if the WAL got this long anyway (thread lagging). */
const BACKSTOP_MARK = 8000

/**
 * The thread: plain CommonJS (no loader of ours runs there), given everything it needs in workerData. It sleeps in
 * Atomics.wait (no event loop turns), and shares two counters with the main thread: [0] stop, [1] copies.
 */
const THREAD_SOURCE = `
const { workerData } = require('node:worker_threads')
const { statSync } = require('node:fs')
const Database = require(workerData.module)
const shared = new Int32Array(workerData.shared)
const db = new Database(workerData.file, workerData.nativeBinding ? { nativeBinding: workerData.nativeBinding } : {})
for (const p of workerData.pragmas) db.pragma(p)
const wal = workerData.file + '-wal'
// The WAL's mtime at the last look: unchanged, nothing was committed since (a stat, not a checkpoint).
let seen
let wait = workerData.intervalMs
while (Atomics.load(shared, 0) === 0) {
  Atomics.wait(shared, 0, 0, wait)
  if (Atomics.load(shared, 0) !== 0) break
  const stamp = statSync(wal, { bigint: true, throwIfNoEntry: false })?.mtimeNs
  if (stamp === seen) {
    wait = workerData.idleIntervalMs
    continue
  }
  seen = stamp
  wait = workerData.intervalMs
  try {
    const [r] = db.pragma('wal_checkpoint(PASSIVE)')
    if (r && r.checkpointed > 0) Atomics.add(shared, 1, 1)
  } catch (e) {
    if (!/SQLITE_BUSY|SQLITE_LOCKED/.test(String(e && e.code))) throw e
  }
}
db.close()
`

export function startWalCheckpointer(db: Db, options: WalCheckpointerOptions): WalCheckpointer {
  const fallBack = () => {
    if (db.open) db.pragma(`wal_autocheckpoint = ${SQLITE_DEFAULT_MARK}`)
  }
  const shared = new Int32Array(new SharedArrayBuffer(8))
  let stopped = false
  let worker: Worker
  try {
    const pragmas = [
      ...(options.dataKey ? keyPragmas(storeKeyOf(options.dataKey)) : []),
      // A checkpoint waits for nobody: PASSIVE copies what it can now and the next one the rest.
      'busy_timeout = 0'
    ]
    const intervalMs = options.intervalMs ?? 100
    worker = new Worker(THREAD_SOURCE, {
      eval: true,
      workerData: {
        module: createRequire(import.meta.url).resolve('better-sqlite3-multiple-ciphers'),
        file: options.file,
        nativeBinding: options.nativeBinding ?? process.env.SWITCHBOARD_SQLITE_BINDING,
        pragmas,
        shared: shared.buffer,
        intervalMs,
        idleIntervalMs: Math.max(intervalMs, options.idleIntervalMs ?? 1000)
      }
    })
  } catch (e) {
    options.onFailure?.(e)
    return { copies: 0, stop: async () => undefined }
  }
  db.pragma(`wal_autocheckpoint = ${options.backstopFrames ?? BACKSTOP_MARK}`)
  worker.unref()
  let failed = false
  const fail = (e: unknown) => {
    if (stopped || failed) return
    failed = true
    fallBack()
    options.onFailure?.(e)
  }
  worker.on('error', fail)
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()))
  worker.once('exit', (code) => fail(new Error(`the WAL checkpoint thread exited (code ${code})`)))
  return {
    get copies() {
      return Atomics.load(shared, 1)
    },
    async stop() {
      if (stopped) return
      stopped = true
      // Referenced again: an unreferenced thread's exit would not keep the loop alive until this promise settles.
      worker.ref()
      Atomics.store(shared, 0, 1)
      Atomics.notify(shared, 0)
      await exited
      fallBack()
    }
  }
}
