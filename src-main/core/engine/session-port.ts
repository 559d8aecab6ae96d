// The typed command port of one WORKING session: every verb the product sends to WhatsApp (messages, receipts and
// read, chat changes, presence, groups, channels, labels, profile, on-WhatsApp checks, media re-upload) goes through
// it, in the wire shapes of wa-wire.ts and plain values; the engine's own socket never leaves engine/. A failed call
// rejects with an EngineRequestError (engine-errors.ts), which each operation maps to its domain errors.
import type { AnyMessageContent, BinaryNode, ChatModification, GroupMetadata, MiscMessageGenerationOptions, ParticipantAction, proto, WAMessage, WAMessageKey } from './wa-wire.js'

/** The account the session is logged in as, as the engine knows it now. */
export interface OwnAccount {
  /** Full JID with the device (<number>:<device>@s.whatsapp.net). */
  id: string
  /** <number>@s.whatsapp.net (no device). */
  pn: string
  /** <lid>@lid (no device), when known. */
  lid: string | undefined
  name: string | undefined
  notify: string | undefined
}

export type OwnPresence = 'available' | 'unavailable'
export type OutgoingPresence = OwnPresence | 'composing' | 'recording' | 'paused'

/** A number check's answer (contact + business usync protocols). */
export interface NumberLookup {
  exists: boolean
  /** The network's spelling of the account (<number>@s.whatsapp.net). */
  jid: string
  /** null: not a business account (no verified-name certificate). */
  business: BusinessInfo | null
}

export interface BusinessInfo {
  verifiedName: string | null
  /** Certificate issuer: "smb:wa" (WhatsApp Business app) or "ent:wa" (WhatsApp Business API, "enterprise"). */
  issuer: string | null
  isEnterprise: boolean
}

/** A contact's About text entry as the network answers it. */
export interface AboutEntry {
  status: string | null | undefined
  setAt: Date | undefined
}

/** One participant's answer of a group participants change (status "200" = done). */
export interface ParticipantChange {
  status: string
  jid: string | undefined
  /** The phone number the network gave for a LID participant. */
  phoneNumber: string | undefined
}

/** One post of a channel preview, decoded (posts the engine cannot decode are left out). */
export interface ChannelPostWire {
  id: string
  serverId: string
  timestamp: number
  viewCount: number | null
  reactions: Record<string, number>
  message: WAMessage
}

export interface SendOptions extends Omit<MiscMessageGenerationOptions, 'quoted' | 'messageId'> {
  messageId?: string
  quoted?: WAMessage
}

export interface GroupsPort {
  all(): Promise<GroupMetadata[]>
  metadata(gid: string): Promise<GroupMetadata>
  create(subject: string, participants: string[]): Promise<GroupMetadata>
  inviteInfo(code: string): Promise<GroupMetadata>
  /** The joined group's JID (undefined when the network named none). */
  acceptInvite(code: string): Promise<string | undefined>
  leave(gid: string): Promise<void>
  updateParticipants(gid: string, jids: string[], action: Exclude<ParticipantAction, 'modify'>): Promise<ParticipantChange[]>
  setSubject(gid: string, subject: string): Promise<void>
  /** undefined removes the description. */
  setDescription(gid: string, description: string | undefined): Promise<void>
  setSetting(gid: string, setting: 'locked' | 'unlocked' | 'announcement' | 'not_announcement'): Promise<void>
  inviteCode(gid: string): Promise<string | undefined>
  revokeInvite(gid: string): Promise<string | undefined>
}

export interface ChannelsPort {
  /** The raw metadata (w:mex) of a channel by JID or invite code; undefined/null when the network has none. */
  metadata(by: 'jid' | 'invite', key: string): Promise<unknown>
  create(name: string, description: string): Promise<{ id: string }>
  setPicture(jid: string, image: Buffer): Promise<void>
  delete(jid: string): Promise<void>
  follow(jid: string): Promise<void>
  unfollow(jid: string): Promise<void>
  mute(jid: string, mute: boolean): Promise<void>
  /** The latest posts (oldest first, as the network sends them), up to `limit`. */
  posts(jid: string, limit: number): Promise<ChannelPostWire[]>
}

export interface LabelsPort {
  /** Creates, changes or (deleted: true) removes a label (an app-state patch). */
  save(label: { id: string; name: string; color: number; deleted: boolean; predefinedId?: number }): Promise<void>
  addToChat(chatJid: string, labelId: string): Promise<void>
  removeFromChat(chatJid: string, labelId: string): Promise<void>
}

export interface ProfilePort {
  /** Sets the display name and waits briefly until the engine's account shows it. */
  setName(name: string): Promise<void>
  setAbout(about: string): Promise<void>
  /** The picture of the account itself (its own JID) or of a group it administers. */
  setPicture(jid: string, image: Buffer): Promise<void>
  removePicture(jid: string): Promise<void>
}

export interface SessionPort {
  readonly instanceId: string
  /** The logged-in account now (read live: a rename or the LID arriving shows at once). */
  account(): OwnAccount

  // Messages
  /** A new message id in the engine's format for this account. */
  newMessageId(): string
  /** Sends content (text, media, poll, reaction, edit, delete, pin...); returns the message as sent. */
  send(jid: string, content: AnyMessageContent, options?: SendOptions): Promise<WAMessage>
  /** Relays a raw message (kinds the content shortcuts lack: lists, poll votes); returns the full message. */
  relay(jid: string, message: proto.IMessage, options: { messageId: string; quoted?: WAMessage; additionalNodes?: BinaryNode[] }): Promise<WAMessage>
  /** Uploads an image as a link preview's high-quality thumbnail. */
  uploadLinkThumbnail(image: Buffer): Promise<proto.Message.IImageMessage | undefined>
  /**
   * Waits for the server's ack of a stanza this session sends: its error code ('' when accepted), undefined at the
   * timeout. Register before sending, so a fast ack is not missed.
   */
  serverAck(messageId: string, timeoutMs: number): { result: Promise<string | undefined>; cancel(): void }

  // Receipts and chat state
  readMessages(keys: WAMessageKey[]): Promise<void>
  /** An app-state change of a chat (archive, read, clear, delete, star, delete-for-me, contact save...). */
  modifyChat(change: ChatModification, jid: string): Promise<void>

  // Presence
  /** Announces the account's presence (no jid) or a chat state in one chat. */
  sendPresence(state: OutgoingPresence, jid?: string): Promise<void>
  subscribePresence(jid: string): Promise<void>
  /** The presence this session last announced (a new connection starts unavailable). */
  ownPresence(): OwnPresence
  /** Announces and remembers the account's presence. */
  announcePresence(state: OwnPresence): Promise<void>

  // Contacts
  /** Whether a person's JID is a WhatsApp account (the contact usync query). */
  onWhatsApp(jid: string): Promise<boolean>
  /** A number check with the business protocol (verified name). */
  lookupNumber(digits: string): Promise<NumberLookup>
  /** Whether the network lists devices for the JID (usync device query; how a LID is shown to be real). */
  hasDevices(jid: string): Promise<boolean>
  /** The engine's own LID <-> phone number mapping (null when unknown). */
  pnForLid(lid: string): Promise<string | null>
  lidForPn(pn: string): Promise<string | null>
  about(jid: string): Promise<AboutEntry | undefined>
  pictureUrl(jid: string, timeoutMs?: number): Promise<string | undefined>
  setBlocked(jid: string, blocked: boolean): Promise<void>

  readonly groups: GroupsPort
  readonly channels: ChannelsPort
  readonly labels: LabelsPort
  readonly profile: ProfilePort

  // Media
  /** Asks the phone to upload an expired media message again; returns the message with its new media path. */
  reuploadMedia(message: WAMessage): Promise<WAMessage>
}

/** Media transfers of an instance, also while it is not WORKING (a stored message's download). */
export interface MediaTransport {
  /**
   * The decrypted media of a message as a stream, fetched through the transport (proxy) the session's connection
   * was opened with; rejects with an EngineRequestError (statusCode = the media host's HTTP status).
   */
  download(message: WAMessage, timeoutMs: number): Promise<NodeJS.ReadableStream>
}
