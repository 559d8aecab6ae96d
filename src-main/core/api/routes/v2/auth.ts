// /v2/auth/{qr,qr-image,request-code}: the two ways to pair an instance with a phone.
import { Type } from '@sinclair/typebox'
import type { FastifyInstance } from 'fastify'
import Negotiator from 'negotiator'
import QRCode from 'qrcode'
import { coreErrors } from '../../../domain/core-errors.js'
import type { ApiDeps } from '../../api-deps.js'
import { authInstance } from '../../plugins/auth.js'
import { stringParam } from '../../request-params.js'
import { CREDENTIALS_NOTE, instanceQuery, standardErrors } from '../../schemas/common.js'

const tags = ['Login']
const QrAnswer = Type.Object({
  value: Type.Optional(Type.String({ description: 'The raw string to render as a QR code (WAHA shape)' })),
  expiry: Type.Optional(Type.Number({ description: 'Unix time (s) when this QR rotates (the engine\'s own timing: 60 s for the first QR of a connection, 20 s for later ones)' })),
  mimetype: Type.String(),
  data: Type.String({ description: 'format=raw: base64 of the JSON {value, expiry}; format=image: base64 PNG' })
})

/** Accept naming image/png (or image/*) ahead of JSON; no Accept or *\/* keeps the JSON envelope. */
function wantsPng(accept: string | undefined): boolean {
  if (!accept) return false
  return new Negotiator({ headers: { accept } }).mediaType(['application/json', 'image/png']) === 'image/png'
}

export async function authRoutes(app: FastifyInstance, deps: ApiDeps): Promise<void> {
  const { instances, pairingCodes } = deps.services
  const currentQr = (instanceId: string) => {
    const view = instances.mustView(instanceId)
    const qr = instances.qrOf(view)
    if (!qr) throw coreErrors.statusMismatch(view.status, ['SCAN_QR_CODE'], 'Start the session and wait for SCAN_QR_CODE (5 to 15 s); a paired session has no QR')
    return qr
  }

  app.route({
    method: ['GET', 'POST'],
    url: '/v2/auth/qr',
    config: { auth: 'instance' },
    schema: {
      tags,
      summary: 'QR code (raw value)',
      description: `In SCAN_QR_CODE: {value, expiry, mimetype:"application/json", data} where data is base64 of {value, expiry} (the hosted service's envelope) and value is the raw QR string (WAHA's shape); format=image gives {mimetype:"image/png", data:<base64 PNG>}, or the PNG bytes themselves (image/png) when Accept prefers image/png over JSON (WAHA's format=image). QRs rotate every 20 to 60 s: do not cache. 422 session_status_mismatch in other states (details.status). ${CREDENTIALS_NOTE}`,
      querystring: instanceQuery({ format: Type.Optional(Type.Union([Type.Literal('raw'), Type.Literal('image')], { default: 'raw' })) }),
      response: { 200: QrAnswer, ...standardErrors }
    },
    handler: async (request, reply) => {
      const { instance } = authInstance(request)
      const { qr, expiresAt } = currentQr(instance.id)
      if (stringParam(request.input, 'format') === 'image') {
        const png = await QRCode.toBuffer(qr, { type: 'png' })
        // WAHA answers the PNG itself to a client that asks for an image (e.g. to save or embed it directly).
        if (wantsPng(request.headers.accept)) return reply.type('image/png').send(png)
        return { mimetype: 'image/png', data: png.toString('base64') }
      }
      const expiry = Math.floor(expiresAt / 1000)
      return { value: qr, expiry, mimetype: 'application/json', data: Buffer.from(JSON.stringify({ value: qr, expiry })).toString('base64') }
    }
  })

  app.route({
    method: ['GET', 'POST'],
    url: '/v2/auth/qr-image',
    config: { auth: 'instance' },
    schema: {
      tags,
      summary: 'QR code (PNG image)',
      description: `In SCAN_QR_CODE: {"qr":"data:image/png;base64,..."}. Do not cache: QRs rotate every 20 to 60 s. 422 session_status_mismatch in other states (details.status). ${CREDENTIALS_NOTE}`,
      querystring: instanceQuery(),
      response: { 200: Type.Object({ qr: Type.String() }), ...standardErrors }
    },
    handler: async (request) => {
      const { instance } = authInstance(request)
      return { qr: await QRCode.toDataURL(currentQr(instance.id).qr) }
    }
  })

  app.post('/v2/auth/request-code', {
    config: { auth: 'instance' },
    schema: {
      tags,
      summary: 'Request a pairing code',
      description: `Only in SCAN_QR_CODE (else 422 session_status_mismatch with details.status). phone_number: digits only with the country code, no +, 00, spaces or dashes (else 400 invalid_phone_number). Answers {code:"XXXX-XXXX"}, valid about 2 to 5 minutes; enter it on the phone under Linked devices > Link with phone number. Throttled per phone number (3 codes per 10 minutes; a repeated request within 2 minutes returns the same code) because the network blocks pairing after 3 to 5 codes: 429 pairing_code_throttled with Retry-After. ${CREDENTIALS_NOTE}`,
      querystring: instanceQuery({ phone_number: Type.Optional(Type.String({ description: 'e.g. 201145202826' })) }),
      response: { 200: Type.Object({ code: Type.String({ examples: ['ABCD-1234'] }) }), ...standardErrors }
    }
  }, async (request) => {
    const { instance } = authInstance(request)
    const phone = stringParam(request.input, 'phone_number') ?? stringParam(request.input, 'phoneNumber')
    if (!phone) throw coreErrors.missingParam(['phone_number'])
    return { code: await pairingCodes.request(instance.id, phone) }
  })
}
