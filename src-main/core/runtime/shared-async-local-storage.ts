// Node runtime workarounds shared by every Baileys user in a process (the engine's sessions, the sandbox's persons).
// Every Baileys socket creates an AsyncLocalStorage of its own (its key store's transactions) and never disables it.
// Before Node's AsyncContextFrame (default from Node 24), each enabled AsyncLocalStorage stores a property of its own
// on every async resource the process creates afterwards — every promise and timer — so with N sockets each carries
// N more properties (O(N²) heap and CPU; ≈ 1.5 KB per timer at 25 instances in the scale bench's heap snapshots), and
// every reconnect adds one for good. While a socket is built, Baileys is handed facades over ONE shared
// AsyncLocalStorage instead: each facade keeps its store in the shared context under its own key, so it sees exactly
// what its own AsyncLocalStorage would, and the process pays one property per resource whatever the number of sockets.
// One deliberate difference: a store given to `run` is visible only until that run ends (its result settles). Baileys
// runs each key-store transaction in `run`, and every timer or pending promise started inside one (lru-cache's
// per-entry purge timers: retry caches for 5 minutes, libsignal's migrated-session cache for 3 days) would otherwise
// keep the transaction's key cache (Signal sessions and the Buffer slabs they slice) alive as long as it lives; code
// still running after the transaction committed now sees no transaction and reads/writes the key store directly,
// where it used to write into the finished transaction's cache and lose the write.
import asyncHooks, { AsyncLocalStorage } from 'node:async_hooks'
import { syncBuiltinESMExports } from 'node:module'

/** A facade's store in a frame; emptied when the `run` that set it ends, whoever still holds the frame. */
interface Slot {
  store: unknown
}
type Frame = ReadonlyMap<object, Slot>

const shared = new AsyncLocalStorage<Frame>()
const EMPTY: Frame = new Map()

/** Behaves as an AsyncLocalStorage of its own (run, getStore, exit, enterWith), stored in the shared one. */
export class SharedSlotAsyncLocalStorage<T> {
  getStore(): T | undefined {
    return shared.getStore()?.get(this)?.store as T | undefined
  }

  /** As AsyncLocalStorage.run while fn runs (an async fn: until its promise settles); the store is dropped after. */
  run<R, A extends unknown[]>(store: T, fn: (...args: A) => R, ...args: A): R {
    const slot: Slot = { store }
    const release = () => void (slot.store = undefined)
    let result: R
    try {
      result = shared.run(new Map(shared.getStore() ?? EMPTY).set(this, slot), fn, ...args)
    } catch (e) {
      release()
      throw e
    }
    if (isThenable(result)) result.then(release, release)
    else release()
    return result
  }

  exit<R, A extends unknown[]>(fn: (...args: A) => R, ...args: A): R {
    const frame = shared.getStore()
    if (!frame?.has(this)) return fn(...args)
    const without = new Map(frame)
    without.delete(this)
    return shared.run(without, fn, ...args)
  }

  enterWith(store: T): void {
    shared.enterWith(new Map(shared.getStore() ?? EMPTY).set(this, { store }))
  }

  /** Its store is dropped from contexts entered from now on (the shared storage stays enabled for the others). */
  disable(): void {
    const frame = shared.getStore()
    if (!frame?.has(this)) return
    const without = new Map(frame)
    without.delete(this)
    shared.enterWith(without)
  }
}

const isThenable = (v: unknown): v is PromiseLike<unknown> => typeof (v as PromiseLike<unknown> | null)?.then === 'function'

/**
 * Runs `build` (synchronous: the socket's constructor) with node:async_hooks' AsyncLocalStorage replaced by the
 * shared-slot facade, for the ESM named import (Baileys' `import { AsyncLocalStorage } from 'async_hooks'`) and the
 * CommonJS object alike; restored before it returns, so nothing else ever sees the facade.
 */
export function withSharedAsyncLocalStorage<R>(build: () => R): R {
  const hooks = asyncHooks as { AsyncLocalStorage: unknown }
  const original = hooks.AsyncLocalStorage
  hooks.AsyncLocalStorage = SharedSlotAsyncLocalStorage
  syncBuiltinESMExports()
  try {
    return build()
  } finally {
    hooks.AsyncLocalStorage = original
    syncBuiltinESMExports()
  }
}
