// Who writes the store next, between the main connection and the history ingest thread's (two writers, one file):
// two Int32 cells in a SharedArrayBuffer. The main thread's is a count of what holds the store there: each of its
// transactions, and each write waiting without blocking the loop (mainHold). A transaction that finds the thread
// inside one waits on the thread's flag (woken the moment the thread commits) instead of in SQLite's busy handler,
// whose sleeps grow 1, 2, 5, 10, 15, 20, 25 ms... past the lock's release. The thread raises its flag before it
// begins, backs off while the main count is above 0, and commits early when it sees it rise.
import type { StoreHold } from '../../db/connection.js'

export const MAIN = 0
export const THREAD = 1

/** Lowers the thread's flag and wakes whoever waits on it. */
function lowerThread(flags: Int32Array): void {
  Atomics.store(flags, THREAD, 0)
  Atomics.notify(flags, THREAD)
}

/** One holder of the main side fewer; the last one wakes the thread. */
function releaseMain(flags: Int32Array): void {
  if (Atomics.sub(flags, MAIN, 1) === 1) Atomics.notify(flags, MAIN)
}

/** A fresh pair of flags (both down). */
export const newWriteTurns = (): SharedArrayBuffer => new SharedArrayBuffer(8)

/** How long the main thread waits on the thread's flag before leaving the wait to SQLite's busy_timeout. */
export const MAIN_WAIT_LIMIT_MS = 2_000

/**
 * The main connection's side, for openDatabase's `sharedWriter.onTopLevel`: true before BEGIN (one holder more, then
 * wait for a transaction of the thread's to end), false after COMMIT or ROLLBACK (one fewer; the last wakes the
 * thread). `waited` is told each wait's length in ms (for measuring).
 */
export function mainTurns(buffer: SharedArrayBuffer, waited?: (ms: number) => void): (active: boolean) => void {
  const flags = new Int32Array(buffer)
  return (active) => {
    if (!active) return releaseMain(flags)
    Atomics.add(flags, MAIN, 1)
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

/**
 * The main side's asynchronous hold, for openDatabase's `sharedWriter.hold` (holdStore): counted at once, so the thread commits at its next part and begins nothing
 * new, and `ready` settles when the thread's flag is down (Atomics.waitAsync: the loop goes on meanwhile). Past
 * MAIN_WAIT_LIMIT_MS it settles anyway and the write's transaction waits as any other would.
 */
export function mainHold(buffer: SharedArrayBuffer): () => StoreHold {
  const flags = new Int32Array(buffer)
  return () => {
    Atomics.add(flags, MAIN, 1)
    let held = true
    const release = () => {
      if (!held) return
      held = false
      releaseMain(flags)
    }
    if (Atomics.load(flags, THREAD) === 0) return { ready: undefined, release }
    const ready = (async () => {
      const t0 = performance.now()
      for (let left = MAIN_WAIT_LIMIT_MS; Atomics.load(flags, THREAD) !== 0 && left > 0; left = MAIN_WAIT_LIMIT_MS - (performance.now() - t0)) {
        const wait = Atomics.waitAsync(flags, THREAD, 1, left)
        if (wait.async) await wait.value
      }
    })()
    return { ready, release }
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
  const end = () => lowerThread(flags)
  return {
    begin(stop) {
      for (;;) {
        // Up first, then look: with sequentially consistent atomics at least one side sees the other's flag, and
        // only the thread backs off, so the two never both wait.
        Atomics.store(flags, THREAD, 1)
        if (Atomics.load(flags, MAIN) === 0 || stop()) return
        end()
        for (let holders = Atomics.load(flags, MAIN); holders !== 0 && !stop(); holders = Atomics.load(flags, MAIN)) Atomics.wait(flags, MAIN, holders, 50)
      }
    },
    mainWaiting: () => Atomics.load(flags, MAIN) !== 0,
    end
  }
}

/** The thread died or was stopped inside a transaction: its flag must not keep the main thread waiting. */
export function releaseThreadTurn(buffer: SharedArrayBuffer): void {
  lowerThread(new Int32Array(buffer))
}
