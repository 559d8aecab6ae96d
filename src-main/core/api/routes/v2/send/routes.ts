// Registers every message-sending kind the same way (auth -> the kind's parse into a typed command -> the send
// pipeline -> 200 message object or 202 queued), plus GET /v2/send/queue (counters, one message's fate).
import { Type } from '@sinclair/typebox'
import type { FastifyInstance } from 'fastify'
import { parseMessageId } from '../../../../messaging/chat-ids.js'
import { SEND_ERRORS_DOC } from '../../../../messaging/send/send-errors.js'
import type { ApiDeps } from '../../../api-deps.js'
import { str } from '../../../params/send-params.js'
import { authInstance } from '../../../plugins/auth.js'
import { CREDENTIALS_NOTE, instanceQuery, Nullable, standardErrors } from '../../../schemas/common.js'
import { param, type SendKind } from './kind.js'
import { imageKind, pdfKind, videoKind, voiceKind } from './media-kinds.js'
import { pollKind, pollVoteKind, reactionKind } from './poll-kinds.js'
import { contactKind, eventKind, listKind, locationKind } from './structured-kinds.js'
import { sendAnswer } from './send-answer.js'
import { linkPreviewKind, textKind } from './text-kinds.js'

const KindCounters = Type.Object({
  perMinute: Nullable(Type.Integer({ description: 'The policy\'s per-minute limit (null: no limit)' })),
  dailyCap: Nullable(Type.Integer({ description: 'The policy\'s daily cap (null: no cap)' })),
  today: Type.Integer({ description: 'Counted today (local calendar day)' }),
  remainingToday: Nullable(Type.Integer()),
  lastMinute: Type.Integer({ description: 'Admitted during the last 60 s' }),
  inFlight: Type.Integer(),
  nextSlotAt: Type.Integer({ description: 'Unix time (ms) the rate admits the next one' })
})
const QueueAnswer = Type.Object({
  status: Type.Literal('success'),
  policy: Type.String({ description: 'Slug of the policy in force' }),
  counters: Type.Object({
    day: Type.String({ description: 'The local calendar day counted (YYYY-MM-DD)' }),
    resets_at: Type.String({ format: 'date-time' }),
    protection_until: Nullable(Type.String({ format: 'date-time' })),
    concurrent_limit: Nullable(Type.Integer()),
    queue_length: Type.Integer(),
    send: KindCounters,
    group: KindCounters,
    check: KindCounters
  }),
  message: Type.Optional(
    Nullable(
      Type.Object({
        id: Type.String(),
        kind: Type.String(),
        status: Type.Union(['queued', 'sending', 'sent', 'failed', 'purged'].map((v) => Type.Literal(v))),
        error_code: Nullable(Type.String()),
        error_message: Nullable(Type.String()),
        created_at: Type.Integer(),
        sent_at: Nullable(Type.Integer())
      }, { description: 'Only with messageId: that message\'s fate (null when unknown)' })
    )
  )
})

export const SEND_KINDS: readonly SendKind[] = [
  textKind,
  imageKind,
  pdfKind,
  voiceKind,
  videoKind,
  linkPreviewKind,
  locationKind,
  pollKind,
  pollVoteKind,
  contactKind,
  listKind,
  eventKind,
  reactionKind
]

const tags = ['Sending']

/** What a 200 promises (issue 21 item 2; docs/sending-guarantees.md). */
export const ANSWERED_DOC =
  'What 200 means: the message is stored durably with its final id and Baileys has encrypted and written it to the connection to WhatsApp. It is NOT yet acknowledged by the WhatsApp server at that moment (GET /v2/send/queue?messageId= says sending until the server\'s ack, then sent; normally within milliseconds). Until that ack the message keeps its stored command: if the app crashes, is killed or the connection drops first, it is sent again, with the same id, when the instance is WORKING again (the recipient\'s device drops a repeat of an id it already has), so an answered message is never lost; a message the server acked is never sent again (not after a reconnect, not after a restart). A message that opens a new chat is answered only after the server\'s ack (463/475 refusals come there). The signal session state used to encrypt it is committed before the frame is written, so a crash never makes a later message reuse a message key.'

export const SENT_DOC =
  '200: the sent message (WAHA/whatsapp-web.js shape) with its id in every form clients read: id {fromMe, remote, id, _serialized}, key {id, remoteJid, fromMe} (Baileys) and _data.id; plus from, to, body, type, timestamp, ack. _data follows the documented example: from/to as {server, user, _serialized}, viewed, isNewMsg, star, kicNotified, t, and for media caption, mimetype, deprecatedMms3Url, directPath (the top-level from/to stay WAHA\'s strings).'
export const QUEUED_DOC =
  '202: the instance\'s rate-limit policy (send_message_per_minute, account_protection_seconds after the session became WORKING, concurrent_limit) holds the message in the instance\'s queue: {status:"queued", code:"queued", job_id, id._serialized, key.id and _data.id._serialized (the id the message will have, in the same forms as the 200 answer), position (1 = next), eta (ISO 8601), eta_ms, reason: per_minute | protection | concurrency | new_contacts_paused}. new_contacts_paused (Switchboard\'s addition): the network refused a message that opened a new chat (463 reach-out timelock, 475 message capping) or announced such a limit, so messages to contacts with no earlier message in the chat are held until the limit ends (GET /v2/session/info deliverability) instead of being refused again; replies in existing chats are not held. A message that opens a new chat is answered once the network acked it; refused, it is 403 reachout_timelocked / message_capped and its message.ack webhook has ack -1 with error {code, reason, message}. It is sent in order without another call; GET /v2/send/queue?messageId=<id> tells its fate (queued, sending, sent, failed, purged). A restart of the instance purges its queue (status purged). Over send_message_daily_cap (a calendar day in this machine\'s time zone, persisted across restarts; queued messages count) the answer is 429 daily_cap_reached with details.resets_at. The unlimited policy never queues.'

/** What each limit of a rate-limit policy means here (GET/PATCH /v2/session/rate-limit; null = no limit). */
export const POLICY_DOC =
  'Policy limits as enforced (null = no limit, 0 = nothing allowed): send_message_per_minute: messages are spaced 60/N seconds apart (never more than N in any 60 s, no bursts); more wait in the queue (202). send_message_daily_cap: messages per calendar day in this machine\'s time zone, counted when sent, persisted (a restart does not reset it); queued and in-flight ones count; over it 429 daily_cap_reached until local midnight (details.resets_at). account_protection_seconds: no message leaves for that many seconds after the session becomes WORKING (pairing, start, restart, reconnect); sends meanwhile wait in the queue (202, reason protection). concurrent_limit: messages of one instance being handed to the network at the same time; more wait (202, reason concurrency). Messages are every /v2/send/* kind that puts a message in a chat (text, media, link preview, location, poll, poll vote, contact, list, event, reaction); seen, typing and star are not limited. group_req_per_minute / group_daily_cap and check_req_per_minute / check_daily_cap pace group operations and number checks the same way.'

const MessageIdObject = Type.Object({ fromMe: Type.Boolean(), remote: Type.String(), id: Type.String(), _serialized: Type.String() })

const SentMessage = Type.Object(
  {
    id: MessageIdObject,
    key: Type.Object({ id: Type.String(), remoteJid: Type.String(), fromMe: Type.Boolean() }, { additionalProperties: true }),
    _data: Type.Object({}, { additionalProperties: true }),
    from: Type.String(),
    to: Type.String(),
    body: Type.String(),
    type: Type.String(),
    timestamp: Type.Number(),
    ack: Type.Number()
  },
  { additionalProperties: true, description: SENT_DOC }
)

const Queued = Type.Object(
  {
    status: Type.Literal('queued'),
    code: Type.Literal('queued'),
    message: Type.String(),
    job_id: Type.String(),
    id: MessageIdObject,
    key: Type.Object({ id: Type.String(), remoteJid: Type.String(), fromMe: Type.Boolean() }),
    _data: Type.Object({ id: MessageIdObject }, { description: 'The id where the documented example has it (_data.id._serialized), as in the 200 answer' }),
    position: Type.Integer({ minimum: 1 }),
    eta: Type.String({ format: 'date-time' }),
    eta_ms: Type.Integer(),
    reason: Type.String()
  },
  { description: QUEUED_DOC }
)

/** base64 inflates by 4/3; leave room for the other parameters. */
const mediaBodyLimit = (maxBytes: number) => Math.ceil((maxBytes * 4) / 3) + 1024 * 1024

export async function sendRoutes(app: FastifyInstance, deps: ApiDeps): Promise<void> {
  const sender = deps.services.send
  for (const k of SEND_KINDS) {
    const params = instanceQuery(k.params)
    for (const method of k.methods) {
      app.route({
        method,
        url: k.path,
        config: { auth: 'instance' },
        // A POST without a body is fine (everything may be in the query): validate it as {}.
        preValidation: async (request) => {
          if (request.body === undefined || request.body === null) request.body = {}
        },
        ...(k.media ? { bodyLimit: mediaBodyLimit(sender.media.maxBytes) } : {}),
        schema: {
          tags,
          summary: k.summary,
          description: `${k.description}\n\n${SENT_DOC}\n\n${ANSWERED_DOC}\n\n${QUEUED_DOC}\n\n${POLICY_DOC}\n\nErrors: ${SEND_ERRORS_DOC}.\n\nParameters may come from the query, a JSON body or a form body (the body wins), with nested values as objects, bracket keys (file[url]), dotted keys (message.title) or JSON text. ${CREDENTIALS_NOTE}`,
          querystring: params,
          ...(method === 'GET' ? {} : { body: params }),
          response: { 200: SentMessage, 202: Queued, ...standardErrors }
        },
        handler: async (request, reply) => {
          const { instance } = authInstance(request)
          const answer = sendAnswer(await sender.send(instance.id, k.parse(request.input)))
          if (answer.code === 202) return reply.code(202).send(answer.body)
          return answer.body
        }
      })
    }
  }

  app.get('/v2/send/queue', {
    config: { auth: 'instance' },
    schema: {
      tags,
      summary: 'Send queue and rate-limit counters of an instance',
      description: `The instance's policy, today's counts (local calendar day), the queue length, the protection window and the next free slot; with messageId, what became of that message (queued, sending, sent, failed with error_code, purged). A queued message survives a crash or restart of the app: it stays queued and goes out, with its id, on the instance's first WORKING after the app started (policy still applied); one the app cannot restore fails with app_restarted. A message answered 200 is sending until the WhatsApp server acks it, then sent; one not acked when the app died or the connection dropped is sent again with its id at the next WORKING (never one already acked); only one that cannot be rebuilt (a status post) fails with send_interrupted. The restart operation purges the instance's queue (purged, with a message.ack webhook ack -1, error.reason purged_by_restart). ${POLICY_DOC} ${CREDENTIALS_NOTE}`,
      querystring: instanceQuery({ messageId: param('string', 'A message id from a send answer (serialized or bare)') }),
      response: { 200: QueueAnswer, ...standardErrors }
    }
  }, async (request) => {
    const { instance } = authInstance(request)
    const id = str(request.input, 'messageId') ?? str(request.input, 'job_id')
    const row = id ? sender.fate(instance.id, /_/.test(id) ? parseMessageId(id).id : id) : undefined
    const snap = sender.snapshot(instance.id)
    return {
      status: 'success',
      policy: deps.services.policies.current(instance.id).slug,
      counters: {
        day: snap.day,
        resets_at: new Date(snap.resetsAt).toISOString(),
        protection_until: snap.protectionUntil ? new Date(snap.protectionUntil).toISOString() : null,
        concurrent_limit: snap.concurrentLimit,
        queue_length: snap.queueLength,
        send: snap.send,
        group: snap.group,
        check: snap.check
      },
      ...(id
        ? {
            message: row
              ? { id: row.message_id, kind: row.kind, status: row.status, error_code: row.error_code, error_message: row.error_message, created_at: row.created_at, sent_at: row.sent_at }
              : null
          }
        : {})
    }
  })
}
