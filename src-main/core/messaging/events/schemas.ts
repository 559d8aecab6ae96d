// TypeBox schemas of every webhook payload this core emits: the payload builders return these types and the
// OpenAPI document lists them (webhooks section). WAHA's shapes plus the flat keys the v2 docs show.
import { Type, type Static, type TSchema } from '@sinclair/typebox'

const Nullable = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()])
const ChatId = (description = 'Chat id: <number>@c.us, <id>@g.us, <n>@lid (phone number unknown), <n>@newsletter') => Type.String({ description })
const SerializedId = (description = 'Serialized message id {fromMe}_{chatId}_{id}[_{participant}]') => Type.String({ description })

export const MessagePayload = Type.Object(
  {
    id: SerializedId(),
    timestamp: Type.Number({ description: 'Seconds' }),
    from: ChatId('Sender chat: the chat for incoming messages (the group in groups), own id when fromMe'),
    fromMe: Type.Boolean(),
    source: Type.Union([Type.Literal('api'), Type.Literal('app')], { description: 'fromMe messages: api when sent through this API, app otherwise' }),
    to: ChatId(),
    participant: Nullable(Type.String({ description: 'Author in groups, broadcasts and channels' })),
    author: Nullable(Type.String()),
    body: Type.String(),
    type: Type.String({ description: 'chat, image, video, ptt, audio, document, sticker, location, vcard, multi_vcard, poll_creation, event, list, revoked...' }),
    hasMedia: Type.Boolean(),
    media: Nullable(
      Type.Object({
        url: Nullable(
          Type.String({
            description:
              'Absolute, stable URL on this API: <base>/api/files/<instance_id>/<message id>.<ext>, fetched with the access token like any /v2 call. In webhook payloads it is set when the event is written; the file is downloaded from WhatsApp on its first request.'
          })
        ),
        mimetype: Nullable(Type.String()),
        filename: Nullable(Type.String()),
        error: Nullable(Type.String({ description: 'null when url is set; "not downloaded" in reads with downloadMedia=false' }))
      })
    ),
    ack: Type.Integer({ description: '-1 ERROR, 0 PENDING, 1 SERVER, 2 DEVICE, 3 READ, 4 PLAYED' }),
    ackName: Type.String(),
    location: Nullable(Type.Object({ latitude: Type.String(), longitude: Type.String(), description: Nullable(Type.String()) })),
    vCards: Type.Array(Type.String()),
    replyTo: Nullable(Type.Object({ id: Type.String(), participant: Nullable(Type.String()), body: Type.String(), _data: Type.Unknown() })),
    pushName: Nullable(Type.String()),
    _data: Type.Unknown({ description: 'The engine message (Baileys WebMessageInfo as JSON)' })
  },
  { title: 'WebhookMessage', description: 'message and message.any: WAHA WAMessage' }
)
export type MessagePayload = Static<typeof MessagePayload>

export const AckPayload = Type.Object(
  {
    id: SerializedId(),
    from: ChatId(),
    to: ChatId(),
    participant: Nullable(Type.String({ description: 'Group member whose receipt raised the ack' })),
    fromMe: Type.Boolean(),
    ack: Type.Integer(),
    ackName: Type.String({ description: 'ERROR, PENDING, SERVER, DEVICE, READ, PLAYED' }),
    chatId: ChatId(),
    timestamp: Type.Number({ description: 'Seconds, when the ack changed' })
  },
  { title: 'WebhookMessageAck', description: 'message.ack (own messages only): WAHA fields + chatId' }
)
export type AckPayload = Static<typeof AckPayload>

export const GroupAckPayload = Type.Object(
  {
    id: SerializedId(),
    chatId: ChatId(),
    participant: Type.String(),
    fromMe: Type.Boolean(),
    ack: Type.Integer(),
    ackName: Type.String(),
    timestamp: Type.Number()
  },
  { title: 'WebhookMessageAckGroup', description: 'message.ack.group: one group member\'s receipt of an own message' }
)
export type GroupAckPayload = Static<typeof GroupAckPayload>

export const ReactionPayload = Type.Object(
  {
    id: SerializedId('Id of the reaction message'),
    from: ChatId(),
    fromMe: Type.Boolean(),
    participant: Nullable(Type.String()),
    to: ChatId(),
    timestamp: Type.Number(),
    reaction: Type.Object({ text: Type.String({ description: 'The emoji; "" = reaction removed' }), messageId: SerializedId('Message reacted to') }),
    senderId: Type.String({ description: 'Who reacted (flat key of the v2 docs)' }),
    messageId: SerializedId('Message reacted to (flat key of the v2 docs)'),
    chatId: ChatId()
  },
  {
    title: 'WebhookMessageReaction',
    description:
      'message.reaction: WAHA shape. The v2 docs show a flat string `reaction`; it collides with WAHA\'s object, and we keep WAHA\'s object {text, messageId} (read reaction.text).'
  }
)
export type ReactionPayload = Static<typeof ReactionPayload>

export const RevokedPayload = Type.Object(
  {
    id: SerializedId('The revoked message'),
    revokedMessageId: SerializedId(),
    revokedBy: Type.String(),
    chatId: ChatId(),
    timestamp: Type.Number(),
    before: Nullable(MessagePayload),
    after: Nullable(MessagePayload)
  },
  { title: 'WebhookMessageRevoked', description: 'message.revoked: WAHA {before, after, revokedMessageId} + flat id, revokedBy, chatId. before is null when the message was unknown to the store' }
)
export type RevokedPayload = Static<typeof RevokedPayload>

export const EditedPayload = Type.Composite(
  [
    MessagePayload,
    Type.Object({
      editedMessageId: SerializedId(),
      newBody: Type.String(),
      prevBody: Nullable(Type.String({ description: 'null when the original was unknown to the store' }))
    })
  ],
  { title: 'WebhookMessageEdited', description: 'message.edited: the message with its new body (id = the edited message) + editedMessageId, newBody, prevBody' }
)
export type EditedPayload = Static<typeof EditedPayload>

const VoteRef = Type.Object({ id: SerializedId(), to: ChatId(), from: ChatId(), fromMe: Type.Boolean() })

export const PollVotePayload = Type.Object(
  {
    vote: Type.Object({
      id: SerializedId('The vote message'),
      to: ChatId(),
      from: ChatId(),
      fromMe: Type.Boolean(),
      selectedOptions: Type.Array(Type.String(), { description: 'Option names; [] = vote withdrawn (or, in poll.vote.failed, unknown)' }),
      timestamp: Type.Number()
    }),
    poll: VoteRef,
    chatId: ChatId(),
    error: Type.Optional(Type.String({ description: 'poll.vote.failed only: why the vote could not be decrypted' }))
  },
  { title: 'WebhookPollVote', description: 'poll.vote and poll.vote.failed (WAHA shape)' }
)
export type PollVotePayload = Static<typeof PollVotePayload>

export const EventResponsePayload = Type.Object(
  {
    id: SerializedId('The response message'),
    timestamp: Type.Number(),
    from: ChatId(),
    fromMe: Type.Boolean(),
    participant: Nullable(Type.String()),
    chatId: ChatId(),
    eventMessageId: SerializedId('The event message responded to'),
    response: Nullable(Type.Union([Type.Literal('GOING'), Type.Literal('NOT_GOING'), Type.Literal('MAYBE'), Type.Literal('UNKNOWN')])),
    extraGuestCount: Type.Integer(),
    error: Type.Optional(Type.String({ description: 'event.response.failed only' }))
  },
  { title: 'WebhookEventResponse', description: 'event.response / event.response.failed: a response to an event message (our shape; not documented upstream)' }
)
export type EventResponsePayload = Static<typeof EventResponsePayload>

export const PresencePayload = Type.Object(
  {
    id: ChatId(),
    chatId: ChatId(),
    presences: Type.Array(
      Type.Object({
        participant: Type.String(),
        lastKnownPresence: Type.Union([
          Type.Literal('online'),
          Type.Literal('offline'),
          Type.Literal('typing'),
          Type.Literal('recording'),
          Type.Literal('paused')
        ]),
        lastSeen: Nullable(Type.Number({ description: 'Seconds' }))
      })
    )
  },
  { title: 'WebhookPresence', description: 'presence.update (WAHA shape)' }
)
export type PresencePayload = Static<typeof PresencePayload>

const GroupRef = Type.Object({ id: ChatId(), subject: Nullable(Type.String()) })

export const GroupParticipantsPayload = Type.Object(
  {
    chatId: ChatId(),
    group: GroupRef,
    type: Type.Union([Type.Literal('join'), Type.Literal('leave'), Type.Literal('promote'), Type.Literal('demote')]),
    participants: Type.Array(Type.String(), { description: 'Member ids (@c.us, or @lid when the phone number is unknown)' }),
    participantsDetails: Type.Array(Type.Object({ id: Type.String(), lid: Nullable(Type.String()), role: Type.String() })),
    by: Nullable(Type.String({ description: 'Who made the change (null: the member themself or unknown)' })),
    isMe: Type.Boolean({ description: 'The instance\'s own account is among participants' }),
    timestamp: Type.Number()
  },
  { title: 'WebhookGroupParticipants', description: 'group.v2.join, group.v2.leave and group.v2.participants (promote/demote)' }
)
export type GroupParticipantsPayload = Static<typeof GroupParticipantsPayload>

export const GroupUpdatePayload = Type.Object(
  {
    chatId: ChatId(),
    group: Type.Object({
      id: ChatId(),
      subject: Nullable(Type.String()),
      description: Nullable(Type.String()),
      announce: Nullable(Type.Boolean()),
      restrict: Nullable(Type.Boolean())
    }),
    changed: Type.Array(Type.String(), { description: 'Which of subject, description, announce, restrict, picture changed' }),
    by: Nullable(Type.String()),
    timestamp: Type.Number()
  },
  { title: 'WebhookGroupUpdate', description: 'group.v2.update: subject, description, settings or picture changed' }
)
export type GroupUpdatePayload = Static<typeof GroupUpdatePayload>

export const ChatArchivePayload = Type.Object(
  { id: ChatId(), chatId: ChatId(), archived: Type.Boolean(), timestamp: Type.Number() },
  { title: 'WebhookChatArchive', description: 'chat.archive (WAHA shape + chatId)' }
)
export type ChatArchivePayload = Static<typeof ChatArchivePayload>

export const CallPayload = Type.Object(
  {
    id: Type.String({ description: 'Call id' }),
    from: ChatId(),
    chatId: ChatId(),
    timestamp: Type.Number(),
    isVideo: Type.Boolean(),
    isGroup: Type.Boolean(),
    status: Type.String({ description: 'offer, accept or reject (engine status)' })
  },
  { title: 'WebhookCall', description: 'call.received, call.accepted, call.rejected (WAHA shape)' }
)
export type CallPayload = Static<typeof CallPayload>

export const LabelPayload = Type.Object(
  { id: Type.String(), name: Type.String(), color: Type.Integer({ minimum: 0, maximum: 19 }), colorHex: Type.String() },
  { title: 'WebhookLabel', description: 'label.upsert, label.deleted' }
)
export type LabelPayload = Static<typeof LabelPayload>

export const LabelChatPayload = Type.Object(
  { labelId: Type.String(), label: Nullable(LabelPayload), chatId: ChatId() },
  { title: 'WebhookLabelChat', description: 'label.chat.added, label.chat.deleted' }
)
export type LabelChatPayload = Static<typeof LabelChatPayload>

export const SessionStatusPayload = Type.Object(
  {
    name: Type.String({ description: 'Session name' }),
    status: Type.String({ description: 'STOPPED, STARTING, SCAN_QR_CODE, WORKING, FAILED, DELETED' }),
    instance_id: Type.String(),
    previous: Nullable(Type.String()),
    reason: Type.String({ description: 'Why it changed, e.g. start, engine:open, disconnect:401' })
  },
  { title: 'WebhookSessionStatus', description: 'session.status: {name, status} as documented, plus instance_id, previous, reason' }
)
export type SessionStatusPayload = Static<typeof SessionStatusPayload>

export const EngineEventPayload = Type.Object(
  {
    event: Type.String({ description: 'Baileys event name, e.g. messages.upsert, presence.update' }),
    data: Type.Unknown({ description: 'The engine event as JSON (buffers base64); history sync batches are summarised as counts' })
  },
  { title: 'WebhookEngineEvent', description: 'engine.event: every engine event except credentials updates, unprocessed (debugging)' }
)
export type EngineEventPayload = Static<typeof EngineEventPayload>

/** Every event name -> its payload schema (the OpenAPI webhooks section is generated from this). */
export const PAYLOAD_SCHEMAS = {
  'session.status': SessionStatusPayload,
  message: MessagePayload,
  'message.any': MessagePayload,
  'message.ack': AckPayload,
  'message.ack.group': GroupAckPayload,
  'message.reaction': ReactionPayload,
  'message.revoked': RevokedPayload,
  'message.edited': EditedPayload,
  'poll.vote': PollVotePayload,
  'poll.vote.failed': PollVotePayload,
  'event.response': EventResponsePayload,
  'event.response.failed': EventResponsePayload,
  'presence.update': PresencePayload,
  'group.v2.join': GroupParticipantsPayload,
  'group.v2.leave': GroupParticipantsPayload,
  'group.v2.participants': GroupParticipantsPayload,
  'group.v2.update': GroupUpdatePayload,
  'chat.archive': ChatArchivePayload,
  'call.received': CallPayload,
  'call.accepted': CallPayload,
  'call.rejected': CallPayload,
  'label.upsert': LabelPayload,
  'label.deleted': LabelPayload,
  'label.chat.added': LabelChatPayload,
  'label.chat.deleted': LabelChatPayload,
  'engine.event': EngineEventPayload
} as const

export type EmittedEvent = keyof typeof PAYLOAD_SCHEMAS
export type PayloadOf<E extends EmittedEvent> = Static<(typeof PAYLOAD_SCHEMAS)[E]>
