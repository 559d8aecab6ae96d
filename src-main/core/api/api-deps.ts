// What the HTTP layer needs from the rest of the core. start-core.ts builds it; tests build it too.
import type { FastifyPluginAsync } from 'fastify'
import type { Logger } from 'pino'
import type { Db } from '../db/connection.js'
import type { EventSubscriber } from '../domain/event-bus.js'
import type { BaileysAdapter } from '../engine/baileys/baileys-adapter.js'
import type { BaileysBusEvents } from '../engine/baileys/baileys-events.js'
import type { InstanceManager } from '../engine/instance-manager.js'
import type { PairingCodes } from '../engine/pairing-codes.js'
import type { MediaFiles } from '../messaging/reads/media-files.js'
import type { SendService } from '../messaging/send/send-service.js'
import type { RateLimiter, SendQueue } from '../rate-limit/index.js'
import type { WebhookService } from '../webhooks/webhook-service.js'
import type { AuthFailureLimiterConfig } from './auth-failure-limiter.js'
import type { CoreServices } from '../services/core-services.js'
import type { SessionConfigView } from '../services/instance-service.js'

export interface ApiDeps {
  /** The service layer (services/core-services.ts): routes translate wire parameters into calls on it. */
  services: CoreServices
  db: Db
  manager: InstanceManager
  pairingCodes: PairingCodes
  logger: Logger
  /** The bind address (Host allow-list). */
  boundHost: string
  /** The listening port once known (Host allow-list); undefined before listen. */
  port: () => number | undefined
  network: 'whatsapp' | 'sandbox'
  /** Sandbox admin routes, already bound to the network; mounted at /sandbox behind token auth. */
  sandboxRoutes?: FastifyPluginAsync
  /** `config` of session answers; the webhooks module provides the real list later. */
  sessionConfig?: (instanceId: string) => SessionConfigView
  /** More route plugins (later modules), registered after the core's, with the same hooks. */
  extraRoutes?: FastifyPluginAsync[]
  authFailureLimit?: AuthFailureLimiterConfig
  /** Request body limit in bytes (default 1 MiB); routes may raise their own. */
  bodyLimit?: number
  now?: () => number
  /** The Baileys engine: live sockets of WORKING instances (routes acting through an account). */
  engine?: Pick<BaileysAdapter, 'liveSocket' | 'onSocket'>
  /** Baileys events of every instance (`engine.baileys`), for in-memory trackers such as presence. */
  bus?: EventSubscriber<BaileysBusEvents>
  /** Rate-limit enforcement: the limiter and the queue that paces sends, group operations and checks. */
  rateLimit?: { limiter: RateLimiter; queue: SendQueue }
  /** Webhook configs, the delivery log and replay (/v2/webhook/*, /v2/session/webhook). */
  webhooks?: WebhookService
  /** Downloaded media of stored messages, served at /api/files/<instance_id>/<file> (messaging/reads/media-files.ts). */
  media?: MediaFiles
  /** The send pipeline (/v2/send/*): outbound rows, rate-limit queue, Baileys. */
  sender?: SendService
}

export const sessionConfigOf = (deps: ApiDeps, instanceId: string): SessionConfigView => deps.services.instances.sessionConfig(instanceId)
