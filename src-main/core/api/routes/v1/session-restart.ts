// POST {alt_base_url}/session/restart = /v1/session/restart: restart with the v1 answer (config.metadata, engine).
import { Type } from '@sinclair/typebox'
import type { FastifyInstance } from 'fastify'
import type { ApiDeps } from '../../api-deps.js'
import { authInstance } from '../../plugins/auth.js'
import { CREDENTIALS_NOTE, instanceQuery, standardErrors, Status } from '../../schemas/common.js'
import { sendSessionResult } from '../../session-replies.js'

const Answer = Type.Object({
  name: Type.String(),
  status: Status,
  config: Type.Object({
    metadata: Type.Object({
      user_id: Type.String(),
      display_name: Type.String(),
      user_email: Type.Union([Type.String(), Type.Null()]),
      access_token: Type.String({ description: 'The token the caller presented, echoed back' }),
      instance_id: Type.String()
    }),
    webhooks: Type.Array(Type.Unknown()),
    proxy: Type.Union([Type.Null(), Type.Unknown()])
  }),
  engine: Type.Object({
    grpc: Type.Object({ client: Type.String(), stream: Type.String() }),
    gows: Type.Object({ found: Type.Boolean(), connected: Type.Boolean() })
  })
})

export async function v1SessionRestartRoutes(app: FastifyInstance, deps: ApiDeps): Promise<void> {
  app.route({
    method: ['GET', 'POST'],
    url: '/v1/session/restart',
    config: { auth: 'instance' },
    schema: {
      tags: ['Session'],
      summary: 'Restart an instance (v1 answer)',
      description: `Same effect as /v2/session/restart; the answer adds config.metadata and engine. In Switchboard the engine runs in-process: grpc is READY while the core runs and gows.connected is true while the instance is logged in. ${CREDENTIALS_NOTE}`,
      querystring: instanceQuery(),
      response: { 200: Answer, ...standardErrors }
    },
    handler: async (request, reply) => {
      const { account, instance, token } = authInstance(request)
      const { instances } = deps.services
      const view = await instances.manager.restart(instance.id)
      const config = instances.sessionConfig(view.id)
      const body = {
        name: view.name,
        status: view.status,
        config: {
          metadata: { user_id: account.id, display_name: account.name, user_email: account.email, access_token: token, instance_id: view.id },
          webhooks: config.webhooks,
          proxy: config.proxy
        },
        engine: { grpc: { client: 'READY', stream: 'READY' }, gows: { found: true, connected: view.status === 'WORKING' } }
      }
      return sendSessionResult(request, reply, body, `Session ${view.name} restarted`)
    }
  })
}
