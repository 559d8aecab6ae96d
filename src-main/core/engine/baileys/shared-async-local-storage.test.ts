// The shared-slot AsyncLocalStorage: each facade sees exactly its own store across awaits and timers, nested and
// side by side; Baileys' real transactional key store built under withSharedAsyncLocalStorage gets the facade, and
// async resources then carry one store property whatever the number of sockets (one per socket without it).
import { addTransactionCapability, type SignalKeyStore } from '@whiskeysockets/baileys'
import { AsyncLocalStorage } from 'node:async_hooks'
import pino from 'pino'
import { describe, expect, it } from 'vitest'
import { SharedSlotAsyncLocalStorage, withSharedAsyncLocalStorage } from './shared-async-local-storage.js'

const tick = (ms = 1) => new Promise((r) => setTimeout(r, ms))
const keys = (): SignalKeyStore => ({ get: async () => ({}), set: async () => undefined })
const logger = pino({ level: 'silent' })
/** Store properties AsyncLocalStorage instances put on a new timer (none with Node's AsyncContextFrame). */
const storeProps = () => {
  const t = setTimeout(() => undefined, 0)
  clearTimeout(t)
  return Object.getOwnPropertySymbols(t).filter((s) => s.description === 'kResourceStore').length
}

describe('shared-slot AsyncLocalStorage', () => {
  it('keeps each facade\'s store apart, through awaits, timers, nesting and exit', async () => {
    const a = new SharedSlotAsyncLocalStorage<string>()
    const b = new SharedSlotAsyncLocalStorage<string>()
    expect(a.getStore()).toBeUndefined()
    const seen: unknown[] = []
    await Promise.all([
      a.run('a1', async () => {
        await tick(5)
        seen.push(['a1', a.getStore(), b.getStore()])
        await b.run('b1', async () => {
          await new Promise((r) => setTimeout(r, 2))
          seen.push(['a1b1', a.getStore(), b.getStore()])
          await a.run('a2', async () => {
            await tick()
            seen.push(['a2b1', a.getStore(), b.getStore()])
          })
          seen.push(['back', a.getStore(), b.getStore()])
          a.exit(() => seen.push(['exit', a.getStore(), b.getStore()]))
        })
      }),
      a.run('other', async () => {
        await tick(3)
        seen.push(['other', a.getStore(), b.getStore()])
      })
    ])
    expect(seen).toEqual([
      ['other', 'other', undefined],
      ['a1', 'a1', undefined],
      ['a1b1', 'a1', 'b1'],
      ['a2b1', 'a2', 'b1'],
      ['back', 'a1', 'b1'],
      ['exit', undefined, 'b1']
    ])
    expect(a.getStore()).toBeUndefined()
  })

  it('reaches Baileys\' own transactions, is undone after the build, and costs one store property for any number of sockets', async () => {
    const before = storeProps()
    const shared = Array.from({ length: 20 }, () => withSharedAsyncLocalStorage(() => addTransactionCapability(keys(), logger, { maxCommitRetries: 1, delayBetweenTriesMs: 0 })))
    expect(AsyncLocalStorage.name).toBe('AsyncLocalStorage') // the real one is back
    for (const k of shared) {
      await k.transaction(async () => {
        expect(k.isInTransaction()).toBe(true)
        await tick()
        expect(k.isInTransaction()).toBe(true)
      }, 'session')
      expect(k.isInTransaction()).toBe(false)
    }
    const withShared = storeProps() - before
    const own = Array.from({ length: 20 }, () => addTransactionCapability(keys(), logger, { maxCommitRetries: 1, delayBetweenTriesMs: 0 }))
    for (const k of own) await k.transaction(async () => expect(k.isInTransaction()).toBe(true), 'session')
    const withOwn = storeProps() - before - withShared
    expect([0, 20]).toContain(withOwn) // 20: one per socket (0 where Node's AsyncContextFrame is on)
    expect(withShared).toBeLessThanOrEqual(Math.min(1, withOwn))
  })
})
