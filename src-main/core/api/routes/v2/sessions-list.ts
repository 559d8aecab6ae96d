// GET /v2/sessions: the token's account's instances in WAHA's list shape (GET /api/sessions), running ones by
// default and every one with all=true.
import { Type } from '@sinclair/typebox'
import type { FastifyInstance } from 'fastify'
import type { ApiDeps } from '../../api-deps.js'
import { booleanParam } from '../../params/read-params.js'
import { authAccount } from '../../plugins/auth.js'
import { accountQuery, CREDENTIALS_NOTE, Me, SessionConfig, standardErrors, Status } from '../../schemas/common.js'
import { LooseBoolean } from '../../schemas/reads.js'

const SessionListItem = Type.Object({
  name: Type.String(),
  instance_id: Type.String(),
  status: Status,
  me: Type.Union([Me, Type.Null()], { description: 'The paired account; null before the first pairing' }),
  config: SessionConfig
})

export const SESSIONS_LIST_DOC =
  'The instances of the token\'s account (never another account\'s), oldest first, as [{name, instance_id, status, me, config:{webhooks, proxy}}] (WAHA\'s GET /api/sessions plus instance_id). Without all (or all=false) only the running ones: every status but STOPPED (STARTING, SCAN_QR_CODE, WORKING, FAILED); all=true includes the STOPPED ones too. Needs only access_token.'

export async function sessionListRoutes(app: FastifyInstance, deps: ApiDeps): Promise<void> {
  const { instances } = deps.services
  app.get('/v2/sessions', {
    config: { auth: 'account' },
    schema: {
      tags: ['Session'],
      summary: 'List instances',
      description: `${SESSIONS_LIST_DOC} ${CREDENTIALS_NOTE}`,
      querystring: accountQuery({ all: LooseBoolean('Include STOPPED instances; default false') }),
      response: { 200: Type.Array(SessionListItem), ...standardErrors }
    }
  }, async (request) => {
    const { account } = authAccount(request)
    return instances.list(account.id, booleanParam(request.input, 'all', false)).map((view) => ({
      name: view.name,
      instance_id: view.id,
      status: view.status,
      me: view.me && { id: view.me.id, lid: view.me.lid, pushName: view.me.pushName },
      config: instances.sessionConfig(view.id)
    }))
  })
}
