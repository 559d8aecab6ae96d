// /v2/presence...: set the instance's own presence (online/offline, or typing/recording/paused in a chat),
// read what the instance knows of a chat's presence, subscribe to a contact's presence, and list them all
// (reference §2.8; WAHA's shapes: {id, presences:[{participant, lastKnownPresence, lastSeen}]}).
import { Type } from '@sinclair/typebox'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { chatJidOf } from '../../../account/chat-param.js'
import { rememberOwnPresence } from '../../../account/own-presence.js'
import { callNetwork } from '../../../account/wa-errors.js'
import { workingSocket } from '../../../account/working-socket.js'
import { coreErrors } from '../../../domain/core-errors.js'
import { toApiChatId } from '../../../messaging/chat-ids.js'
import type { ApiDeps } from '../../api-deps.js'
import { pathParam } from '../../path-params.js'
import { authInstance } from '../../plugins/auth.js'
import { stringParam } from '../../request-params.js'
import { accountOpErrors, NOT_WORKING_NOTE } from '../../schemas/account-ops.js'
import { CREDENTIALS_NOTE, instanceQuery, Nullable } from '../../schemas/common.js'

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

/** The first presence of a chat arrives right after subscribing; a read waits for it this long at most. */
const FIRST_PRESENCE_WAIT_MS = 2_000

const OUTGOING = { online: 'available', offline: 'unavailable', typing: 'composing', recording: 'recording', paused: 'paused' } as const
type Outgoing = keyof typeof OUTGOING

const note = `${NOT_WORKING_NOTE} ${CREDENTIALS_NOTE}`

export async function presenceRoutes(app: FastifyInstance, deps: ApiDeps): Promise<void> {
  const tracker = deps.services.presence
  const sockets = { engine: deps.engine, manager: deps.manager }
  const config = { auth: 'instance' as const }
  const instanceOf = (request: FastifyRequest) => authInstance(request).instance.id

  const subscribe = async (instanceId: string, jid: string) => {
    const sock = workingSocket(sockets, instanceId)
    await callNetwork(() => sock.presenceSubscribe(jid))
    tracker.markSubscribed(instanceId, jid)
  }

  app.post('/v2/presence', {
    config,
    schema: {
      tags,
      summary: 'Set the session presence',
      description: `presence (required): online or offline for the account; typing, recording or paused in one chat, which then needs chatId (400 missing_param otherwise). Instances start offline after connecting, so the phone keeps getting notifications until you say online. Answers {success:true, presence, chatId}. ${note}`,
      querystring: instanceQuery({ presence: Type.Optional(PresenceState), chatId: Type.Optional(Type.String()) }),
      response: { 200: Type.Object({ success: Type.Literal(true), presence: PresenceState, chatId: Nullable(Type.String()) }), ...accountOpErrors }
    }
  }, async (request) => {
    const instanceId = instanceOf(request)
    const presence = stringParam(request.input, 'presence')
    if (!presence) throw coreErrors.missingParam(['presence'])
    if (!(presence in OUTGOING)) throw coreErrors.invalidParam('presence', 'use online, offline, typing, recording or paused')
    const state = presence as Outgoing
    const sock = workingSocket(sockets, instanceId)
    if (state === 'online' || state === 'offline') {
      await callNetwork(() => sock.sendPresenceUpdate(OUTGOING[state]))
      rememberOwnPresence(sock, OUTGOING[state])
      return { success: true as const, presence: state, chatId: null }
    }
    const jid = chatJidOf(stringParam(request.input, 'chatId'))
    await callNetwork(() => sock.sendPresenceUpdate(OUTGOING[state], jid))
    return { success: true as const, presence: state, chatId: toApiChatId(jid) }
  })

  app.get('/v2/presence', {
    config,
    schema: {
      tags,
      summary: 'All known presences',
      description: `Every chat this instance subscribed to or received a presence from since the core started, with the last presence of each participant (kept in memory). ${CREDENTIALS_NOTE}`,
      querystring: instanceQuery(),
      response: { 200: Type.Array(ChatPresence), ...accountOpErrors }
    }
  }, async (request) => tracker.all(instanceOf(request)))

  app.get('/v2/presence/:chatId', {
    config,
    schema: {
      tags,
      summary: 'Presence of a chat',
      description: `The last presence of each participant of the chat. The first read of a chat subscribes to it and waits up to 2 s for the network's answer; later reads answer from memory (the subscription is renewed on every reconnect). presences is empty when the contact hides its presence. ${note}`,
      params: ChatParams,
      querystring: instanceQuery(),
      response: { 200: ChatPresence, ...accountOpErrors }
    }
  }, async (request) => {
    const instanceId = instanceOf(request)
    const jid = chatJidOf(pathParam(request, 'chatId'))
    const chatId = toApiChatId(jid)
    if (!tracker.isSubscribed(instanceId, jid)) {
      await subscribe(instanceId, jid)
      await tracker.waitFor(instanceId, chatId, FIRST_PRESENCE_WAIT_MS)
    }
    return tracker.get(instanceId, chatId)
  })

  app.post('/v2/presence/:chatId/subscribe', {
    config,
    schema: {
      tags,
      summary: 'Subscribe to the presence of a chat',
      description: `The network then reports the contact's online/offline state and last seen (presence.update events, and GET /v2/presence/{chatId}). Answers {success:true, id}. ${note}`,
      params: ChatParams,
      querystring: instanceQuery(),
      response: { 200: Type.Object({ success: Type.Literal(true), id: Type.String() }), ...accountOpErrors }
    }
  }, async (request) => {
    const jid = chatJidOf(pathParam(request, 'chatId'))
    await subscribe(instanceOf(request), jid)
    return { success: true as const, id: toApiChatId(jid) }
  })
}
