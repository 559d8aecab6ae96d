// The read side of messaging behind both front doors: chats, messages, contacts and LIDs from the message
// store, the chat/message/contact operations that go through the instance's session port, and downloaded media files.
// Callers pass typed values (Baileys JIDs, parsed message ids, bounded queries); wire parsing stays in api/.
import { statSync } from 'node:fs'
import type { Db } from '../../db/connection.js'
import type { InstanceManager } from '../../engine/instance-manager.js'
import type { SessionPort } from '../../engine/session-port.js'
import type { SessionPorts } from '../../engine/session-ports.js'
import { jidNormalizedUser, type WAMessageKey } from '../../engine/wa-wire.js'
import { coreErrors } from '../../domain/core-errors.js'
import { serializeMessageId, toApiChatId, type ParsedMessageId } from '../chat-ids.js'
import { sentByApiAmong, wasSentByApi } from '../send/outbound-repo.js'
import { sendErrors } from '../send/send-errors.js'
import {
  canonicalJid,
  countLidMappings,
  getChat,
  getContact,
  getContacts,
  getMessageByPk,
  lidForPn,
  listChatMessages,
  listChats,
  listContacts,
  listLidMappings,
  pnForLid,
  searchMessages,
  setLocalName,
  type MessageHit,
  upsertContact,
  type ChatListQuery,
  type ChatMessagesQuery,
  type ContactListQuery,
  type LidMapping,
  type StoredChat,
  type StoredContact,
  type StoredMessage
} from '../store/index.js'
import { chatName, toApiChat, toApiContact, type ApiChat, type ApiContact, type ApiStoredMessage } from './api-shapes.js'
import { clearChat, markRead, markSeen, markUnread, removeChat, setArchived, setStarred, setTyping, type ChatOpContext, type ChatTarget, type ReadScope } from './chat-ops.js'
import { fetchAbout, saveContact, setBlocked, type AboutText, type CheckLimits, type NumberCheck } from './contact-ops.js'
import { checkOnWhatsApp, OnWhatsAppCache } from './on-whatsapp-cache.js'
import { engineCall, readsErrors } from './errors.js'
import { mimetypeOfFile, type MediaFiles } from './media-files.js'
import { deleteForEveryone, deleteForMe, editText, setPinned, type PinDuration } from './message-ops.js'
import { readMessages, type MessageReadContext } from './message-reads.js'
import { resolveMessage } from './message-ref.js'
import { daySummary, type DaySummary } from './day-summary.js'
import { unreadSummary, type UnreadSummary } from './unread-summary.js'
import { apiPageBounds, withOutbound, type OutboundQueueInfo } from './outbound-history.js'
import type { WaitingSend } from '../send/send-service.js'
import { anyCachedPictureUrl, profilePicture, type CachedPicture } from './profile-picture-cache.js'

export interface ReadServiceDeps {
  db: Db
  manager: InstanceManager
  /** The session ports of WORKING instances. */
  ports: SessionPorts
  media: MediaFiles
  /** Number checks are paced by the instance's check limiter. */
  checks: CheckLimits
  /** Answers of number checks, shared with the send path (default: one of its own). */
  numbers?: OnWhatsAppCache
  /** Wall-clock milliseconds: store timestamps, the edit window and the picture cache are real time. */
  now: () => number
  /** The send queue's waiting messages of an instance (why and until when), for the queue state of accepted sends. */
  waiting?: (instanceId: string) => WaitingSend[]
}

/** One entry of the chats overview. */
export interface ChatOverview {
  id: string
  name: string | null
  /** Cached picture URL only (no network query). */
  picture: string | null
  unreadCount: number
  archived: boolean
  pinned: boolean
  lastMessage: ApiStoredMessage | null
  _chat: ApiChat
}

/** The overview of the given chats (Baileys JIDs, any accepted form), or a page of the newest ones. */
export type OverviewQuery = { ids: string[] } | { limit: number; offset: number }

/** A chat of a WORKING instance, ready for operations synced to every device (see chat-ops.ts). */
export interface LiveChat {
  /** The chat's id as the API spells it. */
  readonly chatId: string
  setArchived(archived: boolean): Promise<void>
  /** Read receipts for the newest incoming messages in scope, then read on every device; the serialized ids acknowledged. */
  markRead(scope: ReadScope): Promise<string[]>
  markUnread(): Promise<void>
  /** Messages removed from the store. */
  clear(): Promise<number>
  /** Whether the store had the chat. */
  remove(): Promise<boolean>
}

/** A LID and its phone-number JID, either null when unknown. */
export interface LidPair {
  lid: string | null
  pn: string | null
}

/** A served media file of a stored message. */
export interface MediaFile {
  path: string
  size: number
  mimetype: string
}

/** The queue state of a message this API accepted, as GET /v2/chats/messages spells it. */
export interface ApiQueueState {
  status: OutboundQueueInfo['state']
  reason: string | null
  not_before: number | null
  accepted_at: number
  error: { code: string; message: string } | null
  resendable: boolean
}

/** A message of a chat page: the stored message, and `queue` on messages this API accepted. */
export type ApiChatMessage = ApiStoredMessage & { queue?: ApiQueueState }

const toApiQueue = (q: OutboundQueueInfo): ApiQueueState => ({
  status: q.state,
  reason: q.reason,
  not_before: q.notBefore,
  accepted_at: q.acceptedAt,
  error: q.error,
  resendable: q.resendable
})

/** A message found by text search, with its chat's display name. */
export interface SearchHit extends MessageHit {
  chatName: string | null
}

export class ReadService {
  constructor(private readonly deps: ReadServiceDeps) {}

  private socket(instanceId: string): SessionPort {
    return this.deps.ports.working(instanceId, (status) => coreErrors.statusMismatch(status, ['WORKING'], 'Start the session and wait until /v2/session/info says WORKING'))
  }

  private me(instanceId: string): string {
    return this.deps.manager.view(instanceId)?.me?.id ?? ''
  }

  private readContext(instanceId: string): MessageReadContext {
    const { db, media } = this.deps
    return {
      db,
      instanceId,
      me: this.me(instanceId),
      media,
      port: this.deps.ports.live(instanceId),
      sentByApi: (id) => wasSentByApi(db, instanceId, id),
      sentByApiAmong: (ids) => sentByApiAmong(db, instanceId, ids)
    }
  }

  /** A Baileys JID -> the store's canonical JID (an @lid maps to its PN chat when known). */
  private storeJid(instanceId: string, jid: string): string {
    return canonicalJid(this.deps.db, instanceId, jid)
  }

  private apiChat(instanceId: string, chat: StoredChat, nowSeconds: number): ApiChat {
    return toApiChat(chat, getContact(this.deps.db, instanceId, chat.chatId), nowSeconds)
  }

  private nowSeconds(): number {
    return Math.floor(this.deps.now() / 1000)
  }

  // ---- chats and messages from the store (work while the instance is stopped) ----

  listChats(instanceId: string, q: ChatListQuery): ApiChat[] {
    const now = this.nowSeconds()
    const chats = listChats(this.deps.db, instanceId, q)
    // The page's contacts (names) in one query rather than one per chat.
    const contacts = getContacts(this.deps.db, instanceId, chats.map((c) => c.chatId))
    return chats.map((c) => toApiChat(c, contacts.get(c.chatId), now))
  }

  async overview(instanceId: string, q: OverviewQuery): Promise<ChatOverview[]> {
    const db = this.deps.db
    const chats =
      'ids' in q
        ? q.ids.map((jid) => getChat(db, instanceId, this.storeJid(instanceId, jid))).filter((c): c is StoredChat => !!c)
        : listChats(db, instanceId, { sortBy: 'messageTimestamp', sortOrder: 'DESC', limit: q.limit, offset: q.offset })
    const lasts = chats.map((c) => (c.lastMessagePk === null ? undefined : getMessageByPk(db, c.lastMessagePk)))
    const shaped = await readMessages(lasts.filter((m) => !!m), this.readContext(instanceId), false)
    const byPk = new Map(lasts.filter((m) => !!m).map((m, i) => [m.pk, shaped[i]!]))
    const now = this.nowSeconds()
    return chats.map((c, i) => {
      const chat = this.apiChat(instanceId, c, now)
      const last = lasts[i]
      return {
        id: chat.id,
        name: chat.name,
        picture: anyCachedPictureUrl(db, instanceId, c.chatId),
        unreadCount: chat.unreadCount,
        archived: chat.archived,
        pinned: chat.pinned,
        lastMessage: last ? (byPk.get(last.pk) ?? null) : null,
        _chat: chat
      }
    })
  }

  /**
   * A chat's messages, newest first, with the sends this API accepted for it that the store does not hold (waiting,
   * held, sending, not sent; see outbound-history.ts): those carry `queue`. An unknown chat has none.
   * downloadMedia fetches missing media first.
   */
  async chatMessages(instanceId: string, chatJid: string, q: ChatMessagesQuery, downloadMedia: boolean): Promise<ApiChatMessage[]> {
    const { db } = this.deps
    const chat = this.storeJid(instanceId, chatJid)
    const list = listChatMessages(db, instanceId, chat, q)
    const entries = withOutbound(db, instanceId, chat, list, {
      // Incoming only (filter.fromMe=false): no accepted send belongs.
      bounds: q.fromMe === false ? { since: 0, before: 0 } : apiPageBounds(db, instanceId, chat, q, list),
      ...(q.ack === undefined ? {} : { ack: q.ack }),
      waiting: this.deps.waiting?.(instanceId) ?? []
    })
    // withOutbound read the outbound rows of the page's own messages: one with a queue entry is one this API sent.
    const sent = new Set(entries.filter((e) => e.queue && !e.unstored).map((e) => e.message.id))
    const ctx = { ...this.readContext(instanceId), sentByApiAmong: () => sent }
    const stored = await readMessages(entries.filter((e) => !e.unstored).map((e) => e.message), ctx, downloadMedia)
    const unstored = await readMessages(entries.filter((e) => e.unstored).map((e) => e.message), ctx, false)
    let s = 0
    let u = 0
    return entries.map((e) => {
      const api = e.unstored ? unstored[u++]! : stored[s++]!
      if (!e.queue) return api
      const media = e.unstored && api.media ? { ...api.media, url: null, error: 'not sent yet' } : api.media
      return { ...api, media, source: 'api', queue: toApiQueue(e.queue) }
    })
  }

  /** The shop's own name for a chat's person (null clears it): this PC only, shown wherever the app names them. */
  setLocalName(instanceId: string, chatJid: string, name: string | null): void {
    const trimmed = name?.trim() || null
    setLocalName(this.deps.db, instanceId, this.storeJid(instanceId, chatJid), trimmed, this.deps.now())
  }

  /**
   * Messages whose text has every typed word (as a word prefix), across the instance's chats or in one, newest
   * first (the FTS5 index of migration 0381), each with its chat's name and a marked excerpt.
   */
  searchMessages(instanceId: string, q: { text: string; chatJid?: string; limit: number; offset: number }): SearchHit[] {
    const { db } = this.deps
    const hits = searchMessages(db, instanceId, { text: q.text, limit: q.limit, offset: q.offset, ...(q.chatJid ? { chatId: this.storeJid(instanceId, q.chatJid) } : {}) })
    const chatIds = [...new Set(hits.map((h) => h.message.chatId))]
    const contacts = getContacts(db, instanceId, chatIds)
    const names = new Map(chatIds.map((c) => {
      const chat = getChat(db, instanceId, c)
      return [c, chat ? chatName(chat, contacts.get(c)) : null] as const
    }))
    return hits.map((h) => ({ ...h, chatName: names.get(h.message.chatId) ?? null }))
  }

  /** The stored message a parsed id names; 404 message_not_found when the store does not have it. */
  message(instanceId: string, target: ParsedMessageId): StoredMessage {
    const ref = resolveMessage(this.deps.db, instanceId, target)
    if (!ref.stored) throw readsErrors.messageNotFound(serializeMessageId(ref.key))
    return ref.stored
  }

  /** Stored messages as API message objects (a failed media download shows in that message's media.error). */
  apiMessages(instanceId: string, list: StoredMessage[], downloadMedia: boolean): Promise<ApiStoredMessage[]> {
    return readMessages(list, this.readContext(instanceId), downloadMedia)
  }

  // ---- chat and message operations (live socket; 422 when not WORKING) ----

  /** The chat (a Baileys JID) for operations; 422 session_status_mismatch unless the instance is WORKING. */
  chat(instanceId: string, jid: string): LiveChat {
    const chatJid = this.storeJid(instanceId, jid)
    const socket = this.socket(instanceId)
    const c: ChatOpContext = { socket, db: this.deps.db, instanceId, now: this.deps.now(), media: this.deps.media }
    const target: ChatTarget = { jid: chatJid, chatJid }
    return {
      chatId: toApiChatId(chatJid),
      setArchived: (archived) => setArchived(c, target, archived),
      markRead: async (scope) => (await markRead(c, target, scope)).map((k) => serializeMessageId(k)),
      markUnread: () => markUnread(c, target),
      clear: () => clearChat(c, target),
      remove: () => removeChat(c, target)
    }
  }

  // ---- the /v2/send/ actions that are not messages (seen, typing, star): WORKING, not the send queue ----

  /**
   * The context of a /v2/send/ action: not WORKING answers the send routes' session_status_mismatch, a failed
   * engine call their 502 send_failed (as when these lived in the send service).
   */
  private sendActionContext(instanceId: string): ChatOpContext {
    const socket = this.deps.ports.working(instanceId, sendErrors.notWorking)
    return { socket, db: this.deps.db, instanceId, now: this.deps.now(), failure: (_what, why) => sendErrors.sendFailed(why) }
  }

  /**
   * Read receipts for `keys`, or without keys for the latest received messages of the chat the store knows (markSeen
   * in chat-ops.ts, the same as a chat's markRead). Returns the keys marked.
   */
  markSeen(instanceId: string, chatJid: string, keys: WAMessageKey[] | undefined): Promise<WAMessageKey[]> {
    const c = this.sendActionContext(instanceId)
    return markSeen(c, { jid: chatJid, chatJid: this.storeJid(instanceId, chatJid) }, keys?.length ? { keys } : { newest: 20 })
  }

  /** Shows or clears "typing..." in a chat. */
  typing(instanceId: string, chatJid: string, state: 'composing' | 'paused'): Promise<void> {
    return setTyping(this.sendActionContext(instanceId), { jid: chatJid, chatJid }, state)
  }

  /** Stars or unstars a message (synced to the account's phone through app state). */
  star(instanceId: string, chatJid: string, message: Pick<ParsedMessageId, 'id' | 'fromMe'>, star: boolean): Promise<void> {
    return setStarred(this.sendActionContext(instanceId), { jid: chatJid, chatJid }, message, star)
  }

  /** Revokes for everyone, or deletes from this account's devices and the store; the serialized id acted on. */
  async deleteMessage(instanceId: string, target: ParsedMessageId, forEveryone: boolean): Promise<string> {
    const ref = resolveMessage(this.deps.db, instanceId, target)
    const socket = this.socket(instanceId)
    if (forEveryone) await deleteForEveryone(socket, ref)
    else await deleteForMe(socket, this.deps.db, instanceId, ref, this.deps.now(), this.deps.media)
    return serializeMessageId(ref.key)
  }

  /** Edits an own text message within WhatsApp's window; the serialized id acted on. */
  async editMessage(instanceId: string, target: ParsedMessageId, text: string): Promise<string> {
    const ref = resolveMessage(this.deps.db, instanceId, target)
    await editText(this.socket(instanceId), ref, text, this.nowSeconds())
    return serializeMessageId(ref.key)
  }

  /** Pins (for `duration` seconds) or unpins a message for everyone; the serialized id acted on. */
  async pinMessage(instanceId: string, target: ParsedMessageId, pinned: boolean, duration: PinDuration): Promise<string> {
    const ref = resolveMessage(this.deps.db, instanceId, target)
    await setPinned(this.socket(instanceId), ref, pinned, duration)
    return serializeMessageId(ref.key)
  }

  // ---- contacts ----

  // The contact row may predate its LID mapping: fill the LID from the map.
  private withLid(instanceId: string, c: StoredContact): StoredContact {
    return c.lid || c.jid.endsWith('@lid') ? c : { ...c, lid: lidForPn(this.deps.db, instanceId, c.jid) ?? null }
  }

  /** A contact the store knows (a Baileys JID, any form), or undefined. */
  contact(instanceId: string, jid: string): ApiContact | undefined {
    const contact = getContact(this.deps.db, instanceId, this.storeJid(instanceId, jid))
    return contact ? toApiContact(this.withLid(instanceId, contact), this.me(instanceId)) : undefined
  }

  listContacts(instanceId: string, q: ContactListQuery): ApiContact[] {
    const me = this.me(instanceId)
    return listContacts(this.deps.db, instanceId, q).map((c) => toApiContact(this.withLid(instanceId, c), me))
  }

  /** Whether `digits` (a normalized phone number) is on WhatsApp: one number check of the instance's policy. */
  /**
   * An explicit check asks the network (a fresh answer, one number check of the policy, business details recorded)
   * and stores the answer in the shared on-WhatsApp cache, where the send path's check before a first message
   * finds it: a list checked first costs no second check when it is written to.
   */
  checkExists(instanceId: string, digits: string): Promise<NumberCheck> {
    this.numbers ??= this.deps.numbers ?? new OnWhatsAppCache({ db: this.deps.db })
    const socket = this.socket(instanceId)
    return checkOnWhatsApp({ cache: this.numbers, checks: this.deps.checks, store: { db: this.deps.db, now: this.deps.now }, fresh: true }, instanceId, () => socket, digits)
  }

  private numbers: OnWhatsAppCache | undefined

  about(instanceId: string, jid: string): Promise<AboutText> {
    return fetchAbout(this.socket(instanceId), jid)
  }

  /** Through the 24-hour cache: a cached URL is answered while the instance is not WORKING. */
  profilePicture(instanceId: string, jid: string, refresh: boolean): Promise<CachedPicture> {
    return profilePicture({ db: this.deps.db, instanceId, socket: () => this.socket(instanceId), now: this.deps.now() }, jid, refresh)
  }

  /** Saves the contact in the phone's address book and the store; the full name saved. */
  async saveContact(instanceId: string, jid: string, firstName: string, lastName: string | undefined): Promise<string> {
    const name = await saveContact(this.socket(instanceId), jid, firstName, lastName)
    upsertContact(this.deps.db, instanceId, this.storeJid(instanceId, jid), { name }, this.deps.now())
    return name
  }

  setBlocked(instanceId: string, jid: string, blocked: boolean): Promise<void> {
    return setBlocked(this.socket(instanceId), jid, blocked)
  }

  // ---- LIDs ----

  listLids(instanceId: string, page: { limit: number; offset: number }): LidMapping[] {
    return listLidMappings(this.deps.db, instanceId, page)
  }

  countLids(instanceId: string): number {
    return countLidMappings(this.deps.db, instanceId)
  }

  /** The LID of a phone-number JID: the store's, else (while WORKING) the network's; null when unknown. */
  async lidOfPn(instanceId: string, pn: string): Promise<LidPair> {
    let lid = lidForPn(this.deps.db, instanceId, pn) ?? null
    const port = this.deps.ports.live(instanceId)
    if (!lid && port) lid = await engineCall('the LID lookup', () => port.lidForPn(pn))
    return { lid: lid ? jidNormalizedUser(lid) : null, pn }
  }

  /** The phone-number JID of a LID (`<n>@lid`, a device part is dropped): the store's, else (while WORKING) the network's. */
  async pnOfLid(instanceId: string, lidJid: string): Promise<LidPair> {
    const lid = jidNormalizedUser(lidJid)
    let pn = pnForLid(this.deps.db, instanceId, lid) ?? null
    const port = this.deps.ports.live(instanceId)
    if (!pn && port) pn = await engineCall('the LID lookup', () => port.pnForLid(lid))
    return { lid, pn }
  }

  // ---- media files ----

  /** A served media file, downloaded on its first request; 404 media_not_found for a name no message has. */
  async mediaFile(instanceId: string, name: string): Promise<MediaFile> {
    const path = await this.deps.media.servePath(instanceId, name, this.deps.ports.live(instanceId))
    if (!path) throw readsErrors.mediaNotFound()
    return { path, size: statSync(path).size, mimetype: mimetypeOfFile(name) }
  }

  /** Unread messages of the instance's chats and when the newest came (the UI's instance picker). */
  /** The number's day so far (the Instances dashboard): sent, received, waiting, failed, last activity, unread. */
  today(instanceId: string, now: number): DaySummary {
    return daySummary(this.deps.db, instanceId, now)
  }

  unread(instanceId: string): UnreadSummary {
    return unreadSummary(this.deps.db, instanceId)
  }
}
