// The core's one limiter and send queue (sends, group operations, number checks; see README.md), assembled once for
// the composition root: each instance's limits are those of its policy in force, with the account protection
// window replaced when the host asks for one. The root closes the queue in its shutdown order.
import type { Db } from '../db/connection.js'
import { systemClock, type Clock } from './clock.js'
import { createRateLimiter, type RateLimiter } from './limiter.js'
import { parseProtectionSeconds, policyOfInstance, withProtectionSeconds } from './policies.js'
import { createSendQueue, type SendQueue } from './send-queue.js'

export interface RateLimitModuleOptions {
  db: Db
  /** Tests: ManualClock. Default: the system clock. */
  clock?: Clock
  /** Replaces the protection window of the policies that have one (default env SWITCHBOARD_ACCOUNT_PROTECTION_SECONDS, else the policy's own). */
  accountProtectionSeconds?: number
}

export interface RateLimitModule {
  clock: Clock
  limiter: RateLimiter
  queue: SendQueue
}

export function assembleRateLimitModule(o: RateLimitModuleOptions): RateLimitModule {
  const clock = o.clock ?? systemClock
  const protectionSeconds = o.accountProtectionSeconds ?? parseProtectionSeconds(process.env.SWITCHBOARD_ACCOUNT_PROTECTION_SECONDS)
  const limiter = createRateLimiter({ db: o.db, limitsFor: (id) => withProtectionSeconds(policyOfInstance(o.db, id).limits, protectionSeconds), now: () => clock.now() })
  return { clock, limiter, queue: createSendQueue({ limiter, clock }) }
}
