// instances.*: the lifecycle as the Instances view needs it (list with quota, create, start/stop/restart/logout/delete).
import type { InstanceRow } from '../../db/repositories/instances-repo.js'
import { instanceQuotaOf } from '../../domain/plans.js'
import type { InstanceView } from '../../engine/instance-manager.js'
import { startOfLocalDay } from '../../messaging/reads/day-summary.js'
import type { BridgeContext } from './context.js'
import { instanceDto } from './owner-dtos.js'
import type { HandlersOf } from './types.js'

export function instanceHandlers({ services: { instances, reads, health, calls }, account, owned }: BridgeContext): HandlersOf<'instances'> {
  const { manager } = instances
  const dto = (row: InstanceRow) => instanceDto(instances.summary(row, account().plan))
  /** After an operation: the fresh row (it may have changed status, me or policy); gone meanwhile = invalid_session. */
  const fresh = (view: InstanceView) => dto(owned(view.id))

  return {
    'instances.list': () => {
      const acting = account()
      const list = instances.listRows(acting.id).map((row) => instanceDto(instances.summary(row, acting.plan)))
      return { instances: list, plan: acting.plan, quota: { used: list.length, limit: instanceQuotaOf(instances.plans, acting) } }
    },
    'instances.create': ({ name }) => fresh(manager.create(account().id, name?.trim() || undefined)),
    'instances.get': ({ instanceId }) => dto(owned(instanceId)),
    'instances.start': ({ instanceId }) => fresh(manager.start(owned(instanceId).id)),
    'instances.stop': async ({ instanceId }) => fresh(await manager.stop(owned(instanceId).id)),
    'instances.restart': async ({ instanceId }) => fresh(await manager.restart(owned(instanceId).id)),
    'instances.logout': async ({ instanceId }) => fresh(await manager.logout(owned(instanceId).id)),
    'instances.health': ({ instanceId }) => {
      const row = owned(instanceId)
      const snap = health.snapshot(row.account_id, row.id)
      const h = snap.instances[0]
      if (!h) return { instanceId: row.id, status: row.status, queueDepth: 0, oldestQueuedSeconds: 0, sends: {}, newContactsPaused: false, heldNewContactSends: 0, inboundMessages: 0, webhookDeliveries: {}, outboxPending: 0, outboxOldestPendingSeconds: 0, eventStreamClients: snap.eventStreamClients, at: snap.at }
      const { name: _name, webhookAttempts: _attempts, ...figures } = h
      return { ...figures, eventStreamClients: snap.eventStreamClients, at: snap.at }
    },
    'instances.callSettings': ({ instanceId }) => calls.settings(owned(instanceId).id),
    'instances.setCallSettings': ({ instanceId, autoReject, replyText }) =>
      calls.update(owned(instanceId).id, { ...(autoReject !== undefined ? { autoReject } : {}), ...(replyText !== undefined ? { replyText } : {}) }),
    'instances.unread': () => ({
      instances: instances.listRows(account().id).map((row) => ({ instanceId: row.id, ...reads.unread(row.id) }))
    }),
    'instances.today': () => {
      const now = Date.now()
      return { since: startOfLocalDay(now), instances: instances.listRows(account().id).map((row) => ({ instanceId: row.id, ...reads.today(row.id, now) })) }
    },
    'instances.delete': async ({ instanceId }) => {
      const row = owned(instanceId)
      await manager.delete(row.id)
      return { ...dto(row), status: 'DELETED' }
    }
  }
}
