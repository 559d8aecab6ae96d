// The main thread's side of the history ingest thread (history-ingest-worker.ts): starts it on its own keyed SQLite
// connection, hands it one batch's history part at a time (a structured clone) and resolves with its summary. The
// thread's SQLite writes and CPU run beside the event loop (at a lower OS priority), so a history sync no longer
// holds the API. A thread that cannot start or dies is reported once and refuses later jobs: the ingestor then
// stores history in-process, as before.
import { existsSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { createRequire } from 'node:module'
import { Worker } from 'node:worker_threads'
import type { HistoryJob, HistoryJobResult, HistoryThreadData, ThreadMessage, ThreadReply } from './history-thread-protocol.js'
import { releaseThreadTurn } from './write-turns.js'

/** Messages per postMessage: cloning 2,000 took 10-12 ms of the main thread in one piece. */
export const CLONE_PIECE_ITEMS = 200

/** Items per part on the thread: ~1 ms of SQLite work, the longest the main thread waits once it wants the store. */
export const THREAD_PART_ITEMS = 5

/**
 * Wall ms a transaction on the thread may last while the main thread does not want the store: each commit costs
 * ~1.3 ms (the 25-item slices of the main thread paid it every ~4 ms); the main thread's transactions cut it short.
 */
export const THREAD_TURN_MS = 10

export interface HistoryIngestThreadOptions {
  /** The store's file, its data key (absent: a store in clear) and the native binding, as the main connection's. */
  file: string
  dataKey?: Uint8Array | undefined
  nativeBinding?: string | undefined
  /** Items per part on the thread (default THREAD_PART_ITEMS): a transaction ends only between parts. */
  partItems?: number
  /** A transaction on the thread takes parts until it has lasted this long (default THREAD_TURN_MS), or the main thread waits. */
  turnMs?: number
  /** Niceness of the thread (default 10); null leaves it at the process's. */
  nice?: number | null
  /**
   * The two writers' flags (write-turns.ts; the main connection's side is `mainTurns` as openDatabase's
   * sharedWriter.onTopLevel): the thread begins no transaction while the main thread is in one and commits its own
   * at the next part when the main thread waits, so the main thread never queues behind more than one part.
   */
  writeTurns?: SharedArrayBuffer
  /** Told once when the thread could not start or died; history is then stored on the main thread. */
  onFailure?: (err: unknown) => void
  /** Test seam: the thread fails as it starts. */
  failForTest?: boolean
}

export interface HistoryIngestThread {
  /** False once the thread failed or stopped: callers store history themselves. */
  readonly usable: boolean
  /** The thread's OS thread id when it lowered its priority (Linux), else null; undefined until it is ready. */
  readonly tid: number | null | undefined
  /** Stores one history part; rejects when the thread failed (nothing is known to be stored: store it again). */
  ingest(job: Omit<HistoryJob, 'seq'>): Promise<HistoryJobResult>
  /** Starts the thread now if it is not running yet (an account about to pair: its history sync follows). */
  warm(): void
  /** Asks a job under way to stop at its next transaction (the caller stores the rest itself; sync, for stop()). */
  abort(): void
  /** Ends the thread. */
  stop(): Promise<void>
}

/**
 * What the thread runs: the bundle built beside the core's bundle (history-ingest-worker.js / .mjs), or, when this
 * module runs from source (tests, `npm start`), the source beside it through tsx, registered in the thread itself
 * (a loader given with --import to the process does not reach a worker on Node 20); null when neither is there.
 */
export function historyWorkerEntry(moduleUrl = import.meta.url): URL | null {
  const here = fileURLToPath(moduleUrl)
  const dir = dirname(here)
  if (here.endsWith('.ts')) {
    const source = join(dir, 'history-ingest-worker.ts')
    if (!existsSync(source)) return null
    const tsx = pathToFileURL(join(dirname(createRequire(moduleUrl).resolve('tsx/esm/api')), 'index.mjs')).href
    const boot = `const { register } = await import(${JSON.stringify(tsx)}); register(); await import(${JSON.stringify(pathToFileURL(source).href)})`
    return new URL(`data:text/javascript,${encodeURIComponent(boot)}`)
  }
  for (const d of [dir, dirname(dir)]) {
    for (const name of ['history-ingest-worker.js', 'history-ingest-worker.mjs']) if (existsSync(join(d, name))) return pathToFileURL(join(d, name))
  }
  return null
}

const failed = (why: string): HistoryIngestThread => ({
  usable: false,
  tid: null,
  ingest: () => Promise.reject(new Error(why)),
  warm: () => undefined,
  abort: () => undefined,
  stop: async () => undefined
})

/**
 * The thread, started at its first job (a core that never syncs history never pays for it: a second isolate with
 * Baileys loaded and a page cache of its own).
 */
export function startHistoryIngestThread(options: HistoryIngestThreadOptions): HistoryIngestThread {
  let started: HistoryIngestThread | undefined
  let stopped = false
  const thread = () => (started ??= spawnThread(options))
  return {
    get usable() {
      return !stopped && (started?.usable ?? true)
    },
    get tid() {
      return started?.tid
    },
    ingest: (job) => (stopped ? Promise.reject(new Error('the history ingest thread stopped')) : thread().ingest(job)),
    warm: () => void (stopped || thread()),
    abort: () => started?.abort(),
    async stop() {
      stopped = true
      await started?.stop()
    }
  }
}

function spawnThread(options: HistoryIngestThreadOptions): HistoryIngestThread {
  const entry = historyWorkerEntry()
  if (!entry) {
    const err = new Error('the history ingest thread has no code to run (history-ingest-worker not found beside the core)')
    options.onFailure?.(err)
    return failed(err.message)
  }
  const abortFlag = new Int32Array(new SharedArrayBuffer(4))
  const data: HistoryThreadData = {
    file: options.file,
    ...(options.dataKey ? { dataKey: options.dataKey } : {}),
    ...(options.nativeBinding ?? process.env.SWITCHBOARD_SQLITE_BINDING ? { nativeBinding: options.nativeBinding ?? process.env.SWITCHBOARD_SQLITE_BINDING } : {}),
    partItems: options.partItems ?? THREAD_PART_ITEMS,
    turnMs: options.turnMs ?? THREAD_TURN_MS,
    nice: options.nice === undefined ? 10 : options.nice,
    abort: abortFlag.buffer as SharedArrayBuffer,
    ...(options.writeTurns ? { writeTurns: options.writeTurns } : {}),
    ...(options.failForTest ? { failForTest: true } : {})
  }
  let worker: Worker
  try {
    worker = new Worker(entry, { workerData: data })
  } catch (err) {
    options.onFailure?.(err)
    return failed(String((err as Error).message))
  }
  worker.unref()
  let usable = true
  let stopping = false
  let tid: number | null | undefined
  let seq = 0
  const waiting = new Map<number, { resolve: (r: HistoryJobResult) => void; reject: (e: Error) => void }>()
  const fail = (err: Error) => {
    // A thread that died or was stopped inside a transaction left its flag up: the main thread must not wait on it.
    if (options.writeTurns) releaseThreadTurn(options.writeTurns)
    if (!usable) return
    usable = false
    for (const w of waiting.values()) w.reject(err)
    waiting.clear()
    if (!stopping) options.onFailure?.(err)
  }
  worker.on('message', (msg: ThreadReply) => {
    if ('type' in msg) {
      tid = msg.tid
      return
    }
    const w = waiting.get(msg.seq)
    waiting.delete(msg.seq)
    if (!waiting.size) worker.unref()
    w?.resolve(msg)
  })
  worker.on('error', (err) => fail(err))
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()))
  worker.once('exit', (code) => fail(new Error(`the history ingest thread exited (code ${code})`)))
  return {
    get usable() {
      return usable
    },
    get tid() {
      return tid
    },
    ingest(job) {
      if (!usable) return Promise.reject(new Error('the history ingest thread is not running'))
      const n = ++seq
      const history = job.history as { messages?: unknown[] }
      const messages = history.messages ?? []
      const answer = new Promise<HistoryJobResult>((resolve, reject) => waiting.set(n, { resolve, reject }))
      // Referenced while a job is out: its answer must keep the process alive.
      worker.ref()
      // The clone is made on this thread (~5 µs a message): the messages go in pieces, a turn of the loop apart.
      void (async () => {
        for (let i = 0; i < messages.length && usable; i += CLONE_PIECE_ITEMS) {
          if (i) await new Promise((r) => setImmediate(r))
          if (usable) worker.postMessage({ type: 'piece', seq: n, messages: messages.slice(i, i + CLONE_PIECE_ITEMS) } satisfies ThreadMessage)
        }
        if (usable) worker.postMessage({ type: 'job', job: { ...job, seq: n, history: { ...history, messages: [] } } } satisfies ThreadMessage)
      })()
      return answer
    },
    warm: () => undefined,
    abort() {
      Atomics.store(abortFlag, 0, 1)
    },
    async stop() {
      if (stopping) return
      stopping = true
      Atomics.store(abortFlag, 0, 1)
      fail(new Error('the history ingest thread stopped'))
      await worker.terminate()
      await exited
    }
  }
}
