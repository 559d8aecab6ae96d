// Parameter merging and authentication for every route that asks for it (route config `auth`):
//   'account'  token only (create, sandbox admin)          -> request.auth.account
//   'instance' token + instance_id owned by that account   -> request.auth.account + request.auth.instance
// The token may come from the body, the query, or the headers access-token / Authorization: Bearer /
// X-Api-Key (in that order of precedence); instance_id from the body, query or X-Instance-Id.
// Before a body over the default limit is read (media routes), the token must already be in the query or a header:
// otherwise the body is read only up to the default limit (an unauthenticated request cannot make the server
// buffer more), and a longer one is refused with the answer the missing or wrong credential would get.
import { Transform, type TransformCallback } from 'node:stream'
import type { FastifyInstance, FastifyReply, FastifyRequest, preParsingHookHandler, RequestPayload } from 'fastify'
import type { Db } from '../../db/connection.js'
import { findAccountByToken, getAccount, type AccountRow } from '../../db/repositories/accounts-repo.js'
import { findApiKeyByToken, getApiKey } from '../../db/repositories/api-keys-repo.js'
import { getOwnedInstance, getOwnedInstanceBySession, instanceAccountId, type InstanceRow } from '../../db/repositories/instances-repo.js'
import { coreErrors } from '../../domain/core-errors.js'
import { accessTokenCredential, scopedKeyCredential, type Credential } from '../../domain/credentials.js'
import { scopeRefusal, type KeyScope } from '../../domain/key-scope.js'
import type { AuthFailureLimiter } from '../auth-failure-limiter.js'
import { isLoopbackPeer } from './security.js'
import { mergeParams, stringParam, type Params } from '../request-params.js'
import { hookList } from '../route-hooks.js'

export type AuthMode = 'none' | 'account' | 'instance'

export interface RequestAuth {
  account: AccountRow
  instance: InstanceRow | undefined
  /** The token the caller presented (only ever echoed back to that caller, never logged). */
  token: string
  /** What authenticated the request, asked again by live channels (services/live-channels.ts) while they are open. */
  credential: Credential
  /** Set when a scoped API key authenticated the request (the auth hook already refused what it does not cover). */
  scope?: KeyScope
}

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: AuthMode
    /** false: leave request.query as parsed (routes of other modules with their own schemas). */
    mergeQuery?: boolean
    /** WAHA's /api: without instance_id, the instance is the account's session named by :session or `session` (default "default"). */
    sessionByName?: boolean
    /** An account route that narrows itself to a scoped key's instances (request.auth.scope), e.g. /v2/events. */
    scopeNarrows?: boolean
    /** Key and account management: the account's full token only, never a scoped key. */
    fullTokenOnly?: boolean
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
  /** Bytes of body read before the credential is known (the app's default body limit). */
  unauthenticatedBodyLimit: number
  /**
   * Bound to an address other machines reach (--host): every route needs the token (as 'account') from a peer that
   * is not this machine's loopback, except /temp-qr/<token> whose path carries its own credential.
   */
  tokenFromRemotePeers?: boolean
  /** A scoped API key was accepted for a request (its "last used"; the callee throttles the writes). */
  keyUsed?: (keyId: string) => void
}

export function registerAuth(app: FastifyInstance, authOptions: AuthOptions): void {
  // One lookup function for every request's credential (not a closure per request).
  const options: ResolvedAuthOptions = { ...authOptions, findAccount: (t) => findAccountByToken(authOptions.db, t) }
  app.decorateRequest('input', null as unknown as Params)
  app.decorateRequest('auth', null)

  // Callback style: the hook's work is synchronous, and an async hook costs a promise per request.
  // Only on the routes that accept more than the default limit: the others cost nothing more per request.
  const capBody: preParsingHookHandler = (request, reply, payload, done) => {
    try {
      done(null, capUnauthenticatedBody(request, reply, payload, options))
    } catch (e) {
      done(e as Error)
    }
  }
  app.addHook('onRoute', (route) => {
    if ((route.config?.auth ?? 'none') === 'none' || !((route.bodyLimit ?? 0) > options.unauthenticatedBodyLimit)) return
    route.preParsing = [capBody, ...hookList(route.preParsing)]
  })

  app.addHook('preValidation', (request, _reply, done) => {
    try {
      authenticate(request, options)
      done()
    } catch (e) {
      done(e as Error)
    }
  })
}

interface ResolvedAuthOptions extends AuthOptions {
  findAccount: (token: string) => AccountRow | undefined
}

function authenticate(request: FastifyRequest, options: ResolvedAuthOptions): void {
  const input = mergeParams(request.query, request.body)
  request.input = input
  // routeOptions is a getter that builds a new object on every read.
  const config = request.routeOptions.config
  if (config?.mergeQuery !== false) (request as { query: unknown }).query = input
  const declared = config?.auth ?? 'none'
  const mode: AuthMode = declared === 'none' && options.tokenFromRemotePeers && !isLoopbackPeer(request.socket.remoteAddress) && !request.url.startsWith('/temp-qr/') ? 'account' : declared
  if (mode === 'none') return
  const statusVariant = config?.errorVariant === 'status'

  const token = tokenFromRequest(request, input)
  const instanceId = mode === 'instance' ? instanceIdFromRequest(request, input) : undefined
  const session = mode === 'instance' && !instanceId && config?.sessionByName ? sessionFromRequest(request, input) : undefined
  if (!token || (mode === 'instance' && !instanceId && !session)) throw missingCredentials(mode, statusVariant, token, instanceId)

  // The token first: a valid one is never throttled, whatever other clients on this address did. The lookup is by
  // SHA-256 hash, so its timing depends on the hash, never on how close a guess came to the token.
  const found = findPrincipal(options, token)
  if (!found) throw failedToken(request, options, statusVariant, token, instanceId)
  const { account, scope, credential, keyId } = found
  let instance: InstanceRow | undefined
  if (mode === 'instance') {
    instance = instanceId ? getOwnedInstance(options.db, account.id, instanceId) : getOwnedInstanceBySession(options.db, account.id, session!)
    if (!instance) throw statusVariant ? coreErrors.invalidCredentials() : coreErrors.invalidSession()
  }
  if (scope) {
    const refusal = scopeRefusal(scope, { method: request.method, instanceId: instance?.id, narrows: config?.scopeNarrows === true, manage: config?.fullTokenOnly === true })
    if (refusal) throw coreErrors.keyScope(refusal)
  }
  if (keyId) options.keyUsed?.(keyId)
  // No spread: an object of one shape, built in one step.
  const auth: RequestAuth = { account, instance, token, credential }
  if (scope) auth.scope = scope
  request.auth = auth
}

/** The account's full token, else a scoped API key of the account (with its scope). */
function findPrincipal(options: ResolvedAuthOptions, token: string): { account: AccountRow; scope?: KeyScope; credential: Credential; keyId?: string } | undefined {
  const db = options.db
  const account = options.findAccount(token)
  if (account) return { account, credential: accessTokenCredential(options.findAccount, token, account.id) }
  const key = findApiKeyByToken(db, token)
  const owner = key && getAccount(db, key.accountId)
  if (!key || !owner) return undefined
  return { account: owner, scope: key.scope, keyId: key.id, credential: scopedKeyCredential((id) => getApiKey(db, id), key.id, owner.id) }
}

/** WAHA names the session in the path (/api/{session}/...) or the body/query (`session`), "default" when absent. */
function sessionFromRequest(request: FastifyRequest, input: Params): string {
  const fromPath = (request.params as { session?: unknown } | undefined)?.session
  return (typeof fromPath === 'string' && fromPath) || stringParam(input, 'session') || 'default'
}

function missingCredentials(mode: AuthMode, statusVariant: boolean, token: string | undefined, instanceId: string | undefined): Error {
  const missing = [...(token ? [] : ['access_token']), ...(mode === 'instance' && !instanceId ? ['instance_id'] : [])]
  return statusVariant ? coreErrors.missingParams(missing) : coreErrors.missingParam(missing)
}

/** A token that matches no account: counted by the failure throttle, 429 once it is over a cap. */
function failedToken(request: FastifyRequest, options: AuthOptions, statusVariant: boolean, token: string, instanceId: string | undefined): Error {
  const attempt = { address: request.ip, credential: token, instanceId, accountId: instanceId ? instanceAccountId(options.db, instanceId) : undefined }
  const throttled = options.limiter.throttled(attempt)
  if (throttled) return coreErrors.tooManyRequests(throttled.retryAfter, throttled.scope)
  options.limiter.recordFailure(attempt)
  return statusVariant ? coreErrors.invalidCredentials() : coreErrors.invalidAccessToken()
}

/**
 * preParsing: on a route that accepts bodies over the default limit, a request whose query or headers carry no
 * valid token gets the default limit. Over it (declared by Content-Length, or counted while streaming) it is
 * answered at once with what the auth hook would answer without a body credential (missing or wrong token, 429
 * when throttled), and the connection is closed rather than drained.
 */
function capUnauthenticatedBody(request: FastifyRequest, reply: FastifyReply, payload: RequestPayload, options: ResolvedAuthOptions): RequestPayload {
  const routeOptions = request.routeOptions
  const cap = options.unauthenticatedBodyLimit
  const mode = routeOptions.config?.auth ?? 'none'
  const early = mergeParams(request.query, undefined)
  const token = tokenFromRequest(request, early)
  if (token && findPrincipal(options, token)) return payload
  const refuse = () => {
    reply.header('Connection', 'close')
    const statusVariant = routeOptions.config?.errorVariant === 'status'
    const instanceId = mode === 'instance' ? instanceIdFromRequest(request, early) : undefined
    return token ? failedToken(request, options, statusVariant, token, instanceId) : missingCredentials(mode, statusVariant, token, instanceId)
  }
  if (Number(request.headers['content-length']) > cap) throw refuse()
  let seen = 0
  const counted = new Transform({
    transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
      seen += chunk.length
      if (seen > cap) callback(refuse())
      else callback(null, chunk)
    }
  })
  payload.on('error', (e) => counted.destroy(e))
  return payload.pipe(counted)
}

/** For handlers of 'instance' routes: the authenticated instance (the hook guarantees it). */
export function authInstance(request: FastifyRequest): { account: AccountRow; instance: InstanceRow; token: string } {
  const auth = request.auth
  if (!auth?.instance) throw coreErrors.invalidSession()
  return { account: auth.account, instance: auth.instance, token: auth.token }
}

export function authAccount(request: FastifyRequest): { account: AccountRow; token: string; credential: Credential } {
  if (!request.auth) throw coreErrors.invalidAccessToken()
  return { account: request.auth.account, token: request.auth.token, credential: request.auth.credential }
}
