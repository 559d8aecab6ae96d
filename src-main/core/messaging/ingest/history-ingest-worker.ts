// The history ingest thread (history-ingest-thread.ts starts it): its own keyed SQLite connection to the store, its
// own OS priority lowered (nice 10, Linux) so the core's main thread wins the CPU, and the history part of an engine
// batch written here with the main thread's handlers (batch.ts), in transactions bounded in time rather than rows:
// small parts (history-slices.ts) added to one transaction until it has lasted `turnMs`, or at once when the main
// thread wants the store (write-turns.ts). It posts back a small summary; history emits no events, any that a
// handler queues go back to the main thread, which writes them with the rest of the batch.
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
import { threadTurns, type ThreadTurns } from './write-turns.js'

const data = workerData as HistoryThreadData
const port = parentPort!
/** [0] = 1: stop at the next transaction boundary (the main thread commits the rest itself). */
const abort = new Int32Array(data.abort)
const aborted = () => Atomics.load(abort, 0) !== 0
/** Without the main thread's flags (tests of the thread alone) nobody else is told about our transactions. */
const turns: ThreadTurns = data.writeTurns ? threadTurns(data.writeTurns) : { begin: () => undefined, mainWaiting: () => false, end: () => undefined }

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
  const parts = sliceBatch({ 'messaging-history.set': history }, data.partItems)
  let transactions = 0
  let next = 0
  // Parts from `next` on, in one transaction, until it has lasted turnMs or the main thread waits for the store.
  const turn = db.transaction(() => {
    const t0 = performance.now()
    do {
      ingestBatch(ctx, parts[next]!, (err, kind) => {
        // A handler that met a locked store is not an item to skip: the whole transaction rolls back.
        if (/^SQLITE_BUSY|^SQLITE_LOCKED/.test(String((err as { code?: unknown })?.code ?? ''))) throw err
        errors.push(`${kind}: ${String((err as Error)?.message ?? err)}`)
      })
      next++
    } while (next < parts.length && performance.now() - t0 < data.turnMs && !turns.mainWaiting() && !aborted())
  })
  while (next < parts.length) {
    turns.begin(aborted)
    if (aborted()) {
      turns.end()
      return { seq: job.seq, done: false, transactions, emitted, published, errors }
    }
    const from = next
    try {
      // IMMEDIATE: the write lock at BEGIN (waiting for a main-thread write outside the flags), never a stale snapshot.
      turn.immediate()
    } catch (err) {
      // Not committed (e.g. the store stayed locked past busy_timeout): the main thread stores the whole history
      // itself (rows already written here are found again, not duplicated).
      next = from
      errors.push(`slice not stored: ${String((err as Error)?.message ?? err)}`)
      return { seq: job.seq, done: false, transactions, emitted, published, errors }
    } finally {
      turns.end()
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
