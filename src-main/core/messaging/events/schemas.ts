// TypeBox schemas of every webhook payload this core emits: the payload builders return these types and the
// OpenAPI document lists them (webhooks section). WAHA's shapes plus the flat keys the v2 docs show.
import { Type, type Static, type TSchema } from '@sinclair/typebox'

const Nullable = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()])
const ChatId = (description = 'Chat id: <number>@c.us, <id>@g.us, <n>@lid (phone number unknown), <n>@newsletter') => Type.String({ description })
const SerializedId = (description = 'Serialized message id {fromMe}_{chatId}_{id}[_{participant}]') => Type.String({ description })

const Lid = (who: string) =>
  Nullable(Type.String({ description: `${who}'s LID (<n>@lid); null only while the network never named it (a chat by phone number with no mapping yet)` }))
const Pn = (who: string) =>
  Nullable(Type.String({ description: `${who}'s phone number as <n>@c.us; null while only the LID is known (the person hides their number)` }))

/**
 * LID-first addressing: the network names people by LID, by phone number, or both. Chat ids (from, to, chatId,
 * participant) use the phone number when it is known, else the LID; these fields carry both spellings.
 */
const PersonIds = {
  chatLid: Lid('1:1 chats: the other person'),
  chatPn: Pn('1:1 chats: the other person'),
  authorLid: Lid('The author (the group member in groups; the instance for own messages)'),
  authorPn: Pn('The author')
}

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
    ...PersonIds,
    _data: Type.Unknown({ description: 'The engine message (Baileys WebMessageInfo as JSON)' })
  },
  { title: 'WebhookMessage', description: 'message and message.any: WAHA WAMessage, plus both ids of the people in it (chatLid/chatPn, authorLid/authorPn)' }
)
export type MessagePayload = Static<typeof MessagePayload>

export const UndecryptablePayload = Type.Object(
  {
    ...MessagePayload.properties,
    type: Type.Literal('ciphertext', { description: 'Always ciphertext (whatsapp-web.js\'s name for a message that could not be decrypted)' }),
    body: Type.Literal('', { description: 'Always empty: the content never arrived' }),
    reason: Nullable(Type.String({ description: 'The engine\'s decryption error of the last attempt, e.g. "Bad MAC", "No session record", "Invalid PreKey ID"' })),
    firstFailedAt: Type.Number({ description: 'Seconds, when the first attempt to decrypt it failed' })
  },
  {
    title: 'WebhookMessageUndecryptable',
    description:
      'message.undecryptable (Switchboard\'s addition): an incoming message could not be decrypted and the retry flow (retry receipts to the sender\'s phone) did not recover it within the grace period. The store keeps a placeholder (type ciphertext). Should the content still arrive later, it replaces the placeholder and is announced as a normal message / message.any.'
  }
)
export type UndecryptablePayload = Static<typeof UndecryptablePayload>

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
    chatLid: PersonIds.chatLid,
    chatPn: PersonIds.chatPn,
    timestamp: Type.Number({ description: 'Seconds, when the ack changed' }),
    error: Type.Optional(
      Type.Object(
        {
          code: Type.String({ description: "The network's ack error code: 463 (reach-out timelock), 475 (message capping), others as sent; queue_purged when the restart operation dropped a queued send; app_restarted when a queued send could not be restored after the app restarted" }),
          reason: Type.String({ description: 'reachout_timelocked, message_capped, refused, purged_by_restart, or app_restarted' }),
          message: Type.String()
        },
        { description: "Switchboard's addition, only with ack -1 (ERROR): why the message was not sent" }
      )
    )
  },
  { title: 'WebhookMessageAck', description: 'message.ack (own messages only): WAHA fields + chatId; with ack -1 also error {code, reason, message}' }
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
    reason: Type.String({ description: 'Why it changed, a stable code: start, stop, restart, resume, boot, logout, engine:qr, engine:paired, engine:open, disconnect:<code> (401 the phone logged the device out, 440 conflict, 515 restart required), failed:<retries_exhausted|qr_timeout|conflict|forbidden|banned|proxy_unreachable>' }),
    reason_text: Nullable(Type.String({ description: 'The same reason in words for people, e.g. "the phone logged this device out (removed from Linked devices): scan a new QR code to pair again"' }))
  },
  { title: 'WebhookSessionStatus', description: 'session.status: {name, status} as documented, plus instance_id, previous, reason and reason_text' }
)
export type SessionStatusPayload = Static<typeof SessionStatusPayload>

export const LidMappedPayload = Type.Object(
  {
    lid: Type.String({ description: '<n>@lid' }),
    pn: Type.String({ description: 'The phone number as <n>@c.us' }),
    chatId: ChatId('The person\'s chat id from now on (= pn); the LID is still accepted as chatId everywhere'),
    previousPn: Nullable(Type.String({ description: 'The number the LID was mapped to before (a correction); usually null' })),
    mergedChat: Type.Boolean({ description: 'A chat stored under the LID was merged into the phone number\'s chat (messages, unread count, last message)' }),
    movedMessages: Type.Integer({ description: 'Messages that moved from the LID chat' }),
    source: Type.Union(
      [Type.Literal('message'), Type.Literal('lid-mapping.update'), Type.Literal('contacts'), Type.Literal('chats'), Type.Literal('groups')],
      { description: 'Where the mapping came from: a message\'s addressing (sender_pn/participant_pn, or sender_lid of a message by number), the engine\'s lid-mapping.update, contacts, chats, or group metadata' }
    ),
    timestamp: Type.Number({ description: 'Seconds' })
  },
  {
    title: 'WebhookLidMapped',
    description:
      'lid.mapped (Switchboard\'s addition): the phone number of a LID became known. Mappings that arrive with history sync are stored without this event.'
  }
)
export type LidMappedPayload = Static<typeof LidMappedPayload>

export const EngineEventPayload = Type.Object(
  {
    event: Type.String({ description: 'Baileys event name, e.g. messages.upsert, presence.update' }),
    data: Type.Unknown({ description: 'The engine event as JSON (buffers base64); history sync batches are summarised as counts' })
  },
  { title: 'WebhookEngineEvent', description: 'engine.event: every engine event except credentials updates, unprocessed (debugging)' }
)
export type EngineEventPayload = Static<typeof EngineEventPayload>

const CampaignRef = { description: 'The campaign as GET /v2/campaigns/{id} answers it (Switchboard extension)' }

export const CampaignStatusPayload = Type.Object(
  { campaign: Type.Object({ id: Type.String(), name: Type.String(), state: Type.String({ description: 'draft, scheduled, running, paused, completed or cancelled' }), instanceIds: Type.Array(Type.String()) }, { ...CampaignRef, additionalProperties: true }) },
  { title: 'WebhookCampaignStatus', description: 'campaign.status: a campaign changed state, or paused/resumed with its reason in words' }
)
export const CampaignProgressPayload = Type.Object(
  {
    campaignId: Type.String(),
    stats: Type.Object(
      { total: Type.Integer(), counts: Type.Record(Type.String(), Type.Integer(), { description: 'Recipients per state (pending, skipped, queued, sent, delivered, read, replied, failed, opted_out)' }), progress: Type.Number({ description: 'Share settled, 0..1' }) },
      { additionalProperties: true }
    )
  },
  { title: 'WebhookCampaignProgress', description: 'campaign.progress: counts per recipient state, at most every 2 s while sending' }
)
export const CampaignOptOutPayload = Type.Object(
  { optOut: Type.Object({ phone: Type.String(), source: Type.String(), keyword: Type.Union([Type.String(), Type.Null()]), campaignId: Type.Union([Type.String(), Type.Null()]), createdAt: Type.Integer() }) },
  { title: 'WebhookCampaignOptOut', description: 'campaign.opt_out: a recipient replied with an opt-out keyword and was suppressed' }
)

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
  'message.undecryptable': UndecryptablePayload,
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
  'lid.mapped': LidMappedPayload,
  'engine.event': EngineEventPayload,
  'campaign.status': CampaignStatusPayload,
  'campaign.progress': CampaignProgressPayload,
  'campaign.opt_out': CampaignOptOutPayload
} as const

export type EmittedEvent = keyof typeof PAYLOAD_SCHEMAS
export type PayloadOf<E extends EmittedEvent> = Static<(typeof PAYLOAD_SCHEMAS)[E]>
