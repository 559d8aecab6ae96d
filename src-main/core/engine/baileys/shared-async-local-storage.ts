// Every Baileys socket creates an AsyncLocalStorage of its own (its key store's transactions) and never disables it.
// Before Node's AsyncContextFrame (default from Node 24), each enabled AsyncLocalStorage stores a property of its own
// on every async resource the process creates afterwards — every promise and timer — so with N sockets each carries
// N more properties (O(N²) heap and CPU; ≈ 1.5 KB per timer at 25 instances in the scale bench's heap snapshots), and
// every reconnect adds one for good. While a socket is built, Baileys is handed facades over ONE shared
// AsyncLocalStorage instead: each facade keeps its store in the shared context under its own key, so it sees exactly
// what its own AsyncLocalStorage would, and the process pays one property per resource whatever the number of sockets.
import asyncHooks, { AsyncLocalStorage } from 'node:async_hooks'
import { syncBuiltinESMExports } from 'node:module'

type Frame = ReadonlyMap<object, unknown>

const shared = new AsyncLocalStorage<Frame>()
const EMPTY: Frame = new Map()

/** Behaves as an AsyncLocalStorage of its own (run, getStore, exit, enterWith), stored in the shared one. */
export class SharedSlotAsyncLocalStorage<T> {
  getStore(): T | undefined {
    return shared.getStore()?.get(this) as T | undefined
  }

  run<R, A extends unknown[]>(store: T, fn: (...args: A) => R, ...args: A): R {
    return shared.run(new Map(shared.getStore() ?? EMPTY).set(this, store), fn, ...args)
  }

  exit<R, A extends unknown[]>(fn: (...args: A) => R, ...args: A): R {
    const frame = shared.getStore()
    if (!frame?.has(this)) return fn(...args)
    const without = new Map(frame)
    without.delete(this)
    return shared.run(without, fn, ...args)
  }

  enterWith(store: T): void {
    shared.enterWith(new Map(shared.getStore() ?? EMPTY).set(this, store))
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
