// Baileys' real MessageRetryManager with its two bounded caches built at first use: an unused manager holds a small
// fraction of the heap Baileys' own holds, and once used it behaves as Baileys' own (answers retries, evicts past its
// bound — RECENT_MESSAGES_MAX, not Baileys' 512 — with its key index kept in step, keeps and compares base keys, clears).
import { MessageRetryManager, proto } from '@whiskeysockets/baileys'
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import pino from 'pino'
import { describe, expect, it } from 'vitest'
import { LazyCache, lazyRetryCaches, RECENT_MESSAGES_MAX, type RetryCachesLike } from './lazy-retry-caches.js'

setFlagsFromString('--expose-gc')
const gc = runInNewContext('gc') as () => void
const logger = pino({ level: 'silent' })
const to = '15550000001@s.whatsapp.net'
const text = (i: number) => proto.Message.fromObject({ conversation: `text ${i}` })
/** The manager's private parts the patch and the test reach (as baileys-session.ts does). */
const patch = (m: MessageRetryManager) => lazyRetryCaches(m as unknown as RetryCachesLike)
const remove = (m: MessageRetryManager, id: string) => (m as unknown as { removeRecentMessage(id: string): void }).removeRecentMessage(id)

/** Heap kept per manager, 100 managers built (and patched or not) and held. */
function heapPerManager(lazy: boolean): number {
  gc()
  const before = process.memoryUsage().heapUsed
  const held = Array.from({ length: 100 }, () => {
    const m = new MessageRetryManager(logger, 5)
    if (lazy) patch(m)
    return m
  })
  gc()
  const per = (process.memoryUsage().heapUsed - before) / held.length
  expect(held).toHaveLength(100)
  return per
}

describe('lazy retry caches', () => {
  it('an unused manager holds far less than Baileys\' own (its bounded caches preallocate ≈ 64 KB)', () => {
    const own = heapPerManager(false)
    const lazy = heapPerManager(true)
    expect(own).toBeGreaterThan(40_000)
    expect(lazy).toBeLessThan(own / 3)
  })

  it('behaves as Baileys\' own once used: retries answered, eviction with the key index in step, base keys, clear', () => {
    const m = new MessageRetryManager(logger, 5)
    patch(m)
    const caches = m as unknown as { recentMessagesMap: LazyCache; baseKeys: LazyCache; messageKeyIndex: Map<string, string> }
    expect(caches.recentMessagesMap).toBeInstanceOf(LazyCache)
    expect(caches.recentMessagesMap.built).toBe(false)
    expect(m.getRecentMessage(to, 'MSG0')).toBeUndefined()
    remove(m, 'MSG0')

    const max = RECENT_MESSAGES_MAX
    expect(max).toBeLessThan(512)
    for (let i = 0; i < 520; i++) m.addRecentMessage(to, `MSG${i}`, text(i))
    expect(caches.recentMessagesMap.built).toBe(true)
    expect(m.getRecentMessage(to, 'MSG519')?.message.conversation).toBe('text 519')
    // Bounded at RECENT_MESSAGES_MAX (Baileys' own kept 512): the oldest went, and its dispose dropped their index
    // entries too (a retry for one of them is answered by getMessage from the store).
    const oldestKept = 520 - max
    expect(m.getRecentMessage(to, `MSG${oldestKept - 1}`)).toBeUndefined()
    expect(m.getRecentMessage(to, `MSG${oldestKept}`)?.message.conversation).toBe(`text ${oldestKept}`)
    expect(caches.messageKeyIndex.size).toBe(max)
    remove(m, `MSG${oldestKept}`)
    expect(m.getRecentMessage(to, `MSG${oldestKept}`)).toBeUndefined()

    expect(caches.baseKeys.built).toBe(false)
    expect(m.hasSameBaseKey(to, 'MSG9', new Uint8Array([1, 2]))).toBe(false)
    m.saveBaseKey(to, 'MSG9', new Uint8Array([1, 2]))
    expect(m.hasSameBaseKey(to, 'MSG9', new Uint8Array([1, 2]))).toBe(true)
    expect(m.hasSameBaseKey(to, 'MSG9', new Uint8Array([1, 3]))).toBe(false)
    m.deleteBaseKey(to, 'MSG9')
    expect(m.hasSameBaseKey(to, 'MSG9', new Uint8Array([1, 2]))).toBe(false)

    m.clear()
    expect(m.getRecentMessage(to, 'MSG519')).toBeUndefined()
    // Patching twice (a reconnect reuses nothing, but be safe) keeps the stand-ins.
    patch(m)
    expect(caches.recentMessagesMap).toBeInstanceOf(LazyCache)
  })

  it('leaves a socket without the manager alone', () => {
    expect(() => lazyRetryCaches(null)).not.toThrow()
    expect(() => lazyRetryCaches(undefined)).not.toThrow()
  })
})
