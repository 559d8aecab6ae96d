// Shared helpers of the bridge handlers: the acting account, ownership checks, DTO mapping of instances.
import type { InstanceDto } from '../../../../src-preload/contract/dto.js'
import { DEFAULT_ACCOUNT_ID, getAccount, type AccountRow } from '../../db/repositories/accounts-repo.js'
import { getOwnedInstance, rowMe, type InstanceRow } from '../../db/repositories/instances-repo.js'
import { coreErrors } from '../../domain/core-errors.js'
import type { PlanTier } from '../../domain/plans.js'
import { policyInForce } from '../../rate-limit/policies.js'
import type { BridgeServices } from '../services.js'

/** Mirrors the API's server_name (routes/v2/session-lifecycle.ts): one local server. */
export const SERVER_NAME = 'switchboard-local'

export const nowOf = (s: BridgeServices): number => (s.now ?? Date.now)()

export function accountOf(s: BridgeServices): AccountRow {
  const account = getAccount(s.db, s.accountId ?? DEFAULT_ACCOUNT_ID)
  if (!account) throw coreErrors.invalidAccessToken()
  return account
}

/** The instance if it belongs to the acting account; otherwise it "does not exist", as in the API. */
export function ownedRow(s: BridgeServices, instanceId: string): InstanceRow {
  const row = getOwnedInstance(s.db, accountOf(s).id, instanceId.toUpperCase())
  if (!row) throw coreErrors.invalidSession()
  return row
}

/** `plan`: the owning account's, which decides the policy in force (a paid choice runs as strict on free). */
export function instanceDto(row: InstanceRow, plan: PlanTier): InstanceDto {
  const me = rowMe(row)
  const policy = policyInForce(row.rate_policy, plan)
  return {
    id: row.id,
    name: row.session_name,
    status: row.status,
    statusReason: row.status_reason,
    me,
    number: me ? me.id.split('@')[0]!.split(':')[0]! : null,
    serverName: SERVER_NAME,
    policy: policy.slug,
    policyName: policy.name,
    createdAt: row.created_at
  }
}
