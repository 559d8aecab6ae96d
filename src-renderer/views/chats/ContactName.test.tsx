// Naming a contact in the Chats view (issue 20 item 7): the open 1:1 chat gets a local name; the thread header and
// the chat list take it at once; saving an empty name clears it (the list is read again from the core). The chat's
// labels show in the list.
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { render } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { ChatDto } from '../../../src-preload/contract/dto.js'
import { useAppStore } from '../../stores/app-store.js'
import { instance, overview } from '../../test/fixtures.js'
import { installMemoryBridge } from '../../test/memory-bridge.js'
import { ChatsView } from './ChatsView.js'

const chat = (name: string): ChatDto => ({ id: '15550383001@c.us', name, unreadCount: 0, timestamp: 1_700_000_000_000, lastMessage: null, labels: [{ name: 'Paid', color: 7 }] })

describe('naming a contact', () => {
  it('names the open chat on this PC, in the header and the list; empty clears it', async () => {
    let listed = 'maria_88'
    const b = installMemoryBridge({
      'instances.list': () => overview([instance({ status: 'WORKING' })]),
      'chats.list': () => ({ chats: [chat(listed)], hasMore: false }),
      'chats.messages': () => ({ messages: [], hasMore: false, cursor: null }),
      'chats.markRead': () => ({ read: true }),
      'chats.setName': ({ name }) => {
        listed = name?.trim() || 'maria_88'
        return { name: name?.trim() || null }
      }
    })
    useAppStore.setState({ instanceId: 'ABCDEF123456' })
    render(<ChatsView />)
    const nav = await screen.findByRole('navigation', { name: 'Chats' })
    // The chat's labels show in the list.
    expect(await within(nav).findByText('Paid')).toHaveClass('chat-label', 'label-color-7')
    await userEvent.click(await within(nav).findByRole('button', { name: /maria_88/ }))
    await userEvent.click(await screen.findByRole('button', { name: 'Name this contact' }))
    const field = screen.getByLabelText('Name on this PC')
    await userEvent.clear(field)
    await userEvent.type(field, 'Maria (blue dress){Enter}')
    expect(await screen.findByRole('heading', { name: 'Maria (blue dress)' })).toBeInTheDocument()
    expect(within(nav).getByRole('button', { name: /Maria \(blue dress\)/ })).toBeInTheDocument()
    expect(b.callsTo('chats.setName')).toEqual([{ instanceId: 'ABCDEF123456', chatId: '15550383001@c.us', name: 'Maria (blue dress)' }])

    await userEvent.click(screen.getByRole('button', { name: 'Name this contact' }))
    await userEvent.clear(screen.getByLabelText('Name on this PC'))
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect(await within(nav).findByRole('button', { name: /maria_88/ })).toBeInTheDocument()
    expect(b.callsTo('chats.setName').at(-1)).toEqual({ instanceId: 'ABCDEF123456', chatId: '15550383001@c.us', name: null })
  })
})
