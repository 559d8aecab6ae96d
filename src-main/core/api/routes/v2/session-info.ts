// /v2/session/info and /v2/session/me: read-only views of an instance.
import { Type, type Static } from '@sinclair/typebox'
import type { FastifyInstance } from 'fastify'
import { coreErrors } from '../../../domain/core-errors.js'
import { statusReasonText } from '../../../domain/status-reason.js'
import type { ApiDeps } from '../../api-deps.js'
import { instanceRoutes } from '../instance-route.js'
import { CREDENTIALS_NOTE, Me, Nullable, NullableStringEnum, SessionConfig, standardErrors, Status, StringEnum } from '../../schemas/common.js'

const tags = ['Session']

const InfoAnswer = Type.Object({
  instance_id: Type.String(),
  name: Type.String(),
  status: Status,
  status_reason: Nullable(Type.String({ description: 'Why the status last changed, a stable code (as `reason` of the session.status webhook): e.g. engine:open, disconnect:401, failed:conflict, failed:forbidden' })),
  status_reason_text: Nullable(Type.String({ description: 'The same in words, e.g. "the phone logged this device out (removed from Linked devices): scan a new QR code to pair again"' })),
  config: SessionConfig,
  me: Nullable(Me),
  engine: Type.Object({ engine: Type.String() }),
  qr: Type.Optional(Type.String({ description: 'Only in SCAN_QR_CODE: the current QR as a data:image/png;base64 URL' })),
  deliverability: Type.Object(
    {
      new_contacts: StringEnum(['ok', 'paused']),
      state: StringEnum(['ok', 'new_contacts_paused', 'restricted'], {
        description: 'Which hold: ok; new_contacts_paused (cold contacts refused: 463 on a new chat, 475); restricted (the account is restricted: a 463 on a chat it had written to; every send is held, replies included, until `until`)'
      }),
      until: Nullable(Type.String({ description: 'While paused: when sends to new contacts resume by themselves (ISO 8601)' })),
      reason: NullableStringEnum(['reachout_timelock', 'message_cap', 'account_restricted'], {
        description: 'reachout_timelock: the network refused a message that opened a new chat with error 463 or announced a reach-out timelock; message_cap: error 475 / the new-chat cap is reached; account_restricted: error 463 on an existing chat (state restricted)'
      }),
      held: Type.Integer({ description: 'Sends to new contacts held meanwhile (answered 202 with reason new_contacts_paused); they go out in order when the pause ends' })
    },
    {
      description:
        "Switchboard's addition: whether the network currently lets this account start new chats. While paused, sends to contacts with no earlier message in the chat are held instead of being refused (each refusal makes the restriction worse); replies in existing chats go on. The pause ends at `until` (the network's own end when it gave one, else a cool-down: 1 h for 463, 24 h for 475) or when the network announces the end."
    }
  )
})

const MeAnswer = Type.Object({
  id: Type.String({ description: 'Own chat id, <number>@c.us' }),
  lid: Type.Union([Type.String(), Type.Null()]),
  pushName: Type.Union([Type.String(), Type.Null()]),
  platform: Type.Union([Type.String(), Type.Null()], { description: 'Platform of the phone the instance is linked to (android, iphone, smba, ...)' })
})

export async function sessionInfoRoutes(app: FastifyInstance, deps: ApiDeps): Promise<void> {
  const { instances, send, qrImages } = deps.services
  const route = instanceRoutes(app, tags, standardErrors)
  route(['GET', 'POST'], '/v2/session/info', {
    summary: 'Session info',
    description: `Status, config, the paired account (me) and deliverability (Switchboard's addition: whether the network lets the account start new chats now). In SCAN_QR_CODE the answer also carries qr (a PNG data URL). Poll every 3 to 5 s until WORKING. GET and POST. ${CREDENTIALS_NOTE}`,
    answers: { 200: InfoAnswer }
  }, ({ instance }) => {
    // The row auth read in this request: the polled info answer costs no second read of it.
    const view = instances.manager.viewOf(instance)
    const qr = instances.qrOf(view)
    // One literal of a fixed shape (no spread): the compiled serializer writes the fields in the schema's order.
    const answer: Static<typeof InfoAnswer> = {
      instance_id: view.id,
      name: view.name,
      status: view.status,
      status_reason: view.statusReason,
      status_reason_text: statusReasonText(view.statusReason),
      config: instances.sessionConfig(view.id, instance),
      me: view.me && { id: view.me.id, lid: view.me.lid, pushName: view.me.pushName },
      engine: { engine: instances.manager.engineName },
      qr: undefined,
      deliverability: send.deliverabilityOf(view.id)
    }
    // Synchronous unless a QR is shown (its PNG is rendered once per QR string): the polled answer costs no promise.
    if (!qr) return answer
    return qrImages.dataUrl(qr.qr).then((url) => {
      answer.qr = url
      return answer
    })
  })

  route('GET', '/v2/session/me', {
    summary: 'About the WhatsApp account (me)',
    description: `The account the instance is paired with, also while stopped. 422 session_status_mismatch before the first pairing. ${CREDENTIALS_NOTE}`,
    answers: { 200: MeAnswer }
  }, async ({ instance }) => {
    const view = instances.mustView(instance.id)
    if (!view.me) throw coreErrors.statusMismatch(view.status, ['WORKING'], 'Pair the instance first (scan the QR or use a pairing code)')
    return view.me
  })
}
