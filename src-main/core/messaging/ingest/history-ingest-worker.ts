// The history ingest thread (history-ingest-thread.ts starts it): its own keyed SQLite connection to the store, its
// own OS priority lowered (nice 10, Linux) so the core's main thread wins the CPU, and the history part of an engine
// batch written here in the same small transactions (history-slices.ts) the main thread would use, with the same
// handlers (batch.ts). It posts back a small summary; history emits no events, any that a handler queues go back
// to the main thread, which writes them with the rest of the batch.
import { readlinkSync } from 'node:fs'
import { setPriority } from 'node:os'
import { parentPort, workerData } from 'node:worker_threads'
import type { BaileysEventMap } from '@whiskeysockets/baileys'
import { openDatabase } from '../../db/connection.js'
import { identityOf } from '../store/jids.js'
import { ingestBatch } from './batch.js'
import type { IngestContext, PendingEvent } from './context.js'
import { sliceBatch } from './history-slices.js'
import { reviveCloned } from './history-clone.js'
import type { HistoryJob, HistoryJobResult, HistoryThreadData, ThreadMessage } from './history-thread-protocol.js'

const data = workerData as HistoryThreadData
const port = parentPort!
/** [0] = 1: stop at the next transaction boundary (the main thread commits the rest itself). */
const abort = new Int32Array(data.abort)
const mainWriting = data.mainWriting ? new Int32Array(data.mainWriting) : null

/** Gives way to the main thread: no transaction of ours begins while it is in or waiting for one of its own. */
function waitForMainThread(): void {
  if (!mainWriting) return
  while (Atomics.load(mainWriting, 0) !== 0 && Atomics.load(abort, 0) === 0) Atomics.wait(mainWriting, 0, 1, 50)
}

/** setpriority(PRIO_PROCESS, tid) on Linux names one thread: this one only. Elsewhere (or refused) nothing changes. */
function lowerOwnPriority(nice: number): number | null {
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop())
    if (!Number.isInteger(tid) || tid <= 0) return null
    setPriority(tid, nice)
    return tid
  } catch {
    return null
  }
}

const tid = data.nice === null ? null : lowerOwnPriority(data.nice)
if (data.failForTest) throw new Error('history ingest thread: failing at start (test)')
const db = openDatabase(data.file, { ...(data.dataKey ? { dataKey: data.dataKey } : {}), ...(data.nativeBinding ? { nativeBinding: data.nativeBinding } : {}) })

function run(job: HistoryJob): HistoryJobResult {
  const history = reviveCloned(job.history) as BaileysEventMap['messaging-history.set']
  const emitted: HistoryJobResult['emitted'] = []
  const published: PendingEvent[] = []
  const errors: string[] = []
  let transactions = 0
  for (const part of sliceBatch({ 'messaging-history.set': history }, data.sliceItems)) {
    waitForMainThread()
    if (Atomics.load(abort, 0) !== 0) return { seq: job.seq, done: false, transactions, emitted, published, errors }
    const ctx: IngestContext = {
      db,
      instanceId: job.instanceId,
      now: job.now,
      me: job.me,
      meLid: job.meLid,
      payload: { me: job.me, meLid: job.meLid, sentByApi: () => false, identity: (jid) => identityOf(db, job.instanceId, jid) },
      emit: (event, payload) => void emitted.push([event, payload]),
      publish: (name, payload) => void published.push({ name, payload: { ...payload, instanceId: job.instanceId } } as unknown as PendingEvent),
      published,
      report: (err, what) => void errors.push(`${what}: ${String((err as Error)?.message ?? err)}`)
    }
    try {
      // IMMEDIATE: the write lock at BEGIN (waiting for the main thread's transaction), never a stale snapshot. A
      // handler that met a locked store is not an item to skip: the whole slice rolls back.
      db.transaction(() =>
        ingestBatch(ctx, part, (err, kind) => {
          if (/^SQLITE_BUSY|^SQLITE_LOCKED/.test(String((err as { code?: unknown })?.code ?? ''))) throw err
          errors.push(`${kind}: ${String((err as Error)?.message ?? err)}`)
        })
      ).immediate()
    } catch (err) {
      // Not committed (e.g. the store stayed locked past busy_timeout): the main thread stores the whole history
      // itself (rows already written here are found again, not duplicated).
      errors.push(`slice not stored: ${String((err as Error)?.message ?? err)}`)
      return { seq: job.seq, done: false, transactions, emitted, published, errors }
    }
    transactions++
  }
  return { seq: job.seq, done: true, transactions, emitted, published, errors }
}

/** Messages of the jobs whose pieces are arriving, by seq. */
const pieces = new Map<number, unknown[]>()
port.on('message', (msg: ThreadMessage) => {
  if (msg.type === 'piece') {
    const list = pieces.get(msg.seq) ?? []
    for (const m of msg.messages) list.push(m)
    pieces.set(msg.seq, list)
    return
  }
  const messages = pieces.get(msg.job.seq) ?? []
  pieces.delete(msg.job.seq)
  const history = msg.job.history as { messages: unknown[] }
  port.postMessage(run({ ...msg.job, history: { ...history, messages: [...messages, ...history.messages] } }))
})
port.postMessage({ type: 'ready', tid })
