// The Chats view's ChatsService over the messaging module: chat list and pages of messages from the message
// store, sends through the send pipeline (same kinds, rate limits and queue as /v2/send/*), read receipts, and
// live updates read back from the store on the ingestor's domain events (message.stored, message.ack), which
// it publishes after the batch's commit, so the store already holds what each event names. Media reaches the UI as
// data: URLs (downloaded through MediaFiles, with its expired-media recovery), never through the API's /api/files.
import { readFile, stat } from 'node:fs/promises'
import type { ChatDto, MediaContentDto, MessageAck, MessageDto } from '../../../src-preload/contract/dto.js'
import { mediaLabel } from '../../../src-preload/contract/media-label.js'
import type { Db } from '../db/connection.js'
import type { EventSubscriber } from '../domain/event-bus.js'
import type { SessionPorts } from '../engine/session-ports.js'
import type { CoreEventMap } from '../domain/events.js'
import { toApiChatId, toWaJid } from '../messaging/chat-ids.js'
import { markRead } from '../messaging/reads/chat-ops.js'
import { mimetypeOfFile, type MediaFiles } from '../messaging/reads/media-files.js'
import { sendErrors } from '../messaging/send/send-errors.js'
import { resultMessageId, type SendResult, type SendService } from '../messaging/send/send-service.js'
import { canonicalJid, findMessage, getContact, listChatMessages, listChatsWithLastMessage, type StoredChat, type StoredMessage } from '../messaging/store/index.js'
import { isUndecryptableStub } from '../messaging/store/undecryptable-repo.js'
import { BridgeError } from './errors.js'
import type { ChatsService } from './services.js'

export interface StoreChatsDeps {
  db: Db
  bus: EventSubscriber<Pick<CoreEventMap, 'message.stored' | 'message.ack'>>
  sender: SendService
  /** The instances' session ports (read receipts; expired media asked of the phone again). */
  ports: SessionPorts
  /** Downloaded media of stored messages (services.media): the same files /api/files serves. */
  media: MediaFiles
  now?: () => number
}

/** Media larger than this is not sent to the UI: one bridge message carries it whole, as base64. */
export const MEDIA_MAX_BYTES = 16 * 1024 * 1024

const chatsErrors = {
  noMedia: () => new BridgeError('media_not_found', 'This message has no media, or it was deleted', { recommendation: 'Reload the chat' }),
  tooLarge: (size: number) =>
    new BridgeError('media_too_large', `The file is ${(size / 1024 / 1024).toFixed(1)} MiB; the app shows files up to ${MEDIA_MAX_BYTES / 1024 / 1024} MiB`, {
      recommendation: 'Open it on the phone, or fetch it through the API at /api/files'
    })
}

/** A mimetype as it may appear in a data: URL: type/subtype only (no parameters such as codecs, nothing odd). */
const dataUrlMimetype = (mimetype: string | null, fileName: string): string => {
  const base = (mimetype ?? '').split(';')[0]!.trim().toLowerCase()
  return /^[a-z]+\/[a-z0-9.+-]+$/.test(base) ? base : mimetypeOfFile(fileName)
}

/** A typed number (+1 555 000-0001) as digits when the search looks like one, so it finds the chat's id. */
const phoneNeedle = (needle: string): string | undefined => (/^[+\d\s().-]+$/.test(needle) ? needle.replace(/\D/g, '') || undefined : undefined)

/** WAHA acks (-1 ERROR, 0 PENDING, 1 SERVER, 2 DEVICE, 3 READ, 4 PLAYED) as the UI's ticks. */
export function ackName(ack: number): MessageAck {
  if (ack < 0) return 'failed'
  return (['pending', 'sent', 'delivered', 'read', 'read'] as const)[Math.min(ack, 4)]!
}

const digits = (jid: string) => jid.split('@')[0]!.split(':')[0]!
/** Images the UI may show inline once downloaded are not served here (they live behind the API token). */
const IMAGE_KINDS = /^image\/(jpeg|png|webp)$/

/** Cursor of a page of older messages: `<until seconds>:<how many of that second were already shown>`. */
const parseCursor = (cursor: string | undefined): { until: number; skip: number } | undefined => {
  const m = /^(\d+):(\d+)$/.exec(cursor ?? '')
  return m ? { until: Number(m[1]), skip: Number(m[2]) } : undefined
}

export function createStoreChats(d: StoreChatsDeps): ChatsService {
  const { db } = d
  const now = d.now ?? Date.now
  const chatJid = (instanceId: string, chatId: string) => canonicalJid(db, instanceId, toWaJid(chatId))

  const nameOf = (instanceId: string, jid: string, fallback?: string | null) => {
    const c = getContact(db, instanceId, jid)
    return c?.name ?? c?.notify ?? c?.verifiedName ?? fallback ?? digits(jid)
  }

  const messageDto = (m: StoredMessage): MessageDto => ({
    id: m.id,
    chatId: toApiChatId(m.chatId),
    fromMe: m.fromMe,
    sender: m.fromMe ? null : (m.pushName ?? nameOf(m.instanceId, m.sender ?? m.chatId)),
    text: m.revokedAt ? 'This message was deleted' : m.type === 'ciphertext' && isUndecryptableStub(m.message) ? 'This message could not be decrypted' : m.body || null,
    timestamp: m.timestamp * 1000,
    ack: m.fromMe ? ackName(m.ack) : null,
    media: m.media ? { mimetype: m.media.mimetype ?? 'application/octet-stream', filename: m.media.filename, url: null } : null
  })

  const chatDto = (instanceId: string, chat: StoredChat, last: StoredMessage | null): ChatDto => ({
    id: toApiChatId(chat.chatId),
    name: chat.name ?? nameOf(instanceId, chat.chatId),
    unreadCount: chat.unreadCount,
    timestamp: chat.lastMessageAt * 1000,
    lastMessage: last ? { id: last.id, text: last.body || (last.media ? mediaLabel({ mimetype: last.media.mimetype ?? 'application/octet-stream', filename: last.media.filename }) : null), timestamp: last.timestamp * 1000, fromMe: last.fromMe, ack: last.fromMe ? ackName(last.ack) : null } : null
  })

  /** What a send answered, until the store's own copy arrives (same id) through the live push. */
  const sentDto = (outcome: SendResult, chatId: string, text: string | null, media: MessageDto['media']): MessageDto => ({
    id: resultMessageId(outcome),
    chatId: toApiChatId(toWaJid(chatId)),
    fromMe: true,
    sender: null,
    text,
    timestamp: now(),
    ack: outcome.status === 'queued' ? 'pending' : 'sent',
    media
  })

  return {
    listChats(instanceId, q) {
      const needle = q.search?.toLowerCase()
      const digitsNeedle = needle ? phoneNeedle(needle) : undefined
      // Search filters names and numbers in memory: a desktop's chat list is small, and the store has no text index on names.
      const rows = listChatsWithLastMessage(db, instanceId, needle ? { limit: 1000 } : { limit: q.limit + 1, offset: q.offset })
      const chats = rows
        .filter((r) => r.chat.chatId !== 'status@broadcast')
        .map((r) => chatDto(instanceId, r.chat, r.lastMessage))
        .filter((c) => !needle || c.name.toLowerCase().includes(needle) || c.id.includes(needle) || (!!digitsNeedle && c.id.includes(digitsNeedle)))
      const page = needle ? chats.slice(q.offset, q.offset + q.limit + 1) : chats
      return { chats: page.slice(0, q.limit), hasMore: page.length > q.limit }
    },

    listMessages(instanceId, chatId, q) {
      const cursor = parseCursor(q.cursor)
      const rows = listChatMessages(db, instanceId, chatJid(instanceId, chatId), { limit: q.limit + 1, ...(cursor ? { until: cursor.until, offset: cursor.skip } : {}) })
      const page = rows.slice(0, q.limit)
      const oldest = page[page.length - 1]
      let next: string | null = null
      if (rows.length > q.limit && oldest) {
        const sameSecond = page.filter((m) => m.timestamp === oldest.timestamp).length
        next = `${oldest.timestamp}:${sameSecond + (cursor && cursor.until === oldest.timestamp ? cursor.skip : 0)}`
      }
      return { messages: page.reverse().map(messageDto), hasMore: next !== null, cursor: next }
    },

    async sendText(instanceId, chatId, text) {
      return sentDto(await d.sender.send(instanceId, { kind: 'text', chatJid: toWaJid(chatId), text }), chatId, text, null)
    },

    async sendFile(instanceId, chatId, file, caption) {
      // Images the phone shows inline go as images; anything else as a document.
      const target = { chatJid: toWaJid(chatId), file: { data: file.base64, mimetype: file.mimetype, filename: file.name }, ...(caption ? { caption } : {}) }
      const outcome = await d.sender.send(instanceId, IMAGE_KINDS.test(file.mimetype) ? { kind: 'image', ...target } : { kind: 'pdf', ...target })
      return sentDto(outcome, chatId, caption ?? null, { mimetype: file.mimetype, filename: file.name, url: null })
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
      return { mimetype, filename: m.media?.filename ?? null, size, dataUrl: `data:${mimetype};base64,${(await readFile(path)).toString('base64')}` } satisfies MediaContentDto
    },

    subscribe(listener) {
      const offs = [
        d.bus.on('message.stored', ({ instanceId, chatId, id }) => {
          const stored = findMessage(db, instanceId, chatId, id)
          if (stored) listener({ kind: 'message', instanceId, message: messageDto(stored) })
        }),
        d.bus.on('message.ack', ({ instanceId, chatId, id, ack }) => listener({ kind: 'ack', instanceId, chatId: toApiChatId(chatId), messageId: id, ack: ackName(ack) }))
      ]
      return () => {
        for (const off of offs.splice(0)) off()
      }
    }
  }
}
