// policies.*: the instance's rate-limit policy, every policy with its limits and availability on the plan, and
// live counters (from the send queue when messaging runs it, else the persisted daily count).
import type { PoliciesDto, RateCountersDto } from '../../../../src-preload/contract/dto.js'
import { coreErrors } from '../../domain/core-errors.js'
import { hasActivePlan } from '../../domain/plans.js'
import { FREE_POLICY_SLUGS, isPolicyAvailable, POLICIES, policyOfInstance, selectPolicy } from '../../rate-limit/policies.js'
import { dailyCount } from '../../rate-limit/counters-repo.js'
import { nextLocalMidnight } from '../../rate-limit/calendar.js'
import type { BridgeServices } from '../services.js'
import { accountOf, nowOf, ownedRow } from './context.js'
import type { HandlersOf } from './types.js'

export function policyHandlers(s: BridgeServices): HandlersOf<'policies'> {
  const counters = (instanceId: string): RateCountersDto => {
    const snap = s.rateLimits?.snapshot(instanceId)
    if (snap) {
      return { sentLastMinute: snap.send.lastMinute, sentToday: snap.send.today, queueLength: snap.queueLength, resetsAt: snap.resetsAt, protectionUntil: snap.protectionUntil }
    }
    const now = nowOf(s)
    return { sentLastMinute: null, sentToday: dailyCount(s.db, instanceId, 'send', now), queueLength: null, resetsAt: nextLocalMidnight(now), protectionUntil: null }
  }

  const view = (instanceId: string): PoliciesDto => {
    const account = accountOf(s)
    return {
      instanceId,
      current: policyOfInstance(s.db, instanceId).slug,
      hasActivePlan: hasActivePlan(account.plan),
      policies: POLICIES.map((p) => ({ slug: p.slug, name: p.name, description: p.description, limits: { ...p.limits }, available: isPolicyAvailable(p, account.plan) })),
      counters: counters(instanceId)
    }
  }

  return {
    'policies.get': ({ instanceId }) => view(ownedRow(s, instanceId).id),
    'policies.set': ({ instanceId, slug }) => {
      const row = ownedRow(s, instanceId)
      const result = selectPolicy(s.db, row.id, slug, accountOf(s).plan, nowOf(s))
      if (!result.ok) {
        if (result.reason === 'invalid_policy') throw coreErrors.invalidPolicy(slug, POLICIES.map((p) => p.slug))
        const error = coreErrors.subscriptionRequired(`The ${slug} policy`)
        error.details!.free_policies = FREE_POLICY_SLUGS
        throw error
      }
      return view(row.id)
    }
  }
}
