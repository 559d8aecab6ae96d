// GET/PATCH /v2/session/calls (Switchboard extension, issue 22 item 6): whether the instance rejects incoming
// calls by itself and the text it answers the caller with. Translates parameters to CallService calls only.
import { Type } from '@sinclair/typebox'
import type { FastifyInstance } from 'fastify'
import { CALL_REPLY_MAX } from '../../../account/calls/call-service.js'
import { coreErrors } from '../../../domain/core-errors.js'
import type { ApiDeps } from '../../api-deps.js'
import { authInstance } from '../../plugins/auth.js'
import { looseBoolean } from '../../request-params.js'
import { CREDENTIALS_NOTE, instanceQuery, standardErrors } from '../../schemas/common.js'

const tags = ['Switchboard extensions']
const CallSettingsAnswer = Type.Object({
  auto_reject: Type.Boolean({ description: 'Every incoming call (voice or video, 1:1 or group) is rejected as soon as it rings' }),
  reply_text: Type.Union([Type.String(), Type.Null()], { description: 'Sent to a caller whose 1:1 call was rejected automatically (through the rate-limit policy and queue like any send); null: no reply' })
})
const DESCRIPTION = `Incoming calls arrive as call.received webhooks (and on GET /v2/events) either way; with auto_reject the instance rejects them at once (the caller sees a declined call; call.rejected follows) and, when reply_text is set, answers the caller with that text. ${CREDENTIALS_NOTE}`

export async function callSettingsRoutes(app: FastifyInstance, deps: ApiDeps): Promise<void> {
  const { calls } = deps.services
  const wire = (s: { autoReject: boolean; replyText: string | null }) => ({ auto_reject: s.autoReject, reply_text: s.replyText })

  app.get('/v2/session/calls', {
    config: { auth: 'instance' as const },
    schema: { tags, summary: 'How the instance handles incoming calls', description: DESCRIPTION, querystring: instanceQuery(), response: { 200: CallSettingsAnswer, ...standardErrors } }
  }, async (request) => wire(calls.settings(authInstance(request).instance.id)))

  app.patch('/v2/session/calls', {
    config: { auth: 'instance' as const },
    schema: {
      tags,
      summary: 'Reject incoming calls automatically, optionally answering with a text',
      description: `JSON body (or query): auto_reject (boolean), reply_text (string up to ${CALL_REPLY_MAX} characters; null or "" removes it). The fields given change. ${DESCRIPTION}`,
      querystring: instanceQuery(),
      response: { 200: CallSettingsAnswer, ...standardErrors }
    }
  }, async (request) => {
    const { instance } = authInstance(request)
    const input = request.input
    const patch: { autoReject?: boolean; replyText?: string | null } = {}
    if (input.auto_reject !== undefined) {
      const v = looseBoolean(input.auto_reject)
      if (v === undefined) throw coreErrors.invalidParam('auto_reject', 'must be true or false')
      patch.autoReject = v
    }
    if (input.reply_text !== undefined) {
      const t = input.reply_text
      if (t !== null && typeof t !== 'string') throw coreErrors.invalidParam('reply_text', 'must be a string or null')
      if (typeof t === 'string' && t.length > CALL_REPLY_MAX) throw coreErrors.invalidParam('reply_text', `at most ${CALL_REPLY_MAX} characters`)
      patch.replyText = t
    }
    if (!Object.keys(patch).length) throw coreErrors.missingParam(['auto_reject', 'reply_text'])
    return wire(calls.update(instance.id, patch))
  })
}
