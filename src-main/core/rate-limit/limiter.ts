// Per-instance admission control for a policy's limits (null = unlimited). Checks, in order:
// daily cap (local calendar day, persisted, counting sends in flight and callers' pending ones), account
// protection (sends only: none for account_protection_seconds after markWorking), concurrency (sends only:
// in-flight sends), per-minute rate (GCRA, burst 1 by default: requests spaced 60/N s apart, so never more
// than N in any 60 s window, and no bursts that look like spam). A rate or cap of 0 allows nothing.
import type { Db } from '../db/connection.js'
import { localDayKey, nextLocalMidnight } from './calendar.js'
import { dailyCount, LIMIT_KINDS, loadTat, recordSent, saveTat, type LimitKind } from './counters-repo.js'
import { gcra, gcraNextAllowedAt } from './gcra.js'
import type { PolicyLimits } from './limits.js'
import { RecentWindow } from './recent-window.js'

export type DenyReason = 'per_minute' | 'daily_cap' | 'protection' | 'concurrency'

export interface Admission {
  ok: true
  kind: LimitKind
  /** Frees the in-flight slot (idempotent). Call when the operation ends, whatever the outcome. */
  release(): void
  /** recordSent() in its own statement, then release(): for operations not tied to an outbound row. */
  commit(at?: number): void
}

export interface Denial {
  ok: false
  kind: LimitKind
  reason: DenyReason
  /** When to try again (for concurrency a hint: a slot frees when an in-flight send ends). */
  retryAfterMs: number
  /** Daily cap: next local midnight (ms). */
  resetsAt?: number
  /** The limit that refused. */
  limit: number
}

export interface KindSnapshot {
  perMinute: number | null
  dailyCap: number | null
  today: number
  remainingToday: number | null
  /** Admissions during the last 60 s. */
  lastMinute: number
  inFlight: number
  /** Earliest time the rate would admit the next one. */
  nextSlotAt: number
}

export interface LimiterSnapshot {
  instanceId: string
  at: number
  day: string
  resetsAt: number
  protectionUntil: number | null
  concurrentLimit: number | null
  send: KindSnapshot
  group: KindSnapshot
  check: KindSnapshot
  queueLength: number
}

export interface RateLimiterDeps {
  db: Db
  /** The instance's current policy limits (read on every call, so a policy change applies at once). */
  limitsFor: (instanceId: string) => PolicyLimits
  now?: () => number
}

export interface RateLimiterOptions {
  /** GCRA burst: admissions allowed back to back before spacing applies (1 = strictly even spacing). */
  burst?: number
}

export interface RateLimiter {
  admit(instanceId: string, kind: LimitKind, opts?: { pending?: number }): Admission | Denial
  /** What admit() would refuse, without taking anything; `pending` = admissions already promised (a queue). */
  check(instanceId: string, kind: LimitKind, opts?: { pending?: number }): Denial | null
  /** Estimated time at which the admission after `ahead` others would pass (for queue ETAs). */
  estimate(instanceId: string, kind: LimitKind, ahead: number): number
  /** The session became WORKING at `at`: starts the account protection window. */
  markWorking(instanceId: string, at?: number): void
  /** Restart: forget in-flight slots (late release() calls of the old run are ignored). Counters stay. */
  purge(instanceId: string): void
  /** Instance deleted: drop its in-memory state (its rows go with deleteInstanceRateState). */
  forget(instanceId: string): void
  snapshot(instanceId: string, opts?: { queueLength?: number }): LimiterSnapshot
  /** Called after every release (the send queue uses it to start waiting jobs). */
  onRelease(listener: (instanceId: string, kind: LimitKind) => void): () => void
  /** The limiter's clock (the core's Clock): callers comparing with estimate() must use this, not Date.now. */
  now(): number
}

const RULES: Record<LimitKind, { perMinute: keyof PolicyLimits; daily: keyof PolicyLimits }> = {
  send: { perMinute: 'send_message_per_minute', daily: 'send_message_daily_cap' },
  group: { perMinute: 'group_req_per_minute', daily: 'group_daily_cap' },
  check: { perMinute: 'check_req_per_minute', daily: 'check_daily_cap' }
}

const CONCURRENCY_RETRY_HINT_MS = 1000

interface InstanceState {
  generation: number
  inFlight: Record<LimitKind, number>
  tat: Partial<Record<LimitKind, number>>
  workingSince: number | null
  recent: Record<LimitKind, RecentWindow>
}

export function createRateLimiter(deps: RateLimiterDeps, options: RateLimiterOptions = {}): RateLimiter {
  const { db, limitsFor } = deps
  const now = deps.now ?? Date.now
  const burst = Math.max(1, options.burst ?? 1)
  const states = new Map<string, InstanceState>()
  const listeners = new Set<(instanceId: string, kind: LimitKind) => void>()

  const state = (id: string): InstanceState => {
    let s = states.get(id)
    if (!s) {
      s = {
        generation: 0,
        inFlight: { send: 0, group: 0, check: 0 },
        tat: {},
        workingSince: null,
        recent: { send: new RecentWindow(), group: new RecentWindow(), check: new RecentWindow() }
      }
      states.set(id, s)
    }
    return s
  }

  const tatOf = (id: string, s: InstanceState, kind: LimitKind): number => (s.tat[kind] ??= loadTat(db, id, kind))

  const protectionUntil = (s: InstanceState, limits: PolicyLimits): number | null => {
    const secs = limits.account_protection_seconds
    return secs !== null && secs > 0 && s.workingSince !== null ? s.workingSince + secs * 1000 : null
  }

  function evaluate(id: string, kind: LimitKind, t: number, pending: number): Denial | null {
    const limits = limitsFor(id)
    const s = state(id)
    const rule = RULES[kind]
    const cap = limits[rule.daily]
    if (cap !== null) {
      const used = dailyCount(db, id, kind, t) + s.inFlight[kind] + pending
      if (used >= cap) {
        const resetsAt = nextLocalMidnight(t)
        return { ok: false, kind, reason: 'daily_cap', retryAfterMs: resetsAt - t, resetsAt, limit: cap }
      }
    }
    if (kind === 'send') {
      const until = protectionUntil(s, limits)
      if (until !== null && t < until) {
        return { ok: false, kind, reason: 'protection', retryAfterMs: until - t, limit: limits.account_protection_seconds ?? 0 }
      }
      const conc = limits.concurrent_limit
      if (conc !== null && s.inFlight.send >= Math.max(1, conc)) {
        return { ok: false, kind, reason: 'concurrency', retryAfterMs: CONCURRENCY_RETRY_HINT_MS, limit: Math.max(1, conc) }
      }
    }
    const rate = limits[rule.perMinute]
    if (rate !== null) {
      if (rate <= 0) return { ok: false, kind, reason: 'per_minute', retryAfterMs: 60_000, limit: rate }
      const g = gcra(tatOf(id, s, kind), t, 60_000 / rate, burst)
      if (!g.allowed) return { ok: false, kind, reason: 'per_minute', retryAfterMs: Math.ceil(g.retryAfterMs), limit: rate }
    }
    return null
  }

  function kindSnapshot(id: string, s: InstanceState, limits: PolicyLimits, kind: LimitKind, t: number): KindSnapshot {
    const rule = RULES[kind]
    const rate = limits[rule.perMinute]
    const cap = limits[rule.daily]
    const today = dailyCount(db, id, kind, t)
    return {
      perMinute: rate,
      dailyCap: cap,
      today,
      remainingToday: cap === null ? null : Math.max(0, cap - today - s.inFlight[kind]),
      lastMinute: s.recent[kind].count(t),
      inFlight: s.inFlight[kind],
      nextSlotAt: rate !== null && rate > 0 ? gcraNextAllowedAt(tatOf(id, s, kind), t, 60_000 / rate, burst) : t
    }
  }

  return {
    admit(id, kind, opts = {}) {
      const t = now()
      const denial = evaluate(id, kind, t, opts.pending ?? 0)
      if (denial) return denial
      const s = state(id)
      const rate = limitsFor(id)[RULES[kind].perMinute]
      if (rate !== null) {
        s.tat[kind] = gcra(tatOf(id, s, kind), t, 60_000 / rate, burst).tat
        saveTat(db, id, kind, s.tat[kind]!)
      }
      s.inFlight[kind]++
      s.recent[kind].push(t)
      const generation = s.generation
      let released = false
      let committed = false
      const release = () => {
        if (released) return
        released = true
        if (s.generation === generation && states.get(id) === s) s.inFlight[kind]--
        for (const l of listeners) l(id, kind)
      }
      return {
        ok: true,
        kind,
        release,
        commit(at = now()) {
          if (!committed) recordSent(db, id, kind, at)
          committed = true
          release()
        }
      }
    },
    check: (id, kind, opts = {}) => evaluate(id, kind, now(), opts.pending ?? 0),
    estimate(id, kind, ahead) {
      const t = now()
      const limits = limitsFor(id)
      const s = state(id)
      let start = t
      if (kind === 'send') start = Math.max(start, protectionUntil(s, limits) ?? t)
      const rate = limits[RULES[kind].perMinute]
      if (rate === null || rate <= 0) return start
      const interval = 60_000 / rate
      start = Math.max(start, gcraNextAllowedAt(tatOf(id, s, kind), t, interval, burst))
      return Math.round(start + Math.max(0, ahead) * interval)
    },
    markWorking(id, at = now()) {
      state(id).workingSince = at
    },
    purge(id) {
      const s = state(id)
      s.generation++
      for (const k of LIMIT_KINDS) s.inFlight[k] = 0
    },
    forget(id) {
      states.delete(id)
    },
    snapshot(id, opts = {}) {
      const t = now()
      const limits = limitsFor(id)
      const s = state(id)
      return {
        instanceId: id,
        at: t,
        day: localDayKey(t),
        resetsAt: nextLocalMidnight(t),
        protectionUntil: protectionUntil(s, limits),
        concurrentLimit: limits.concurrent_limit,
        send: kindSnapshot(id, s, limits, 'send', t),
        group: kindSnapshot(id, s, limits, 'group', t),
        check: kindSnapshot(id, s, limits, 'check', t),
        queueLength: opts.queueLength ?? 0
      }
    },
    onRelease(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    now: () => now()
  }
}
