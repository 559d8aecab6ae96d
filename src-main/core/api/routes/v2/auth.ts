// /v2/auth/{qr,qr-image,request-code}: the two ways to pair an instance with a phone.
import { Type } from '@sinclair/typebox'
import type { FastifyInstance, FastifyReply } from 'fastify'
import Negotiator from 'negotiator'
import { coreErrors } from '../../../domain/core-errors.js'
import type { ApiDeps } from '../../api-deps.js'
import { instanceRoutes } from '../instance-route.js'
import { stringParam } from '../../request-params.js'
import { CREDENTIALS_NOTE, standardErrors } from '../../schemas/common.js'

const tags = ['Login']
/** How long a QR request waits for the first QR of a session that is in SCAN_QR_CODE without one yet. */
export const QR_WAIT_MS = 10_000
const QR_RETRY_MS = 1_000
const QR_NOT_READY_DOC = `202 {status:"pending", code:"qr_not_ready", message, retry_in_ms} with Retry-After when the session is in SCAN_QR_CODE but its first QR has not come within ${QR_WAIT_MS / 1000} s (right after logout or start the request waits for it, so this is rare): retry after retry_in_ms.`
const QrNotReady = Type.Object(
  { status: Type.Literal('pending'), code: Type.Literal('qr_not_ready'), message: Type.String(), retry_in_ms: Type.Integer() },
  { description: QR_NOT_READY_DOC }
)
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
  const { instances, pairingCodes, qrImages } = deps.services
  /**
   * The QR, waiting (bounded) for the first one of a SCAN_QR_CODE session that has none yet: right after a logout
   * the status is already SCAN_QR_CODE while the new connection is still being made. Still none after the wait: 202
   * with when to retry (never a 422 that names the state the session is in as the one it needs).
   */
  const currentQr = async (instanceId: string, reply: FastifyReply) => {
    const qr = await instances.waitForQr(instanceId, QR_WAIT_MS)
    if (qr) return qr
    const view = instances.mustView(instanceId)
    if (view.status !== 'SCAN_QR_CODE') throw coreErrors.statusMismatch(view.status, ['SCAN_QR_CODE'], 'Start the session and wait for SCAN_QR_CODE (5 to 15 s); a paired session has no QR')
    reply.code(202).header('Retry-After', String(Math.ceil(QR_RETRY_MS / 1000)))
    return undefined
  }
  const notReady = { status: 'pending' as const, code: 'qr_not_ready' as const, message: `QR not ready, retry in ${QR_RETRY_MS} ms`, retry_in_ms: QR_RETRY_MS }

  const route = instanceRoutes(app, tags, standardErrors)
  route(['GET', 'POST'], '/v2/auth/qr', {
    summary: 'QR code (raw value)',
    description: `In SCAN_QR_CODE: {value, expiry, mimetype:"application/json", data} where data is base64 of {value, expiry} (the hosted service's envelope) and value is the raw QR string (WAHA's shape); format=image gives {mimetype:"image/png", data:<base64 PNG>}, or the PNG bytes themselves (image/png) when Accept prefers image/png over JSON (WAHA's format=image). QRs rotate every 20 to 60 s: do not cache. Right after logout (or when the session has just reached SCAN_QR_CODE) the request waits up to ${QR_WAIT_MS / 1000} s for the first QR. ${QR_NOT_READY_DOC} 422 session_status_mismatch in other states (details.status). ${CREDENTIALS_NOTE}`,
    query: { format: Type.Optional(Type.Union([Type.Literal('raw'), Type.Literal('image')], { default: 'raw' })) },
    answers: { 200: QrAnswer, 202: QrNotReady }
  }, async ({ instance }, request, reply) => {
    const current = await currentQr(instance.id, reply)
    if (!current) return notReady
    const { qr, expiresAt } = current
    if (stringParam(request.input, 'format') === 'image') {
      const png = await qrImages.png(qr)
      // WAHA answers the PNG itself to a client that asks for an image (e.g. to save or embed it directly).
      if (wantsPng(request.headers.accept)) return reply.type('image/png').send(png)
      return { mimetype: 'image/png', data: png.toString('base64') }
    }
    const expiry = Math.floor(expiresAt / 1000)
    return { value: qr, expiry, mimetype: 'application/json', data: Buffer.from(JSON.stringify({ value: qr, expiry })).toString('base64') }
  })

  route(['GET', 'POST'], '/v2/auth/qr-image', {
    summary: 'QR code (PNG image)',
    description: `In SCAN_QR_CODE: {"qr":"data:image/png;base64,..."}. Do not cache: QRs rotate every 20 to 60 s. Waits up to ${QR_WAIT_MS / 1000} s for the first QR, as /v2/auth/qr. ${QR_NOT_READY_DOC} 422 session_status_mismatch in other states (details.status). ${CREDENTIALS_NOTE}`,
    answers: { 200: Type.Object({ qr: Type.String() }), 202: QrNotReady }
  }, async ({ instance }, _request, reply) => {
    const current = await currentQr(instance.id, reply)
    return current ? { qr: await qrImages.dataUrl(current.qr) } : notReady
  })

  route('POST', '/v2/auth/request-code', {
    summary: 'Request a pairing code',
    description: `Only in SCAN_QR_CODE (else 422 session_status_mismatch with details.status). phone_number: digits only with the country code, no +, 00, spaces or dashes (else 400 invalid_phone_number). Answers {code:"XXXX-XXXX"}, valid about 2 to 5 minutes; enter it on the phone under Linked devices > Link with phone number. Throttled per phone number (3 codes per 10 minutes; a repeated request within 2 minutes returns the same code) because the network blocks pairing after 3 to 5 codes: 429 pairing_code_throttled with Retry-After. ${CREDENTIALS_NOTE}`,
    query: { phone_number: Type.Optional(Type.String({ description: 'e.g. 201145202826' })) },
    answers: { 200: Type.Object({ code: Type.String({ examples: ['ABCD-1234'] }) }) }
  }, async ({ instance }, request) => {
    const phone = stringParam(request.input, 'phone_number') ?? stringParam(request.input, 'phoneNumber')
    if (!phone) throw coreErrors.missingParam(['phone_number'])
    return { code: await pairingCodes.request(instance.id, phone) }
  })
}
