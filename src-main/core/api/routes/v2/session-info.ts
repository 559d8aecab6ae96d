// /v2/session/info and /v2/session/me: read-only views of an instance.
import { Type } from '@sinclair/typebox'
import type { FastifyInstance } from 'fastify'
import QRCode from 'qrcode'
import { coreErrors } from '../../../domain/core-errors.js'
import type { ApiDeps } from '../../api-deps.js'
import { authInstance } from '../../plugins/auth.js'
import { CREDENTIALS_NOTE, instanceQuery, Me, SessionConfig, standardErrors, Status } from '../../schemas/common.js'

const tags = ['Session']

const InfoAnswer = Type.Object({
  instance_id: Type.String(),
  name: Type.String(),
  status: Status,
  config: SessionConfig,
  me: Type.Union([Me, Type.Null()]),
  engine: Type.Object({ engine: Type.String() }),
  qr: Type.Optional(Type.String({ description: 'Only in SCAN_QR_CODE: the current QR as a data:image/png;base64 URL' }))
})

const MeAnswer = Type.Object({
  id: Type.String({ description: 'Own chat id, <number>@c.us' }),
  lid: Type.Union([Type.String(), Type.Null()]),
  pushName: Type.Union([Type.String(), Type.Null()]),
  platform: Type.Union([Type.String(), Type.Null()], { description: 'Platform of the phone the instance is linked to (android, iphone, smba, ...)' })
})

export async function sessionInfoRoutes(app: FastifyInstance, deps: ApiDeps): Promise<void> {
  const { instances } = deps.services
  app.route({
    method: ['GET', 'POST'],
    url: '/v2/session/info',
    config: { auth: 'instance' },
    schema: {
      tags,
      summary: 'Session info',
      description: `Status, config and the paired account (me). In SCAN_QR_CODE the answer also carries qr (a PNG data URL). Poll every 3 to 5 s until WORKING. GET and POST. ${CREDENTIALS_NOTE}`,
      querystring: instanceQuery(),
      response: { 200: InfoAnswer, ...standardErrors }
    },
    handler: async (request) => {
      const { instance } = authInstance(request)
      const view = instances.mustView(instance.id)
      const qr = instances.qrOf(view)
      return {
        instance_id: view.id,
        name: view.name,
        status: view.status,
        config: instances.sessionConfig(view.id),
        me: view.me && { id: view.me.id, lid: view.me.lid, pushName: view.me.pushName },
        engine: { engine: instances.manager.engineName },
        ...(qr ? { qr: await QRCode.toDataURL(qr.qr) } : {})
      }
    }
  })

  app.get('/v2/session/me', {
    config: { auth: 'instance' },
    schema: {
      tags,
      summary: 'About the WhatsApp account (me)',
      description: `The account the instance is paired with, also while stopped. 422 session_status_mismatch before the first pairing. ${CREDENTIALS_NOTE}`,
      querystring: instanceQuery(),
      response: { 200: MeAnswer, ...standardErrors }
    }
  }, async (request) => {
    const { instance } = authInstance(request)
    const view = instances.mustView(instance.id)
    if (!view.me) throw coreErrors.statusMismatch(view.status, ['WORKING'], 'Pair the instance first (scan the QR or use a pairing code)')
    return view.me
  })
}
