// Connects the send pipeline to the rest of the core (called once by start-core.ts): boot recovery of the
// outbound rows, the protection window on every WORKING, the queue purge on restart, cleanup on delete.
import type { Logger } from 'pino'
import type { Db } from '../../db/connection.js'
import type { EventSubscriber } from '../../domain/event-bus.js'
import type { CoreEventMap } from '../../domain/events.js'
import type { InstanceManager } from '../../engine/instance-manager.js'
import { deleteInstanceRateState, type Clock, type RateLimiter, type SendQueue } from '../../rate-limit/index.js'
import { canonicalJid, findMessage } from '../store/index.js'
import { DEFAULT_MEDIA_LIMITS, type MediaLimits } from './media-input.js'
import { failInterrupted } from './outbound-repo.js'
import { SendService, type SendServiceDeps } from './send-service.js'

export interface OutboundWiringOptions {
  db: Db
  bus: EventSubscriber<CoreEventMap>
  instances: Pick<InstanceManager, 'view' | 'onRestart' | 'onDelete'>
  engine: SendServiceDeps['engine']
  limiter: RateLimiter
  queue: SendQueue
  clock: Clock
  logger: Logger
  network: 'whatsapp' | 'sandbox'
  media?: Partial<MediaLimits>
}

export function wireOutbound(o: OutboundWiringOptions): SendService {
  const { db, limiter, clock } = o
  const failed = failInterrupted(db, clock.now())
  if (failed) o.logger.warn({ failed }, 'outbound messages left unsent by the previous run were marked failed')

  const service = new SendService({
    db,
    engine: o.engine,
    statusOf: (id) => o.instances.view(id)?.status,
    queue: o.queue,
    clock,
    logger: o.logger.child({ module: 'send' }),
    media: { ...DEFAULT_MEDIA_LIMITS, allowPrivate: o.network === 'sandbox', ...o.media },
    findStored: (instanceId, chatJid, id) => findMessage(db, instanceId, canonicalJid(db, instanceId, chatJid) || null, id)?.message
  })

  // account_protection_seconds counts from every WORKING (pairing, start, restart, reconnect).
  o.bus.on('session.status', (e) => {
    if (e.status === 'WORKING') limiter.markWorking(e.instanceId, clock.now())
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
