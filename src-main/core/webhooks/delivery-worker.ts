// The delivery worker: leases due outbox rows, POSTs one event per request (signed), applies the retry
// policy, and looks at the outbox on wake() or by polling; producers hand wake() to enqueueEvent (opts.wake), so
// every enqueue that creates deliveries wakes it. At-least-once: leases left by a killed process are taken back
// at start(). Ordering is best effort (oldest due first); up to `perWebhookConcurrency` POSTs per
// webhook run at once, so one slow receiver cannot take every slot. Instances the predicate reports as not
// deliverable (STOPPED) are skipped: their rows stay queued and go out after resume.
import { randomUUID } from 'node:crypto'
import type { Agent, Dispatcher } from 'undici'
import type { Db } from '../db/connection.js'
import {
  claim,
  findDue,
  nextDueAt,
  reclaimAllLeases,
  reclaimExpiredLeases,
  recordAttempt,
  releaseLease,
  type AttemptRecord,
  type AttemptResultInput,
  type ClaimedDelivery
} from './delivery-store.js'
import { createHttpAgent, postJson } from './http-post.js'
import { pruneEvents } from './outbox-queries.js'
import { decide, DEFAULT_RETRY_POLICY, type RetryPolicyOptions } from './retry-policy.js'
import { isSampleBody } from './envelope.js'
import { inTransaction } from './sql-tx.js'
import { deliveryHeaders } from './signing.js'

export interface WorkerLogger {
  warn(obj: Record<string, unknown>, msg: string): void
}

export interface DeliveryWorkerDeps {
  db: Db
  /** False while the instance is STOPPED: nothing of it is delivered, rows wait. Called per tick (keep it cheap). */
  isInstanceDeliverable?: (instanceId: string) => boolean
  now?: () => number
  random?: () => number
  logger?: WorkerLogger
  /** Every recorded attempt (for UI push). Exceptions thrown here are ignored. */
  onAttempt?: (attempt: AttemptRecord) => void
  /** HTTP client; by default the worker owns a keep-alive undici Agent and closes it on stop(). */
  dispatcher?: Dispatcher
}

export interface DeliveryWorkerOptions {
  /** POSTs in flight overall. */
  concurrency?: number
  perWebhookConcurrency?: number
  /** Per-attempt timeout; no 2xx within it = failed attempt (Svix: 15 s). */
  timeoutMs?: number
  /** Upper bound between two looks at the outbox when nothing wakes the worker. */
  pollIntervalMs?: number
  /** Lease length; must exceed timeoutMs (a lease that expires lets the row be taken again). */
  leaseMs?: number
  userAgent?: string
  retry?: Partial<RetryPolicyOptions>
  /** Age after which finished events are pruned (null: never). */
  retentionMs?: number | null
  /** stop() waits this long for POSTs in flight before aborting them (aborted rows go back to pending). */
  stopDrainMs?: number
}

export interface DeliveryWorker {
  start(): void
  stop(): Promise<void>
  /**
   * Look at the outbox now (after an enqueue, after resume, after a replay). Cheap and coalesced, and it only
   * schedules (a no-op while stopped), so it is the `wake` producers pass to enqueueEvent inside their transaction.
   */
  wake(): void
  readonly running: boolean
  inFlight(): number
  /** Transactions the worker committed so far (claims and outcomes are batched: far fewer than deliveries). */
  commits(): number
}

const HOUR = 3_600_000
/**
 * Claimed rows kept ready per POST slot: a finished POST starts the next one from memory, and the outcomes plus the
 * next claims are written together, one commit per batch instead of one per few deliveries (the commit is most of
 * the outbox's cost per event). Bounded per webhook too (perWebhookConcurrency x PREFETCH).
 */
const PREFETCH = 4
/**
 * Outcomes are written at the latest this long after they came back when nothing else wakes the worker; while POSTs
 * are in flight their completions bring the next write (ready rows running low), so the bound is looser then.
 */
const FLUSH_MS = 20
const FLUSH_BUSY_MS = 200
/** ...or as soon as this many wait. */
const FLUSH_AT = 64

/** The User-Agent of every delivery POST unless options.userAgent says otherwise. */
export const DEFAULT_USER_AGENT = 'Switchboard-Webhooks/1'

export function createDeliveryWorker(deps: DeliveryWorkerDeps, options: DeliveryWorkerOptions = {}): DeliveryWorker {
  const { db } = deps
  const now = deps.now ?? Date.now
  const random = deps.random ?? Math.random
  const deliverable = deps.isInstanceDeliverable ?? (() => true)
  /** Whether the instance's rows may go now, asked once per pass (`seen`); a failing check counts as "not now". */
  const deliverableIn = (seen: Map<string, boolean>, instanceId: string): boolean => {
    let ok = seen.get(instanceId)
    if (ok === undefined) {
      try {
        ok = deliverable(instanceId)
      } catch {
        ok = false
      }
      seen.set(instanceId, ok)
    }
    return ok
  }
  const concurrency = Math.max(1, options.concurrency ?? 8)
  const perWebhook = Math.max(1, options.perWebhookConcurrency ?? 4)
  const timeoutMs = options.timeoutMs ?? 15_000
  const pollMs = options.pollIntervalMs ?? 1000
  const leaseMs = Math.max(options.leaseMs ?? timeoutMs + 30_000, timeoutMs + 1000)
  const userAgent = options.userAgent ?? DEFAULT_USER_AGENT
  const policy: RetryPolicyOptions = { ...DEFAULT_RETRY_POLICY, ...options.retry }
  const retentionMs = options.retentionMs === undefined ? 7 * 24 * HOUR : options.retentionMs
  const stopDrainMs = options.stopDrainMs ?? 2000
  const owner = randomUUID()

  const capacity = concurrency * PREFETCH
  const claimCapPerWebhook = perWebhook * PREFETCH
  // Claim again when the ready rows would last about half a round of POSTs: the tick (next turn of the loop) comes
  // well before they run out, and each claims close to capacity.
  const refillAt = Math.ceil(concurrency / 2)
  // A claimed row starts only while its lease outlasts the POST's timeout by half the slack: it is then written
  // back before the lease runs out, so expired-lease sweeps never hand out a row this worker still holds.
  const minLeaseAtLaunch = timeoutMs + (leaseMs - timeoutMs) / 2

  let agent: Agent | null = null
  let dispatcher: Dispatcher | null = deps.dispatcher ?? null
  let running = false
  let timer: NodeJS.Timeout | null = null
  let flushTimer: NodeJS.Timeout | null = null
  let wakeQueued = false
  let lastLeaseSweep = 0
  let lastPrune = 0
  let stopAbort = new AbortController()
  /** Claimed (leased) rows not started yet, oldest due first. */
  let ready: ClaimedDelivery[] = []
  /** The last look may have left due rows behind (it filled its quota, or a webhook was at its cap). */
  let moreDue = false
  let commits = 0
  const inflight = new Map<number, Promise<void>>()
  const perWebhookCount = new Map<number, number>()

  const warn = (obj: Record<string, unknown>, msg: string) => deps.logger?.warn(obj, msg)

  function housekeeping(t: number): void {
    if (t - lastLeaseSweep >= pollMs * 5) {
      reclaimExpiredLeases(db, t)
      lastLeaseSweep = t
    }
    if (retentionMs !== null && t - lastPrune >= HOUR) {
      pruneEvents(db, t - retentionMs)
      lastPrune = t
    }
  }

  /** Rows held per webhook: in flight plus claimed and waiting in `ready`. */
  function heldPerWebhook(): Map<number, number> {
    const held = new Map(perWebhookCount)
    for (const c of ready) held.set(c.webhookId, (held.get(c.webhookId) ?? 0) + 1)
    return held
  }

  /** Leases up to `limit` due rows; sets moreDue when some may be left (quota filled, a webhook at its cap). */
  function claimBatch(limit: number): ClaimedDelivery[] {
    const t = now()
    const paused: string[] = []
    const verdict = new Map<string, boolean>()
    const counts = heldPerWebhook()
    const full = [...counts].filter(([, n]) => n >= claimCapPerWebhook).map(([id]) => id)
    const claimed: ClaimedDelivery[] = []
    let capped = full.length > 0
    // A few rounds: each round excludes the paused instances and saturated webhooks the previous one found.
    for (let round = 0; round < 4 && claimed.length < limit; round++) {
      const rows = findDue(db, t, paused, full, limit - claimed.length)
      if (rows.length === 0) break
      const picked: number[] = []
      let blocked = false
      for (const r of rows) {
        const asked = verdict.has(r.instance_id)
        const ok = deliverableIn(verdict, r.instance_id)
        if (!asked && !ok) paused.push(r.instance_id)
        if (!ok) {
          blocked = true
          continue
        }
        const n = counts.get(r.webhook_id) ?? 0
        if (n >= claimCapPerWebhook) {
          if (!full.includes(r.webhook_id)) full.push(r.webhook_id)
          blocked = capped = true
          continue
        }
        counts.set(r.webhook_id, n + 1)
        picked.push(r.id)
      }
      claimed.push(...claim(db, picked, owner, t + leaseMs, t))
      if (!blocked) break
    }
    moreDue = capped || claimed.length >= limit
    return claimed
  }

  /** Outcomes waiting to be written: the next tick records them all and claims new rows in ONE transaction. */
  const finished: Array<{ c: ClaimedDelivery; released: true } | { c: ClaimedDelivery; released?: false; result: AttemptResultInput }> = []

  /** Gives a claimed row back unsent (written with the next tick); it is due again at once. */
  function giveBack(c: ClaimedDelivery): void {
    finished.push({ c, released: true })
    moreDue = true
    scheduleFlush()
  }

  async function deliver(c: ClaimedDelivery): Promise<void> {
    const at = now()
    const headers = deliveryHeaders({ eventId: c.eventId, body: c.body, secret: c.hmac, nowMs: at, userAgent, sample: isSampleBody(c.body) })
    const result = await postJson(dispatcher!, c.url, headers, c.body, timeoutMs, stopAbort.signal)
    if (result.status === undefined && stopAbort.signal.aborted) {
      finished.push({ c, released: true })
      return
    }
    const decidedAt = now()
    const decision = decide(result, c.attempts + 1, c.retries, policy, decidedAt, random)
    finished.push({
      c,
      result: { decision, statusCode: result.status ?? null, error: result.error ?? null, durationMs: result.durationMs, at, now: decidedAt }
    })
  }

  /** Writes finished outcomes (inside the caller's transaction); returns the attempt records for listeners. */
  function recordFinished(): AttemptRecord[] {
    const records: AttemptRecord[] = []
    for (const f of finished.splice(0)) {
      if (f.released) releaseLease(db, f.c.deliveryId, owner, now())
      else {
        const r = recordAttempt(db, f.c, owner, f.result)
        if (r) records.push(r)
      }
    }
    return records
  }

  function notify(records: AttemptRecord[]): void {
    if (!deps.onAttempt) return
    for (const r of records) {
      try {
        deps.onAttempt(r)
      } catch {
        /* a UI listener must not break delivery */
      }
    }
  }

  /** Rows whose lease got too short while they waited (a slow receiver ahead of them) go back to the queue. */
  function dropStale(t: number): void {
    if (!ready.some((c) => c.leaseUntil - t < minLeaseAtLaunch)) return
    const keep: ClaimedDelivery[] = []
    for (const c of ready) {
      if (c.leaseUntil - t < minLeaseAtLaunch) giveBack(c)
      else keep.push(c)
    }
    ready = keep
  }

  /** Starts ready rows while slots are free (oldest first, skipping webhooks at their cap). */
  function launchReady(): void {
    if (ready.length === 0 || inflight.size >= concurrency) return
    const t = now()
    dropStale(t)
    const keep: ClaimedDelivery[] = []
    const verdict = new Map<string, boolean>()
    for (const c of ready) {
      if (inflight.size >= concurrency || (perWebhookCount.get(c.webhookId) ?? 0) >= perWebhook) {
        keep.push(c)
        continue
      }
      // Stopped since it was claimed: back to the queue, where the next look leaves it until resume.
      if (!deliverableIn(verdict, c.instanceId)) giveBack(c)
      else launch(c)
    }
    ready = keep
  }

  /** Outcomes with nothing else to wake the worker are written within FLUSH_MS (attempts log, UI push). */
  function scheduleFlush(): void {
    if (flushTimer || finished.length === 0) return
    flushTimer = setTimeout(
      () => {
        flushTimer = null
        wake()
      },
      inflight.size ? FLUSH_BUSY_MS : FLUSH_MS
    )
    flushTimer.unref()
  }

  function launch(c: ClaimedDelivery): void {
    perWebhookCount.set(c.webhookId, (perWebhookCount.get(c.webhookId) ?? 0) + 1)
    const p = deliver(c)
      .catch((e: unknown) => warn({ err: e, deliveryId: c.deliveryId }, 'webhook delivery bookkeeping failed'))
      .finally(() => {
        inflight.delete(c.deliveryId)
        const n = (perWebhookCount.get(c.webhookId) ?? 1) - 1
        if (n <= 0) perWebhookCount.delete(c.webhookId)
        else perWebhookCount.set(c.webhookId, n)
        if (!running) return
        // The next POST starts from memory; the database is touched when the ready rows run low while more are
        // due, or when enough outcomes wait (one commit for the batch), else within FLUSH_MS.
        launchReady()
        if ((moreDue && ready.length <= refillAt) || finished.length >= FLUSH_AT) wake()
        else scheduleFlush()
      })
    inflight.set(c.deliveryId, p)
  }

  function tick(): void {
    if (timer) clearTimeout(timer)
    timer = null
    if (flushTimer) clearTimeout(flushTimer)
    flushTimer = null
    if (!running) return
    let wait = pollMs
    try {
      const t = now()
      dropStale(t)
      let records: AttemptRecord[] = []
      let claimed: ClaimedDelivery[] = []
      const want = capacity - inflight.size - ready.length
      // One commit per tick for all finished attempts plus the next claims (commits dominate the cost).
      if (finished.length || want > 0) {
        inTransaction(db, () => {
          records = recordFinished()
          housekeeping(t)
          if (want > 0) claimed = claimBatch(want)
        })
        commits++
      }
      if (want <= 0) moreDue = true
      if (claimed.length) ready = ready.concat(claimed)
      notify(records)
      launchReady()
      // More may be due: completions wake us. Otherwise sleep until the next scheduled retry (or the poll).
      if (!moreDue) {
        const next = nextDueAt(db, now())
        if (next !== null) wait = Math.min(pollMs, Math.max(0, next - now()))
      }
    } catch (e) {
      warn({ err: e }, 'webhook worker tick failed')
    }
    timer = setTimeout(tick, wait)
    timer.unref()
  }

  function wake(): void {
    if (!running || wakeQueued) return
    wakeQueued = true
    setImmediate(() => {
      wakeQueued = false
      tick()
    })
  }

  return {
    start() {
      if (running) return
      running = true
      stopAbort = new AbortController()
      if (!dispatcher) dispatcher = agent = createHttpAgent(concurrency)
      reclaimAllLeases(db, now())
      wake()
    },
    async stop() {
      if (!running) return
      running = false
      if (timer) clearTimeout(timer)
      timer = null
      if (flushTimer) clearTimeout(flushTimer)
      flushTimer = null
      // Claimed but not started: back to the queue untouched.
      for (const c of ready) finished.push({ c, released: true })
      ready = []
      const all = () => Promise.allSettled([...inflight.values()])
      let drainTimer: NodeJS.Timeout | undefined
      await Promise.race([all(), new Promise((r) => (drainTimer = setTimeout(r, stopDrainMs)))])
      clearTimeout(drainTimer)
      if (inflight.size) {
        stopAbort.abort()
        await all()
      }
      try {
        notify(inTransaction(db, recordFinished))
      } catch (e) {
        warn({ err: e }, 'webhook worker could not record the last attempts')
      }
      if (agent) {
        await agent.close().catch(() => undefined)
        agent = null
        dispatcher = deps.dispatcher ?? null
      }
    },
    wake,
    get running() {
      return running
    },
    inFlight: () => inflight.size,
    commits: () => commits
  }
}
