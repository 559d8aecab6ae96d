// Retry receipts bounded per sender: Baileys' own retry decision (sendRetryRequest without the retry manager:
// read the count, stop at maxMsgRetryCount, else store count+1 and send) replayed against the budgeted cache
// during a storm from a few senders, with the failures reported the way Baileys logs them. Memory stays bounded.
import { describe, expect, it } from 'vitest'
import { createRetryCounterCaches } from '../../messaging/store/retry-counter-cache.js'
import { MessageRetryManager } from '@whiskeysockets/baileys'
import pino from 'pino'
import { budgetedRetryCache, budgetRetryManager, RetryBudget } from './retry-budget.js'

const MAX_MSG_RETRY_COUNT = 5

/** Baileys 7's sendRetryRequest (messages-recv.js, the branch without messageRetryManager): true when a receipt goes out. */
async function baileysRetry(cache: ReturnType<typeof budgetedRetryCache>, msgId: string, participant?: string): Promise<boolean> {
  const key = `${msgId}:${participant}`
  let retryCount = ((await cache.get<number>(key)) as number | undefined) ?? 0
  if (retryCount >= MAX_MSG_RETRY_COUNT) {
    await cache.del(key)
    return false
  }
  retryCount += 1
  await cache.set(key, retryCount)
  return true
}

describe('retry receipts bounded per sender', () => {
  it('a storming sender gets at most its budget per window, others keep theirs, the window rolls, memory stays bounded', async () => {
    let now = 0
    const budget = new RetryBudget(20, 60_000, () => now)
    const cache = budgetedRetryCache(createRetryCounterCaches(() => now).for('I1'), budget)
    const storm = ['111@s.whatsapp.net', '222@lid', '333@s.whatsapp.net']
    const receipts = new Map<string, number>()
    for (let i = 0; i < 3_000; i++) {
      const sender = storm[i % storm.length]!
      const id = `STORM${i}`
      budget.failed(id, sender) // the "failed to decrypt message" log line comes first
      if (await baileysRetry(cache, id)) receipts.set(sender, (receipts.get(sender) ?? 0) + 1)
    }
    expect([...receipts.values()]).toEqual([20, 20, 20]) // 1,000 failures each, 20 receipts each

    // Someone else whose message fails once in the middle of the storm still gets the resend asked for, every time.
    budget.failed('QUIET1', '444@s.whatsapp.net')
    const quiet = []
    for (let attempt = 0; attempt < 6; attempt++) quiet.push(await baileysRetry(cache, 'QUIET1'))
    expect(quiet).toEqual([true, true, true, true, true, false]) // Baileys' own per-message limit, unchanged

    // A message whose sender is unknown (not logged as a decrypt failure) is retried as before.
    expect(await baileysRetry(cache, 'UNKNOWN1')).toBe(true)

    // The next window: the storming senders get a budget again.
    now += 60_000
    budget.failed('STORM-NEXT', storm[0])
    expect(await baileysRetry(cache, 'STORM-NEXT')).toBe(true)

    // 100,000 failures from 5,000 senders: what is remembered stays within its caps.
    for (let i = 0; i < 100_000; i++) budget.failed(`MANY${i}`, `${i % 5_000}@lid`)
    for (let i = 0; i < 5_000; i++) await baileysRetry(cache, `MANY${99_999 - i}`)
    expect(budget.remembered).toBeLessThanOrEqual(5_000)
    expect(budget.counts().size).toBeLessThanOrEqual(1_000)
  })

  it("Baileys' default path (its MessageRetryManager decides): the same bound per sender", () => {
    const budget = new RetryBudget(20, 60_000, () => 0)
    const manager = new MessageRetryManager(pino({ level: 'silent' }), MAX_MSG_RETRY_COUNT)
    budgetRetryManager(manager, budget)
    // sendRetryRequest with messageRetryManager: stop when hasExceededMaxRetries, else count and send.
    const retry = (id: string) => {
      if (manager.hasExceededMaxRetries(id)) return false
      manager.incrementRetryCount(id)
      return true
    }
    let stormReceipts = 0
    for (let i = 0; i < 1_000; i++) {
      budget.failed(`S${i}`, '111@s.whatsapp.net')
      if (retry(`S${i}`)) stormReceipts++
    }
    expect(stormReceipts).toBe(20)
    budget.failed('Q1', '444@s.whatsapp.net')
    expect(retry('Q1')).toBe(true)
    manager.clear()
  })

  it('reads the sender and message id from the log context Baileys writes', async () => {
    const { baileysLogger } = await import('./baileys-logger.js')
    const budget = new RetryBudget(1, 60_000, () => 0)
    const logger = baileysLogger(pino({ level: 'silent' }), undefined, budget)
    logger.error({ key: { id: 'M1', remoteJid: '555@s.whatsapp.net' }, author: '555@s.whatsapp.net', err: new Error('Bad MAC') }, 'failed to decrypt message')
    budget.spend('M1')
    expect(budget.exhausted('M1')).toBe(true)
    expect(budget.counts().get('555@s.whatsapp.net')).toBe(1)
  })
})
