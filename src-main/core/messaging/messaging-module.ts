// The messaging module assembled once for the composition root: the downloaded media files, the ingestor (the
// only reader of the engine's raw events: message store, outbox, domain events), the send pipeline (wired to the
// instances' lifecycle, send/wiring.ts), the read side over the message store, and the on-WhatsApp answers both
// share. stopIngest() is the module's part of shutdown: the root calls it after the engines closed (their last
// events are stored) and before the database closes.
import { join } from 'node:path'
import type { Logger } from 'pino'
import type { Db } from '../db/connection.js'
import type { NetworkMode } from '../domain/network-mode.js'
import type { InstanceManager } from '../engine/instance-manager.js'
import type { SessionPorts } from '../engine/session-ports.js'
import type { Clock, RateLimiter, SendQueue } from '../rate-limit/index.js'
import { startIngestor, type IngestorDeps } from './ingest/ingestor.js'
import { startHistoryIngestThread, type HistoryIngestThreadOptions } from './ingest/history-ingest-thread.js'
import { MediaFiles } from './reads/media-files.js'
import { OnWhatsAppCache } from './reads/on-whatsapp-cache.js'
import { ReadService } from './reads/read-service.js'
import type { DeliverabilityOptions } from './send/deliverability.js'
import type { MediaLimits } from './send/media-input.js'
import { wasSentByApi } from './send/outbound-repo.js'
import type { SendService } from './send/send-service.js'
import { wireOutbound, type OutboundWiringOptions } from './send/wiring.js'

export interface MessagingModuleDeps {
  db: Db
  /** The engine's raw batches in (the ingestor), the domain events out; the send wiring's statuses. */
  bus: OutboundWiringOptions['bus'] & IngestorDeps['bus']
  instances: InstanceManager
  engine: OutboundWiringOptions['engine']
  ports: SessionPorts
  /** Base URL of this API (asked each time: the port is known after listen); media URLs in payloads start with it. */
  apiUrl: () => string
  /** How long the retry flow may take to recover an undecryptable message (ingest/undecryptable.ts). */
  undecryptableGraceMs?: number
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
  /**
   * The store's file and key for the history ingest thread (history-ingest-thread.ts: a history sync written off
   * the event loop); without it history is stored on the main thread.
   */
  historyStore?: Pick<HistoryIngestThreadOptions, 'file' | 'dataKey' | 'nativeBinding' | 'nice' | 'writeTurns'>
}

export interface MessagingModule {
  media: MediaFiles
  send: SendService
  reads: ReadService
  /** Stops the ingestor; the batches it still holds commit first (nothing accepted is dropped); then its history thread. */
  stopIngest(): Promise<void>
}

export function assembleMessagingModule(d: MessagingModuleDeps): MessagingModule {
  const { db, instances, rate } = d
  // Downloaded media of stored messages, fetched through the instance's media transport (the transport of its
  // connection: its proxy, the sandbox CA), served by the API; webhook payloads carry each media's stable URL.
  const media = new MediaFiles({
    db, dir: join(d.dataDir, 'media'), transport: (id) => d.ports.media(id), logger: d.logger.child({ module: 'media' }), baseUrl: d.apiUrl
  })
  // Message store and webhook outbox, fed by the engine (one transaction per event batch); the ingestor is the
  // only subscriber of `engine.baileys` and publishes the typed domain events everything else listens to.
  const storeLogger = d.logger.child({ module: 'store' })
  const historyThread = d.historyStore
    ? startHistoryIngestThread({ ...d.historyStore, onFailure: (err) => storeLogger.warn({ err }, 'the history ingest thread failed; history is stored on the main thread') })
    : undefined
  const ingestor = startIngestor({
    db, bus: d.bus, instance: (id) => instances.view(id), engineName: d.engineName, sentByApi: wasSentByApi, mediaUrl: (id, key) => media.publicUrl(id, key),
    wakeDeliveries: d.wakeDeliveries, logger: storeLogger, undecryptableGraceMs: d.undecryptableGraceMs, ...(historyThread ? { historyThread } : {})
  })
  const stopIngest = async () => {
    ingestor.stop()
    await historyThread?.stop()
  }
  // From here on a failed assembly stops the ingestor it started (the root has nothing to stop yet).
  try {
    // Which numbers are on WhatsApp, shared by every number check (check-exists, UI, MCP, the send path's first-message check).
    const numbers = new OnWhatsAppCache({ db })
    instances.onDelete((id) => numbers.forget(id))
    const send = wireOutbound({
      db, bus: d.bus, instances, engine: d.engine, limiter: rate.limiter, queue: rate.queue, clock: d.clock, logger: d.logger, network: d.network,
      media: d.sendMedia, deliverability: d.deliverability, numbers, dataDir: d.dataDir, engineName: d.engineName, wakeDeliveries: d.wakeDeliveries
    })
    // Wall clock: store timestamps, the edit window and the picture cache are real time.
    const reads = new ReadService({ db, manager: instances, ports: d.ports, media, checks: rate, numbers, now: Date.now, waiting: (id) => send.waiting(id) })
    // Partial downloads a previous run left; an instance's files go with it.
    media.sweepPartials()
    instances.onDelete((id) => media.deleteInstance(id))
    return { media, send, reads, stopIngest }
  } catch (e) {
    void stopIngest()
    throw e
  }
}
