// Events the core publishes on its in-process bus: session lifecycle (the InstanceManager) and the domain events
// the ingestor publishes after each committed engine batch (messaging/ingest/ingestor.ts; the only reader of the
// raw `engine.baileys` batches). Payloads are plain (instance id, JIDs in the engine's form, values), never Baileys
// types; subscribers read details from the store. Payload times are milliseconds since the epoch.
import type { InstanceStatus } from './instance-status.js'

/** The account behind an instance once it is paired (WAHA's `me`): ids in the API's @c.us form. */
export interface InstanceMe {
  id: string
  lid: string | null
  pushName: string | null
  platform: string | null
}

export interface SessionStatusEvent {
  instanceId: string
  accountId: string
  /** Session display name (WAHA's `session` of the webhook envelope). */
  name: string
  status: InstanceStatus
  previous: InstanceStatus | null
  /** Why the status changed, e.g. `start`, `engine:open`, `disconnect:401`, `failed:retries_exhausted`. */
  reason: string
  me: InstanceMe | null
  at: number
}

export interface SessionQrEvent {
  instanceId: string
  /** Raw QR string to render, or null once the QR is no longer valid (paired, stopped). */
  qr: string | null
  at: number
  /** When this QR rotates (the engine knows each QR's lifetime); null with qr null. */
  expiresAt: number | null
}

export interface InstanceLifecycleEvent {
  instanceId: string
  accountId: string
  at: number
}

/** A live message (messages.upsert) that is in the store: chatId is the canonical chat JID. */
export interface MessageStoredEvent {
  instanceId: string
  chatId: string
  id: string
  fromMe: boolean
  /** False when the engine announced a message the store already held (e.g. an own send again, with a higher ack). */
  inserted: boolean
}

/** The engine reported a delivery status of one of our stored messages. */
export interface MessageAckEvent {
  instanceId: string
  chatId: string
  id: string
  /** The stored (highest) level after the report, WAHA numbering (-1 error, 0 pending ... 4 played); may be unchanged. */
  ack: number
  /** With ack -1: why the network refused it (the server's ack error, e.g. 463 reach-out timelock), or why it was never sent. */
  error?: SendRefusalInfo | SendDroppedInfo
}

/** An accepted (202) send that will never go: a restart purged the queue, or it could not be restored after a crash. */
export interface SendDroppedInfo {
  /** The outbound row's error code: queue_purged, app_restarted, or the refusal of a restored send (daily_cap_reached...). */
  code: string
  reason: 'purged_by_restart' | 'app_restarted'
}

/** A network refusal of one sent message: the server's ack error code and what it means. */
export interface SendRefusalInfo {
  /** The ack's error code as the server sent it ('463', '475', ...). */
  code: string
  /** reachout_timelocked (463), message_capped (475), or refused (any other code). */
  reason: 'reachout_timelocked' | 'message_capped' | 'refused'
}

/**
 * Switchboard's addition: the network limits the messages that open new chats (reach-out timelock, 463; new-chat
 * message capping, 475), learned from a refused send's ack or the server's notification of the account's standing.
 */
export interface DeliverabilityChangedEvent {
  instanceId: string
  /** account_restricted (issue 22): a 463 on a chat the account had written to: every send is held, not only new chats. */
  limit: 'reachout_timelock' | 'message_cap' | 'account_restricted'
  active: boolean
  /** When the network said the limit ends (ms); null when it did not say. */
  until: number | null
  /** The refused message, when a send's ack brought the news. */
  messageId?: string
}

/** A stored or reported message was revoked ("delete for everyone") or edited. */
export interface MessageUpdatedEvent {
  instanceId: string
  chatId: string
  id: string
  change: 'revoked' | 'edited'
}

/** Someone reacted to a message (text '' = the reaction was removed). */
export interface MessageReactionEvent {
  instanceId: string
  chatId: string
  /** The message reacted to. */
  messageId: string
  sender: string
  text: string
}

/** The engine reported a change to a group; the store holds the result. */
export interface GroupChangedEvent {
  instanceId: string
  groupId: string
  /** added: learned or joined (groups.upsert); participants: membership or roles; info: subject, description, settings; picture. */
  change: 'added' | 'participants' | 'info' | 'picture'
}

/** A channel's admins changed its settings; the known-channels list holds the new values. */
export interface ChannelChangedEvent {
  instanceId: string
  channelId: string
  name?: string
  description?: string
}

export type PresenceState = 'available' | 'unavailable' | 'composing' | 'recording' | 'paused'

/** Presence/typing of a chat's participants as the engine reported it (not stored); JIDs as the engine sent them. */
export interface PresenceUpdatedEvent {
  instanceId: string
  /** The chat (a user, or a group for typing in it). */
  id: string
  presences: Record<string, { lastKnownPresence: PresenceState; lastSeen?: number }>
}

/** A label was created/changed or deleted, or put on/taken off a chat. */
export interface LabelChangedEvent {
  instanceId: string
  labelId: string
  change: 'upserted' | 'deleted' | 'chat-added' | 'chat-removed'
  /** The chat, for chat-added / chat-removed. */
  chatId?: string
}

/** A call was offered, accepted or rejected (once per call id and status). */
export interface CallReceivedEvent {
  instanceId: string
  callId: string
  status: 'offer' | 'accept' | 'reject'
  from: string
  chatId: string
  isGroup: boolean
  isVideo: boolean
}

/**
 * The store learned (or corrected) which phone number a LID belongs to; anything it held under the LID now lives
 * under the phone number (one chat per person). lid/pn in the engine's form (<n>@lid, <n>@s.whatsapp.net).
 */
export interface LidMappedEvent {
  instanceId: string
  lid: string
  pn: string
  /** A chat stored under the LID was merged into the phone number's chat (lists showing it should reload). */
  mergedChat: boolean
}

export interface CoreEventMap {
  'session.status': SessionStatusEvent
  'session.qr': SessionQrEvent
  'instance.created': InstanceLifecycleEvent
  /** Restart purged the instance's queued outbound messages (see InstanceManager hooks). */
  'instance.restarted': InstanceLifecycleEvent
  'instance.deleted': InstanceLifecycleEvent
  /** A live message is in the store (new, or announced again). */
  'message.stored': MessageStoredEvent
  /** A status report (sent, delivered, read, played) of one of our stored messages. */
  'message.ack': MessageAckEvent
  /** A message was revoked or edited. */
  'message.updated': MessageUpdatedEvent
  /** A reaction was set or removed. */
  'message.reaction': MessageReactionEvent
  /** A group was learned, or its members, info or picture changed. */
  'group.changed': GroupChangedEvent
  /** A channel's name or description changed. */
  'channel.changed': ChannelChangedEvent
  /** Presence/typing of a chat (ephemeral; published even when the batch's transaction failed). */
  'presence.updated': PresenceUpdatedEvent
  /** Labels or chat labels changed. */
  'label.changed': LabelChangedEvent
  /** A call offer, acceptance or rejection. */
  'call.received': CallReceivedEvent
  /** A LID's phone number became known (and its chat, if any, merged into the phone number's). */
  'lid.mapped': LidMappedEvent
  /** The network started or stopped limiting messages that open new chats (Switchboard's addition). */
  'deliverability.changed': DeliverabilityChangedEvent
}

/** The domain events the ingestor publishes (each after its batch's commit). */
export type IngestEventMap = Pick<
  CoreEventMap,
  'message.stored' | 'message.ack' | 'message.updated' | 'message.reaction' | 'group.changed' | 'channel.changed' | 'presence.updated' | 'label.changed' | 'call.received' | 'lid.mapped' | 'deliverability.changed'
>
