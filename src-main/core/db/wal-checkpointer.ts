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
  /** Between two checkpoints (default 250 ms); one with nothing new to copy costs next to nothing. */
  intervalMs?: number
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

/** The thread: plain CommonJS (no loader of ours runs there), given everything it needs in workerData. */
const THREAD_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads')
const Database = require(workerData.module)
const db = new Database(workerData.file, workerData.nativeBinding ? { nativeBinding: workerData.nativeBinding } : {})
for (const p of workerData.pragmas) db.pragma(p)
let stopping = false
const tick = () => {
  if (stopping) return
  try {
    const [r] = db.pragma('wal_checkpoint(PASSIVE)')
    if (r && r.checkpointed > 0) parentPort.postMessage({ copied: r.checkpointed })
  } catch (e) {
    if (!/SQLITE_BUSY|SQLITE_LOCKED/.test(String(e && e.code))) throw e
  }
  timer = setTimeout(tick, workerData.intervalMs)
}
let timer = setTimeout(tick, workerData.intervalMs)
parentPort.on('message', (m) => {
  if (m !== 'stop') return
  stopping = true
  clearTimeout(timer)
  db.close()
  parentPort.close()
})
`

export function startWalCheckpointer(db: Db, options: WalCheckpointerOptions): WalCheckpointer {
  const fallBack = () => {
    if (db.open) db.pragma(`wal_autocheckpoint = ${SQLITE_DEFAULT_MARK}`)
  }
  let copies = 0
  let stopped = false
  let worker: Worker
  try {
    const pragmas = [
      ...(options.dataKey ? keyPragmas(storeKeyOf(options.dataKey)) : []),
      // A checkpoint waits for nobody: PASSIVE copies what it can now and the next one the rest.
      'busy_timeout = 0'
    ]
    worker = new Worker(THREAD_SOURCE, {
      eval: true,
      workerData: {
        module: createRequire(import.meta.url).resolve('better-sqlite3-multiple-ciphers'),
        file: options.file,
        nativeBinding: options.nativeBinding ?? process.env.SWITCHBOARD_SQLITE_BINDING,
        pragmas,
        intervalMs: options.intervalMs ?? 250
      }
    })
  } catch (e) {
    options.onFailure?.(e)
    return { copies: 0, stop: async () => undefined }
  }
  db.pragma(`wal_autocheckpoint = ${BACKSTOP_MARK}`)
  worker.unref()
  worker.on('message', (m: { copied?: number }) => {
    if (m.copied) copies++
  })
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
      return copies
    },
    async stop() {
      if (stopped) return
      stopped = true
      // Referenced again: an unreferenced thread's exit would not keep the loop alive until this promise settles.
      worker.ref()
      worker.postMessage('stop')
      await exited
      fallBack()
    }
  }
}
