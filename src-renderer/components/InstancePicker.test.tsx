// The instance picker shows each instance's unread messages (the core's count, reloaded on the live pushes that change
// it), and opening Chats selects the instance with the newest unread message.
import { act, render, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { UnreadSummaryDto } from '../../src-preload/contract/dto.js'
import { wireLiveUpdates } from '../lib/live.js'
import { useAppStore } from '../stores/app-store.js'
import { instance, overview } from '../test/fixtures.js'
import { installMemoryBridge } from '../test/memory-bridge.js'
import { InstancePicker } from './InstancePicker.js'

const two = () => overview([instance({ id: 'AAAA00000001', name: 'Shop', status: 'WORKING' }), instance({ id: 'BBBB00000002', name: 'Support', status: 'WORKING' })])

describe('InstancePicker unread counts', () => {
  it('shows unread per instance and keeps them live when a message arrives', async () => {
    let unread: UnreadSummaryDto = { instances: [{ instanceId: 'AAAA00000001', unread: 0, newestUnreadAt: null }, { instanceId: 'BBBB00000002', unread: 3, newestUnreadAt: 1_700_000_000_000 }] }
    const b = installMemoryBridge({ 'instances.list': two, 'instances.unread': () => unread })
    useAppStore.setState({ instanceId: 'AAAA00000001' })
    const unwire = wireLiveUpdates(b.bridge)
    render(<InstancePicker />)
    const select = await screen.findByLabelText('Instance')
    await waitFor(() => expect(within(select).getByRole('option', { name: 'Support (BBBB00000002) — 3 unread' })).toBeInTheDocument())
    expect(within(select).getByRole('option', { name: 'Shop (AAAA00000001)' })).toBeInTheDocument()
    expect(screen.getByTestId('unread-elsewhere')).toHaveTextContent('3 unread in other instances')

    unread = { instances: [{ instanceId: 'AAAA00000001', unread: 1, newestUnreadAt: 1_700_000_100_000 }, unread.instances[1]!] }
    act(() => b.emit('chat.message', { instanceId: 'AAAA00000001', message: { id: 'x', chatId: 'alice@c.us', fromMe: false, sender: 'Alice', text: 'hi', timestamp: 1_700_000_100_000, ack: null, media: null } }))
    await waitFor(() => expect(within(select).getByRole('option', { name: 'Shop (AAAA00000001) — 1 unread' })).toBeInTheDocument())
    // Our own messages change no unread count: no reload for them.
    const calls = b.callsTo('instances.unread').length
    act(() => b.emit('chat.message', { instanceId: 'AAAA00000001', message: { id: 'y', chatId: 'alice@c.us', fromMe: true, sender: null, text: 'hello', timestamp: 1_700_000_200_000, ack: 'sent', media: null } }))
    await new Promise((r) => setTimeout(r, 100))
    expect(b.callsTo('instances.unread')).toHaveLength(calls)

    // A burst (a history sync, a busy chat): one query in flight and one after it, not one per message.
    act(() => {
      for (let i = 0; i < 50; i++) b.emit('chat.message', { instanceId: 'AAAA00000001', message: { id: `b${i}`, chatId: 'alice@c.us', fromMe: false, sender: 'Alice', text: 'hi', timestamp: 1_700_000_300_000 + i, ack: null, media: null } })
    })
    unread = { instances: [{ instanceId: 'AAAA00000001', unread: 51, newestUnreadAt: 1_700_000_300_049 }, unread.instances[1]!] }
    await waitFor(() => expect(within(select).getByRole('option', { name: 'Shop (AAAA00000001) — 51 unread' })).toBeInTheDocument())
    expect(b.callsTo('instances.unread').length - calls).toBeLessThanOrEqual(2)
    unwire()
  })

  it('opening Chats selects the instance with the newest unread message; an explicit instance is kept', async () => {
    const b = installMemoryBridge({
      'instances.list': two,
      'instances.unread': () => ({ instances: [{ instanceId: 'AAAA00000001', unread: 5, newestUnreadAt: 1_700_000_000_000 }, { instanceId: 'BBBB00000002', unread: 1, newestUnreadAt: 1_700_000_900_000 }] })
    })
    useAppStore.setState({ view: 'instances', instanceId: 'AAAA00000001' })
    act(() => useAppStore.getState().go('chats'))
    await waitFor(() => expect(useAppStore.getState().instanceId).toBe('BBBB00000002'))
    expect(b.callsTo('instances.unread').length).toBeGreaterThan(0)

    // An explicit instance (e.g. a link from an instance card) is kept.
    act(() => useAppStore.getState().go('instances'))
    act(() => useAppStore.getState().go('chats', 'AAAA00000001'))
    await new Promise((r) => setTimeout(r, 50))
    expect(useAppStore.getState().instanceId).toBe('AAAA00000001')
  })
})
