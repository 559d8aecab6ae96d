// Baileys' MessageRetryManager builds two bounded lru-caches per socket (recent messages, max 512; retry base keys,
// max 1,024), and lru-cache allocates every array of a bounded cache at construction: ≈ 64 KB per socket, mostly empty
// (an instance that sends nothing never fills the first, base keys are only kept on retry receipts) — the largest
// per-instance item in the scale bench's heap snapshots after issue 24's other fixes. Each is swapped for a stand-in
// that builds the same cache (same class, same options) at its first write.
// The recent messages are bounded at RECENT_MESSAGES_MAX instead of Baileys' 512: each held message costs ~1.45 KB
// with its expiry timer (one per entry, 5 min), so a sending instance kept ~0.75 MB of them — in the campaign bench's
// heap snapshots the largest item after a campaign (issue 19, "heap flat after GC"). The cache only spares a read:
// a retry request for a message no longer in it is answered by getMessage from the message store (SQLite).

/** Sent messages kept in memory per socket for retry requests (retries come within seconds of the send). */
export const RECENT_MESSAGES_MAX = 128

/** What Baileys' manager calls on the two caches. */
interface CacheLike {
  get(key: string): unknown
  set(key: string, value: unknown): unknown
  delete(key: string): boolean
  clear(): void
}

/** The options of a built lru-cache that the stand-in passes on (all public fields or getters of LRUCache). */
const OPTIONS = ['max', 'maxSize', 'ttl', 'ttlResolution', 'ttlAutopurge', 'updateAgeOnGet', 'updateAgeOnHas', 'allowStale', 'noUpdateTTL', 'noDisposeOnSet', 'dispose', 'disposeAfter'] as const

/** Builds `like`'s class with `like`'s options at the first set; reads and deletes before that find nothing. */
export class LazyCache implements CacheLike {
  private cache: CacheLike | undefined
  private readonly make: () => CacheLike

  /** overrides: options set instead of `like`'s (e.g. a smaller max). */
  constructor(like: CacheLike, overrides: Record<string, unknown> = {}) {
    const options: Record<string, unknown> = {}
    for (const k of OPTIONS) {
      const v = (like as unknown as Record<string, unknown>)[k]
      // lru-cache reports unset limits as 0 and refuses some of them as options: pass only what was set.
      if (v !== undefined && v !== 0 && v !== false) options[k] = v
    }
    Object.assign(options, overrides)
    const Cache = like.constructor as new (options: Record<string, unknown>) => CacheLike
    this.make = () => new Cache(options)
  }

  /** Whether the cache was built (for tests and figures). */
  get built(): boolean {
    return this.cache !== undefined
  }

  get(key: string): unknown {
    return this.cache?.get(key)
  }

  set(key: string, value: unknown): this {
    ;(this.cache ??= this.make()).set(key, value)
    return this
  }

  delete(key: string): boolean {
    return this.cache?.delete(key) ?? false
  }

  clear(): void {
    this.cache?.clear()
  }
}

export interface RetryCachesLike {
  recentMessagesMap?: CacheLike
  baseKeys?: CacheLike
}

/** Patches the socket's own manager (null when Baileys runs without the recent-message cache). */
export function lazyRetryCaches(manager: RetryCachesLike | null | undefined, recentMessagesMax = RECENT_MESSAGES_MAX): void {
  if (!manager) return
  for (const field of ['recentMessagesMap', 'baseKeys'] as const) {
    const cache = manager[field]
    // A Baileys without the field (renamed in an update) keeps its own: a memory figure, not a failure.
    if (cache && typeof cache.set === 'function' && !(cache instanceof LazyCache)) {
      manager[field] = new LazyCache(cache, field === 'recentMessagesMap' ? { max: recentMessagesMax } : {})
    }
  }
}
