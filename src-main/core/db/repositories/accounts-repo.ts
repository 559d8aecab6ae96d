// API accounts: plan tier and the SHA-256 hash of the access token. Plain functions taking the db first.
import type { Db } from '../connection.js'
import { stmt } from '../statements.js'
import type { PlanTier } from '../../domain/plans.js'
import { hashTokenHex } from '../../domain/tokens.js'

export interface AccountRow {
  id: string
  name: string
  email: string | null
  plan: PlanTier
  token_hash: string
  is_default: number
  created_at: number
  updated_at: number
}

export const DEFAULT_ACCOUNT_ID = 'default'

/** Lookup by hash: the index probe never compares the secret itself, and the hash is fixed-length. */
export function findAccountByToken(db: Db, token: string): AccountRow | undefined {
  return stmt(db, 'SELECT * FROM accounts WHERE token_hash = ?').get(hashTokenHex(token)) as AccountRow | undefined
}

export const getAccount = (db: Db, id: string): AccountRow | undefined =>
  stmt(db, 'SELECT * FROM accounts WHERE id = ?').get(id) as AccountRow | undefined

export const listAccounts = (db: Db): AccountRow[] => stmt(db, 'SELECT * FROM accounts ORDER BY created_at').all() as AccountRow[]

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
    `INSERT INTO accounts (id, name, email, plan, token_hash, is_default, created_at, updated_at)
     VALUES (@id, @name, @email, @plan, @hash, @isDefault, @now, @now)
     ON CONFLICT (id) DO UPDATE SET name = excluded.name, plan = excluded.plan, token_hash = excluded.token_hash,
       email = COALESCE(excluded.email, accounts.email), updated_at = excluded.updated_at`
  ).run({
    id: input.id,
    name: input.name,
    email: input.email ?? null,
    plan: input.plan,
    hash: hashTokenHex(input.token),
    isDefault: input.isDefault ? 1 : 0,
    now: input.now
  })
  return getAccount(db, input.id)!
}

export function setAccountPlan(db: Db, id: string, plan: PlanTier, now: number): void {
  stmt(db, 'UPDATE accounts SET plan = ?, updated_at = ? WHERE id = ?').run(plan, now, id)
}

export function setAccountToken(db: Db, id: string, token: string, now: number): void {
  stmt(db, 'UPDATE accounts SET token_hash = ?, updated_at = ? WHERE id = ?').run(hashTokenHex(token), now, id)
}
