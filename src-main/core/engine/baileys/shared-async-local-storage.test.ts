// The shared-slot AsyncLocalStorage: each facade sees exactly its own store across awaits and timers, nested and
// side by side; Baileys' real transactional key store built under withSharedAsyncLocalStorage gets the facade, and
// async resources then carry one store property whatever the number of sockets (one per socket without it); what
// outlives a transaction (Baileys' per-entry cache timers, late tasks) no longer holds its key cache, and a late write
// reaches the key store instead of the finished transaction's cache.
import { addTransactionCapability, MessageRetryManager, proto, type SignalDataTypeMap, type SignalKeyStore } from '@whiskeysockets/baileys'
import { AsyncLocalStorage } from 'node:async_hooks'
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import pino from 'pino'
import { describe, expect, it } from 'vitest'
import { SharedSlotAsyncLocalStorage, withSharedAsyncLocalStorage } from '../../runtime/shared-async-local-storage.js'

const tick = (ms = 1) => new Promise((r) => setTimeout(r, ms))
const keys = (): SignalKeyStore => ({ get: async () => ({}), set: async () => undefined })
const logger = pino({ level: 'silent' })
setFlagsFromString('--expose-gc')
const gc = runInNewContext('gc') as () => void
type TxKeys = ReturnType<typeof addTransactionCapability>
const txOptions = { maxCommitRetries: 1, delayBetweenTriesMs: 0 }
/** A key store whose every read returns a fresh 4 KB session (as SQLite does), keeping what is written. */
function sessionStore(): SignalKeyStore & { written: Map<string, unknown> } {
  const written = new Map<string, unknown>()
  return {
    written,
    get: async (_type, ids) => Object.fromEntries(ids.map((id) => [id, new Uint8Array(4096)])) as { [id: string]: SignalDataTypeMap[typeof _type] },
    set: async (data) => {
      for (const [type, byId] of Object.entries(data)) for (const [id, v] of Object.entries(byId ?? {})) written.set(`${type}:${id}`, v)
    }
  }
}

/** Sends `n` messages as Baileys does: each in a transaction that reads the peer's session, then caches the message for retries; how many of those sessions survive a GC. */
async function sessionsLeftAfterSending(k: TxKeys, n: number): Promise<number> {
  const manager = new MessageRetryManager(logger, 5) // Baileys' own: one purge timer per cached message
  const sessions: WeakRef<object>[] = []
  for (let i = 0; i < n; i++) {
    await k.transaction(async () => {
      const { [`peer${i}.0`]: session } = await k.get('session', [`peer${i}.0`])
      sessions.push(new WeakRef(session!))
      manager.addRecentMessage('15550000001@s.whatsapp.net', `MSG${i}`, proto.Message.fromObject({ conversation: `text ${i}` }))
    }, `send-${i}`)
  }
  // WeakRefs are kept for the rest of the job that made them: collect from later turns, a few times (objects of the
  // last transactions may still be reachable from promise reactions settling in the first turn).
  const left = () => sessions.filter((s) => s.deref() !== undefined).length
  for (let round = 0; round < 5; round++) {
    await new Promise((r) => setTimeout(r, 5))
    gc()
    if (left() === 0) break
  }
  expect(manager.getRecentMessage('15550000001@s.whatsapp.net', `MSG${n - 1}`)?.message.conversation).toBe(`text ${n - 1}`)
  return left()
}
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
    // The two runs side by side interleave by timer (order not asserted: a loaded machine may fire them either way).
    expect(seen).toContainEqual(['other', 'other', undefined])
    expect(seen.filter((r) => (r as string[])[0] !== 'other')).toEqual([
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

  it('lets a transaction\'s key cache go when it ends, whatever timers were started in it (Baileys\' retry cache: 5 minutes each)', async () => {
    // Baileys as is (its own AsyncLocalStorage): each cached message's purge timer holds its transaction's sessions.
    expect(await sessionsLeftAfterSending(addTransactionCapability(sessionStore(), logger, txOptions), 50)).toBe(50)
    const shared = withSharedAsyncLocalStorage(() => addTransactionCapability(sessionStore(), logger, txOptions))
    expect(await sessionsLeftAfterSending(shared, 50)).toBe(0)
  })

  it('sends a write made after the transaction ended to the key store (Baileys\' own loses it in the finished cache)', async () => {
    const lateWrite = async (build: (s: SignalKeyStore) => TxKeys) => {
      const store = sessionStore()
      const k = build(store)
      let late: Promise<void> | undefined
      let inside = false
      await k.transaction(async () => {
        await k.set({ session: { 'peer.0': new Uint8Array(1) } })
        // A task the transaction starts and does not wait for (as Baileys' fire-and-forget calls are).
        late = tick(5).then(async () => {
          inside = k.isInTransaction()
          await k.set({ session: { 'late.0': new Uint8Array(2) } })
        })
      }, 'session')
      await late
      return { committed: store.written.has('session:peer.0'), late: store.written.has('session:late.0'), inside }
    }
    expect(await lateWrite((s) => addTransactionCapability(s, logger, txOptions))).toEqual({ committed: true, late: false, inside: true })
    expect(await lateWrite((s) => withSharedAsyncLocalStorage(() => addTransactionCapability(s, logger, txOptions)))).toEqual({ committed: true, late: true, inside: false })
  })

  it('drops a run\'s store when the run ends, sync or async, returned or thrown', async () => {
    const a = new SharedSlotAsyncLocalStorage<string>()
    const seen: unknown[] = []
    let later: Promise<void> | undefined
    const ok = await a.run('async', async () => {
      later = tick(5).then(() => void seen.push(['after async', a.getStore()]))
      await tick()
      seen.push(['in async', a.getStore()])
      return 1
    })
    a.run('sync', () => void (later = Promise.all([later, tick(5).then(() => void seen.push(['after sync', a.getStore()]))]).then(() => undefined)))
    await expect(a.run('throws', async () => { throw new Error('x') })).rejects.toThrow('x')
    expect(() => a.run('throws sync', () => { throw new Error('y') })).toThrow('y')
    await later
    expect(ok).toBe(1)
    expect(seen).toEqual([['in async', 'async'], ['after async', undefined], ['after sync', undefined]])
  })
})
