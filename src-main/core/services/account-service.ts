// API accounts as the owner manages them (issue 13 item 7): add (the token is shown once), list (never a token, a
// 4-character hint), rotate, set plan/quota, remove. Tokens are 256-bit random and only their SHA-256 hash is stored,
// like the default account's; the default account (the owner, whose token also lives in secrets.json) is never removed.
import { randomBytes } from 'node:crypto'
import type { Db } from '../db/connection.js'
import { rotateDefaultToken } from '../db/default-account.js'
import {
  deleteAccount,
  getAccount,
  insertAccount,
  listAccounts,
  setAccountPlan,
  setAccountQuota,
  setAccountToken,
  type AccountRow
} from '../db/repositories/accounts-repo.js'
import { countAccountInstances, listAccountInstances } from '../db/repositories/instances-repo.js'
import { revokeTempLinks } from '../db/repositories/temp-links-repo.js'
import { domainError, type CodedError } from '../domain/errors.js'
import { instanceQuotaOf, isPlanTier, type PlanCatalogue, type PlanTier } from '../domain/plans.js'
import { generateToken } from '../domain/tokens.js'

export type AccountErrorCode = 'invalid_param' | 'not_found' | 'account_has_instances' | 'forbidden'
export type AccountError = CodedError<AccountErrorCode>
const fail = domainError<AccountErrorCode>

/** A quota override: a number of instances, `unlimited`, or `plan` (follow the plan's quota again). */
export type QuotaSetting = number | 'unlimited' | 'plan'

/** An account as the owner sees it (never its token); the bridge maps it to the Settings view's AccountDto. */
export interface AccountSummary {
  id: string
  name: string
  plan: PlanTier
  /** The quota in force; null = unlimited. */
  instanceQuota: number | null
  /** The account's own quota rather than its plan's. */
  quotaOverridden: boolean
  /** Instances it has now. */
  instances: number
  /** The token's last 4 characters. */
  tokenHint: string | null
  /** The owner (the default account): cannot be removed. */
  isDefault: boolean
  /** ms */
  createdAt: number
}

export interface NewAccount {
  account: AccountSummary
  /** The only time the token is shown: only its hash is kept. */
  token: string
}

export interface AccountServiceDeps {
  db: Db
  plans: PlanCatalogue
  /** The default account's plaintext token lives here (secrets.json), so its rotation goes through it. */
  dataDir: string
  /** Deletes one instance with everything it owns (the InstanceManager's delete: engine, store, webhooks, media). */
  deleteInstance(instanceId: string): Promise<unknown>
  now(): number
  /**
   * A token was rotated or an account removed: live channels opened with it close now (services/live-channels.ts).
   * Absent in another process (the `accounts` CLI): the server sees the commit in the database within a second.
   */
  credentialsChanged?: () => void
}

const MAX_NAME = 100
const MAX_QUOTA = 100_000

export class AccountService {
  constructor(private readonly deps: AccountServiceDeps) {}

  list(): AccountSummary[] {
    return listAccounts(this.deps.db).map((row) => this.summary(row))
  }

  get(id: string): AccountSummary {
    return this.summary(this.mustGet(id))
  }

  add(input: { name: string; plan?: string | undefined; quota?: QuotaSetting | undefined }): NewAccount {
    const name = checkName(input.name)
    const plan = checkPlan(input.plan ?? 'free')
    const quota = storedQuota(input.quota ?? 'plan')
    const token = generateToken()
    const row = insertAccount(this.deps.db, { id: `acc_${randomBytes(6).toString('hex')}`, name, plan, token, instanceQuota: quota, now: this.deps.now() })
    return { account: this.summary(row), token }
  }

  /** A new token; the old one is refused from the next request on (auth looks the hash up on every request). */
  rotate(id: string): NewAccount {
    const row = this.mustGet(id)
    const token = row.is_default ? rotateDefaultToken(this.deps.db, this.deps.dataDir, this.deps.now()) : generateToken()
    if (!row.is_default) setAccountToken(this.deps.db, row.id, token, this.deps.now())
    this.revokeDerived(row.id)
    return { account: this.get(row.id), token }
  }

  /** Plan and/or quota override; lowering a quota below the instances in use only blocks new ones. */
  update(id: string, changes: { plan?: string | undefined; quota?: QuotaSetting | undefined }): AccountSummary {
    const row = this.mustGet(id)
    const plan = changes.plan === undefined ? undefined : checkPlan(changes.plan)
    const quota = changes.quota === undefined ? undefined : storedQuota(changes.quota)
    const now = this.deps.now()
    this.deps.db.transaction(() => {
      if (plan) setAccountPlan(this.deps.db, row.id, plan, now)
      if (quota !== undefined) setAccountQuota(this.deps.db, row.id, quota, now)
    })()
    return this.get(row.id)
  }

  /**
   * Removes an account and its token. While it has instances it is refused, unless `force`: then each instance is
   * deleted first as DELETE /v2/session/delete would (engine closed, device unlinked, store and webhooks gone).
   */
  async remove(id: string, options: { force?: boolean } = {}): Promise<{ account: AccountSummary; deletedInstances: string[] }> {
    const row = this.mustGet(id)
    if (row.is_default) {
      throw fail('forbidden', 'The default account is the owner of this Switchboard and cannot be removed', 'Rotate its token instead, or remove another account')
    }
    const summary = this.summary(row)
    const instances = listAccountInstances(this.deps.db, row.id).map((i) => i.id)
    if (instances.length && !options.force) {
      throw fail('account_has_instances', `Account "${row.name}" still has ${instances.length} instance${instances.length === 1 ? '' : 's'}`,
        'Delete its instances first, or remove with --force to delete them too', { instances: instances.length })
    }
    for (const instanceId of instances) await this.deps.deleteInstance(instanceId)
    deleteAccount(this.deps.db, row.id)
    this.deps.credentialsChanged?.()
    return { account: { ...summary, instances: 0 }, deletedInstances: instances }
  }

  /**
   * What the old token could have handed out goes with it: the temporary QR links of the account's instances (a
   * leaked token must not leave a working pairing page behind); then every live channel is checked.
   */
  private revokeDerived(accountId: string): void {
    const now = this.deps.now()
    for (const i of listAccountInstances(this.deps.db, accountId)) revokeTempLinks(this.deps.db, i.id, now)
    this.deps.credentialsChanged?.()
  }

  private mustGet(id: string): AccountRow {
    const row = typeof id === 'string' ? getAccount(this.deps.db, id.trim()) : undefined
    if (!row) throw fail('not_found', `No account "${String(id).slice(0, 64)}"`, 'List the accounts to see their ids')
    return row
  }

  private summary(row: AccountRow): AccountSummary {
    return {
      id: row.id,
      name: row.name,
      plan: row.plan,
      instanceQuota: instanceQuotaOf(this.deps.plans, row),
      quotaOverridden: row.instance_quota !== null,
      instances: countAccountInstances(this.deps.db, row.id),
      tokenHint: row.token_hint,
      isDefault: row.is_default === 1,
      createdAt: row.created_at
    }
  }
}

function checkName(name: string): string {
  const trimmed = typeof name === 'string' ? name.trim() : ''
  if (!trimmed || trimmed.length > MAX_NAME) throw fail('invalid_param', `The account name must be 1 to ${MAX_NAME} characters`, 'Give the account a name, e.g. the client it is for')
  return trimmed
}

function checkPlan(plan: string): PlanTier {
  if (!isPlanTier(plan)) throw fail('invalid_param', `Unknown plan "${String(plan).slice(0, 32)}"`, 'Use free or paid')
  return plan
}

/** The stored form of a quota setting (accounts.instance_quota): NULL = the plan's, -1 = unlimited. */
function storedQuota(quota: QuotaSetting): number | null {
  if (quota === 'plan') return null
  if (quota === 'unlimited') return -1
  if (!Number.isInteger(quota) || quota < 0 || quota > MAX_QUOTA) {
    throw fail('invalid_param', `The instance quota must be a whole number 0..${MAX_QUOTA}, "unlimited" or "plan"`, 'e.g. --quota 5')
  }
  return quota
}

/** A quota as typed on a command line or in a form: a whole number, `unlimited` or `plan`; undefined when not one. */
export function parseQuotaSetting(text: string): QuotaSetting | undefined {
  const t = text.trim().toLowerCase()
  if (t === 'unlimited' || t === 'plan') return t
  return /^\d{1,6}$/.test(t) ? Number(t) : undefined
}
