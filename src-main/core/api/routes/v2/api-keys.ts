// /v2/keys (Switchboard extension, issue 23 item 6): the account's scoped API keys — create (the key is shown once),
// list (never a key, its last 4 characters), revoke. Only the account's full token manages them. Translates wire
// parameters to ApiKeyService calls only.
import { Type } from '@sinclair/typebox'
import type { FastifyInstance } from 'fastify'
import type { ApiKey } from '../../../db/repositories/api-keys-repo.js'
import { coreErrors } from '../../../domain/core-errors.js'
import type { ApiDeps } from '../../api-deps.js'
import { list } from '../../params/send-params.js'
import { authAccount } from '../../plugins/auth.js'
import { looseBoolean } from '../../request-params.js'
import { accountQuery, CREDENTIALS_NOTE, ErrorBody, standardErrors } from '../../schemas/common.js'

const tags = ['Switchboard extensions']
const ApiKeyAnswer = Type.Object({
  id: Type.String(),
  name: Type.String(),
  token_hint: Type.String({ description: 'The last 4 characters of the key' }),
  read_only: Type.Boolean({ description: 'Only GET requests (reads and GET /v2/events)' }),
  instance_ids: Type.Union([Type.Array(Type.String()), Type.Null()], { description: 'Only these instances; null: every instance of the account' }),
  created_at: Type.Number({ description: 'Unix ms' }),
  last_used_at: Type.Union([Type.Number(), Type.Null()], { description: 'Unix ms of the last request the key was accepted for, to the minute (recorded at most once a minute); null: never used' })
})
const SCOPE_DOC =
  'A scoped key is accepted wherever the access token is (query, body, access-token, Authorization: Bearer, X-Api-Key). read_only: only GET requests (reads, GET /v2/events). instance_ids: only instance routes of those instances, and GET /v2/events narrowed to them; account routes that list or create instances are refused. Outside its scope: 403 key_scope_forbidden (details.reason read_only, instance_scope). Revoking closes every event stream and MCP exchange the key opened within a second.'
const config = { auth: 'account' as const, fullTokenOnly: true }
const errors = { ...standardErrors, 403: ErrorBody }

const wire = (k: ApiKey) => ({ id: k.id, name: k.name, token_hint: k.tokenHint, read_only: k.scope.readOnly, instance_ids: k.scope.instanceIds ? [...k.scope.instanceIds] : null, created_at: k.createdAt, last_used_at: k.lastUsedAt })

export async function apiKeyRoutes(app: FastifyInstance, deps: ApiDeps): Promise<void> {
  const { apiKeys } = deps.services

  app.get('/v2/keys', {
    config,
    schema: { tags, summary: 'List the account\'s scoped API keys', description: `${SCOPE_DOC} Needs the account's full token. ${CREDENTIALS_NOTE}`, querystring: accountQuery(), response: { 200: Type.Array(ApiKeyAnswer), ...errors } }
  }, async (request) => apiKeys.list(authAccount(request).account.id).map(wire))

  app.post('/v2/keys', {
    config,
    schema: {
      tags,
      summary: 'Create a scoped API key (shown once)',
      description: `JSON body (or query): name (required), read_only (boolean, default false), instance_ids (array of the account's instance ids; absent: every instance). The answer's token is the key: only its hash is kept. ${SCOPE_DOC} ${CREDENTIALS_NOTE}`,
      querystring: accountQuery(),
      response: { 200: Type.Intersect([ApiKeyAnswer, Type.Object({ token: Type.String() })]), ...errors }
    }
  }, async (request) => {
    const input = request.input
    const name = input.name
    if (typeof name !== 'string') throw coreErrors.missingParam(['name'])
    const readOnly = input.read_only === undefined ? false : looseBoolean(input.read_only)
    if (readOnly === undefined) throw coreErrors.invalidParam('read_only', 'must be true or false')
    const ids = input.instance_ids === undefined || input.instance_ids === null ? null : list(input, 'instance_ids')
    if (ids && ids.some((id) => typeof id !== 'string')) throw coreErrors.invalidParam('instance_ids', 'must be instance ids')
    const created = apiKeys.create(authAccount(request).account.id, { name, readOnly, instanceIds: ids as string[] | null })
    return { ...wire(created.key), token: created.token }
  })

  app.delete('/v2/keys/:id', {
    config,
    schema: {
      tags,
      summary: 'Revoke a scoped API key',
      description: `The key is refused from the next request on, and every live channel it opened closes within a second. ${CREDENTIALS_NOTE}`,
      params: Type.Object({ id: Type.String() }),
      querystring: accountQuery(),
      response: { 200: Type.Object({ revoked: ApiKeyAnswer }), ...errors }
    }
  }, async (request) => ({ revoked: wire(apiKeys.revoke(authAccount(request).account.id, (request.params as { id: string }).id)) }))
}
