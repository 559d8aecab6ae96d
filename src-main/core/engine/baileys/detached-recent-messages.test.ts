// A sent message cached for retry receipts must not keep the key-store transaction it was sent in alive: Baileys'
// real MessageRetryManager, messages added inside transactions (the shared AsyncLocalStorage Baileys is given), and
// after a GC no transaction store is left, while the messages themselves still answer retries.
import { MessageRetryManager, proto } from '@whiskeysockets/baileys'
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import pino from 'pino'
import { describe, expect, it } from 'vitest'
import { detachRecentMessages } from './detached-recent-messages.js'
import { SharedSlotAsyncLocalStorage } from './shared-async-local-storage.js'

setFlagsFromString('--expose-gc')
const gc = runInNewContext('gc') as () => void
const logger = pino({ level: 'silent' })

/** Sends message `i` inside a transaction of its own whose store holds a 4 KB key cache; a weak reference to that store. */
async function sendInTransaction(tx: SharedSlotAsyncLocalStorage<{ cache: Uint8Array }>, manager: MessageRetryManager, i: number): Promise<WeakRef<object>> {
  const store = { cache: new Uint8Array(4096) }
  await tx.run(store, async () => {
    await Promise.resolve()
    manager.addRecentMessage('15550000001@s.whatsapp.net', `MSG${i}`, proto.Message.fromObject({ conversation: `text ${i}` }))
  })
  return new WeakRef(store)
}

/** How many of `n` sent messages' transaction stores survive a GC. */
async function storesLeftAfterSending(manager: MessageRetryManager, n: number): Promise<number> {
  const tx = new SharedSlotAsyncLocalStorage<{ cache: Uint8Array }>()
  const stores: WeakRef<object>[] = []
  for (let i = 0; i < n; i++) stores.push(await sendInTransaction(tx, manager, i))
  // WeakRefs are kept for the rest of the job that made them: collect from a later turn.
  await new Promise((r) => setImmediate(r))
  gc()
  return stores.filter((s) => s.deref() !== undefined).length
}

describe('recent messages cached for retries', () => {
  it('keep no transaction store alive (each timer otherwise holds one for 5 minutes)', async () => {
    // Baileys as is: every message's purge timer keeps its transaction's store (the leak this patch removes).
    const plain = new MessageRetryManager(logger, 5)
    expect(await storesLeftAfterSending(plain, 50)).toBe(50)

    const patched = new MessageRetryManager(logger, 5)
    detachRecentMessages(patched)
    expect(await storesLeftAfterSending(patched, 50)).toBe(0)
    // Still cached: a retry receipt for any of them is answered from memory.
    expect(patched.getRecentMessage('15550000001@s.whatsapp.net', 'MSG0')?.message.conversation).toBe('text 0')
    expect(patched.getRecentMessage('15550000001@s.whatsapp.net', 'MSG49')?.message.conversation).toBe('text 49')
  })

  it('leaves a socket without the cache alone', () => {
    expect(() => detachRecentMessages(null)).not.toThrow()
    expect(() => detachRecentMessages(undefined)).not.toThrow()
  })
})
