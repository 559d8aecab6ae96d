// Baileys' LID ↔ phone-number cache (LIDMappingStore.mappingCache) is an unbounded lru-cache with ttlAutopurge: one
// Node timer per entry, ≈ 1.7 KB of heap each — ≈ 450 KB of an instance with 500 contacts, the largest per-instance
// item in the scale bench's heap snapshots (issue 24). It is swapped for a bounded Map with the same sliding 3-day
// TTL checked on read; a miss (evicted or expired) falls back to the key store (SQLite), as an expired entry did.
import type { UserFacingSocketConfig } from '@whiskeysockets/baileys'

type MakeSignalRepository = NonNullable<UserFacingSocketConfig['makeSignalRepository']>

/** Baileys' own: 3 days, refreshed on every read (updateAgeOnGet). */
export const LID_MAPPING_TTL_MS = 3 * 24 * 60 * 60 * 1000
/** Entries per instance (a pair is two: pn:X and lid:Y); more than a big group's members, so a batch is never evicted mid-way. */
export const LID_MAPPING_MAX_ENTRIES = 4096

/** Least recently used first (Map order); no timers: an entry past its TTL is dropped when read. */
export class BoundedTtlCache<V> {
  private readonly entries = new Map<string, { value: V; expires: number }>()

  constructor(readonly max: number, readonly ttlMs: number, private readonly now: () => number = Date.now) {}

  get size(): number {
    return this.entries.size
  }

  get(key: string): V | undefined {
    const e = this.entries.get(key)
    if (!e) return undefined
    this.entries.delete(key)
    // One clock read: the TTL is checked and refreshed at the same instant (and this runs per LID lookup).
    const now = this.now()
    if (e.expires <= now) return undefined
    e.expires = now + this.ttlMs
    this.entries.set(key, e)
    return e.value
  }

  has(key: string): boolean {
    const e = this.entries.get(key)
    return !!e && e.expires > this.now()
  }

  set(key: string, value: V): this {
    this.entries.delete(key)
    this.entries.set(key, { value, expires: this.now() + this.ttlMs })
    while (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value!)
    return this
  }

  delete(key: string): boolean {
    return this.entries.delete(key)
  }

  clear(): void {
    this.entries.clear()
  }
}

/** The socket option: the given signal repository with its LID mapping cache bounded and timer-free. */
export function boundedLidMappingCache(base: MakeSignalRepository, max = LID_MAPPING_MAX_ENTRIES, now: () => number = Date.now): MakeSignalRepository {
  return (auth, logger, pnToLid) => {
    const repo = base(auth, logger, pnToLid)
    const store = repo.lidMapping as unknown as { mappingCache?: { clear?: () => void } }
    // A Baileys without the field (renamed in an update) keeps its own cache: a memory figure, not a failure.
    if (store && typeof store.mappingCache?.clear === 'function') {
      store.mappingCache.clear()
      store.mappingCache = new BoundedTtlCache<string>(max, LID_MAPPING_TTL_MS, now)
    }
    return repo
  }
}
