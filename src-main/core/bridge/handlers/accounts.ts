// accounts.*: the Settings view's account management, translated onto services.accounts. Only the owner (the
// default account, which the UI acts as) may manage accounts; a UI bound to any other account is refused.
import type { NewAccount } from '../../services/account-service.js'
import { BridgeError } from '../errors.js'
import type { BridgeContext } from './context.js'
import { accountDto } from './owner-dtos.js'
import type { HandlersOf } from './types.js'

/** The one time a token is shown (add, rotate), with the account it belongs to. */
const withAccountDto = ({ account, token }: NewAccount) => ({ account: accountDto(account), token })

export function accountHandlers({ services: { accounts, instances }, account }: BridgeContext): HandlersOf<'accounts'> {
  const owner = () => {
    if (account().is_default !== 1) throw new BridgeError('forbidden', 'Only the owner of this Switchboard manages accounts', { recommendation: 'Open Settings from the owner\'s app' })
    return accounts
  }
  return {
    'accounts.list': () => ({ accounts: owner().list().map(accountDto), planQuotas: { ...instances.plans.instanceQuota } }),
    'accounts.add': ({ name, plan, quota }) => withAccountDto(owner().add({ name, plan, quota })),
    'accounts.rotate': ({ accountId }) => withAccountDto(owner().rotate(accountId)),
    'accounts.remove': async ({ accountId, force }) => {
      const { account: removed, deletedInstances } = await owner().remove(accountId, { force: force === true })
      return { account: accountDto(removed), deletedInstances: deletedInstances.length }
    },
    'accounts.setPlan': ({ accountId, plan, quota }) => accountDto(owner().update(accountId, { plan, quota }))
  }
}
