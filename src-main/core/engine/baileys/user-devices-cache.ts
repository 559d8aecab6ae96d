// Baileys' userDevicesCache (each contact's device list, asked by usync before a first encrypt) is a NodeCache per
// socket with a 5-minute TTL and no bound on entries: in the campaign bench's heap snapshots ~0.4 KB per recipient
// messaged in the last 5-15 minutes (expired entries go only at NodeCache's 10-minute sweep), so a fast campaign grew
// the heap with its send rate (issue 19, "heap flat after GC"). Here: the same 5-minute TTL from the write (not
// refreshed by reads: a device list must be asked again), at most USER_DEVICES_MAX contacts, least recently used out
// first, no timers. An evicted contact costs one usync device query at its next send, as an expired one did.
import type { CacheStore } from '../wa-wire.js'

/** Baileys' DEFAULT_CACHE_TTLS.USER_DEVICES. */
export const USER_DEVICES_TTL_MS = 5 * 60_000
/** Contacts per socket (~0.45 KB each): more than the conversations live at once; a minute of a fast campaign. */
export const USER_DEVICES_MAX = 512

export class UserDevicesCache implements CacheStore {
  private readonly entries = new Map<string, { value: unknown; expires: number }>()

  constructor(readonly max = USER_DEVICES_MAX, readonly ttlMs = USER_DEVICES_TTL_MS, private readonly now: () => number = Date.now) {}

  get size(): number {
    return this.entries.size
  }

  get<T>(key: string): T | undefined {
    const e = this.entries.get(key)
    if (!e) return undefined
    this.entries.delete(key)
    if (e.expires <= this.now()) return undefined
    this.entries.set(key, e) // most recently used last: the Map's order is the eviction order
    return e.value as T
  }

  set<T>(key: string, value: T): void {
    this.entries.delete(key)
    this.entries.set(key, { value, expires: this.now() + this.ttlMs })
    if (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value!)
  }

  del(key: string): void {
    this.entries.delete(key)
  }

  flushAll(): void {
    this.entries.clear()
  }
}
