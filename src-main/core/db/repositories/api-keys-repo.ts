// Scoped API keys (migration 0420): looked up by the SHA-256 of the key, compared again in constant time. Plain
// functions taking the db first.
import { timingSafeEqual } from 'node:crypto'
import type { Db } from '../connection.js'
import { stmt, typedStmt } from '../statements.js'
import type { KeyScope } from '../../domain/key-scope.js'
import { digestBytes, hashTokenHex } from '../../domain/tokens.js'

export interface ApiKeyRow {
  id: string
  account_id: string
  name: string
  token_hash: string
  token_hint: string
  read_only: number
  instance_ids: string | null
  created_at: number
  last_used_at: number | null
}

export interface ApiKey {
  id: string
  accountId: string
  name: string
  tokenHint: string
  scope: KeyScope
  createdAt: number
  /** When the key was last accepted (to the minute: written at most once a minute); null: never. */
  lastUsedAt: number | null
}

const toKey = (row: ApiKeyRow): ApiKey => ({
  id: row.id,
  accountId: row.account_id,
  name: row.name,
  tokenHint: row.token_hint,
  scope: { readOnly: row.read_only === 1, instanceIds: row.instance_ids === null ? null : (JSON.parse(row.instance_ids) as string[]) },
  createdAt: row.created_at,
  lastUsedAt: row.last_used_at
})

export function findApiKeyByToken(db: Db, token: string): ApiKey | undefined {
  const hex = hashTokenHex(token)
  const row = typedStmt<ApiKeyRow>(db, 'SELECT * FROM api_keys WHERE token_hash = ?').get(hex)
  if (!row) return undefined
  const hash = digestBytes(hex)
  const stored = digestBytes(row.token_hash)
  return stored.length === hash.length && timingSafeEqual(stored, hash) ? toKey(row) : undefined
}

export function getApiKey(db: Db, id: string): ApiKey | undefined {
  const row = typedStmt<ApiKeyRow>(db, 'SELECT * FROM api_keys WHERE id = ?').get(id)
  return row && toKey(row)
}

export const listApiKeys = (db: Db, accountId: string): ApiKey[] =>
  (typedStmt<ApiKeyRow>(db, 'SELECT * FROM api_keys WHERE account_id = ? ORDER BY created_at, id').all(accountId)).map(toKey)

export function insertApiKey(db: Db, input: { id: string; accountId: string; name: string; token: string; scope: KeyScope; now: number }): ApiKey {
  stmt(db, 'INSERT INTO api_keys (id, account_id, name, token_hash, token_hint, read_only, instance_ids, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)').run(
    input.id,
    input.accountId,
    input.name,
    hashTokenHex(input.token),
    input.token.slice(-4),
    input.scope.readOnly ? 1 : 0,
    input.scope.instanceIds === null ? null : JSON.stringify(input.scope.instanceIds),
    input.now
  )
  return getApiKey(db, input.id)!
}

export const deleteApiKey = (db: Db, accountId: string, id: string): boolean =>
  stmt(db, 'DELETE FROM api_keys WHERE id = ? AND account_id = ?').run(id, accountId).changes > 0

/** Records a use of the key at `at` (callers throttle: see ApiKeyService.recordUse). */
export const touchApiKey = (db: Db, id: string, at: number): boolean =>
  stmt(db, 'UPDATE api_keys SET last_used_at = ? WHERE id = ?').run(at, id).changes > 0
