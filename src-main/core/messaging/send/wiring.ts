// Connects the send pipeline to the rest of the core (called once by start-core.ts): boot recovery of the
// outbound rows (queued sends of the previous run go again on their instance's first WORKING), the protection
// window on every WORKING, the queue purge on restart, cleanup on delete.
import { join } from 'node:path'
import type { Logger } from 'pino'
import type { Db } from '../../db/connection.js'
import type { EventPublisher, EventSubscriber } from '../../domain/event-bus.js'
import type { CoreEventMap } from '../../domain/events.js'
import type { InstanceManager } from '../../engine/instance-manager.js'
import { deleteInstanceRateState, type Clock, type RateLimiter, type SendQueue } from '../../rate-limit/index.js'
import { canonicalJid, findMessage } from '../store/index.js'
import { DEFAULT_MEDIA_LIMITS, type MediaLimits } from './media-input.js'
import { NotSentReports } from './not-sent.js'
import { OutboxMedia } from './outbox-media.js'
import { SendService, type SendServiceDeps } from './send-service.js'
import type { DeliverabilityOptions } from './deliverability.js'
import type { OnWhatsAppCache } from '../reads/on-whatsapp-cache.js'

export interface OutboundWiringOptions {
  db: Db
  bus: EventSubscriber<CoreEventMap> & EventPublisher<Pick<CoreEventMap, 'message.ack'>>
  instances: Pick<InstanceManager, 'view' | 'onRestart' | 'onDelete'>
  engine: SendServiceDeps['engine']
  limiter: RateLimiter
  queue: SendQueue
  clock: Clock
  logger: Logger
  network: 'whatsapp' | 'sandbox'
  /** Cool-downs of the network's holds when it gave no end (tests: short). */
  deliverability?: DeliverabilityOptions
  /** The on-WhatsApp answers the read side shares: the check before a first message uses them (and the check limiter). */
  numbers?: OnWhatsAppCache
  media?: Partial<MediaLimits>
  /** The data dir: queued sends keep their files in <dataDir>/outbox-media/. */
  dataDir: string
  /** The webhook envelope's engine, and the delivery worker's wake (failed acks of dropped sends). */
  engineName: string
  wakeDeliveries: () => void
}

export function wireOutbound(o: OutboundWiringOptions): SendService {
  const { db, limiter, clock } = o
  const service = new SendService({
    db,
    engine: o.engine,
    statusOf: (id) => o.instances.view(id)?.status,
    queue: o.queue,
    clock,
    ...(o.deliverability ? { deliverability: o.deliverability } : {}),
    ...(o.numbers ? { numbers: { cache: o.numbers, checks: { limiter, queue: o.queue } } } : {}),
    logger: o.logger.child({ module: 'send' }),
    media: { ...DEFAULT_MEDIA_LIMITS, allowPrivate: o.network === 'sandbox', ...o.media },
    findStored: (instanceId, chatJid, id) => findMessage(db, instanceId, canonicalJid(db, instanceId, chatJid) || null, id)?.message,
    outboxMedia: new OutboxMedia(join(o.dataDir, 'outbox-media')),
    notSent: new NotSentReports({ db, bus: o.bus, instance: (id) => o.instances.view(id), engineName: o.engineName, wakeDeliveries: o.wakeDeliveries, now: () => Date.now() })
  })
  const boot = service.recoverAtBoot()
  if (boot.failed || boot.interrupted) o.logger.warn(boot, 'outbound messages the previous run left unsent: interrupted ones and those that cannot be restored were marked failed')
  if (boot.restorable) o.logger.info(boot, 'queued outbound messages of the previous run go out on their instance\'s next WORKING')

  // account_protection_seconds counts from every WORKING (pairing, start, restart, reconnect).
  o.bus.on('session.status', (e) => {
    if (e.status !== 'WORKING') return
    limiter.markWorking(e.instanceId, clock.now())
    // The previous run's queue on the first WORKING; on later ones, what an earlier connection relayed unacked.
    void service.resendUnacked(e.instanceId)
  })
  // The network's limits on new chats (463/475, its notices), as the ingestor reports them.
  o.bus.on('deliverability.changed', (e) => service.deliverability.apply(e))
  o.instances.onRestart((id) => {
    const purged = service.purge(id)
    if (purged) o.logger.info({ instanceId: id, purged }, 'restart purged queued outbound messages')
  })
  o.instances.onDelete((id) => {
    service.forget(id)
    limiter.forget(id)
    deleteInstanceRateState(db, id)
  })
  return service
}
