// The Chats view's operations over the messaging module, in domain types (the bridge maps them to the contract's
// DTOs): chat list and pages of messages from the message store, sends through the send pipeline (same kinds, rate
// limits and queue as /v2/send/*), read receipts (messaging/reads/chat-ops.ts, as the API's read), and one stored
// message by id for the live push (the ingestor publishes message.stored after its commit, so the store holds it).
// Media reaches the UI as data: URLs (downloaded through MediaFiles, with its expired-media recovery).
import { readFile, stat } from 'node:fs/promises'
import type { Db } from '../db/connection.js'
import { domainError } from '../domain/errors.js'
import type { SessionPorts } from '../engine/session-ports.js'
import { toApiChatId, toWaJid } from '../messaging/chat-ids.js'
import { markRead } from '../messaging/reads/chat-ops.js'
import type { ReadsErrorCode } from '../messaging/reads/errors.js'
import { mimetypeOfFile, type MediaFiles } from '../messaging/reads/media-files.js'
import { withOutbound, type OutboundQueueInfo } from '../messaging/reads/outbound-history.js'
import { sendErrors } from '../messaging/send/send-errors.js'
import { resultMessageId, type SendResult, type SendService } from '../messaging/send/send-service.js'
import { canonicalJid, findMessage, getContact, labelsOfChat, localName, listChatMessages, listChatsWithLastMessage, type StoredMessage } from '../messaging/store/index.js'
import { isUndecryptableStub } from '../messaging/store/undecryptable-repo.js'

export interface ChatsServiceDeps {
  db: Db
  sender: SendService
  /** The instances' session ports (read receipts; expired media asked of the phone again). */
  ports: SessionPorts
  /** Downloaded media of stored messages (services.media): the same files /api/files serves. */
  media: MediaFiles
  now?: () => number
}

/** A chat of the list: the store's row with the names the shop sees. */
export interface ChatSummary {
  /** The chat's id as the API spells it. */
  chatId: string
  /** The shop's own name, else WhatsApp's, else the number. */
  name: string
  unreadCount: number
  /** Seconds. */
  lastMessageAt: number
  /** WhatsApp Business labels the account syncs (app state). */
  labels: { name: string; color: number }[]
  lastMessage: StoredMessage | null
}

/** A stored message of a thread, with its sender's name and, for an accepted send, where it is in the queue. */
export interface ChatMessage {
  message: StoredMessage
  /** Null for own messages. */
  senderName: string | null
  /** A placeholder for a message that could not be decrypted. */
  undecryptable: boolean
  queue: OutboundQueueInfo | null
}

export interface ChatMessagesPage {
  /** Oldest first. */
  messages: ChatMessage[]
  hasMore: boolean
  /** `<until seconds>:<how many of that second were already shown>`; null when there is no older page. */
  cursor: string | null
}

/** What a send answered, until the store's own copy arrives (same id) through the live push. */
export interface SentChatMessage {
  id: string
  /** As the API spells it. */
  chatId: string
  text: string | null
  media: { mimetype: string; filename: string | null } | null
  /** ms */
  at: number
  /** Accepted into the rate-limit queue rather than written to the connection. */
  queued: boolean
}

/** A message's media as a data: URL. */
export interface ChatMedia {
  mimetype: string
  filename: string | null
  size: number
  dataUrl: string
}

export interface ChatsService {
  listChats(instanceId: string, q: { search?: string; limit: number; offset: number }): { chats: ChatSummary[]; hasMore: boolean }
  listMessages(instanceId: string, chatId: string, q: { cursor?: string; limit: number }): ChatMessagesPage
  /** One stored message (the store's chat id), for the live push of message.stored; undefined once it is gone. */
  message(instanceId: string, storeChatId: string, messageId: string): ChatMessage | undefined
  sendText(instanceId: string, chatId: string, text: string): Promise<SentChatMessage>
  sendFile(instanceId: string, chatId: string, file: { name: string; mimetype: string; base64: string }, caption?: string): Promise<SentChatMessage>
  markRead(instanceId: string, chatId: string): Promise<void>
  /** A message's media as a data: URL, downloaded first when needed (expired media is asked of the phone again). */
  media(instanceId: string, chatId: string, messageId: string): Promise<ChatMedia>
}

/** Media larger than this is not sent to the UI: one bridge message carries it whole, as base64. */
export const MEDIA_MAX_BYTES = 16 * 1024 * 1024

// The read module's error family (messaging/reads/errors.ts): the view's media are reads of the store.
const fail = domainError<ReadsErrorCode>

const chatsErrors = {
  noMedia: () => fail('media_not_found', 'This message has no media, or it was deleted', 'Reload the chat'),
  tooLarge: (size: number) =>
    fail('media_too_large', `The file is ${(size / 1024 / 1024).toFixed(1)} MiB; the app shows files up to ${MEDIA_MAX_BYTES / 1024 / 1024} MiB`, 'Open it on the phone, or fetch it through the API at /api/files')
}

/** A mimetype as it may appear in a data: URL: type/subtype only (no parameters such as codecs, nothing odd). */
const dataUrlMimetype = (mimetype: string | null, fileName: string): string => {
  const base = (mimetype ?? '').split(';')[0]!.trim().toLowerCase()
  return /^[a-z]+\/[a-z0-9.+-]+$/.test(base) ? base : mimetypeOfFile(fileName)
}

/** A typed number (+1 555 000-0001) as digits when the search looks like one, so it finds the chat's id. */
const phoneNeedle = (needle: string): string | undefined => (/^[+\d\s().-]+$/.test(needle) ? needle.replace(/\D/g, '') || undefined : undefined)

const digits = (jid: string) => jid.split('@')[0]!.split(':')[0]!
/** Images the phone shows inline go as images; anything else as a document. */
const IMAGE_KINDS = /^image\/(jpeg|png|webp)$/

/** Cursor of a page of older messages: `<until seconds>:<how many of that second were already shown>`. */
const parseCursor = (cursor: string | undefined): { until: number; skip: number } | undefined => {
  const m = /^(\d+):(\d+)$/.exec(cursor ?? '')
  return m ? { until: Number(m[1]), skip: Number(m[2]) } : undefined
}

export function createChatsService(d: ChatsServiceDeps): ChatsService {
  const { db } = d
  const now = d.now ?? Date.now
  const chatJid = (instanceId: string, chatId: string) => canonicalJid(db, instanceId, toWaJid(chatId))

  // The shop's own name for a customer (issue 20 item 7) wins over what WhatsApp knows.
  const nameOf = (instanceId: string, jid: string, fallback?: string | null) => {
    const local = localName(db, instanceId, jid)
    if (local) return local
    const c = getContact(db, instanceId, jid)
    return c?.name ?? c?.notify ?? c?.verifiedName ?? fallback ?? digits(jid)
  }

  const chatMessage = (m: StoredMessage, queue: OutboundQueueInfo | null = null): ChatMessage => ({
    message: m,
    senderName: m.fromMe ? null : (localName(db, m.instanceId, m.sender ?? m.chatId) ?? m.pushName ?? nameOf(m.instanceId, m.sender ?? m.chatId)),
    undecryptable: m.type === 'ciphertext' && isUndecryptableStub(m.message),
    queue
  })

  const sent = (outcome: SendResult, chatId: string, text: string | null, media: SentChatMessage['media']): SentChatMessage => ({
    id: resultMessageId(outcome),
    chatId: toApiChatId(toWaJid(chatId)),
    text,
    media,
    at: now(),
    queued: outcome.status === 'queued'
  })

  return {
    listChats(instanceId, q) {
      const needle = q.search?.toLowerCase()
      const digitsNeedle = needle ? phoneNeedle(needle) : undefined
      // Search filters names and numbers in memory: a desktop's chat list is small, and the store has no text index on names.
      const rows = listChatsWithLastMessage(db, instanceId, needle ? { limit: 1000 } : { limit: q.limit + 1, offset: q.offset })
      const chats = rows
        .filter((r) => r.chat.chatId !== 'status@broadcast')
        .map(({ chat, lastMessage }): ChatSummary => ({
          chatId: toApiChatId(chat.chatId),
          name: localName(db, instanceId, chat.chatId) ?? chat.name ?? nameOf(instanceId, chat.chatId),
          unreadCount: chat.unreadCount,
          lastMessageAt: chat.lastMessageAt,
          labels: labelsOfChat(db, instanceId, chat.chatId).map((l) => ({ name: l.name, color: l.color })),
          lastMessage
        }))
        .filter((c) => !needle || c.name.toLowerCase().includes(needle) || c.chatId.includes(needle) || (!!digitsNeedle && c.chatId.includes(digitsNeedle)))
      const page = needle ? chats.slice(q.offset, q.offset + q.limit + 1) : chats
      return { chats: page.slice(0, q.limit), hasMore: page.length > q.limit }
    },

    listMessages(instanceId, chatId, q) {
      const cursor = parseCursor(q.cursor)
      const jid = chatJid(instanceId, chatId)
      const rows = listChatMessages(db, instanceId, jid, { limit: q.limit + 1, ...(cursor ? { until: cursor.until, offset: cursor.skip } : {}) })
      const page = rows.slice(0, q.limit)
      const oldest = page[page.length - 1]
      let next: string | null = null
      if (rows.length > q.limit && oldest) {
        const sameSecond = page.filter((m) => m.timestamp === oldest.timestamp).length
        next = `${oldest.timestamp}:${sameSecond + (cursor && cursor.until === oldest.timestamp ? cursor.skip : 0)}`
      }
      // Accepted sends are part of the history (waiting, held, not sent): those from this page's oldest second up to
      // the previous page's oldest (outbound-history.ts), so a reload or a restart shows what the queue holds.
      const entries = withOutbound(db, instanceId, jid, page, {
        bounds: { since: next !== null && oldest ? oldest.timestamp * 1000 : 0, before: cursor ? cursor.until * 1000 : Number.MAX_SAFE_INTEGER },
        waiting: d.sender.waiting(instanceId)
      })
      return { messages: entries.reverse().map((e) => chatMessage(e.message, e.queue)), hasMore: next !== null, cursor: next }
    },

    message(instanceId, storeChatId, messageId) {
      const stored = findMessage(db, instanceId, storeChatId, messageId)
      return stored ? chatMessage(stored) : undefined
    },

    async sendText(instanceId, chatId, text) {
      return sent(await d.sender.send(instanceId, { kind: 'text', chatJid: toWaJid(chatId), text }), chatId, text, null)
    },

    async sendFile(instanceId, chatId, file, caption) {
      const target = { chatJid: toWaJid(chatId), file: { data: file.base64, mimetype: file.mimetype, filename: file.name }, ...(caption ? { caption } : {}) }
      const outcome = await d.sender.send(instanceId, IMAGE_KINDS.test(file.mimetype) ? { kind: 'image', ...target } : { kind: 'pdf', ...target })
      return sent(outcome, chatId, caption ?? null, { mimetype: file.mimetype, filename: file.name })
    },

    async markRead(instanceId, chatId) {
      const jid = chatJid(instanceId, chatId)
      await markRead({ socket: d.ports.working(instanceId, sendErrors.notWorking), db, instanceId, now: now() }, { jid: toWaJid(chatId), chatJid: jid }, { messages: 30, days: 7 })
    },

    async media(instanceId, chatId, messageId) {
      const m = findMessage(db, instanceId, chatJid(instanceId, chatId), messageId)
      if (!m?.hasMedia || m.revokedAt) throw chatsErrors.noMedia()
      if (m.media?.size && m.media.size > MEDIA_MAX_BYTES) throw chatsErrors.tooLarge(m.media.size)
      // The session port lets expired media be asked of the phone again; without one, the download may still work.
      await d.media.ensureDownloaded(instanceId, m, d.ports.live(instanceId))
      const name = (findMessage(db, instanceId, m.chatId, m.id)?.media?.path ?? '').split('/')[1] ?? ''
      const path = d.media.filePath(instanceId, name)
      if (!path) throw chatsErrors.noMedia()
      const { size } = await stat(path)
      if (size > MEDIA_MAX_BYTES) throw chatsErrors.tooLarge(size)
      const mimetype = dataUrlMimetype(m.media?.mimetype ?? null, name)
      return { mimetype, filename: m.media?.filename ?? null, size, dataUrl: `data:${mimetype};base64,${(await readFile(path)).toString('base64')}` }
    }
  }
}
