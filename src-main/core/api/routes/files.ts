// GET /api/files/<instance_id>/<file>: media of stored messages (see messaging/reads/media-files.ts), behind the
// same credentials as /v2 (token in the query, body or headers; the instance must be the caller's). A URL handed
// out before its download (webhook payloads) is downloaded through the engine on its first request.
import { createReadStream } from 'node:fs'
import { Type } from '@sinclair/typebox'
import type { FastifyInstance } from 'fastify'
import { coreErrors } from '../../domain/core-errors.js'
import type { ApiDeps } from '../api-deps.js'
import { pathParam } from '../path-params.js'
import { authAccount, tokenFromRequest } from '../plugins/auth.js'
import { normalizeParams } from '../request-params.js'
import { accountQuery, standardErrors } from '../schemas/common.js'

export async function mediaFileRoutes(app: FastifyInstance, deps: ApiDeps): Promise<void> {
  app.route({
    method: 'GET',
    url: '/api/files/:instanceId/:file',
    config: { auth: 'account' },
    // A download link opened without credentials is 401 (as a file server answers), not the API's 400 missing_param.
    onRequest: async (request) => {
      if (!tokenFromRequest(request, normalizeParams(request.query))) throw coreErrors.invalidAccessToken()
    },
    schema: {
      tags: ['Messages'],
      summary: 'Downloaded media of a message',
      description:
        'The stable URL in media.url of webhook message payloads and of messages read with downloadMedia=true: /api/files/<instance_id>/<message id>.<ext> (absolute, on this API\'s address). A file not downloaded yet (webhook URLs) is fetched from WhatsApp and decrypted on the first request, then served from disk. Needs the access token (query access_token, or the access-token / Authorization: Bearer header) of the account owning the instance: 401 invalid_access_token without it or with a wrong one; 404 media_not_found when no message has this file; 502 media_download_failed when the network no longer has the media.',
      params: Type.Object({ instanceId: Type.String(), file: Type.String() }),
      querystring: accountQuery(),
      response: {
        200: {
          description: 'The media bytes; Content-Type follows the file extension',
          content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } }
        },
        404: standardErrors[404], 401: standardErrors[401], 400: standardErrors[400], 502: standardErrors[500]
      }
    },
    handler: async (request, reply) => {
      const { account } = authAccount(request)
      const instanceId = (pathParam(request, 'instanceId') ?? '').toUpperCase()
      deps.services.instances.owned(account.id, instanceId)
      const name = pathParam(request, 'file') ?? ''
      const file = await deps.services.reads.mediaFile(instanceId, name)
      reply
        .type(file.mimetype)
        .header('content-length', String(file.size))
        .header('cache-control', 'private, max-age=86400')
        .header('content-disposition', `inline; filename="${name}"`)
      return reply.send(createReadStream(file.path))
    }
  })
}
