// Retry receipts bounded per sender during a Bad MAC storm (issue 22 item 2; Baileys #2234): Baileys asks the
// sender to resend every message it could not decrypt (up to maxMsgRetryCount times each), so a sender whose
// messages all fail drew one receipt per message, thousands a minute. Here a sender gets at most `perSender`
// retry receipts per window; past that, new failures of that sender are not retried (the retry counter cache
// answers "limit reached" for them, which Baileys honours) until the window rolls. Bounded memory throughout.
import type { CacheStore } from '../wa-wire.js'

/** Message ids remembered with their sender (the newest; older ones are simply retried as before). */
const MAX_IDS = 5000
/** Senders counted per window (more distinct senders than this are not limited: a storm comes from a few). */
const MAX_SENDERS = 1000

/** Retry receipts a sender gets per window unless configured (engine option retryReceiptsPerSender). */
export const DEFAULT_RETRY_RECEIPTS_PER_SENDER = 20

export class RetryBudget {
  private readonly senderOf = new Map<string, string>()
  private readonly spent = new Map<string, number>()
  private windowStart: number

  constructor(
    private readonly perSender = DEFAULT_RETRY_RECEIPTS_PER_SENDER,
    private readonly windowMs = 60_000,
    private readonly now: () => number = Date.now
  ) {
    this.windowStart = now()
  }

  /** A message Baileys could not decrypt, and who sent it (from its "failed to decrypt message" log context). */
  failed(msgId: string | undefined, sender: string | undefined): void {
    if (!msgId || !sender) return
    this.senderOf.delete(msgId)
    this.senderOf.set(msgId, sender)
    if (this.senderOf.size > MAX_IDS) this.senderOf.delete(this.senderOf.keys().next().value!)
  }

  /** True when the message's sender has used up its retry receipts for this window. */
  exhausted(msgId: string): boolean {
    this.roll()
    const sender = this.senderOf.get(msgId)
    return sender !== undefined && (this.spent.get(sender) ?? 0) >= this.perSender
  }

  /** A retry receipt is going out for this message: counted against its sender. */
  spend(msgId: string): void {
    this.roll()
    const sender = this.senderOf.get(msgId)
    if (sender === undefined) return
    if (this.spent.has(sender) || this.spent.size < MAX_SENDERS) this.spent.set(sender, (this.spent.get(sender) ?? 0) + 1)
  }

  /** Retry receipts counted in this window, per sender (for tests and logs). */
  counts(): ReadonlyMap<string, number> {
    return this.spent
  }

  get remembered(): number {
    return this.senderOf.size
  }

  private roll(): void {
    const t = this.now()
    if (t - this.windowStart < this.windowMs) return
    this.windowStart = t
    this.spent.clear()
  }
}

/** Baileys keys its retry counts `${messageId}:${participant}`. */
const messageIdOf = (key: string): string => {
  const cut = key.indexOf(':')
  return cut < 0 ? key : key.slice(0, cut)
}

/**
 * The retry counter cache Baileys is given, with the budget in front: a message whose sender is over budget and
 * that has no retry in progress reads as "limit reached" (Baileys then sends no receipt); each count Baileys
 * stores is one receipt going out, spent from the sender's budget (unless the retry manager below counts them).
 * Retries already under way finish as before.
 */
export function budgetedRetryCache(cache: CacheStore, budget: RetryBudget, options: { spend: boolean } = { spend: true }): CacheStore {
  return {
    get<T>(key: string): T | Promise<T> | undefined {
      const value = cache.get<T>(key)
      if (value === undefined && budget.exhausted(messageIdOf(key))) return Number.MAX_SAFE_INTEGER as T
      return value
    },
    set<T>(key: string, value: T) {
      if (options.spend) budget.spend(messageIdOf(key))
      return cache.set(key, value)
    },
    del: (key: string) => cache.del(key),
    flushAll: () => cache.flushAll()
  }
}

/** The part of Baileys' MessageRetryManager that decides whether a retry receipt goes out (enableRecentMessageCache, the default). */
export interface RetryManagerLike {
  hasExceededMaxRetries(messageId: string): boolean
  incrementRetryCount(messageId: string): number
}

/**
 * The same budget in front of the socket's MessageRetryManager (Baileys' default path, which does not read the
 * counter cache to decide): a message of a sender over budget counts as having reached its retry limit; each
 * retry Baileys counts is one receipt, spent from its sender's budget. Patched on the socket's own instance.
 */
export function budgetRetryManager(manager: RetryManagerLike | null | undefined, budget: RetryBudget): void {
  if (!manager) return
  const exceeded = manager.hasExceededMaxRetries.bind(manager)
  const increment = manager.incrementRetryCount.bind(manager)
  manager.hasExceededMaxRetries = (id) => exceeded(id) || budget.exhausted(id)
  manager.incrementRetryCount = (id) => {
    budget.spend(id)
    return increment(id)
  }
}
