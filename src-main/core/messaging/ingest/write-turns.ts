// Who writes the store next, between the main connection and the history ingest thread's (two writers, one file):
// two Int32 flags in a SharedArrayBuffer. The main thread raises its flag around each of its transactions and, if
// the thread is inside one, waits on the thread's flag (woken the moment the thread commits) instead of in SQLite's
// busy handler, whose sleeps grow 1, 2, 5, 10, 15, 20, 25 ms... past the lock's release. The thread raises its
// flag before it begins, backs off while the main thread's is up, and commits early when it sees it rise.
export const MAIN = 0
export const THREAD = 1

/** Lowers one flag and wakes whoever waits on it. */
function lower(flags: Int32Array, which: typeof MAIN | typeof THREAD): void {
  Atomics.store(flags, which, 0)
  Atomics.notify(flags, which)
}

/** A fresh pair of flags (both down). */
export const newWriteTurns = (): SharedArrayBuffer => new SharedArrayBuffer(8)

/** How long the main thread waits on the thread's flag before leaving the wait to SQLite's busy_timeout. */
export const MAIN_WAIT_LIMIT_MS = 2_000

/**
 * The main connection's side, for openDatabase's `sharedWriter.onTopLevel`: true before BEGIN (flag up, then wait
 * for a transaction of the thread's to end), false after COMMIT or ROLLBACK (flag down, the thread woken). `waited`
 * is told each wait's length in ms (for measuring).
 */
export function mainTurns(buffer: SharedArrayBuffer, waited?: (ms: number) => void): (active: boolean) => void {
  const flags = new Int32Array(buffer)
  return (active) => {
    if (!active) return lower(flags, MAIN)
    Atomics.store(flags, MAIN, 1)
    if (Atomics.load(flags, THREAD) === 0) return
    const t0 = performance.now()
    let left = MAIN_WAIT_LIMIT_MS
    while (Atomics.load(flags, THREAD) !== 0 && left > 0) {
      Atomics.wait(flags, THREAD, 1, left)
      left = MAIN_WAIT_LIMIT_MS - (performance.now() - t0)
    }
    waited?.(performance.now() - t0)
  }
}

/** The thread's side. */
export interface ThreadTurns {
  /** Before BEGIN: returns once the thread's flag is up and the main thread's down (or `stop()` says to give up). */
  begin(stop: () => boolean): void
  /** True while the main thread waits for (or holds) the store: commit now. */
  mainWaiting(): boolean
  /** After COMMIT or ROLLBACK. */
  end(): void
}

export function threadTurns(buffer: SharedArrayBuffer): ThreadTurns {
  const flags = new Int32Array(buffer)
  const end = () => lower(flags, THREAD)
  return {
    begin(stop) {
      for (;;) {
        // Up first, then look: with sequentially consistent atomics at least one side sees the other's flag, and
        // only the thread backs off, so the two never both wait.
        Atomics.store(flags, THREAD, 1)
        if (Atomics.load(flags, MAIN) === 0 || stop()) return
        end()
        while (Atomics.load(flags, MAIN) !== 0 && !stop()) Atomics.wait(flags, MAIN, 1, 50)
      }
    },
    mainWaiting: () => Atomics.load(flags, MAIN) !== 0,
    end
  }
}

/** The thread died or was stopped inside a transaction: its flag must not keep the main thread waiting. */
export function releaseThreadTurn(buffer: SharedArrayBuffer): void {
  lower(new Int32Array(buffer), THREAD)
}
