// The account module assembled once for the composition root: groups (paced, their cached lists following
// group.changed), channels, labels, profile, presence (tracker and operations), 24-hour statuses and incoming calls,
// all over the sessions' command ports. forget() is the module's part of an instance's deletion; close() ends its
// subscriptions and timers.
import type { Logger } from 'pino'
import type { Db } from '../db/connection.js'
import type { NetworkMode } from '../domain/network-mode.js'
import type { EventSubscriber } from '../domain/event-bus.js'
import type { CoreEventMap } from '../domain/events.js'
import type { SessionPorts } from '../engine/session-ports.js'
import type { SendService } from '../messaging/send/send-service.js'
import type { RateLimiter, SendQueue } from '../rate-limit/index.js'
import { CallService } from './calls/call-service.js'
import { ChannelService } from './channels/channel-service.js'
import { createGroupPacer } from './group-pacing.js'
import { pictureLimits } from './images.js'
import { GroupService } from './groups/group-service.js'
import { LabelService } from './labels/label-service.js'
import { PresenceService } from './presence/presence-service.js'
import { PresenceTracker } from './presence/presence-tracker.js'
import { ProfileService } from './profile/profile-service.js'
import { StatusService } from './status/status-service.js'

export interface AccountModuleDeps {
  db: Db
  bus: EventSubscriber<CoreEventMap>
  ports: SessionPorts
  sender: SendService
  /** Group operations are paced by the core's one limiter and queue. */
  rate: { limiter: RateLimiter; queue: SendQueue }
  logger: Logger
  /** The limiter's clock (tests: ManualClock): group and channel caches. */
  now(): number
  /** The network the core runs on: picture files may come from private addresses only in the sandbox. */
  network: NetworkMode
}

export interface AccountModule {
  groups: GroupService
  channels: ChannelService
  labels: LabelService
  profile: ProfileService
  presence: PresenceService
  statuses: StatusService
  calls: CallService
  /** An instance was deleted: its cached groups and remembered presences go. */
  forget(instanceId: string): void
  close(): void
}

export function assembleAccountModule(d: AccountModuleDeps): AccountModule {
  const { db, bus, ports, sender, logger, now } = d
  const pictures = pictureLimits(d.network)
  const groups = new GroupService({ ports, pacer: createGroupPacer(d.rate), now, pictures })
  const tracker = new PresenceTracker({
    bus,
    livePort: (id) => ports.live(id),
    onResubscribeError: (instanceId, jid, err) => logger.warn({ err, instanceId, jid }, 'presence resubscribe failed')
  })
  // Incoming calls rejected automatically where the instance says so (issue 22 item 6); wall clock for the call log.
  const calls = new CallService({ db, ports, send: (id, command) => sender.send(id, command), logger, now: Date.now })
  // The cached group lists follow the ingestor's group.changed (channel settings are stored by the ingestor).
  const offs = [groups.followChanges(bus), calls.follow(bus)]
  return {
    groups,
    channels: new ChannelService({ ports, db, now, pictures }),
    labels: new LabelService({ ports, db }),
    profile: new ProfileService({ ports, pictures }),
    presence: new PresenceService({ ports, tracker }),
    statuses: new StatusService({ ports, db, sender }),
    calls,
    forget(instanceId) {
      groups.invalidate(instanceId)
      tracker.forget(instanceId)
    },
    close() {
      for (const off of offs.splice(0)) off()
      tracker.close()
    }
  }
}
