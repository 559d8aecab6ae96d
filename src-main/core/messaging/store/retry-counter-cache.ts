// Baileys' msgRetryCounterCache per instance, kept outside the socket so retry counts survive reconnects
// (a new socket per reconnect would otherwise start every count at zero and retry forever). Bounded, 1 h TTL.
import type { CacheStore } from '../../engine/wa-wire.js'

const TTL_MS = 3_600_000
const MAX_KEYS = 5000

function boundedCache(now: () => number): CacheStore {
  const map = new Map<string, { value: unknown; until: number }>()
  return {
    get<T>(key: string): T | undefined {
      const hit = map.get(key)
      if (!hit) return undefined
      if (hit.until < now()) {
        map.delete(key)
        return undefined
      }
      return hit.value as T
    },
    set<T>(key: string, value: T) {
      map.delete(key)
      map.set(key, { value, until: now() + TTL_MS })
      if (map.size > MAX_KEYS) map.delete(map.keys().next().value!)
    },
    del: (key: string) => map.delete(key),
    flushAll: () => map.clear()
  }
}

export interface RetryCounterCaches {
  for(instanceId: string): CacheStore
  drop(instanceId: string): void
}

export function createRetryCounterCaches(now: () => number = Date.now): RetryCounterCaches {
  const caches = new Map<string, CacheStore>()
  return {
    for(instanceId) {
      let c = caches.get(instanceId)
      if (!c) caches.set(instanceId, (c = boundedCache(now)))
      return c
    },
    drop: (instanceId) => void caches.delete(instanceId)
  }
}
