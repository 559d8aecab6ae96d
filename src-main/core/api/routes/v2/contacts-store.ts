// Contacts known to the instance, from the message store: /v2/contacts?contactId= and /v2/contacts/all.
import { Type } from '@sinclair/typebox'
import type { FastifyInstance } from 'fastify'
import { toWaJid } from '../../../messaging/chat-ids.js'
import { readsErrors } from '../../../messaging/reads/errors.js'
import type { ApiDeps } from '../../api-deps.js'
import { contactSortParam, paging, sortOrderParam } from '../../params/list-params.js'
import { requiredString } from '../../params/read-params.js'
import { CREDENTIALS_NOTE, standardErrors } from '../../schemas/common.js'
import { ChatIdParam, LooseInteger } from '../../schemas/reads.js'
import { instanceRoutes } from '../instance-route.js'

const ContactSchema = Type.Object(
  {
    id: Type.String({ description: '<number>@c.us (or <n>@lid while the phone number is unknown)' }),
    number: Type.String({ description: 'Digits of the phone number ("" when unknown)' }),
    name: Type.Union([Type.String(), Type.Null()], { description: "Name saved in the phone's address book; null if unsaved" }),
    pushname: Type.Union([Type.String(), Type.Null()], { description: 'Name the contact chose (unverified)' }),
    shortName: Type.Union([Type.String(), Type.Null()]),
    verifiedName: Type.Union([Type.String(), Type.Null()], { description: 'Verified business name' }),
    isBusiness: Type.Boolean({ description: 'A WhatsApp Business account (app or API): its messages carry a verified name, or a number check (check-exists) returned its verified-name certificate' }),
    isEnterprise: Type.Boolean({ description: 'A WhatsApp Business API ("enterprise") account: the certificate\'s issuer, known once the number went through check-exists' }),
    isMe: Type.Boolean(),
    isGroup: Type.Boolean(),
    isWAContact: Type.Boolean(),
    isMyContact: Type.Boolean({ description: "Saved in the phone's address book" }),
    lid: Type.Union([Type.String(), Type.Null()], { description: "The contact's LID (<n>@lid), when known" })
  },
  { additionalProperties: true }
)

const STORE_NOTE =
  'Contacts come from the local store: the phone\'s address book (history sync), push names of people who wrote, and business flags; they are kept across restarts.'

export async function contactStoreRoutes(app: FastifyInstance, deps: ApiDeps): Promise<void> {
  const reads = deps.services.reads
  const route = instanceRoutes(app, ['Contacts'], standardErrors)

  route(['GET', 'POST'], '/v2/contacts', {
    summary: 'Get a contact',
    description: `contactId: <number>@c.us (digits and @lid work too). Answers {id, number, name, pushname, isBusiness, isEnterprise, ...}; 404 contact_not_found when the instance has never seen the contact. ${STORE_NOTE} GET and POST. ${CREDENTIALS_NOTE}`,
    query: { contactId: Type.Optional(ChatIdParam('Contact id, <number>@c.us')) },
    answers: { 200: ContactSchema }
  }, async ({ instance }, request) => {
    const raw = requiredString(request.input, 'contactId', 'chatId', 'id')
    const contact = reads.contact(instance.id, toWaJid(raw))
    // The error names the id as the client spelled it.
    if (!contact) throw readsErrors.contactNotFound(raw)
    return contact
  })

  route(['GET', 'POST'], '/v2/contacts/all', {
    summary: 'All contacts',
    description: `limit (default 100, 1 to 1000), offset; sortBy id (default) or name; sortOrder ASC (default) or DESC. ${STORE_NOTE} GET and POST. ${CREDENTIALS_NOTE}`,
    query: {
      limit: LooseInteger('1 to 1000, default 100; 0 = no limit (the maximum, 1000)'),
      offset: LooseInteger('default 0'),
      sortBy: Type.Optional(Type.String({ description: 'id (default) | name' })),
      sortOrder: Type.Optional(Type.String({ description: 'ASC (default) | DESC' }))
    },
    answers: { 200: Type.Array(ContactSchema) }
  }, async ({ instance }, request) => {
    const q = { sortBy: contactSortParam(request.input), sortOrder: sortOrderParam(request.input, 'ASC'), ...paging(request.input, 100) }
    return reads.listContacts(instance.id, q)
  })
}
