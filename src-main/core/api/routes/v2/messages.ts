// One message: /v2/messages/get from the store, and delete / edit / pin / unpin through the engine.
import { Type, type TSchema } from '@sinclair/typebox'
import type { FastifyInstance } from 'fastify'
import { coreErrors } from '../../../domain/core-errors.js'
import { EDIT_WINDOW_MINUTES, parsePinDuration } from '../../../messaging/reads/message-ops.js'
import type { ApiDeps } from '../../api-deps.js'
import { booleanParam, messageTargetParam, optionalString, requiredString } from '../../params/read-params.js'
import { CREDENTIALS_NOTE, standardErrors } from '../../schemas/common.js'
import { ApiMessageSchema, ChatIdParam, LooseBoolean, MessageIdParam } from '../../schemas/reads.js'
import { instanceRoutes } from '../instance-route.js'

const errors = { ...standardErrors, 502: standardErrors[500] }
const TARGET = 'chatId and messageId (serialized, e.g. true_15551234567@c.us_3EB0ABCDEF; chatId may be left out then, a bare id needs it).'
const NOT_WORKING = '422 session_status_mismatch when the session is not WORKING; 502 engine_request_failed when the network does not answer.'

const ActionAnswer = Type.Object(
  { success: Type.Boolean(), id: Type.String({ description: 'Serialized id of the message acted on' }) },
  { additionalProperties: true }
)

const targetQuery = (extra: Record<string, TSchema> = {}) => ({ chatId: Type.Optional(ChatIdParam()), messageId: Type.Optional(MessageIdParam), ...extra })

export async function messageRoutes(app: FastifyInstance, deps: ApiDeps): Promise<void> {
  const reads = deps.services.reads
  const route = instanceRoutes(app, ['Messages'], errors)

  route(['POST', 'GET'], '/v2/messages/get', {
    summary: 'Get a message by id',
    description: `${TARGET} Answers the message object from the local store (with its current ack, edits, reactions); 404 message_not_found when the store does not have it. downloadMedia (default true) downloads its media and gives media.url. POST (documented) and GET. ${CREDENTIALS_NOTE}`,
    query: targetQuery({ downloadMedia: LooseBoolean('Download media and give its URL; default true') }),
    answers: { 200: ApiMessageSchema }
  }, async ({ instance }, request) => {
    const stored = reads.message(instance.id, messageTargetParam(request.input))
    const [message] = await reads.apiMessages(instance.id, [stored], booleanParam(request.input, 'downloadMedia', true))
    return message
  })

  route(['POST', 'DELETE', 'GET'], '/v2/messages/delete', {
    summary: 'Delete a message (for everyone, or for me)',
    description: `${TARGET} forEveryone (default true) revokes the message for everyone: own messages (others' in a chat: 422 not_own_message), or others' in a group where this account is admin (checked on fresh group metadata; otherwise 403 not_group_admin). forEveryone=false (or forMe=true) deletes it from this account's devices only (needs the message in the store), from the store and its downloaded media file. Answers {success, id, forEveryone}. POST, DELETE (and GET). ${NOT_WORKING} ${CREDENTIALS_NOTE}`,
    query: targetQuery({ forEveryone: LooseBoolean('Revoke for everyone; default true'), forMe: LooseBoolean('Delete for me only (forEveryone=false)') }),
    answers: { 200: ActionAnswer }
  }, async ({ instance }, request) => {
    const input = request.input
    const forEveryone = booleanParam(input, 'forEveryone', !booleanParam(input, 'forMe', false))
    const id = await reads.deleteMessage(instance.id, messageTargetParam(input), forEveryone)
    return { success: true, id, forEveryone }
  })

  route(['POST', 'PUT'], '/v2/messages/edit', {
    summary: 'Edit a sent text message',
    description: `${TARGET} text (also message or body): the new text. Only this account's own text messages, within ${EDIT_WINDOW_MINUTES} minutes of sending (422 not_own_message, message_not_editable, edit_window_expired). The recipient sees the message as edited; the message.edited event follows. Answers {success, id, body}. POST and PUT. ${NOT_WORKING} ${CREDENTIALS_NOTE}`,
    query: targetQuery({ text: Type.Optional(Type.String({ description: 'New text' })) }),
    answers: { 200: ActionAnswer }
  }, async ({ instance }, request) => {
    const text = requiredString(request.input, 'text', 'message', 'body')
    if (text.length > 4096) throw coreErrors.invalidParam('text', 'at most 4096 characters')
    const id = await reads.editMessage(instance.id, messageTargetParam(request.input), text)
    return { success: true, id, body: text }
  })

  for (const pinned of [true, false]) {
    route(['POST'], pinned ? '/v2/messages/pin' : '/v2/messages/unpin', {
      summary: pinned ? 'Pin a message in its chat' : 'Unpin a message',
      description: `${TARGET} ${pinned ? 'duration: seconds the pin lasts, 86400 (24 h), 604800 (7 days, default) or 2592000 (30 days); 24h, 7d and 30d also work. Pinned for everyone in the chat. Answers {success, id, pinned, duration}.' : 'Answers {success, id, pinned:false}.'} POST. ${NOT_WORKING} ${CREDENTIALS_NOTE}`,
      query: targetQuery(pinned ? { duration: Type.Optional(Type.Union([Type.Integer(), Type.String()], { description: '86400, 604800 (default) or 2592000 seconds' })) } : {}),
      answers: { 200: ActionAnswer }
    }, async ({ instance }, request) => {
      const duration = parsePinDuration(pinned ? optionalString(request.input, 'duration', 'time') : undefined)
      if (!duration) throw coreErrors.invalidParam('duration', 'expected 86400, 604800 or 2592000 (seconds), or 24h, 7d, 30d')
      const id = await reads.pinMessage(instance.id, messageTargetParam(request.input), pinned, duration)
      return { success: true, id, pinned, ...(pinned ? { duration } : {}) }
    })
  }
}
