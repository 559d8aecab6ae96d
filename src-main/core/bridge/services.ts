// What the UI bridge needs besides the core's services (services/core-services.ts): how the desktop reaches the
// API, the token operations, the acting account, the domain events it pushes and the Chats view's
// service (the sandbox is services.sandbox). start-core.ts builds it; nothing in it is optional.
import type { Logger } from 'pino'
import type { ChatDto, MediaContentDto, MessageAck, MessageDto, MessagesPageDto } from '../../../src-preload/contract/dto.js'
import type { EventSubscriber } from '../domain/event-bus.js'
import type { CoreEventMap } from '../domain/events.js'

/** The messaging module's read/write surface for the Chats view (issue 4 provides it). */
export interface ChatsService {
  listChats(instanceId: string, q: { search?: string; limit: number; offset: number }): { chats: ChatDto[]; hasMore: boolean } | Promise<{ chats: ChatDto[]; hasMore: boolean }>
  listMessages(instanceId: string, chatId: string, q: { cursor?: string; limit: number }): MessagesPageDto | Promise<MessagesPageDto>
  sendText(instanceId: string, chatId: string, text: string): Promise<MessageDto>
  sendFile(instanceId: string, chatId: string, file: { name: string; mimetype: string; base64: string }, caption?: string): Promise<MessageDto>
  markRead(instanceId: string, chatId: string): Promise<void>
  /** A message's media as a data: URL, downloaded first when needed (expired media is asked of the phone again). */
  media(instanceId: string, chatId: string, messageId: string): Promise<MediaContentDto>
  /** Live traffic for the UI push; returns the unsubscribe function. */
  subscribe(listener: (event: { kind: 'message'; instanceId: string; message: MessageDto } | { kind: 'ack'; instanceId: string; chatId: string; messageId: string; ack: MessageAck }) => void): () => void
}

export interface UiBridgeConfig {
  /** http://HOST:PORT of the API once it listens. */
  apiUrl(): string
  /** Where the API listens and which extra Host names it accepts (--host, --allow-host), for the API view. */
  apiAccess: { host: string; allowHosts: readonly string[] }
  revealToken(): string | undefined
  rotateToken(): string
  /** The account the desktop user acts as. */
  accountId: string
  version: string
  /** The core's domain events (statuses, QRs, instance list changes) for the UI push. */
  events: EventSubscriber<CoreEventMap>
  logger: Logger
  chats: ChatsService
}
