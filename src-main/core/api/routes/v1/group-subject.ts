// PUT {alt_base_url}/groups/<group_id>/subject = /v1/groups/<id>/subject: the spec's one v1 group operation
// ("under development" there). Same behaviour as PUT /v2/groups/<id>/subject; answers {} as the spec says.
import { Type } from '@sinclair/typebox'
import type { FastifyInstance } from 'fastify'
import type { ApiDeps } from '../../api-deps.js'
import { groupJidOf, subjectOf } from '../../params/group-params.js'
import { pathParam } from '../../path-params.js'
import { accountOpErrors, NOT_WORKING_NOTE } from '../../schemas/account-ops.js'
import { CREDENTIALS_NOTE } from '../../schemas/common.js'
import { instanceRoutes } from '../instance-route.js'

export async function v1GroupSubjectRoutes(app: FastifyInstance, deps: ApiDeps): Promise<void> {
  const { groups } = deps.services
  instanceRoutes(app, ['Groups'], accountOpErrors)('PUT', '/v1/groups/:id/subject', {
    summary: 'Set the group subject (v1 path)',
    description: `JSON body {subject}. Answers 200 with an empty JSON object, as the spec shows. Same rules as PUT /v2/groups/{id}/subject (group rate limit, 404 group_not_found, 403 not_group_admin when the group is info-admin-only). ${NOT_WORKING_NOTE} ${CREDENTIALS_NOTE}`,
    params: Type.Object({ id: Type.String({ description: 'Group id <number>@g.us' }) }),
    query: { subject: Type.Optional(Type.String()) },
    answers: { 200: Type.Object({}) }
  }, async ({ instance }, request) => {
    await groups.setSubject(instance.id, groupJidOf(pathParam(request, 'id')), subjectOf(request.input))
    return {}
  })
}
