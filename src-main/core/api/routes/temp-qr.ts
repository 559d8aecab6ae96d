// /temp-qr/<token>: the credential-free QR page of a temporary link, its token-scoped state and pairing-code
// endpoints, and the page's static assets. Tokens are scrubbed from logs (api/logger.ts).
import { Type } from '@sinclair/typebox'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyInstance, FastifyReply } from 'fastify'
import { coreErrors } from '../../domain/core-errors.js'
import type { ApiDeps } from '../api-deps.js'
import { stringParam } from '../request-params.js'
import { ErrorBody, Status } from '../schemas/common.js'
import { EXPIRED_HTML, PAGE_CSP, PAGE_CSS, PAGE_HTML, PAGE_JS } from '../temp-qr/page.js'

const TokenParams = Type.Object({ token: Type.String({ maxLength: 128 }) })
const tags = ['Temporary link']

export async function tempQrRoutes(untyped: FastifyInstance, deps: ApiDeps): Promise<void> {
  // The TypeBox provider types request.params from the route schemas below.
  const app = untyped.withTypeProvider<TypeBoxTypeProvider>()
  const { instances, pairingCodes, tempLinks, qrImages } = deps.services
  const page = (reply: FastifyReply, status: number, html: string) =>
    reply.code(status).header('Content-Security-Policy', PAGE_CSP).type('text/html; charset=utf-8').send(html)

  app.get('/temp-qr/assets/page.js', { schema: { hide: true } }, async (_req, reply) =>
    reply.header('Cache-Control', 'no-cache').type('text/javascript; charset=utf-8').send(PAGE_JS)
  )
  app.get('/temp-qr/assets/page.css', { schema: { hide: true } }, async (_req, reply) =>
    reply.header('Cache-Control', 'no-cache').type('text/css; charset=utf-8').send(PAGE_CSS)
  )

  app.get('/temp-qr/:token', {
    schema: { tags, summary: 'QR page of a temporary link (HTML, no credentials)', params: TokenParams }
  }, async (request, reply) => {
    return tempLinks.resolve(request.params.token) ? page(reply, 200, PAGE_HTML) : page(reply, 410, EXPIRED_HTML)
  })

  app.get('/temp-qr/:token/state', {
    schema: {
      tags,
      summary: 'Live state behind a temporary link',
      params: TokenParams,
      response: {
        200: Type.Object({ status: Status, qr: Type.Union([Type.String(), Type.Null()]), expires_at: Type.String() }),
        410: ErrorBody
      }
    }
  }, async (request) => {
    const link = tempLinks.resolve(request.params.token)
    if (!link) throw coreErrors.tempLinkExpired()
    const view = instances.view(link.instance_id)
    if (!view) throw coreErrors.tempLinkExpired()
    const qr = instances.qrOf(view)
    return { status: view.status, qr: qr ? await qrImages.dataUrl(qr.qr, 'page') : null, expires_at: new Date(link.expires_at).toISOString() }
  })

  app.post('/temp-qr/:token/pairing-code', {
    schema: {
      tags,
      summary: 'Pairing code through a temporary link',
      params: TokenParams,
      response: { 200: Type.Object({ code: Type.String() }), 400: ErrorBody, 410: ErrorBody, 422: ErrorBody, 429: ErrorBody }
    }
  }, async (request) => {
    const link = tempLinks.resolve(request.params.token)
    if (!link) throw coreErrors.tempLinkExpired()
    const phone = stringParam(request.input, 'phone_number')
    if (!phone) throw coreErrors.missingParam(['phone_number'])
    return { code: await pairingCodes.request(link.instance_id, phone) }
  })
}
