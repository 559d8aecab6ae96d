// The LID mapping cache swap: Baileys' real signal repository over an in-memory key store stores and resolves
// LID ↔ phone-number pairs the same way, without one Node timer per entry, within its bound, and with the sliding TTL.
import { addTransactionCapability, DEFAULT_CONNECTION_CONFIG, initAuthCreds, type SignalDataSet, type SignalDataTypeMap, type SignalKeyStore } from '@whiskeysockets/baileys'
import { createHook } from 'node:async_hooks'
import pino from 'pino'
import { describe, expect, it } from 'vitest'
import { BoundedTtlCache, boundedLidMappingCache, LID_MAPPING_TTL_MS } from './lid-mapping-cache.js'

const logger = pino({ level: 'silent' })

function memoryKeys(): SignalKeyStore {
  const data = new Map<string, unknown>()
  return {
    get: async <T extends keyof SignalDataTypeMap>(type: T, ids: string[]) =>
      Object.fromEntries(ids.flatMap((id) => (data.has(`${type}:${id}`) ? [[id, data.get(`${type}:${id}`) as SignalDataTypeMap[T]]] : []))),
    set: async (set: SignalDataSet) => {
      for (const [type, entries] of Object.entries(set)) for (const [id, v] of Object.entries(entries ?? {})) data.set(`${type}:${id}`, v)
    }
  }
}

const repository = (make = DEFAULT_CONNECTION_CONFIG.makeSignalRepository) =>
  make({ creds: initAuthCreds(), keys: addTransactionCapability(memoryKeys(), logger, { maxCommitRetries: 1, delayBetweenTriesMs: 0 }) }, logger)

/** Node timers created while `work` runs (unref'd ones included, which getActiveResourcesInfo leaves out). */
async function timersStartedBy(work: () => Promise<unknown>): Promise<number> {
  let n = 0
  const hook = createHook({ init: (_id, type) => void (type === 'Timeout' && n++) }).enable()
  try {
    await work()
  } finally {
    hook.disable()
  }
  return n
}
const pairs = (n: number) => Array.from({ length: n }, (_, i) => ({ lid: `${9000000 + i}@lid`, pn: `1555${String(i).padStart(7, '0')}@s.whatsapp.net` }))

describe('LID mapping cache', () => {
  it('resolves both ways like Baileys own, with no timer per entry (Baileys own starts one per entry)', async () => {
    const own = repository()
    expect(await timersStartedBy(() => own.lidMapping.storeLIDPNMappings(pairs(100)))).toBeGreaterThanOrEqual(200) // the cost this module removes (if Baileys drops it, so can we)
    const ownAnswers = [await own.lidMapping.getLIDForPN('15550000042@s.whatsapp.net'), await own.lidMapping.getPNForLID('9000007@lid')]
    own.lidMapping.close()

    const repo = repository(boundedLidMappingCache(DEFAULT_CONNECTION_CONFIG.makeSignalRepository))
    expect(await timersStartedBy(() => repo.lidMapping.storeLIDPNMappings(pairs(100)))).toBe(0)
    const answers = [await repo.lidMapping.getLIDForPN('15550000042@s.whatsapp.net'), await repo.lidMapping.getPNForLID('9000007@lid')]
    expect(answers).toEqual(ownAnswers)
    expect(answers[0]).toMatch(/^9000042(:0)?@lid$/)
    expect((repo.lidMapping as unknown as { mappingCache: BoundedTtlCache<string> }).mappingCache.size).toBe(200)
  })

  it('past its bound the oldest entries go and are read back from the key store', async () => {
    const repo = repository(boundedLidMappingCache(DEFAULT_CONNECTION_CONFIG.makeSignalRepository, 50))
    await repo.lidMapping.storeLIDPNMappings(pairs(100))
    const cache = (repo.lidMapping as unknown as { mappingCache: BoundedTtlCache<string> }).mappingCache
    expect(cache.size).toBe(50)
    expect(cache.has('pn:15550000000')).toBe(false)
    expect(await repo.lidMapping.getLIDForPN('15550000000@s.whatsapp.net')).toBe('9000000@lid')
    expect(cache.has('pn:15550000000')).toBe(true)
  })

  it('an entry expires a TTL after its last read, and reading it moves it to the end of the eviction order', () => {
    let now = 0
    const cache = new BoundedTtlCache<string>(2, LID_MAPPING_TTL_MS, () => now)
    cache.set('a', '1').set('b', '2')
    now = LID_MAPPING_TTL_MS - 1
    expect(cache.get('a')).toBe('1') // refreshed, and now the most recent
    cache.set('c', '3') // evicts b, the least recently used
    expect(cache.has('b')).toBe(false)
    now += LID_MAPPING_TTL_MS - 1
    expect(cache.get('a')).toBe('1')
    now += LID_MAPPING_TTL_MS
    expect(cache.get('a')).toBeUndefined()
    expect(cache.size).toBe(1) // c, expired too, but only dropped when read
    expect(cache.get('c')).toBeUndefined()
    expect(cache.size).toBe(0)
  })

  it('reads the clock once per get: the TTL is checked and refreshed at the same instant', () => {
    let reads = 0
    let now = 0
    const cache = new BoundedTtlCache<string>(2, 1000, () => (reads++, now))
    cache.set('a', '1')
    now = 999
    reads = 0
    expect(cache.get('a')).toBe('1')
    expect(reads).toBe(1)
    expect(cache.get('missing')).toBeUndefined()
    expect(reads).toBe(1) // a miss reads no clock at all
    now = 1998
    expect(cache.has('a')).toBe(true) // refreshed from 999: alive until 1999
    now = 1999
    expect(cache.has('a')).toBe(false)
  })
})
