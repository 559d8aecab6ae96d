// Plan tiers of API accounts and their instance quotas (free 2, paid unlimited by default; configurable).

export const PLAN_TIERS = ['free', 'paid'] as const
export type PlanTier = (typeof PLAN_TIERS)[number]

export interface PlanCatalogue {
  /** Maximum live instances per account; null = unlimited. */
  instanceQuota: Record<PlanTier, number | null>
}

export const DEFAULT_PLANS: PlanCatalogue = { instanceQuota: { free: 2, paid: null } }

export const isPlanTier = (value: string): value is PlanTier => (PLAN_TIERS as readonly string[]).includes(value)

export const hasActivePlan = (plan: PlanTier): boolean => plan === 'paid'

/**
 * The instance quota in force for an account: its own override when set (-1 = unlimited, as stored), else its
 * plan's. null = unlimited.
 */
export function instanceQuotaOf(plans: PlanCatalogue, account: { plan: PlanTier; instance_quota: number | null }): number | null {
  if (account.instance_quota === null) return plans.instanceQuota[account.plan]
  return account.instance_quota < 0 ? null : account.instance_quota
}

/** The rate-limit policy a new instance starts on (rate-limit/policies.ts defines it; the lifecycle only stores it). */
export const NEW_INSTANCE_POLICY = 'strict'
