// PUT {alt_base_url}/groups/<group_id>/subject = /v1/groups/<id>/subject: the spec's one v1 group operation
// ("under development" there). Same behaviour as PUT /v2/groups/<id>/subject; answers {} as the spec says.
import { Type } from '@sinclair/typebox'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyInstance } from 'fastify'
import type { ApiDeps } from '../../api-deps.js'
import { groupJidOf, subjectOf } from '../../params/group-params.js'
import { authInstance } from '../../plugins/auth.js'
import { accountOpErrors, NOT_WORKING_NOTE } from '../../schemas/account-ops.js'
import { CREDENTIALS_NOTE, instanceQuery } from '../../schemas/common.js'

export async function v1GroupSubjectRoutes(untyped: FastifyInstance, deps: ApiDeps): Promise<void> {
  const app = untyped.withTypeProvider<TypeBoxTypeProvider>()
  const { groups } = deps.services
  app.put('/v1/groups/:id/subject', {
    config: { auth: 'instance' },
    schema: {
      tags: ['Groups'],
      summary: 'Set the group subject (v1 path)',
      description: `JSON body {subject}. Answers 200 with an empty JSON object, as the spec shows. Same rules as PUT /v2/groups/{id}/subject (group rate limit, 404 group_not_found, 403 not_group_admin when the group is info-admin-only). ${NOT_WORKING_NOTE} ${CREDENTIALS_NOTE}`,
      params: Type.Object({ id: Type.String({ description: 'Group id <number>@g.us' }) }),
      querystring: instanceQuery({ subject: Type.Optional(Type.String()) }),
      response: { 200: Type.Object({}), ...accountOpErrors }
    }
  }, async (request) => {
    await groups.setSubject(authInstance(request).instance.id, groupJidOf(request.params.id), subjectOf(request.input))
    return {}
  })
}
