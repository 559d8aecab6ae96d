// What the UI bridge needs from the rest of the core. The composition root (start-core.ts) builds it from the
// modules it already has; optional parts are filled in by the modules that provide them (messaging, webhook
// worker, rate limiter) and the bridge answers `not_available` or shows less until they are.
import type { Logger } from 'pino'
import type { ChatDto, MessageAck, MessageDto, MessagesPageDto } from '../../../src-preload/contract/dto.js'
import type { Db } from '../db/connection.js'
import type { EventSubscriber } from '../domain/event-bus.js'
import type { CoreEventMap } from '../domain/events.js'
import type { PlanCatalogue } from '../domain/plans.js'
import type { InstanceManager } from '../engine/instance-manager.js'
import type { LimiterSnapshot } from '../rate-limit/limiter.js'
import type { SandboxNetwork } from '../sandbox/index.js'
import type { AttemptRecord } from '../webhooks/index.js'

/** The messaging module's read/write surface for the Chats view (issue 4 provides it). */
export interface ChatsService {
  listChats(instanceId: string, q: { search?: string; limit: number; offset: number }): { chats: ChatDto[]; hasMore: boolean } | Promise<{ chats: ChatDto[]; hasMore: boolean }>
  listMessages(instanceId: string, chatId: string, q: { cursor?: string; limit: number }): MessagesPageDto | Promise<MessagesPageDto>
  sendText(instanceId: string, chatId: string, text: string): Promise<MessageDto>
  sendFile(instanceId: string, chatId: string, file: { name: string; mimetype: string; base64: string }, caption?: string): Promise<MessageDto>
  markRead(instanceId: string, chatId: string): Promise<void>
  /** Live traffic for the UI push; returns the unsubscribe function. */
  subscribe(listener: (event: { kind: 'message'; instanceId: string; message: MessageDto } | { kind: 'ack'; instanceId: string; chatId: string; messageId: string; ack: MessageAck }) => void): () => void
}

/** The running webhook delivery worker (wake after a replay; attempt notifications for the live log). */
export interface WebhookRuntime {
  wake(): void
  onAttempt(listener: (attempt: AttemptRecord) => void): () => void
}

export interface BridgeServices {
  db: Db
  instances: InstanceManager
  /** The throttled pairing-code issuer (engine/pairing-codes.ts). */
  pairingCodes: { request(instanceId: string, phoneNumber: string): Promise<string> }
  bus: EventSubscriber<CoreEventMap>
  plans: PlanCatalogue
  network: 'whatsapp' | 'sandbox'
  sandbox: SandboxNetwork | undefined
  /** http://HOST:PORT of the API once it listens. */
  apiUrl(): string
  revealToken(): string | undefined
  rotateToken(): string
  logger: Logger
  /** The account the desktop user acts as (default: the default account). */
  accountId?: string
  version?: string
  now?: () => number
  webhookRuntime?: WebhookRuntime
  /** The send queue's snapshot (rate-limit/send-queue.ts) once messaging enforces policies. */
  rateLimits?: { snapshot(instanceId: string): LimiterSnapshot }
  chats?: ChatsService
}
