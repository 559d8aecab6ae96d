// The rate-limit policy catalogue (strict / standard_policy / unlimited), which plans may pick which, and
// each instance's persisted choice. Enforcement lives in the limiter; it reads policyOfInstance().
import { NEW_INSTANCE_POLICY } from '../domain/plans.js'
import type { Db } from '../db/connection.js'
import { getAccount } from '../db/repositories/accounts-repo.js'
import { getInstance, setInstancePolicy } from '../db/repositories/instances-repo.js'
import { hasActivePlan, type PlanTier } from '../domain/plans.js'
import type { PolicyLimits, PolicySlug } from './limits.js'

/** Every limit off: the unlimited policy's limits (tests start from these too). */
export const NO_LIMITS: Readonly<PolicyLimits> = Object.freeze({
  send_message_per_minute: null,
  send_message_daily_cap: null,
  account_protection_seconds: null,
  concurrent_limit: null,
  group_req_per_minute: null,
  group_daily_cap: null,
  check_req_per_minute: null,
  check_daily_cap: null
})

export interface PolicyDefinition {
  id: number
  slug: PolicySlug
  name: string
  description: string
  limits: PolicyLimits
  /** Selectable on the free plan. */
  free: boolean
}

/**
 * strict: the spec's values (8/min, 200/day, 60 s protection, 1 in flight); group and check rates chosen to match
 * its caution. standard_policy: our choice, about 2.5x strict, still well under what gets accounts flagged.
 * unlimited: our choice, no Switchboard-side limits at all (paid only; WhatsApp's own limits still apply).
 */
export const POLICIES: readonly PolicyDefinition[] = [
  {
    id: 1,
    slug: 'strict',
    name: 'Strict',
    description: 'Safest pacing for new or sensitive numbers: 8 messages a minute, 200 a day, one at a time.',
    free: true,
    limits: {
      send_message_per_minute: 8,
      send_message_daily_cap: 200,
      account_protection_seconds: 60,
      concurrent_limit: 1,
      group_req_per_minute: 4,
      group_daily_cap: 50,
      check_req_per_minute: 10,
      check_daily_cap: 300
    }
  },
  {
    id: 2,
    slug: 'standard_policy',
    name: 'Standard',
    description: 'Balanced pacing for warmed-up numbers: 20 messages a minute, 1000 a day, two at a time.',
    free: true,
    limits: {
      send_message_per_minute: 20,
      send_message_daily_cap: 1000,
      account_protection_seconds: 30,
      concurrent_limit: 2,
      group_req_per_minute: 10,
      group_daily_cap: 200,
      check_req_per_minute: 30,
      check_daily_cap: 1500
    }
  },
  {
    id: 3,
    slug: 'unlimited',
    name: 'Unlimited',
    description: 'No Switchboard-side pacing; the messaging network may still restrict a number that sends too fast.',
    free: false,
    limits: NO_LIMITS
  }
]

/**
 * The limits with the account protection window replaced by `seconds` (the operator's
 * SWITCHBOARD_ACCOUNT_PROTECTION_SECONDS / CoreOptions.accountProtectionSeconds), for the policies that have one:
 * a policy without a window (unlimited) keeps none. Undefined leaves the policy's own value (strict 60 s, standard 30 s).
 */
export function withProtectionSeconds(limits: Readonly<PolicyLimits>, seconds: number | undefined): Readonly<PolicyLimits> {
  if (seconds === undefined || limits.account_protection_seconds === null) return limits
  return { ...limits, account_protection_seconds: seconds }
}

/** SWITCHBOARD_ACCOUNT_PROTECTION_SECONDS: a whole number of seconds (0..3600), or undefined when unset or empty. */
export function parseProtectionSeconds(text: string | undefined): number | undefined {
  if (text === undefined || text === '') return undefined
  if (!/^\d{1,4}$/.test(text) || Number(text) > 3600) throw new Error(`SWITCHBOARD_ACCOUNT_PROTECTION_SECONDS must be a whole number of seconds 0..3600, got "${text}"`)
  return Number(text)
}

/** Policy of a new instance (the domain names it, so the instance lifecycle needs nothing from here). */
export const DEFAULT_POLICY_SLUG: PolicySlug = NEW_INSTANCE_POLICY

export const FREE_POLICY_SLUGS: PolicySlug[] = POLICIES.filter((p) => p.free).map((p) => p.slug)

export const findPolicy = (slug: string): PolicyDefinition | undefined => POLICIES.find((p) => p.slug === slug)

export const isPolicyAvailable = (policy: PolicyDefinition, plan: PlanTier): boolean => policy.free || hasActivePlan(plan)

/**
 * The policy a stored choice stands for under the account's plan: the choice while the plan allows it, else the
 * default (an unknown stored slug, or a paid policy after a downgrade to free; the choice is kept for an upgrade).
 */
export function policyInForce(storedSlug: string | undefined, plan: PlanTier | undefined): PolicyDefinition {
  const stored = findPolicy(storedSlug ?? DEFAULT_POLICY_SLUG)
  return stored && plan && isPolicyAvailable(stored, plan) ? stored : findPolicy(DEFAULT_POLICY_SLUG)!
}

/** The policy the limiter must apply to an instance (policyInForce of its stored choice and its account's plan). */
export function policyOfInstance(db: Db, instanceId: string): PolicyDefinition {
  const row = getInstance(db, instanceId)
  return policyInForce(row?.rate_policy, row && getAccount(db, row.account_id)?.plan)
}

export type SelectPolicyResult = { ok: true; policy: PolicyDefinition } | { ok: false; reason: 'invalid_policy' | 'subscription_required' }

/** Validates and persists an instance's choice. */
export function selectPolicy(db: Db, instanceId: string, slug: string, plan: PlanTier, now: number): SelectPolicyResult {
  const policy = findPolicy(slug)
  if (!policy) return { ok: false, reason: 'invalid_policy' }
  if (!isPolicyAvailable(policy, plan)) return { ok: false, reason: 'subscription_required' }
  setInstancePolicy(db, instanceId, policy.slug, now)
  return { ok: true, policy }
}
