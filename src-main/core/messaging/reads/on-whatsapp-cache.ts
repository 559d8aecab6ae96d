// Which numbers are on WhatsApp, per instance, remembered for a while (issue 22 item 3: a send to a number that is
// not on WhatsApp makes the network answer 463 and counts against the account). Beneath every number check — the
// check-exists API, the UI, MCP and the send path's check before a first message (which the campaigns helper's
// sends go through): an explicit check asks the network and fills the cache; the send path answers from it, so a
// list checked first, or a number refused once, costs no further network query or check of the policy.
import type { SessionPort } from '../../engine/session-port.js'
import type { Db } from '../../db/connection.js'
import { checkNumber, throughCheckLimiter, type CheckLimits, type NumberCheck } from './contact-ops.js'

export interface OnWhatsAppCacheOptions {
  /** How long "on WhatsApp" is trusted (default 24 h: accounts rarely go away). */
  positiveTtlMs?: number
  /** How long "not on WhatsApp" is trusted (default 1 h: a number may register any time). */
  negativeTtlMs?: number
  /** Entries kept at most (oldest dropped first). */
  maxEntries?: number
  now?: () => number
}

export class OnWhatsAppCache {
  private readonly entries = new Map<string, { check: NumberCheck; until: number }>()
  private readonly positiveTtlMs: number
  private readonly negativeTtlMs: number
  private readonly maxEntries: number
  private readonly now: () => number

  constructor(o: OnWhatsAppCacheOptions = {}) {
    this.positiveTtlMs = o.positiveTtlMs ?? 24 * 60 * 60_000
    this.negativeTtlMs = o.negativeTtlMs ?? 60 * 60_000
    this.maxEntries = o.maxEntries ?? 50_000
    this.now = o.now ?? Date.now
  }

  get(instanceId: string, digits: string): NumberCheck | undefined {
    const key = `${instanceId} ${digits}`
    const e = this.entries.get(key)
    if (!e) return undefined
    if (e.until > this.now()) return e.check
    this.entries.delete(key)
    return undefined
  }

  set(instanceId: string, digits: string, check: NumberCheck): void {
    const key = `${instanceId} ${digits}`
    this.entries.delete(key) // re-inserted last: the Map's order is the eviction order
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!)
    this.entries.set(key, { check, until: this.now() + (check.numberExists ? this.positiveTtlMs : this.negativeTtlMs) })
  }

  forget(instanceId: string): void {
    for (const k of this.entries.keys()) if (k.startsWith(`${instanceId} `)) this.entries.delete(k)
  }

  get size(): number {
    return this.entries.size
  }
}

export interface CachedCheckDeps {
  cache: OnWhatsAppCache
  /** The instance's check limiter (check_req_per_minute, check_daily_cap); a cached answer spends nothing. */
  checks: CheckLimits | undefined
  /** Where a business account's details are recorded (contact-ops checkNumber). */
  store?: { db: Db; now: () => number }
  /** Ask the network even when an answer is cached (an explicit check-exists); the answer is cached either way. */
  fresh?: boolean
}

/** Whether `digits` is on WhatsApp: the cached answer, else one number check of the policy (then cached). */
export async function checkOnWhatsApp(d: CachedCheckDeps, instanceId: string, socket: () => SessionPort, digits: string): Promise<NumberCheck> {
  const hit = d.fresh ? undefined : d.cache.get(instanceId, digits)
  if (hit) return hit
  const sock = socket()
  const store = d.store ? { db: d.store.db, instanceId, now: d.store.now() } : undefined
  const check = await throughCheckLimiter(d.checks, instanceId, () => checkNumber(sock, digits, store))
  d.cache.set(instanceId, digits, check)
  return check
}
