// API accounts: plan tier and the SHA-256 hash of the access token. Plain functions taking the db first.
import { timingSafeEqual } from 'node:crypto'
import type { Db } from '../connection.js'
import { stmt, typedStmt } from '../statements.js'
import type { PlanTier } from '../../domain/plans.js'
import { digestBytes, hashTokenHex } from '../../domain/tokens.js'
import { RowCache } from './row-cache.js'

export interface AccountRow {
  id: string
  name: string
  email: string | null
  plan: PlanTier
  token_hash: string
  is_default: number
  /** Overrides the plan's instance quota: NULL = the plan's, -1 = unlimited (migration 0030). */
  instance_quota: number | null
  /** The token's last 4 characters, for telling tokens apart in a list; NULL until the token is next set. */
  token_hint: string | null
  created_at: number
  updated_at: number
}

export const DEFAULT_ACCOUNT_ID = 'default'

interface TokenAccount {
  hash: Buffer
  row: AccountRow
}

/** Accounts of tokens presented lately, keyed by the token's SHA-256 (never the token): every request reads one. */
const byTokenHash = new RowCache<TokenAccount>(256)

/**
 * Lookup by hash: neither the index probe nor the cache's key compares the secret itself, and the hash is
 * fixed-length; the found hash is compared again in constant time. Unknown tokens are never cached.
 */
export function findAccountByToken(db: Db, token: string): AccountRow | undefined {
  const hex = hashTokenHex(token)
  const found = byTokenHash.get(db, hex, () => {
    const row = typedStmt<AccountRow>(db, 'SELECT * FROM accounts WHERE token_hash = ?').get(hex)
    return row && { hash: digestBytes(row.token_hash), row: Object.freeze(row) }
  })
  if (!found) return undefined
  const hash = digestBytes(hex)
  return found.hash.length === hash.length && timingSafeEqual(found.hash, hash) ? found.row : undefined
}

export const getAccount = (db: Db, id: string): AccountRow | undefined =>
  typedStmt<AccountRow>(db, 'SELECT * FROM accounts WHERE id = ?').get(id)

export const listAccounts = (db: Db): AccountRow[] => typedStmt<AccountRow>(db, 'SELECT * FROM accounts ORDER BY created_at').all()

export interface UpsertAccountInput {
  id: string
  name: string
  email?: string | null
  plan: PlanTier
  token: string
  isDefault?: boolean
  now: number
}

export function upsertAccount(db: Db, input: UpsertAccountInput): AccountRow {
  stmt(db, 
    `INSERT INTO accounts (id, name, email, plan, token_hash, token_hint, is_default, created_at, updated_at)
     VALUES (@id, @name, @email, @plan, @hash, @hint, @isDefault, @now, @now)
     ON CONFLICT (id) DO UPDATE SET name = excluded.name, plan = excluded.plan, token_hash = excluded.token_hash,
       token_hint = excluded.token_hint, email = COALESCE(excluded.email, accounts.email), updated_at = excluded.updated_at`
  ).run({
    id: input.id,
    name: input.name,
    email: input.email ?? null,
    plan: input.plan,
    hash: hashTokenHex(input.token),
    hint: tokenHint(input.token),
    isDefault: input.isDefault ? 1 : 0,
    now: input.now
  })
  return getAccount(db, input.id)!
}

export function setAccountPlan(db: Db, id: string, plan: PlanTier, now: number): void {
  stmt(db, 'UPDATE accounts SET plan = ?, updated_at = ? WHERE id = ?').run(plan, now, id)
}

export function setAccountToken(db: Db, id: string, token: string, now: number): void {
  stmt(db, 'UPDATE accounts SET token_hash = ?, token_hint = ?, updated_at = ? WHERE id = ?').run(hashTokenHex(token), tokenHint(token), now, id)
}

/** The last 4 characters: enough to tell tokens apart, far too few to guess the other 39. */
export const tokenHint = (token: string): string => token.slice(-4)

export interface NewAccountInput {
  id: string
  name: string
  plan: PlanTier
  token: string
  instanceQuota: number | null
  now: number
}

/** A new account (never the default); a duplicate id or token hash is a constraint error. */
export function insertAccount(db: Db, input: NewAccountInput): AccountRow {
  stmt(db,
    `INSERT INTO accounts (id, name, plan, token_hash, token_hint, instance_quota, is_default, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, 0, ?, ?)`
  ).run(input.id, input.name, input.plan, hashTokenHex(input.token), tokenHint(input.token), input.instanceQuota, input.now, input.now)
  return getAccount(db, input.id)!
}

/** NULL = the plan's quota, -1 = unlimited, N = N instances. */
export function setAccountQuota(db: Db, id: string, instanceQuota: number | null, now: number): void {
  stmt(db, 'UPDATE accounts SET instance_quota = ?, updated_at = ? WHERE id = ?').run(instanceQuota, now, id)
}

/** Removes the account row; its instances must already be gone (their data is not all cascaded). */
export function deleteAccount(db: Db, id: string): boolean {
  return stmt(db, 'DELETE FROM accounts WHERE id = ? AND is_default = 0').run(id).changes > 0
}
