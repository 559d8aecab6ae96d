// The messages between the main thread and the history ingest thread (history-ingest-thread.ts <->
// history-ingest-worker.ts): what the thread is started with, a job (one batch's history part), and its summary.
import type { PendingEvent } from './context.js'

export interface HistoryThreadData {
  file: string
  dataKey?: Uint8Array
  nativeBinding?: string
  /** Items per part (history-slices.ts): the steps at which a transaction may end. */
  partItems: number
  /** A transaction takes parts until it has lasted this long (ms of wall time), or the main thread waits. */
  turnMs: number
  /** Niceness the thread gives itself (Linux), null to leave it. */
  nice: number | null
  /** SharedArrayBuffer of one Int32: set to 1, the thread stops a job at its next transaction. */
  abort: SharedArrayBuffer
  /** The two writers' flags (write-turns.ts): the thread begins no transaction while the main thread is in one, and ends its own when the main thread waits. */
  writeTurns?: SharedArrayBuffer
  /** Test seam: the thread throws before it opens the store. */
  failForTest?: boolean
}

export interface HistoryJob {
  seq: number
  instanceId: string
  now: number
  me: string
  meLid: string | null
  /** The batch's `messaging-history.set`, structured-cloned (history-clone.ts revives Longs and Buffers). */
  history: unknown
}

export interface HistoryJobResult {
  seq: number
  /** false: stopped (abort) or a transaction failed; the main thread stores the whole history itself. */
  done: boolean
  transactions: number
  /** Webhook events a handler emitted (history emits none today): written by the main thread with the batch's rest. */
  emitted: [event: string, payload: unknown][]
  published: PendingEvent[]
  errors: string[]
}

/** A job's messages come first, in pieces (`piece`), then the job with the rest of its history part. */
export type ThreadMessage = { type: 'piece'; seq: number; messages: unknown[] } | { type: 'job'; job: HistoryJob }
export type ThreadReply = { type: 'ready'; tid: number | null } | HistoryJobResult
