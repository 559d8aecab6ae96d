// /v2/contacts/check-exists, /about, /profile-picture, /block, /unblock and /v2/chats/picture: contact
// operations answered by the network (profile pictures through the 24-hour cache).
import { Type } from '@sinclair/typebox'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { toApiChatId, toWaJid } from '../../../messaging/chat-ids.js'
import { normalizeCheckPhone } from '../../../messaging/reads/contact-ops.js'
import { pathParam } from '../../path-params.js'
import type { ApiDeps } from '../../api-deps.js'
import { booleanParam, chatJidParam, optionalString, requiredString } from '../../params/read-params.js'
import { CREDENTIALS_NOTE, standardErrors } from '../../schemas/common.js'
import { ChatIdParam, LooseBoolean, ProfilePictureAnswer, SuccessAnswer } from '../../schemas/reads.js'
import { instanceRoutes, type InstanceCaller } from '../instance-route.js'

const errors = { ...standardErrors, 502: standardErrors[500] }
const NOT_WORKING = '422 session_status_mismatch when the session is not WORKING; 502 engine_request_failed when the network does not answer.'

export async function contactsNetworkRoutes(app: FastifyInstance, deps: ApiDeps): Promise<void> {
  const reads = deps.services.reads
  const route = instanceRoutes(app, ['Contacts'], errors)
  const chatRoute = instanceRoutes(app, ['Chats'], errors)

  route(['GET', 'POST'], '/v2/contacts/check-exists', {
    summary: 'Check that a phone number is on WhatsApp',
    description: `phone: digits with the country code (a leading + and spaces are removed). Answers {numberExists, chatId}; chatId is the id to write to (<number>@c.us). What the network says about a business account (verified name; business app or API, i.e. isBusiness / isEnterprise) is recorded on the contact (GET /v2/contacts). Counts as one number check of the instance's rate-limit policy (check_req_per_minute, check_daily_cap): a check that would wait up to 20 s for its slot waits and answers 200, a longer wait answers 429 rate_limited (details.retry_after_ms), over the daily cap 429 daily_cap_reached (details.resets_at). GET and POST. ${NOT_WORKING} ${CREDENTIALS_NOTE}`,
    query: { phone: Type.Optional(Type.String({ description: 'e.g. 15551234567', examples: ['15551234567'] })) },
    answers: { 200: Type.Object({ numberExists: Type.Boolean(), chatId: Type.String() }) }
  }, async ({ instance }, request) => reads.checkExists(instance.id, normalizeCheckPhone(requiredString(request.input, 'phone', 'phoneNumber', 'phone_number'))))

  route(['GET', 'POST'], '/v2/contacts/about', {
    summary: "A contact's about text",
    description: `contactId: <number>@c.us (or digits). Answers {id, about, setAt}; about is null when the contact has none or hides it. GET and POST. ${NOT_WORKING} ${CREDENTIALS_NOTE}`,
    query: { contactId: Type.Optional(ChatIdParam('Contact id, <number>@c.us or digits')) },
    answers: {
      200: Type.Object({ id: Type.String(), about: Type.Union([Type.String(), Type.Null()]), setAt: Type.Union([Type.Number(), Type.Null()], { description: 'Seconds' }) })
    }
  }, async ({ instance }, request) => {
    const jid = chatJidParam(request.input, 'contactId', 'chatId', 'phone')
    return { id: toApiChatId(jid), ...(await reads.about(instance.id, jid)) }
  })

  const pictureHandler = (names: string[]) => async ({ instance }: InstanceCaller, request: FastifyRequest) => {
    const jid = chatJidParam(request.input, ...names)
    const pic = await reads.profilePicture(instance.id, jid, booleanParam(request.input, 'refresh', false))
    return { id: toApiChatId(jid), url: pic.url, profilePictureURL: pic.url, cached: pic.cached, fetchedAt: pic.fetchedAt }
  }
  const pictureDescription = `The URL is kept for 24 hours; refresh=true asks the network again. A cached URL is answered even while the session is not WORKING. Answers {id, url, profilePictureURL, cached, fetchedAt}; url is null without a picture (or when privacy hides it). GET and POST. ${NOT_WORKING} ${CREDENTIALS_NOTE}`
  const refresh = LooseBoolean('Bypass the 24-hour cache')

  route(['GET', 'POST'], '/v2/contacts/profile-picture', {
    summary: "A contact's profile picture URL",
    description: `contactId: <number>@c.us (or digits). ${pictureDescription}`,
    query: { contactId: Type.Optional(ChatIdParam('Contact id')), refresh },
    answers: { 200: ProfilePictureAnswer }
  }, pictureHandler(['contactId', 'chatId', 'phone']))

  chatRoute(['GET', 'POST'], '/v2/chats/picture', {
    summary: "A chat's picture URL (contact or group)",
    description: `chatId: <number>@c.us or <id>@g.us. ${pictureDescription}`,
    query: { chatId: Type.Optional(ChatIdParam()), refresh },
    answers: { 200: ProfilePictureAnswer }
  }, pictureHandler(['chatId', 'contactId']))

  route(['PUT', 'POST'], '/v2/contacts/:chatId', {
    summary: "Create or update a contact in the phone's address book",
    description: `chatId in the path (<number>@c.us or digits; WAHA's PUT /contacts/{chatId}); firstName (required) and lastName in the query or body. The name syncs to the phone and the account's other devices and becomes the contact's name in /v2/contacts. Answers {success, contactId, name}. PUT (POST also accepted). ${NOT_WORKING} ${CREDENTIALS_NOTE}`,
    params: Type.Object({ chatId: Type.String() }),
    query: { firstName: Type.Optional(Type.String()), lastName: Type.Optional(Type.String()) },
    answers: { 200: SuccessAnswer }
  }, async ({ instance }, request) => {
    const jid = toWaJid(pathParam(request, 'chatId') ?? '')
    const firstName = requiredString(request.input, 'firstName', 'first_name', 'name')
    const name = await reads.saveContact(instance.id, jid, firstName, optionalString(request.input, 'lastName', 'last_name'))
    return { success: true, contactId: toApiChatId(jid), name }
  })

  for (const blocked of [true, false]) {
    route(['POST', 'GET'], blocked ? '/v2/contacts/block' : '/v2/contacts/unblock', {
      summary: blocked ? 'Block a contact' : 'Unblock a contact',
      description: `contactId: <number>@c.us (or digits). ${blocked ? 'A blocked contact can no longer message this account.' : ''} Answers {success, contactId, blocked}. POST (GET also accepted). 404 not_on_whatsapp when the number has no WhatsApp account; 404 contact_not_found for a <id>@lid this instance cannot map to a number. ${NOT_WORKING} ${CREDENTIALS_NOTE}`,
      query: { contactId: Type.Optional(ChatIdParam('Contact id')) },
      answers: { 200: SuccessAnswer }
    }, async ({ instance }, request) => {
      const jid = chatJidParam(request.input, 'contactId', 'chatId', 'phone')
      await reads.setBlocked(instance.id, jid, blocked)
      return { success: true, contactId: toApiChatId(jid), blocked }
    })
  }
}
