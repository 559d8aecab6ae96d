// accounts.*: the Settings view's account management, translated onto services.accounts. Only the owner (the
// default account, which the UI acts as) may manage accounts; a UI bound to any other account is refused.
import { BridgeError } from '../errors.js'
import type { BridgeContext } from './context.js'
import type { HandlersOf } from './types.js'

export function accountHandlers({ services: { accounts, instances }, account }: BridgeContext): HandlersOf<'accounts'> {
  const owner = () => {
    if (account().is_default !== 1) throw new BridgeError('forbidden', 'Only the owner of this Switchboard manages accounts', { recommendation: 'Open Settings from the owner\'s app' })
    return accounts
  }
  return {
    'accounts.list': () => ({ accounts: owner().list(), planQuotas: { ...instances.plans.instanceQuota } }),
    'accounts.add': ({ name, plan, quota }) => owner().add({ name, plan, quota }),
    'accounts.rotate': ({ accountId }) => owner().rotate(accountId),
    'accounts.remove': async ({ accountId, force }) => {
      const { account: removed, deletedInstances } = await owner().remove(accountId, { force: force === true })
      return { account: removed, deletedInstances: deletedInstances.length }
    },
    'accounts.setPlan': ({ accountId, plan, quota }) => owner().update(accountId, { plan, quota })
  }
}
