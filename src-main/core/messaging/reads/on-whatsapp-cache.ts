// Which numbers are on WhatsApp, per instance, remembered for a while (issue 22 item 3: a send to a number that is
// not on WhatsApp makes the network answer 463 and counts against the account). Beneath every number check — the
// check-exists API, the UI, MCP and the send path's check before a first message (which the campaigns helper's
// sends go through): an explicit check asks the network and fills the cache; the send path answers from it, so a
// list checked first, or a number refused once, costs no further network query or check of the policy.
// The answers live in SQLite (number_checks, migration 0620), not in the heap: as a Map they were ~0.16 KB a number
// (bounded at 50,000), so a 10,000-recipient campaign left ~1.6 MB behind (issue 19, "heap flat after GC"), and a
// restart forgot them all (each asked again, against the policy's check_daily_cap).
import type { SessionPort } from '../../engine/session-port.js'
import type { Db } from '../../db/connection.js'
import { columnStmt, stmt, typedStmt } from '../../db/statements.js'
import { checkNumber, throughCheckLimiter, type CheckLimits, type NumberCheck } from './contact-ops.js'

export interface OnWhatsAppCacheOptions {
  /** Where the answers are kept (the core's database). */
  db: Db
  /** How long "on WhatsApp" is trusted (default 24 h: accounts rarely go away). */
  positiveTtlMs?: number
  /** How long "not on WhatsApp" is trusted (default 1 h: a number may register any time). */
  negativeTtlMs?: number
  /** Rows kept at most (those expiring first dropped first), enforced every `pruneEvery` answers written. */
  maxEntries?: number
  /** Answers written between two prunes (expired rows deleted, the bound enforced); default 1,000. */
  pruneEvery?: number
  now?: () => number
}

const GET = 'SELECT on_whatsapp AS w, chat_id AS chatId FROM number_checks WHERE instance_id = ? AND digits = ? AND until > ?'
const SET = `INSERT INTO number_checks (instance_id, digits, on_whatsapp, chat_id, until) VALUES (?, ?, ?, ?, ?)
  ON CONFLICT (instance_id, digits) DO UPDATE SET on_whatsapp = excluded.on_whatsapp, chat_id = excluded.chat_id, until = excluded.until`
const OLDEST = `DELETE FROM number_checks WHERE (instance_id, digits) IN
  (SELECT instance_id, digits FROM number_checks ORDER BY until LIMIT ?)`

export class OnWhatsAppCache {
  private readonly db: Db
  private readonly positiveTtlMs: number
  private readonly negativeTtlMs: number
  private readonly maxEntries: number
  private readonly pruneEvery: number
  private readonly now: () => number
  private writes = 0

  constructor(o: OnWhatsAppCacheOptions) {
    this.db = o.db
    this.positiveTtlMs = o.positiveTtlMs ?? 24 * 60 * 60_000
    this.negativeTtlMs = o.negativeTtlMs ?? 60 * 60_000
    // ~60 bytes a row on disk, none in the heap: a day of checks at a busy policy's check_daily_cap on many instances.
    this.maxEntries = o.maxEntries ?? 200_000
    this.pruneEvery = o.pruneEvery ?? 1_000
    this.now = o.now ?? Date.now
  }

  get(instanceId: string, digits: string): NumberCheck | undefined {
    const r = typedStmt<{ w: number; chatId: string }>(this.db, GET).get(instanceId, digits, this.now())
    return r && { numberExists: r.w === 1, chatId: r.chatId }
  }

  set(instanceId: string, digits: string, check: NumberCheck): void {
    const until = this.now() + (check.numberExists ? this.positiveTtlMs : this.negativeTtlMs)
    stmt(this.db, SET).run(instanceId, digits, check.numberExists ? 1 : 0, check.chatId, until)
    if (++this.writes % this.pruneEvery === 0) this.prune()
  }

  forget(instanceId: string): void {
    stmt(this.db, 'DELETE FROM number_checks WHERE instance_id = ?').run(instanceId)
  }

  /** Rows kept (expired ones too, until the next prune). */
  get size(): number {
    return columnStmt<number>(this.db, 'SELECT COUNT(*) FROM number_checks').get() ?? 0
  }

  /** Expired answers go; past the bound, those expiring first go too. */
  private prune(): void {
    stmt(this.db, 'DELETE FROM number_checks WHERE until <= ?').run(this.now())
    const over = this.size - this.maxEntries
    if (over > 0) stmt(this.db, OLDEST).run(over)
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
