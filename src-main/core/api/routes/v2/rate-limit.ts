// GET/PATCH /v2/session/rate-limit: list the policies and select one for an instance (persisted).
import { Type } from '@sinclair/typebox'
import type { FastifyInstance } from 'fastify'
import type { AccountRow } from '../../../db/repositories/accounts-repo.js'
import { coreErrors } from '../../../domain/core-errors.js'
import { hasActivePlan } from '../../../domain/plans.js'
import type { ApiDeps } from '../../api-deps.js'
import { authInstance } from '../../plugins/auth.js'
import { stringParam } from '../../request-params.js'
import { CREDENTIALS_NOTE, instanceQuery, statusVariantErrors } from '../../schemas/common.js'

const tags = ['Rate limit']
const Limit = Type.Union([Type.Integer(), Type.Null()])
const Policy = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  slug: Type.String(),
  description: Type.String(),
  limits: Type.Object({
    send_message_per_minute: Limit,
    send_message_daily_cap: Limit,
    account_protection_seconds: Limit,
    concurrent_limit: Limit,
    group_req_per_minute: Limit,
    group_daily_cap: Limit,
    check_req_per_minute: Limit,
    check_daily_cap: Limit
  }, { description: 'null = no limit' }),
  available: Type.Boolean()
})
const PolicyList = Type.Object({
  status: Type.Literal('success'),
  message: Type.Optional(Type.String()),
  current_policy: Type.String(),
  has_active_plan: Type.Boolean(),
  free_policies: Type.Array(Type.String()),
  policies: Type.Array(Policy)
})

const DESCRIPTION = `Policies: strict (spec values: 8 messages/min, 200/day, 60 s protection after connecting, 1 in flight), standard_policy (our values: 20/min, 1000/day, 30 s, 2 in flight) and unlimited (no Switchboard-side limits; paid plan only). New instances use strict. Errors use {status:"error", code, message}: 400 missing_params, 401 invalid_credentials, 400 invalid_policy, 403 subscription_required with free_policies. ${CREDENTIALS_NOTE}`

export async function rateLimitRoutes(app: FastifyInstance, deps: ApiDeps): Promise<void> {
  const { policies } = deps.services
  /** `only`: that policy alone (invalid_policy when unknown). */
  const listing = (account: AccountRow, instanceId: string, only?: string) => ({
    status: 'success' as const,
    current_policy: policies.current(instanceId).slug,
    has_active_plan: hasActivePlan(account.plan),
    free_policies: policies.freeSlugs,
    policies: policies.choices(account.plan, only).map(({ policy: p, available }) => ({ id: p.id, name: p.name, slug: p.slug, description: p.description, limits: p.limits, available }))
  })
  const config = { auth: 'instance' as const, errorVariant: 'status' as const }

  app.get('/v2/session/rate-limit', {
    config,
    schema: {
      tags,
      summary: 'Rate-limit policies of an instance',
      description: `${DESCRIPTION} The optional policy_slug narrows policies to that one.`,
      querystring: instanceQuery({ policy_slug: Type.Optional(Type.String()) }),
      response: { 200: PolicyList, ...statusVariantErrors }
    }
  }, async (request) => {
    const { account, instance } = authInstance(request)
    return listing(account, instance.id, stringParam(request.input, 'policy_slug'))
  })

  app.patch('/v2/session/rate-limit', {
    config,
    schema: {
      tags,
      summary: 'Select the rate-limit policy of an instance',
      description: `policy_slug (query or JSON body) is required. The choice persists across restarts. ${DESCRIPTION}`,
      querystring: instanceQuery({ policy_slug: Type.Optional(Type.String()) }),
      response: { 200: PolicyList, ...statusVariantErrors }
    }
  }, async (request) => {
    const { account, instance } = authInstance(request)
    const slug = stringParam(request.input, 'policy_slug')
    if (!slug) throw coreErrors.missingParam(['policy_slug'])
    const policy = policies.select(instance.id, slug, account.plan, `The policy ${slug}`)
    return { ...listing(account, instance.id), message: `Rate-limit policy set to ${policy.slug}` }
  })
}
