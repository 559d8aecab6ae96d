// /v2/labels...: WhatsApp Business labels — list (the spec's object keyed by ordinal), create, update, delete,
// the chats of a label, the labels of a chat and setting them (reference §2.12, with the Python SDK's
// aliases). Colours are indexes 0-19 with WAHA's colorHex map.
import { Type, type TSchema } from '@sinclair/typebox'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { toApiChatId } from '../../../messaging/chat-ids.js'
import { labelColorHex, type StoredLabel } from '../../../messaging/store/index.js'
import type { ApiDeps } from '../../api-deps.js'
import { chatJidOf } from '../../params/chat-param.js'
import { colorParam, labelChangesOf, labelIdOf, labelIdsParam, labelNameOf } from '../../params/label-params.js'
import { pathParam } from '../../path-params.js'
import { NOT_WORKING_NOTE } from '../../schemas/account-ops.js'
import { CREDENTIALS_NOTE } from '../../schemas/common.js'
import { aliasOf, done, instanceAuth as config, instanceIdOf as instanceOf, opSchemas } from './account-route-kit.js'

const tags = ['Labels']

const Label = Type.Object({
  id: Type.String({ description: 'Immutable label id' }),
  name: Type.String(),
  color: Type.Integer({ minimum: 0, maximum: 19 }),
  colorHex: Type.String({ description: '#rrggbb (WAHA colour map)' })
})
const LabelMap = Type.Record(Type.String({ pattern: '^[0-9]+$' }), Label, { description: 'Labels keyed by ordinal: {"0": {...}, "1": {...}}' })
const ChatRef = Type.Object({ id: Type.String({ description: 'Chat id (@c.us, @g.us or @lid)' }) })
const Done = Type.Object({ success: Type.Literal(true) }, { additionalProperties: true })

const LABEL_PARAMS = Type.Object({ labelId: Type.String() })
const CHAT_PARAMS = Type.Object({ chatId: Type.String({ description: 'Chat id: digits, <number>@c.us, <number>@g.us or <number>@lid' }) })
const BOTH_PARAMS = Type.Object({ labelId: Type.String(), chatId: Type.String() })

const COLOR_DOC = {
  color: Type.Optional(Type.Unknown({ description: 'Colour index 0-19' })),
  colorHex: Type.Optional(Type.String({ description: 'Or one of the 20 colours as #rrggbb: #ff9485, #64c4ff, #ffd429, ... (WAHA map)' }))
}

const readNote = `Read from the instance's store, which app-state sync keeps current (changes made on the phone arrive within seconds). ${CREDENTIALS_NOTE}`
const writeNote = `Labels are a WhatsApp Business feature: the change is an app-state patch synced to the phone and the account's other devices (a personal account's phone ignores it). Errors: 404 label_not_found, 400 invalid_param naming the parameter. ${NOT_WORKING_NOTE} ${CREDENTIALS_NOTE}`

const apiLabel = (l: StoredLabel) => ({ id: l.id, name: l.name, color: l.color, colorHex: labelColorHex(l.color) })

export async function labelRoutes(app: FastifyInstance, deps: ApiDeps): Promise<void> {
  const { labels } = deps.services
  const labelOf = (request: FastifyRequest) => labelIdOf(pathParam(request, 'labelId'))
  const chatOf = (request: FastifyRequest) => chatJidOf(pathParam(request, 'chatId'))
  const opSchema = opSchemas(tags)
  const schema = (summary: string, description: string, response: TSchema, params?: TSchema, query: Record<string, TSchema> = {}) => opSchema(summary, description, response, { query, params })

  const list = async (request: FastifyRequest) => Object.fromEntries(labels.list(instanceOf(request)).map((l, i) => [String(i), apiLabel(l)]))
  const listSchema = schema(
    'List labels',
    `Answers an object keyed by ordinal strings ("0", "1", ...), as the spec describes (not an array); {} when the account has no labels. Each value {id, name, color (0-19), colorHex}. Also GET /v2/labels/all. ${readNote}`,
    LabelMap
  )
  app.get('/v2/labels', { config, schema: listSchema }, list)
  app.get('/v2/labels/all', { config, schema: aliasOf(listSchema) }, list)

  const create = async (request: FastifyRequest, reply: FastifyReply) => {
    const name = labelNameOf(request.input, true)!
    const label = await labels.create(instanceOf(request), name, colorParam(request.input) ?? 0)
    return reply.code(201).send(apiLabel(label))
  }
  const createSchema = opSchema.created('Create a label', `name (required) and color (0-19) or colorHex (default colour 0). Gets the next free numeric id. Answers 201 with the label. Also POST /v2/labels/create. ${writeNote}`, Label, {
    query: { name: Type.Optional(Type.String()), ...COLOR_DOC }
  })
  app.post('/v2/labels', { config, schema: createSchema }, create)
  app.post('/v2/labels/create', { config, schema: aliasOf(createSchema) }, create)

  // ---- labels of a chat (static segment before the :labelId routes) ----------------------------------------

  app.get('/v2/labels/chats/:chatId', {
    config,
    schema: schema('Labels of a chat', `An array of labels. ${readNote}`, Type.Array(Label), CHAT_PARAMS)
  }, async (request) => labels.labelsOf(instanceOf(request), chatOf(request)).map(apiLabel))

  app.put('/v2/labels/chats/:chatId', {
    config,
    schema: schema('Set the labels of a chat', `labels (required): [{"id":"1"}], ["1","2"] or "1,2"; the chat then carries exactly these ([] removes all). Answers the chat's labels. ${writeNote}`, Type.Array(Label), CHAT_PARAMS, { labels: Type.Optional(Type.Unknown()) })
  }, async (request) => (await labels.setChatLabels(instanceOf(request), chatOf(request), labelIdsParam(request.input))).map(apiLabel))

  // ---- one label ----------------------------------------------------------------------------------------

  app.put('/v2/labels/:labelId', {
    config,
    schema: schema('Update a label', `name and/or color (0-19) / colorHex; what is not sent stays. Answers the label. ${writeNote}`, Label, LABEL_PARAMS, { name: Type.Optional(Type.String()), ...COLOR_DOC })
  }, async (request) => {
    const changes = labelChangesOf(request.input)
    return apiLabel(await labels.update(instanceOf(request), labelOf(request), changes))
  })

  const remove = async (request: FastifyRequest) => {
    const id = labelOf(request)
    await labels.delete(instanceOf(request), id)
    return { success: true as const, id }
  }
  const removeSchema = schema('Delete a label', `The label disappears from every chat too. Answers {success:true, id}. Also POST or DELETE /v2/labels/{labelId}/delete. ${writeNote}`, Done, LABEL_PARAMS)
  app.delete('/v2/labels/:labelId', { config, schema: removeSchema }, remove)
  app.route({ method: ['POST', 'DELETE'], url: '/v2/labels/:labelId/delete', config, schema: aliasOf(removeSchema), handler: remove })

  app.get('/v2/labels/:labelId/chats', {
    config,
    schema: schema('Chats with a label', `An array of {id} (the v1 shape); ids are @c.us, @g.us or @lid. 404 label_not_found. ${readNote}`, Type.Array(ChatRef), LABEL_PARAMS)
  }, async (request) => labels.chats(instanceOf(request), labelOf(request)).map((jid) => ({ id: toApiChatId(jid) })))

  app.post('/v2/labels/:labelId/chats/:chatId', {
    config,
    schema: schema('Add a label to a chat', `Answers {success:true}. ${writeNote}`, Done, BOTH_PARAMS)
  }, async (request) => done(labels.addChatLabel(instanceOf(request), chatOf(request), labelOf(request))))

  app.delete('/v2/labels/:labelId/chats/:chatId', {
    config,
    schema: schema('Remove a label from a chat', `Answers {success:true}. ${writeNote}`, Done, BOTH_PARAMS)
  }, async (request) => done(labels.removeChatLabel(instanceOf(request), chatOf(request), labelOf(request))))
}
