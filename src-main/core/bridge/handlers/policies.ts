// policies.*: the instance's rate-limit policy, every policy with its limits and availability on the plan, and
// the send queue's live counters (services.policies).
import type { PoliciesDto, RateCountersDto } from '../../../../src-preload/contract/dto.js'
import { hasActivePlan } from '../../domain/plans.js'
import type { BridgeContext } from './context.js'
import type { HandlersOf } from './types.js'

export function policyHandlers({ services: { policies }, account, owned }: BridgeContext): HandlersOf<'policies'> {
  const counters = (instanceId: string): RateCountersDto => {
    const snap = policies.counters(instanceId)
    return { sentLastMinute: snap.send.lastMinute, sentToday: snap.send.today, queueLength: snap.queueLength, resetsAt: snap.resetsAt, protectionUntil: snap.protectionUntil }
  }

  const view = (instanceId: string): PoliciesDto => {
    const { plan } = account()
    return {
      instanceId,
      current: policies.current(instanceId).slug,
      hasActivePlan: hasActivePlan(plan),
      policies: policies.choices(plan).map(({ policy: p, available }) => ({ slug: p.slug, name: p.name, description: p.description, limits: { ...p.limits }, available })),
      counters: counters(instanceId)
    }
  }

  return {
    'policies.get': ({ instanceId }) => view(owned(instanceId).id),
    'policies.set': ({ instanceId, slug }) => {
      const row = owned(instanceId)
      policies.select(row.id, slug, account().plan, `The ${slug} policy`)
      return view(row.id)
    }
  }
}
