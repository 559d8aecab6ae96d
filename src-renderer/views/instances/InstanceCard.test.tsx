// The product's states on the instance card and in the Chats view's note: the reason in words for FAILED and for an
// unpairing by the phone (401), and the network's hold on new contacts (463/475) with its end and the held sends;
// the hold shows live (instances.changed push) and goes by itself at its end.
import { act, render, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { InstanceDto } from '../../../src-preload/contract/dto.js'
import { deliverabilityText } from '../../lib/deliverability.js'
import { formatTime } from '../../lib/format.js'
import { wireLiveUpdates } from '../../lib/live.js'
import { useAppStore } from '../../stores/app-store.js'
import { instance, overview } from '../../test/fixtures.js'
import { installMemoryBridge } from '../../test/memory-bridge.js'
import { ChatsView } from '../chats/ChatsView.js'
import { InstancesView } from './InstancesView.js'

const working = (over: Partial<InstanceDto> = {}) =>
  instance({ status: 'WORKING', statusReason: 'engine:open', statusReasonText: 'connected', number: '15550000001', me: { id: '15550000001@c.us', lid: null, pushName: 'Shop', platform: null }, ...over })

describe('instance states in words', () => {
  it('FAILED shows the reason in words', async () => {
    installMemoryBridge({
      'instances.list': () => overview([instance({ status: 'FAILED', statusReason: 'failed:banned', statusReasonText: 'the network banned the account (402 temporarily or 406 permanently): check the phone; start it again once the ban is lifted' })])
    })
    render(<InstancesView />)
    const card = await screen.findByRole('listitem', { name: 'Instance Front desk' })
    expect(within(card).getByText(/The connection failed: the network banned the account \(402 temporarily or 406 permanently\)/)).toHaveAttribute('title', 'failed:banned')
  })

  it('SCAN_QR_CODE after the phone removed the device says so; a fresh instance does not', async () => {
    installMemoryBridge({
      'instances.list': () =>
        overview([
          instance({ statusReason: 'disconnect:401', statusReasonText: 'the phone logged this device out (removed from Linked devices): scan a new QR code to pair again' }),
          instance({ id: 'NEW000000000', name: 'Fresh' })
        ])
    })
    render(<InstancesView />)
    const card = await screen.findByRole('listitem', { name: 'Instance Front desk' })
    expect(within(card).getByText('Unpaired: the phone logged this device out (removed from Linked devices): scan a new QR code to pair again.')).toBeInTheDocument()
    expect(within(screen.getByRole('listitem', { name: 'Instance Fresh' })).queryByText(/Unpaired/)).not.toBeInTheDocument()
  })

  it('shows the pause on new contacts live, and drops it when the hold lifts', async () => {
    const until = Date.now() + 60 * 60_000
    let current = working()
    const b = installMemoryBridge({ 'instances.list': () => overview([current]) })
    wireLiveUpdates(b.bridge)
    render(<InstancesView />)
    const card = await screen.findByRole('listitem', { name: 'Instance Front desk' })
    expect(within(card).queryByText(/New contacts paused/)).not.toBeInTheDocument()
    // The network refused a new chat: the core pushes instances.changed, the list is read again.
    current = working({ deliverability: { newContacts: 'paused', until, reason: 'reachout_timelock', held: 2 } })
    act(() => b.emit('instances.changed', { instanceId: current.id, change: 'updated' }))
    expect(await within(card).findByRole('status')).toHaveTextContent(`New contacts paused until ${formatTime(until)} (the network’s reach-out limit) — replies still go out; 2 held.`)
    current = working()
    act(() => b.emit('instances.changed', { instanceId: current.id, change: 'updated' }))
    await screen.findByRole('listitem', { name: 'Instance Front desk' })
    await expect.poll(() => within(card).queryByText(/New contacts paused/)).toBeNull()
  })

  it('the words for each limit, and nothing once the end has passed', () => {
    const until = Date.now() + 10_000
    expect(deliverabilityText({ newContacts: 'paused', until, reason: 'message_cap', held: 0 })).toBe(`New contacts paused until ${formatTime(until)} (the network’s cap on new chats) — replies still go out; 0 held`)
    expect(deliverabilityText({ newContacts: 'paused', until: Date.now() - 1, reason: 'message_cap', held: 3 })).toBeNull()
    expect(deliverabilityText({ newContacts: 'ok', until: null, reason: null, held: 0 })).toBeNull()
    // Account-wide (issue 22): every send is held, and the words say so.
    expect(deliverabilityText({ newContacts: 'paused', state: 'restricted', until, reason: 'account_restricted', held: 2 })).toBe(`Restricted: all sends paused until ${formatTime(until)} — 2 held`)
  })

  it('the Chats view says new contacts are paused while sending stays possible', async () => {
    const until = Date.now() + 30 * 60_000
    installMemoryBridge({
      'instances.list': () => overview([working({ deliverability: { newContacts: 'paused', until, reason: 'message_cap', held: 1 } })]),
      'chats.list': () => ({ chats: [], hasMore: false })
    })
    useAppStore.setState({ instanceId: 'ABCDEF123456' })
    render(<ChatsView />)
    expect(await screen.findByText(`New contacts paused until ${formatTime(until)} (the network’s cap on new chats) — replies still go out; 1 held.`)).toBeInTheDocument()
  })

  it('the Chats view gives the reason in words for a failed instance', async () => {
    installMemoryBridge({
      'instances.list': () => overview([instance({ status: 'FAILED', statusReason: 'failed:forbidden', statusReasonText: 'the network refused the account (403: locked or banned): check the phone; start it again once WhatsApp lets the number in' })]),
      'chats.list': () => ({ chats: [], hasMore: false })
    })
    useAppStore.setState({ instanceId: 'ABCDEF123456' })
    render(<ChatsView />)
    expect(await screen.findByText(/Front desk is failed \(the network refused the account \(403: locked or banned\)/)).toBeInTheDocument()
  })
})
