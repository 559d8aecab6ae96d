import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { wireLiveUpdates } from '../../lib/live.js'
import { FakeError, installMemoryBridge } from '../../test/memory-bridge.js'
import { instance, overview } from '../../test/fixtures.js'
import { InstancesView } from './InstancesView.js'
import { useAppStore } from '../../stores/app-store.js'

describe('InstancesView', () => {
  it('lists instances with their details and the quota used', async () => {
    installMemoryBridge({
      'instances.list': () => overview([instance(), instance({ id: 'ZZZZZZ000000', name: 'Sales', status: 'WORKING', number: '15550000001', me: { id: '15550000001@c.us', lid: null, pushName: 'Alice', platform: 'android' }, policy: 'standard_policy', policyName: 'Standard' })])
    })
    render(<InstancesView />)
    expect(await screen.findByTestId('quota')).toHaveTextContent('2 of 2 in use (free plan)')
    const sales = screen.getByRole('listitem', { name: 'Instance Sales' })
    expect(within(sales).getByText('+1 555 000 0001')).toBeInTheDocument()
    expect(within(sales).getByText('Alice')).toBeInTheDocument()
    expect(within(sales).getByText('Standard')).toHaveAttribute('title', 'standard_policy')
    expect(within(sales).getByText('switchboard-local')).toBeInTheDocument()
    expect(within(sales).getByText('Working')).toBeInTheDocument()
    // The quota is used up: creating says why instead of failing.
    expect(screen.getByRole('button', { name: 'Create instance' })).toBeDisabled()
    expect(screen.getByText(/quota is used up/)).toBeInTheDocument()
  })

  it('updates the badge live when the core pushes a status change', async () => {
    const b = installMemoryBridge({ 'instances.list': () => overview([instance()]) })
    wireLiveUpdates(b.bridge)
    render(<InstancesView />)
    const card = await screen.findByRole('listitem', { name: 'Instance Front desk' })
    expect(within(card).getByText('Waiting for scan')).toBeInTheDocument()
    b.emit('instance.status', { instanceId: 'ABCDEF123456', status: 'WORKING', previous: 'SCAN_QR_CODE', reason: 'engine:open', me: { id: '15550000009@c.us', lid: null, pushName: 'Zoe', platform: null }, at: 1 })
    expect(await within(card).findByText('Working')).toBeInTheDocument()
    expect(within(card).getByText('+1 555 000 0009')).toBeInTheDocument()
    expect(within(card).getByRole('button', { name: 'Log out' })).toBeInTheDocument()
  })

  it('creates an instance with a name and shows it', async () => {
    let list = [instance({ id: 'AAAAAA111111', name: 'First', status: 'STOPPED' })]
    const b = installMemoryBridge({
      'instances.list': () => overview(list),
      'instances.create': ({ name }) => {
        const created = instance({ id: 'BBBBBB222222', name: name ?? 'sb-1', status: 'STARTING' })
        list = [...list, created]
        return created
      }
    })
    render(<InstancesView />)
    await screen.findByText('First')
    await userEvent.type(screen.getByLabelText('Name (optional)'), 'Support')
    await userEvent.click(screen.getByRole('button', { name: 'Create instance' }))
    expect(await screen.findByRole('listitem', { name: 'Instance Support' })).toBeInTheDocument()
    expect(b.callsTo('instances.create')).toEqual([{ name: 'Support' }])
    expect(screen.getByLabelText('Name (optional)')).toHaveValue('')
  })

  it('asks before deleting; Cancel (or Escape) keeps the instance, confirming deletes it', async () => {
    let list = [instance()]
    const b = installMemoryBridge({
      'instances.list': () => overview(list),
      'instances.delete': ({ instanceId }) => {
        list = []
        return instance({ id: instanceId, status: 'DELETED' })
      }
    })
    render(<InstancesView />)
    const card = await screen.findByRole('listitem', { name: 'Instance Front desk' })
    await userEvent.click(within(card).getByRole('button', { name: 'Delete' }))
    const dialog = screen.getByRole('alertdialog', { name: 'Delete Front desk (ABCDEF123456)?' })
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus()
    await userEvent.keyboard('{Escape}')
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument()
    expect(b.callsTo('instances.delete')).toEqual([])

    await userEvent.click(within(card).getByRole('button', { name: 'Delete' }))
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }))
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Instance Front desk' })).not.toBeInTheDocument())
    expect(b.callsTo('instances.delete')).toEqual([{ instanceId: 'ABCDEF123456' }])
    expect(screen.getByText(/No instances yet/)).toBeInTheDocument()
  })

  it('says what an action is doing while it runs (Stopping…, not Stop…)', async () => {
    let finish: (dto: ReturnType<typeof instance>) => void = () => undefined
    installMemoryBridge({
      'instances.list': () => overview([instance({ status: 'WORKING' })]),
      'instances.stop': () => new Promise((resolve) => (finish = resolve))
    })
    render(<InstancesView />)
    const card = await screen.findByRole('listitem', { name: 'Instance Front desk' })
    await userEvent.click(within(card).getByRole('button', { name: 'Stop' }))
    expect(await within(card).findByRole('status')).toHaveTextContent('Stopping…')
    expect(within(card).getByRole('button', { name: 'Restart' })).toBeDisabled()
    finish(instance({ status: 'STOPPED' }))
    expect(await within(card).findByText('Stopped')).toBeInTheDocument()
    expect(within(card).queryByText('Stopping…')).not.toBeInTheDocument()
  })

  it('stops without asking, and shows errors in words', async () => {
    const b = installMemoryBridge({
      'instances.list': () => overview([instance({ status: 'WORKING' })]),
      'instances.stop': () => {
        throw new FakeError('invalid_session', 'The instance does not exist', 'Check instance_id; deleted instances cannot be used again')
      }
    })
    render(<InstancesView />)
    const card = await screen.findByRole('listitem', { name: 'Instance Front desk' })
    await userEvent.click(within(card).getByRole('button', { name: 'Stop' }))
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('The instance does not exist')
    expect(alert).toHaveTextContent('deleted instances cannot be used again')
    expect(b.callsTo('instances.stop')).toEqual([{ instanceId: 'ABCDEF123456' }])
  })
})

describe('Instances as the shop’s dashboard', () => {
  it('shows per number its state in words, today’s figures, last activity and unread, live, with one click to its chats', async () => {
    let day = { instanceId: 'ZZZZZZ000000', sent: 12, received: 30, waiting: 2, failed: 1, lastActivityAt: Date.now() - 60_000, unread: 3 }
    const b = installMemoryBridge({
      'instances.list': () => overview([instance({ id: 'ZZZZZZ000000', name: 'Sales', status: 'WORKING', number: '447911123456' })]),
      'instances.today': () => ({ since: 0, instances: [day] })
    })
    render(<InstancesView />)
    const card = await screen.findByRole('listitem', { name: 'Instance Sales' })
    expect(within(card).getByTestId('state-words')).toHaveTextContent('Connected: sending and receiving · New chats allowed')
    expect(within(card).getByText('+44 7911 123456')).toBeInTheDocument()
    const figures = await within(card).findByRole('list', { name: 'Today' })
    expect(figures).toHaveTextContent('12 sent30 received2 waiting1 failed')
    expect(within(card).getByText(/^Last activity \d/)).toBeInTheDocument()
    // A message arrives: the figures follow without a reload.
    day = { ...day, received: 31, unread: 4 }
    b.emit('chat.message', { instanceId: 'ZZZZZZ000000', message: { id: 'n1', chatId: '15550000002@c.us', fromMe: false, sender: 'Bob', text: 'hi', timestamp: Date.now(), ack: null, media: null } })
    await waitFor(() => expect(figures).toHaveTextContent('31 received'))
    await userEvent.click(within(card).getByRole('button', { name: 'Open chats (4 unread)' }))
    expect(useAppStore.getState()).toMatchObject({ view: 'chats', instanceId: 'ZZZZZZ000000' })
  })
})
