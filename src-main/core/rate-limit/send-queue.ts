// Per-instance FIFO (one per instance and kind) that holds operations the limiter cannot admit yet
// (per-minute rate, protection window, concurrency) and runs them in order when it can. The send route
// answers 202 with the position and ETA of a queued job. Over the daily cap (counting what is already
// queued) a job is refused at once. In memory: the send pipeline keeps queued sends durable on its outbound rows
// and re-submits them after an app restart (messaging/send/); an instance restart purges the queue (spec).
import type { Clock } from './clock.js'
import { systemClock } from './clock.js'
import type { LimitKind } from './counters-repo.js'
import { QueueFullError, QueuePurgedError, RateLimitError } from './errors.js'
import type { Denial, LimiterSnapshot, RateLimiter } from './limiter.js'

export interface JobContext {
  instanceId: string
  kind: LimitKind
  /** When the limiter admitted the job. */
  admittedAt: number
}

export interface SubmitOptions {
  /**
   * Count the job in the daily counter when it resolves (own statement). Leave false for sends whose
   * counting happens in the transaction that marks the outbound row sent (recordSent).
   */
  countOnSuccess?: boolean
}

export type SubmitResult<T> =
  | { status: 'started'; result: Promise<T> }
  | { status: 'queued'; jobId: number; position: number; etaAt: number; etaMs: number; reason: Denial['reason']; result: Promise<T> }
  | { status: 'rejected'; error: RateLimitError | QueueFullError }

export interface QueuePosition {
  position: number
  etaAt: number
  /** Why it waits now: the head waits for what the limiter refuses; later ones also for their turn (spacing). */
  reason: Denial['reason']
}

export interface SendQueue {
  submit<T>(instanceId: string, kind: LimitKind, job: (ctx: JobContext) => Promise<T>, opts?: SubmitOptions): SubmitResult<T>
  /** Current place of a queued job (null once it started or was purged). */
  position(instanceId: string, kind: LimitKind, jobId: number): QueuePosition | null
  length(instanceId: string, kind?: LimitKind): number
  /** Restart: rejects every waiting job with QueuePurgedError and purges the limiter's in-flight slots. */
  purge(instanceId: string): number
  /** Limiter snapshot with this queue's length (sends) filled in. */
  snapshot(instanceId: string): LimiterSnapshot
  close(): void
}

export interface SendQueueDeps {
  limiter: RateLimiter
  clock?: Clock
}

export interface SendQueueOptions {
  /** Waiting jobs per instance and kind. */
  maxLength?: number
}

interface Item {
  id: number
  job: (ctx: JobContext) => Promise<unknown>
  countOnSuccess: boolean
  resolve: (v: unknown) => void
  reject: (e: unknown) => void
}

interface Lane {
  instanceId: string
  kind: LimitKind
  items: Item[]
  cancelTimer: (() => void) | null
}

export function createSendQueue(deps: SendQueueDeps, options: SendQueueOptions = {}): SendQueue {
  const { limiter } = deps
  const clock = deps.clock ?? systemClock
  const maxLength = options.maxLength ?? 1000
  const lanes = new Map<string, Lane>()
  let nextId = 1

  const keyOf = (instanceId: string, kind: LimitKind) => `${kind}\u0000${instanceId}`
  const lane = (instanceId: string, kind: LimitKind): Lane => {
    const key = keyOf(instanceId, kind)
    let l = lanes.get(key)
    if (!l) lanes.set(key, (l = { instanceId, kind, items: [], cancelTimer: null }))
    return l
  }

  function run(l: Lane, item: Item, admission: Extract<ReturnType<RateLimiter['admit']>, { ok: true }>): void {
    const ctx: JobContext = { instanceId: l.instanceId, kind: l.kind, admittedAt: clock.now() }
    Promise.resolve()
      .then(() => item.job(ctx))
      .then(
        (v) => {
          if (item.countOnSuccess) admission.commit()
          else admission.release()
          item.resolve(v)
        },
        (e: unknown) => {
          admission.release()
          item.reject(e)
        }
      )
  }

  /** Starts every head job the limiter admits; arms a timer for the next one. */
  function pump(l: Lane): void {
    l.cancelTimer?.()
    l.cancelTimer = null
    while (l.items.length) {
      const head = l.items[0]!
      const a = limiter.admit(l.instanceId, l.kind)
      if (a.ok) {
        l.items.shift()
        run(l, head, a)
        continue
      }
      if (a.reason === 'daily_cap') {
        // Reached by traffic that bypassed the queue: nothing queued can go today.
        for (const item of l.items.splice(0)) item.reject(new RateLimitError(a))
        break
      }
      l.cancelTimer = clock.setTimer(() => pump(l), a.retryAfterMs)
      break
    }
  }

  const unsubscribe = limiter.onRelease((instanceId, kind) => {
    const l = lanes.get(keyOf(instanceId, kind))
    if (l?.items.length) queueMicrotask(() => pump(l))
  })

  return {
    submit<T>(instanceId: string, kind: LimitKind, job: (ctx: JobContext) => Promise<T>, opts: SubmitOptions = {}): SubmitResult<T> {
      const l = lane(instanceId, kind)
      let resolve!: (v: unknown) => void
      let reject!: (e: unknown) => void
      const result = new Promise<T>((res, rej) => {
        resolve = res as (v: unknown) => void
        reject = rej
      })
      const item: Item = { id: nextId++, job, countOnSuccess: opts.countOnSuccess ?? false, resolve, reject }
      if (l.items.length === 0) {
        const a = limiter.admit(instanceId, kind)
        if (a.ok) {
          run(l, item, a)
          return { status: 'started', result }
        }
        if (a.reason === 'daily_cap') return { status: 'rejected', error: new RateLimitError(a) }
      } else {
        const denial = limiter.check(instanceId, kind, { pending: l.items.length })
        if (denial?.reason === 'daily_cap') return { status: 'rejected', error: new RateLimitError(denial) }
        if (l.items.length >= maxLength) {
          return { status: 'rejected', error: new QueueFullError('queue_full', `${l.items.length} operations already wait for this instance`) }
        }
      }
      l.items.push(item)
      const reason = limiter.check(instanceId, kind)?.reason ?? 'concurrency'
      if (!l.cancelTimer) pump(l)
      const position = l.items.indexOf(item) + 1
      if (position === 0) return { status: 'started', result } // admitted by the pump right away
      const etaAt = limiter.estimate(instanceId, kind, position - 1)
      return { status: 'queued', jobId: item.id, position, etaAt, etaMs: Math.max(0, etaAt - clock.now()), reason, result }
    },
    position(instanceId, kind, jobId) {
      const l = lanes.get(keyOf(instanceId, kind))
      const i = l ? l.items.findIndex((it) => it.id === jobId) : -1
      if (i < 0) return null
      const etaAt = limiter.estimate(instanceId, kind, i)
      const head = limiter.check(instanceId, kind)?.reason ?? 'concurrency'
      // Behind others and later than the head's slot: it waits for the spacing of the per-minute rate.
      const reason = i > 0 && etaAt > limiter.estimate(instanceId, kind, 0) ? 'per_minute' : head
      return { position: i + 1, etaAt, reason }
    },
    length(instanceId, kind) {
      const kinds: LimitKind[] = kind ? [kind] : ['send', 'group', 'check']
      return kinds.reduce((n, k) => n + (lanes.get(keyOf(instanceId, k))?.items.length ?? 0), 0)
    },
    purge(instanceId) {
      let purged = 0
      for (const [key, l] of lanes) {
        if (l.instanceId !== instanceId) continue
        l.cancelTimer?.()
        for (const item of l.items.splice(0)) {
          purged++
          item.reject(new QueuePurgedError('queue_purged', 'the instance restarted; queued operations were dropped'))
        }
        lanes.delete(key)
      }
      limiter.purge(instanceId)
      return purged
    },
    snapshot(instanceId) {
      return limiter.snapshot(instanceId, { queueLength: this.length(instanceId, 'send') })
    },
    close() {
      unsubscribe()
      for (const l of lanes.values()) {
        l.cancelTimer?.()
        for (const item of l.items.splice(0)) item.reject(new QueuePurgedError('queue_purged', 'the queue was closed'))
      }
      lanes.clear()
    }
  }
}
