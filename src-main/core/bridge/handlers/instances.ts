// instances.*: the lifecycle as the Instances view needs it (list with quota, create, start/stop/restart/logout/delete).
import { listAccountInstances, type InstanceRow } from '../../db/repositories/instances-repo.js'
import type { InstanceView } from '../../engine/instance-manager.js'
import type { BridgeServices } from '../services.js'
import { accountOf, instanceDto, ownedRow } from './context.js'
import type { HandlersOf } from './types.js'

export function instanceHandlers(s: BridgeServices): HandlersOf<'instances'> {
  /** After an operation: the fresh row (it may have changed status, me or policy); gone meanwhile = invalid_session. */
  const dto = (row: InstanceRow) => instanceDto(row, accountOf(s).plan)
  const fresh = (view: InstanceView) => dto(ownedRow(s, view.id))

  return {
    'instances.list': () => {
      const account = accountOf(s)
      const instances = listAccountInstances(s.db, account.id).map((row) => instanceDto(row, account.plan))
      return { instances, plan: account.plan, quota: { used: instances.length, limit: s.plans.instanceQuota[account.plan] } }
    },
    'instances.create': ({ name }) => fresh(s.instances.create(accountOf(s).id, name?.trim() || undefined)),
    'instances.get': ({ instanceId }) => dto(ownedRow(s, instanceId)),
    'instances.start': ({ instanceId }) => fresh(s.instances.start(ownedRow(s, instanceId).id)),
    'instances.stop': async ({ instanceId }) => fresh(await s.instances.stop(ownedRow(s, instanceId).id)),
    'instances.restart': async ({ instanceId }) => fresh(await s.instances.restart(ownedRow(s, instanceId).id)),
    'instances.logout': async ({ instanceId }) => fresh(await s.instances.logout(ownedRow(s, instanceId).id)),
    'instances.delete': async ({ instanceId }) => {
      const row = ownedRow(s, instanceId)
      await s.instances.delete(row.id)
      return { ...dto(row), status: 'DELETED' }
    }
  }
}
