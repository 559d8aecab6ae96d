// /v2/presence...: set the instance's own presence (online/offline, or typing/recording/paused in a chat),
// read what the instance knows of a chat's presence, subscribe to a contact's presence, and list them all
// (reference §2.8; WAHA's shapes: {id, presences:[{participant, lastKnownPresence, lastSeen}]}).
import { Type } from '@sinclair/typebox'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { toApiChatId } from '../../../messaging/chat-ids.js'
import type { ApiDeps } from '../../api-deps.js'
import { chatJidOf } from '../../params/chat-param.js'
import { presenceStateOf } from '../../params/presence-params.js'
import { pathParam } from '../../path-params.js'
import { stringParam } from '../../request-params.js'
import { NOT_WORKING_NOTE } from '../../schemas/account-ops.js'
import { CREDENTIALS_NOTE, Nullable } from '../../schemas/common.js'
import { instanceAuth as config, instanceIdOf as instanceOf, opSchemas } from './account-route-kit.js'

const tags = ['Presence']

const PresenceState = Type.Union(['online', 'offline', 'typing', 'recording', 'paused'].map((s) => Type.Literal(s)))
const ChatPresence = Type.Object({
  id: Type.String({ description: 'Chat id (@c.us, @g.us or @lid)' }),
  presences: Type.Array(
    Type.Object({
      participant: Type.String(),
      lastKnownPresence: PresenceState,
      lastSeen: Nullable(Type.Number({ description: 'Unix seconds; null when unknown or hidden by privacy settings' }))
    })
  )
})
const ChatParams = Type.Object({ chatId: Type.String({ description: 'Chat id: digits, <number>@c.us, <number>@g.us or <number>@lid (raw or percent-encoded)' }) })

const note = `${NOT_WORKING_NOTE} ${CREDENTIALS_NOTE}`

export async function presenceRoutes(app: FastifyInstance, deps: ApiDeps): Promise<void> {
  const { presence } = deps.services
  const schema = opSchemas(tags)
  const chatOf = (request: FastifyRequest) => chatJidOf(pathParam(request, 'chatId'))

  app.post('/v2/presence', {
    config,
    schema: schema('Set the session presence', `presence (required): online or offline for the account; typing, recording or paused in one chat, which then needs chatId (400 missing_param otherwise). Instances start offline after connecting, so the phone keeps getting notifications until you say online. Answers {success:true, presence, chatId}. ${note}`, Type.Object({ success: Type.Literal(true), presence: PresenceState, chatId: Nullable(Type.String()) }), {
      query: { presence: Type.Optional(PresenceState), chatId: Type.Optional(Type.String()) }
    })
  }, async (request) => {
    const state = presenceStateOf(request.input)
    // The session is checked before chatId is read: a stopped session answers 422 whatever the chat.
    const own = presence.of(instanceOf(request))
    if (state === 'online' || state === 'offline') {
      await own.announce(state)
      return { success: true as const, presence: state, chatId: null }
    }
    const jid = chatJidOf(stringParam(request.input, 'chatId'))
    await own.inChat(state, jid)
    return { success: true as const, presence: state, chatId: toApiChatId(jid) }
  })

  app.get('/v2/presence', {
    config,
    schema: schema('All known presences', `Every chat this instance subscribed to or received a presence from since the core started, with the last presence of each participant (kept in memory). ${CREDENTIALS_NOTE}`, Type.Array(ChatPresence))
  }, async (request) => presence.all(instanceOf(request)))

  app.get('/v2/presence/:chatId', {
    config,
    schema: schema('Presence of a chat', `The last presence of each participant of the chat. The first read of a chat subscribes to it and waits up to 2 s for the network's answer; later reads answer from memory (the subscription is renewed on every reconnect). presences is empty when the contact hides its presence. ${note}`, ChatPresence, { params: ChatParams })
  }, async (request) => presence.chat(instanceOf(request), chatOf(request)))

  app.post('/v2/presence/:chatId/subscribe', {
    config,
    schema: schema('Subscribe to the presence of a chat', `The network then reports the contact's online/offline state and last seen (presence.update events, and GET /v2/presence/{chatId}). Answers {success:true, id}. ${note}`, Type.Object({ success: Type.Literal(true), id: Type.String() }), { params: ChatParams })
  }, async (request) => {
    const jid = chatOf(request)
    await presence.subscribe(instanceOf(request), jid)
    return { success: true as const, id: toApiChatId(jid) }
  })
}
