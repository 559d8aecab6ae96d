// Parameter merging and authentication for every route that asks for it (route config `auth`):
//   'account'  token only (create, sandbox admin)          -> request.auth.account
//   'instance' token + instance_id owned by that account   -> request.auth.account + request.auth.instance
// The token may come from the body, the query, or the headers access-token / Authorization: Bearer /
// X-Api-Key (in that order of precedence); instance_id from the body, query or X-Instance-Id.
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { Db } from '../../db/connection.js'
import { findAccountByToken, type AccountRow } from '../../db/repositories/accounts-repo.js'
import { getOwnedInstance, type InstanceRow } from '../../db/repositories/instances-repo.js'
import { coreErrors } from '../../domain/core-errors.js'
import type { AuthFailureLimiter } from '../auth-failure-limiter.js'
import { mergeParams, stringParam, type Params } from '../request-params.js'

export type AuthMode = 'none' | 'account' | 'instance'

export interface RequestAuth {
  account: AccountRow
  instance: InstanceRow | undefined
  /** The token the caller presented (only ever echoed back to that caller, never logged). */
  token: string
}

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: AuthMode
    /** false: leave request.query as parsed (routes of other modules with their own schemas). */
    mergeQuery?: boolean
  }
  interface FastifyRequest {
    /** Merged, normalised parameters (query ∪ form ∪ JSON, body wins). Also assigned to request.query. */
    input: Params
    auth: RequestAuth | null
  }
}

export function tokenFromRequest(request: FastifyRequest, input: Params): string | undefined {
  const fromParams = stringParam(input, 'access_token')
  if (fromParams) return fromParams
  const header = request.headers['access-token'] ?? request.headers['x-api-key']
  if (typeof header === 'string' && header.trim()) return header.trim()
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '')
  return bearer?.[1]
}

function instanceIdFromRequest(request: FastifyRequest, input: Params): string | undefined {
  const id = stringParam(input, 'instance_id') ?? (typeof request.headers['x-instance-id'] === 'string' ? request.headers['x-instance-id'].trim() : undefined)
  return id ? id.toUpperCase() : undefined
}

export interface AuthOptions {
  db: Db
  limiter: AuthFailureLimiter
}

export function registerAuth(app: FastifyInstance, options: AuthOptions): void {
  app.decorateRequest('input', null as unknown as Params)
  app.decorateRequest('auth', null)

  // Callback style: the hook's work is synchronous, and an async hook costs a promise per request.
  app.addHook('preValidation', (request, _reply, done) => {
    try {
      authenticate(request, options)
      done()
    } catch (e) {
      done(e as Error)
    }
  })
}

function authenticate(request: FastifyRequest, options: AuthOptions): void {
  const input = mergeParams(request.query, request.body)
  request.input = input
  // routeOptions is a getter that builds a new object on every read.
  const config = request.routeOptions.config
  if (config?.mergeQuery !== false) (request as { query: unknown }).query = input
  const mode = config?.auth ?? 'none'
  if (mode === 'none') return
  const statusVariant = config?.errorVariant === 'status'

  const token = tokenFromRequest(request, input)
  const instanceId = mode === 'instance' ? instanceIdFromRequest(request, input) : undefined
  if (!token || (mode === 'instance' && !instanceId)) {
    const missing = [...(token ? [] : ['access_token']), ...(mode === 'instance' && !instanceId ? ['instance_id'] : [])]
    throw statusVariant ? coreErrors.missingParams(missing) : coreErrors.missingParam(missing)
  }

  // The token first: a valid one is never throttled, whatever other clients on this address did. The lookup is by
  // SHA-256 hash, so its timing depends on the hash, never on how close a guess came to the token.
  const account = findAccountByToken(options.db, token)
  if (!account) {
    const attempt = { address: request.ip, credential: token, instanceId }
    const retryAfter = options.limiter.retryAfterSeconds(attempt)
    if (retryAfter > 0) throw coreErrors.tooManyRequests(retryAfter)
    options.limiter.recordFailure(attempt)
    throw statusVariant ? coreErrors.invalidCredentials() : coreErrors.invalidAccessToken()
  }
  let instance: InstanceRow | undefined
  if (mode === 'instance') {
    instance = getOwnedInstance(options.db, account.id, instanceId!)
    if (!instance) throw statusVariant ? coreErrors.invalidCredentials() : coreErrors.invalidSession()
  }
  request.auth = { account, instance, token }
}

/** For handlers of 'instance' routes: the authenticated instance (the hook guarantees it). */
export function authInstance(request: FastifyRequest): { account: AccountRow; instance: InstanceRow; token: string } {
  const auth = request.auth
  if (!auth?.instance) throw coreErrors.invalidSession()
  return { account: auth.account, instance: auth.instance, token: auth.token }
}

export function authAccount(request: FastifyRequest): { account: AccountRow; token: string } {
  if (!request.auth) throw coreErrors.invalidAccessToken()
  return { account: request.auth.account, token: request.auth.token }
}
