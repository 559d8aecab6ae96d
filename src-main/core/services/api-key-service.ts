// Scoped API keys of an account (issue 23 item 6): created with a name and a scope (read only, some instances),
// shown once, stored hashed, listed without the key, revoked. A revocation closes, within a second, every live
// channel the key opened (services/live-channels.ts rechecks each channel's credential).
import { randomBytes } from 'node:crypto'
import type { Db } from '../db/connection.js'
import { deleteApiKey, getApiKey, insertApiKey, listApiKeys, touchApiKey, type ApiKey } from '../db/repositories/api-keys-repo.js'
import { getOwnedInstance } from '../db/repositories/instances-repo.js'
import { domainError, type CodedError } from '../domain/errors.js'
import type { KeyScope } from '../domain/key-scope.js'
import { generateToken } from '../domain/tokens.js'

export type ApiKeyErrorCode = 'invalid_param' | 'api_key_not_found'
export type ApiKeyError = CodedError<ApiKeyErrorCode>
const fail = domainError<ApiKeyErrorCode>

const MAX_NAME = 100
const MAX_INSTANCES = 1000
/** A key's last use is written at most this often: a busy key costs one write a minute, not one per request. */
export const LAST_USED_WRITE_INTERVAL_MS = 60_000

export interface NewApiKey {
  key: ApiKey
  /** The only time the key is shown: only its hash is kept. */
  token: string
}

export interface ApiKeyServiceDeps {
  db: Db
  now(): number
  /** A key was revoked: live channels opened with it close now. */
  credentialsChanged?: () => void
}

export class ApiKeyService {
  /** When each key's last use was last written (this process); absent: not yet written by this process. */
  private readonly lastWritten = new Map<string, number>()

  constructor(private readonly deps: ApiKeyServiceDeps) {}

  /** The key was accepted for a request: stored as its last use, at most once a minute per key. */
  recordUse(id: string): void {
    const now = this.deps.now()
    const written = this.lastWritten.get(id)
    if (written !== undefined && now - written < LAST_USED_WRITE_INTERVAL_MS) return
    this.lastWritten.set(id, now)
    if (!touchApiKey(this.deps.db, id, now)) this.lastWritten.delete(id)
  }

  list(accountId: string): ApiKey[] {
    return listApiKeys(this.deps.db, accountId)
  }

  create(accountId: string, input: { name: string; readOnly?: boolean | undefined; instanceIds?: readonly string[] | null | undefined }): NewApiKey {
    const name = typeof input.name === 'string' ? input.name.trim() : ''
    if (!name || name.length > MAX_NAME) throw fail('invalid_param', `The key's name must be 1 to ${MAX_NAME} characters`, 'Name the key after what will use it, e.g. "n8n reads"')
    const scope: KeyScope = { readOnly: input.readOnly === true, instanceIds: this.checkInstances(accountId, input.instanceIds) }
    const token = `sk_${generateToken()}`
    const key = insertApiKey(this.deps.db, { id: `key_${randomBytes(6).toString('hex')}`, accountId, name, token, scope, now: this.deps.now() })
    return { key, token }
  }

  revoke(accountId: string, id: string): ApiKey {
    const key = typeof id === 'string' ? getApiKey(this.deps.db, id.trim()) : undefined
    if (!key || key.accountId !== accountId) throw fail('api_key_not_found', `No API key "${String(id).slice(0, 64)}" in this account`, 'List the keys to see their ids')
    deleteApiKey(this.deps.db, accountId, key.id)
    this.lastWritten.delete(key.id)
    this.deps.credentialsChanged?.()
    return key
  }

  private checkInstances(accountId: string, ids: readonly string[] | null | undefined): string[] | null {
    if (ids === undefined || ids === null) return null
    if (!Array.isArray(ids) || ids.length === 0 || ids.length > MAX_INSTANCES) {
      throw fail('invalid_param', 'instance_ids must be a non-empty list of instance ids (or absent: every instance)', 'e.g. ["ABCDEF123456"]')
    }
    const upper = [...new Set(ids.map((id) => (typeof id === 'string' ? id.trim().toUpperCase() : '')))]
    const unknown = upper.filter((id) => !id || !getOwnedInstance(this.deps.db, accountId, id))
    if (unknown.length) throw fail('invalid_param', `Not instances of this account: ${unknown.slice(0, 5).join(', ')}`, 'List the instances with GET /v2/sessions')
    return upper
  }
}
