import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import type { AccountDto } from '../../../src-preload/contract/dto.js'
import { useAccountsStore } from '../../stores/accounts-store.js'
import { FakeError, installMemoryBridge, type FakeHandlers } from '../../test/memory-bridge.js'
import { SettingsView } from './SettingsView.js'

const owner: AccountDto = { id: 'default', name: 'Default account', plan: 'free', instanceQuota: 2, quotaOverridden: false, instances: 1, tokenHint: 'wxyz', isDefault: true, createdAt: 1_700_000_000_000 }
const planQuotas = { free: 2, paid: null }

/** A core-like account list behind the in-memory bridge. */
function fakeAccounts(initial: AccountDto[]) {
  let accounts = [...initial]
  let n = 0
  const handlers: FakeHandlers = {
    'accounts.list': () => ({ accounts, planQuotas }),
    'accounts.add': ({ name, plan, quota }) => {
      const token = `token-${++n}-abcd`
      const account: AccountDto = { ...owner, id: `acc_${n}`, name, plan: plan ?? 'free', instanceQuota: typeof quota === 'number' ? quota : planQuotas[plan ?? 'free'], quotaOverridden: quota !== undefined, instances: 0, tokenHint: 'abcd', isDefault: false }
      accounts.push(account)
      return { account, token }
    },
    'accounts.rotate': ({ accountId }) => ({ account: accounts.find((a) => a.id === accountId)!, token: 'rotated-token-9999' }),
    'accounts.setPlan': ({ accountId, plan }) => {
      accounts = accounts.map((a) => (a.id === accountId && plan ? { ...a, plan, instanceQuota: planQuotas[plan] } : a))
      return accounts.find((a) => a.id === accountId)!
    },
    'accounts.remove': ({ accountId, force }) => {
      const account = accounts.find((a) => a.id === accountId)!
      if (account.instances && !force) throw new FakeError('account_has_instances', 'still has instances')
      accounts = accounts.filter((a) => a.id !== accountId)
      return { account, deletedInstances: account.instances }
    }
  }
  return handlers
}

describe('SettingsView: accounts', () => {
  beforeEach(() => useAccountsStore.setState(useAccountsStore.getInitialState(), true))

  it('lists the accounts with plan, quota, instances and only a token hint; the owner cannot be removed', async () => {
    installMemoryBridge(fakeAccounts([owner, { ...owner, id: 'acc_1', name: 'Acme', plan: 'paid', instanceQuota: 5, quotaOverridden: true, instances: 3, tokenHint: '1234', isDefault: false }]))
    render(<SettingsView />)
    expect(screen.getByRole('heading', { level: 1, name: 'Settings' })).toBeInTheDocument()
    const acme = await screen.findByRole('row', { name: 'Account Acme' })
    expect(within(acme).getByRole('combobox', { name: 'Plan of Acme' })).toHaveValue('paid')
    expect(within(acme).getByText('5')).toBeInTheDocument()
    expect(within(acme).getByText('3')).toBeInTheDocument()
    expect(within(acme).getByText('…1234')).toBeInTheDocument()
    const me = screen.getByRole('row', { name: 'Account Default account' })
    expect(within(me).getByText(/owner/)).toBeInTheDocument()
    expect(within(me).queryByRole('button', { name: /Remove/ })).not.toBeInTheDocument()
    expect(within(me).getByRole('button', { name: 'Rotate token of Default account' })).toBeInTheDocument()
  })

  it('adds an account and shows its token once, with Copy, until Done', async () => {
    const b = installMemoryBridge(fakeAccounts([owner]))
    render(<SettingsView />)
    await screen.findByRole('row', { name: 'Account Default account' })
    await userEvent.type(screen.getByLabelText('Name'), 'Acme Ltd')
    await userEvent.selectOptions(screen.getByLabelText('Plan'), 'paid')
    await userEvent.type(screen.getByLabelText('Instance quota (optional)'), '4')
    await userEvent.click(screen.getByRole('button', { name: 'Add account' }))
    const issued = await screen.findByTestId('issued-token')
    expect(issued).toHaveTextContent('Account “Acme Ltd” added')
    expect(issued).toHaveTextContent('token-1-abcd')
    expect(issued).toHaveTextContent('shown only this once')
    expect(within(issued).getByRole('button', { name: 'Copy' })).toBeInTheDocument()
    expect(b.callsTo('accounts.add')).toEqual([{ name: 'Acme Ltd', plan: 'paid', quota: 4 }])
    expect(await screen.findByRole('row', { name: 'Account Acme Ltd' })).toBeInTheDocument()
    expect(screen.getByLabelText('Name')).toHaveValue('')
    await userEvent.click(within(issued).getByRole('button', { name: 'Done' }))
    expect(screen.queryByText('token-1-abcd')).not.toBeInTheDocument()
  })

  it('refuses a quota that is not a whole number before asking the core', async () => {
    const b = installMemoryBridge(fakeAccounts([owner]))
    render(<SettingsView />)
    await screen.findByRole('row', { name: 'Account Default account' })
    await userEvent.type(screen.getByLabelText('Name'), 'Bad')
    await userEvent.type(screen.getByLabelText('Instance quota (optional)'), 'many')
    expect(screen.getByRole('button', { name: 'Add account' })).toBeDisabled()
    expect(screen.getByText(/whole number of instances/)).toBeInTheDocument()
    expect(b.callsTo('accounts.add')).toEqual([])
  })

  it('rotates after a confirmation naming the account, and shows the new token', async () => {
    const b = installMemoryBridge(fakeAccounts([owner, { ...owner, id: 'acc_1', name: 'Acme', isDefault: false, instances: 0 }]))
    render(<SettingsView />)
    await userEvent.click(await screen.findByRole('button', { name: 'Rotate token of Acme' }))
    const dialog = screen.getByRole('alertdialog', { name: 'Rotate the token of “Acme”?' })
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    expect(b.callsTo('accounts.rotate')).toEqual([])
    await userEvent.click(screen.getByRole('button', { name: 'Rotate token of Acme' }))
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Rotate token' }))
    expect(await screen.findByTestId('issued-token')).toHaveTextContent('rotated-token-9999')
    expect(screen.getByTestId('issued-token')).toHaveTextContent('the old one no longer works')
    expect(b.callsTo('accounts.rotate')).toEqual([{ accountId: 'acc_1' }])
  })

  it('removes after a confirmation that names the account and counts its instances (then forced)', async () => {
    const b = installMemoryBridge(fakeAccounts([owner, { ...owner, id: 'acc_1', name: 'Acme', isDefault: false, instances: 2 }]))
    render(<SettingsView />)
    await userEvent.click(await screen.findByRole('button', { name: 'Remove Acme' }))
    const dialog = screen.getByRole('alertdialog', { name: 'Remove the account “Acme”?' })
    expect(dialog).toHaveTextContent('its 2 instances are deleted')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove account' }))
    await waitFor(() => expect(screen.queryByRole('row', { name: 'Account Acme' })).not.toBeInTheDocument())
    expect(screen.getByText(/Removed “Acme” and 2 instances/)).toBeInTheDocument()
    expect(b.callsTo('accounts.remove')).toEqual([{ accountId: 'acc_1', force: true }])
  })

  it('changes the plan of an account from its row', async () => {
    const b = installMemoryBridge(fakeAccounts([owner, { ...owner, id: 'acc_1', name: 'Acme', isDefault: false, instances: 0 }]))
    render(<SettingsView />)
    const select = await screen.findByRole('combobox', { name: 'Plan of Acme' })
    expect(within(select).getByRole('option', { name: 'Paid (unlimited instances)' })).toBeInTheDocument()
    await userEvent.selectOptions(select, 'paid')
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Plan of Acme' })).toHaveValue('paid'))
    expect(within(screen.getByRole('row', { name: 'Account Acme' })).getByText('unlimited')).toBeInTheDocument()
    expect(b.callsTo('accounts.setPlan')).toEqual([{ accountId: 'acc_1', plan: 'paid' }])
  })

  it('shows the core\'s refusal (e.g. not the owner)', async () => {
    installMemoryBridge({ 'accounts.list': () => { throw new FakeError('forbidden', 'Only the owner of this Switchboard manages accounts') } })
    render(<SettingsView />)
    expect(await screen.findByText('Only the owner of this Switchboard manages accounts')).toBeInTheDocument()
  })
})
