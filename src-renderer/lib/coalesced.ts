// Coalesced reloads: one run in flight and at most one pending, however often it is asked for meanwhile (a history
// sync pushes hundreds of messages a second; each would otherwise be one query to the core).

/** A call resolves once a run that started after it (or the one in flight when nothing changed since) is done. */
export function coalesced(run: () => Promise<void>): () => Promise<void> {
  let running: Promise<void> | null = null
  let pending: Promise<void> | null = null
  const load = (): Promise<void> => {
    if (!running) {
      running = run().finally(() => {
        running = null
      })
      return running
    }
    // One in flight already: it may have read before the change that asks now, so one more runs after it, shared
    // by every ask until it starts.
    pending ??= running.then((): Promise<void> => {
      pending = null
      return load()
    })
    return pending
  }
  return load
}
