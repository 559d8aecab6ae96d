// The messaging module's services assembled once for the composition root: the send pipeline (wired to the
// instances' lifecycle, send/wiring.ts), the read side over the message store, and the on-WhatsApp answers both
// share. The ingestor and the media files are built earlier by start-core (the engine's events need them first).
import type { Logger } from 'pino'
import type { Db } from '../db/connection.js'
import type { NetworkMode } from '../domain/network-mode.js'
import type { InstanceManager } from '../engine/instance-manager.js'
import type { SessionPorts } from '../engine/session-ports.js'
import type { Clock, RateLimiter, SendQueue } from '../rate-limit/index.js'
import type { MediaFiles } from './reads/media-files.js'
import { OnWhatsAppCache } from './reads/on-whatsapp-cache.js'
import { ReadService } from './reads/read-service.js'
import type { DeliverabilityOptions } from './send/deliverability.js'
import type { MediaLimits } from './send/media-input.js'
import type { SendService } from './send/send-service.js'
import { wireOutbound, type OutboundWiringOptions } from './send/wiring.js'

export interface MessagingModuleDeps {
  db: Db
  bus: OutboundWiringOptions['bus']
  instances: InstanceManager
  engine: OutboundWiringOptions['engine']
  ports: SessionPorts
  media: MediaFiles
  /** Sends and number checks are paced by the core's one limiter and queue. */
  rate: { limiter: RateLimiter; queue: SendQueue }
  /** The limiter's clock (tests: ManualClock): paces sends only; store timestamps are wall-clock time. */
  clock: Clock
  logger: Logger
  /** File URLs may point at private addresses only in the sandbox. */
  network: NetworkMode
  sendMedia?: Partial<MediaLimits>
  deliverability?: DeliverabilityOptions
  dataDir: string
  engineName: string
  wakeDeliveries: () => void
}

export interface MessagingModule {
  send: SendService
  reads: ReadService
}

export function assembleMessagingModule(d: MessagingModuleDeps): MessagingModule {
  const { db, instances, rate } = d
  // Which numbers are on WhatsApp, shared by every number check (check-exists, UI, MCP, the send path's first-message check).
  const numbers = new OnWhatsAppCache()
  instances.onDelete((id) => numbers.forget(id))
  const send = wireOutbound({
    db, bus: d.bus, instances, engine: d.engine, limiter: rate.limiter, queue: rate.queue, clock: d.clock, logger: d.logger, network: d.network,
    media: d.sendMedia, deliverability: d.deliverability, numbers, dataDir: d.dataDir, engineName: d.engineName, wakeDeliveries: d.wakeDeliveries
  })
  // Wall clock: store timestamps, the edit window and the picture cache are real time.
  const reads = new ReadService({ db, manager: instances, ports: d.ports, media: d.media, checks: rate, numbers, now: Date.now, waiting: (id) => send.waiting(id) })
  return { send, reads }
}
