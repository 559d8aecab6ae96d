// The rate-limit policies as both front doors see them: the policy in force, the catalogue with what the plan
// allows, the checked and persisted choice, and the live counters of the send queue. The API and the UI word
// their answers; the rule lives here once.
import type { Db } from '../db/connection.js'
import { coreErrors } from '../domain/core-errors.js'
import type { PlanTier } from '../domain/plans.js'
import type { LimiterSnapshot } from './limiter.js'
import { FREE_POLICY_SLUGS, findPolicy, isPolicyAvailable, POLICIES, policyOfInstance, selectPolicy, type PolicyDefinition } from './policies.js'

export interface PolicyChoice {
  policy: PolicyDefinition
  /** Selectable on the account's plan. */
  available: boolean
}

export interface PolicyServiceDeps {
  db: Db
  /** The send queue (its snapshot carries the queue length). */
  counters: { snapshot(instanceId: string): LimiterSnapshot }
  /** Time stamp of a changed choice. */
  now: () => number
}

export class PolicyService {
  /** The slugs a free plan may pick (the 403's free_policies). */
  readonly freeSlugs: readonly string[] = FREE_POLICY_SLUGS

  constructor(private readonly deps: PolicyServiceDeps) {}

  /** The policy the limiter applies to the instance now. */
  current(instanceId: string): PolicyDefinition {
    return policyOfInstance(this.deps.db, instanceId)
  }

  /** Every policy (or the one named `only`: invalid_policy when unknown) with its availability on `plan`. */
  choices(plan: PlanTier, only?: string): PolicyChoice[] {
    if (only !== undefined && !findPolicy(only)) throw this.invalid(only)
    return POLICIES.filter((p) => only === undefined || p.slug === only).map((policy) => ({ policy, available: isPolicyAvailable(policy, plan) }))
  }

  /**
   * Persists the instance's choice: invalid_policy for an unknown slug, subscription_required (with
   * free_policies) for a paid one on the free plan. `feature` names the policy in that 403's message.
   */
  select(instanceId: string, slug: string, plan: PlanTier, feature: string): PolicyDefinition {
    const result = selectPolicy(this.deps.db, instanceId, slug, plan, this.deps.now())
    if (result.ok) return result.policy
    if (result.reason === 'invalid_policy') throw this.invalid(slug)
    const error = coreErrors.subscriptionRequired(feature)
    error.details!.free_policies = FREE_POLICY_SLUGS
    throw error
  }

  /** Sends in the last minute and today, the queue length, the daily reset and the account protection. */
  counters(instanceId: string): LimiterSnapshot {
    return this.deps.counters.snapshot(instanceId)
  }

  private invalid(slug: string) {
    return coreErrors.invalidPolicy(slug, POLICIES.map((p) => p.slug))
  }
}
