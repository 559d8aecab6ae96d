// Group commit for enqueues made outside a caller's transaction: every enqueueEventGrouped() of one turn of the
// event loop is recorded in one transaction when the turn's synchronous code is done (a microtask), so a burst pays
// one COMMIT and one set of WAL pages instead of one per event (the per-event commit was most of the outbox's cost
// over a direct POST, issue 24 item 4). An event is accepted only when its promise resolves: its row is committed.
import type { Db } from '../db/connection.js'
import type { EnvelopeInput } from './envelope.js'
import { enqueueEvent, recordEvent, type EnqueueOptions, type EnqueuedEvent } from './outbox.js'
import { inTransaction } from './sql-tx.js'

interface Waiting {
  input: EnvelopeInput
  opts: EnqueueOptions
  resolve: (r: EnqueuedEvent) => void
  reject: (e: unknown) => void
}

const groups = new WeakMap<Db, Waiting[]>()

/**
 * Records the event in the group commit of this turn; resolves once its row (and its deliveries) are committed,
 * rejects if they could not be. Called inside a caller's transaction it joins that one instead, as enqueueEvent
 * does: the caller's commit makes it durable. The id is generated inside the group's transaction, so ids stay in
 * commit order (the live event stream reads `id > cursor`); the resolved envelope carries it.
 */
export function enqueueEventGrouped<P>(db: Db, input: EnvelopeInput<P>, opts: EnqueueOptions = {}): Promise<EnqueuedEvent<P>> {
  if (db.inTransaction) return Promise.resolve(enqueueEvent(db, input, opts))
  return new Promise<EnqueuedEvent<P>>((resolve, reject) => {
    let group = groups.get(db)
    if (!group) {
      groups.set(db, (group = []))
      queueMicrotask(() => commitGroup(db))
    }
    group.push({ input, opts, resolve: resolve as (r: EnqueuedEvent) => void, reject })
  })
}

function commitGroup(db: Db): void {
  const group = groups.get(db)
  if (!group) return
  // Transactions here are synchronous, so none is open on a microtask; if a caller ever held one across an await,
  // committing inside it would make ours a savepoint of theirs: wait for a later turn instead (the group stays
  // open and later enqueues join it).
  if (db.inTransaction) return void setImmediate(() => commitGroup(db))
  groups.delete(db)
  let results: EnqueuedEvent[]
  try {
    results = inTransaction(db, () => group.map((w) => recordEvent(db, w.input, w.opts)))
  } catch {
    // One bad event must not fail the others: each again in its own transaction, rejecting only its own promise.
    for (const w of group) {
      try {
        w.resolve(enqueueEvent(db, w.input, w.opts))
      } catch (e) {
        w.reject(e)
      }
    }
    return
  }
  for (const [i, w] of group.entries()) w.resolve(results[i]!)
}
