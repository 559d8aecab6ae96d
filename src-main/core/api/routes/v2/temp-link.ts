// GET/POST/DELETE /v2/session/temp-link: a 30-minute, revocable, unguessable link to the QR page.
import { Type } from '@sinclair/typebox'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { TempLinkRow } from '../../../services/temp-link-service.js'
import type { ApiDeps } from '../../api-deps.js'
import { authInstance } from '../../plugins/auth.js'
import { CREDENTIALS_NOTE, instanceQuery, statusVariantErrors } from '../../schemas/common.js'

const tags = ['Temporary link']

const LinkAnswer = Type.Object({
  status: Type.Literal('success'),
  link: Type.Union([Type.String(), Type.Null()], {
    description: "{app_url}/temp-qr/<token>, or null when no link is active. {app_url} is the public URL when one is configured (--public-url, Settings > API access > Public URL; e.g. a tunnel's); else the address the request came in on unless that is this machine's loopback; else, when the API listens beyond loopback (--host), the address it listens on (this machine's LAN address for 0.0.0.0); else the loopback address (opens on this machine only)."
  }),
  expires_at: Type.Union([Type.String(), Type.Null()], { description: 'ISO 8601 UTC' }),
  message: Type.String()
})
const RevokeAnswer = Type.Object({ status: Type.Literal('success'), revoked: Type.Integer(), message: Type.String() })

export async function tempLinkRoutes(app: FastifyInstance, deps: ApiDeps): Promise<void> {
  const { tempLinks } = deps.services
  const answer = (request: FastifyRequest, row: TempLinkRow | undefined, message: string) => ({
    status: 'success' as const,
    // The Host header already passed the allow-list; the service picks the address the phone's holder can open.
    link: row ? tempLinks.urlOf(row, { protocol: request.protocol, host: request.headers.host }) : null,
    expires_at: row ? new Date(row.expires_at).toISOString() : null,
    message
  })
  const config = { auth: 'instance' as const, errorVariant: 'status' as const }
  const schema = (summary: string, description: string, response: typeof LinkAnswer | typeof RevokeAnswer) => ({
    tags,
    summary,
    description: `${description} The page needs no credentials: anyone holding the link can pair the instance until it expires (30 minutes) or is revoked. Errors use {status:"error", code, message}: 400 missing_params, 401 invalid_credentials. ${CREDENTIALS_NOTE}`,
    querystring: instanceQuery(),
    response: { 200: response, ...statusVariantErrors }
  })

  app.get('/v2/session/temp-link', { config, schema: schema('Current temporary link', 'The active link, or link:null. At rest the token is kept as its SHA-256 hash (how /temp-qr/<token> finds it) and sealed with the data key that encrypts the session keys (AES-256-GCM), never in clear, so this answer can show the live link again; a revoked link forgets its token.', LinkAnswer) }, async (request) => {
    const { instance } = authInstance(request)
    const row = tempLinks.current(instance.id)
    return answer(request, row, row ? 'Active temporary link' : 'No active temporary link')
  })

  app.post('/v2/session/temp-link', { config, schema: schema('Create a temporary link', 'Revokes any older link and creates a new one.', LinkAnswer) }, async (request) => {
    const { instance } = authInstance(request)
    const row = tempLinks.create(instance.id)
    return answer(request, row, 'Temporary link created; it expires in 30 minutes')
  })

  app.delete('/v2/session/temp-link', { config, schema: schema('Revoke the temporary link', 'Revokes every active link of the instance.', RevokeAnswer) }, async (request) => {
    const { instance } = authInstance(request)
    const revoked = tempLinks.revoke(instance.id)
    return { status: 'success' as const, revoked, message: revoked ? 'Temporary link revoked' : 'No active temporary link' }
  })
}
