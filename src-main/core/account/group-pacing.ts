// Group operations through the instance's rate-limit policy (group_req_per_minute, group_daily_cap): each
// mutation takes a slot of the shared queue and counts once it succeeds. A call waits for its slot only
// briefly (maxWaitMs); a longer wait answers 429 rate_limited with retry_after_ms instead of holding the
// HTTP request, and the daily cap answers 429 daily_cap_reached with resets_at.
import type { RateLimiter, SendQueue } from '../rate-limit/index.js'
import { RateLimitError } from '../rate-limit/index.js'

export const GROUP_MAX_WAIT_MS = 20_000

export interface GroupPacer {
  run<T>(instanceId: string, job: () => Promise<T>): Promise<T>
}

export interface GroupPacerOptions {
  maxWaitMs?: number
}

export function createGroupPacer(rate: { limiter: RateLimiter; queue: SendQueue } | undefined, o: GroupPacerOptions = {}): GroupPacer {
  const maxWaitMs = o.maxWaitMs ?? GROUP_MAX_WAIT_MS
  return {
    async run(instanceId, job) {
      if (!rate) return job()
      const { limiter, queue } = rate
      const ahead = queue.length(instanceId, 'group')
      const denial = limiter.check(instanceId, 'group', { pending: ahead })
      if (denial?.reason === 'daily_cap') throw new RateLimitError(denial)
      // The limiter's own clock: its estimates are in that time (a ManualClock in tests), not Date.now's.
      const waitMs = limiter.estimate(instanceId, 'group', ahead) - limiter.now()
      if (waitMs > maxWaitMs) {
        const perMinute = limiter.snapshot(instanceId).group.perMinute ?? 0
        throw new RateLimitError({ ok: false, kind: 'group', reason: 'per_minute', retryAfterMs: Math.ceil(waitMs), limit: perMinute })
      }
      const submitted = queue.submit(instanceId, 'group', job, { countOnSuccess: true })
      if (submitted.status === 'rejected') throw submitted.error
      return submitted.result
    }
  }
}
