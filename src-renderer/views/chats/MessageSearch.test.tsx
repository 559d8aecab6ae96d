// Message search in the Chats view (issue 20 item 6): the words typed in the chat list's search also find message
// text (chats.search), shown with the words marked; choosing a result opens its chat, loads older pages until that
// message is there, and scrolls to it (marked).
import { cleanup, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import type { ChatDto, MessageDto } from '../../../src-preload/contract/dto.js'
import { useAppStore } from '../../stores/app-store.js'
import { useMessageSearchStore } from '../../stores/message-search-store.js'
import { instance, overview } from '../../test/fixtures.js'
import { installMemoryBridge } from '../../test/memory-bridge.js'
import { ChatsView } from './ChatsView.js'

const msg = (n: number): MessageDto => ({ id: `m${n}`, chatId: 'ana@c.us', fromMe: false, sender: 'Ana', text: n === 1 ? 'is the blue dress available?' : `message ${n}`, timestamp: 1_700_000_000_000 + n * 1000, ack: null, media: null })
const chat: ChatDto = { id: 'ana@c.us', name: 'Ana', unreadCount: 0, timestamp: 1_700_000_000_000, lastMessage: null }

afterEach(() => {
  cleanup()
  useMessageSearchStore.setState({ query: '', hits: [], hasMore: false, focus: null })
})

describe('message search in the Chats view', () => {
  it('lists matching messages with the words marked; a result opens its chat at that message', async () => {
    const b = installMemoryBridge({
      'instances.list': () => overview([instance({ status: 'WORKING' })]),
      'chats.list': ({ search }) => ({ chats: search ? [] : [chat], hasMore: false }),
      'chats.search': ({ query }) => ({
        hits: query === 'blue dress' ? [{ chatId: 'ana@c.us', chatName: 'Ana', messageId: 'm1', fromMe: false, timestamp: 1_700_000_001_000, snippet: 'is the [[blue]] [[dress]] available?' }] : [],
        hasMore: false
      }),
      // Newest page first; the found message is on the oldest of three pages.
      'chats.messages': ({ cursor }) =>
        cursor === 'p2' ? { messages: [msg(1), msg(2)], hasMore: false, cursor: null } : cursor === 'p1' ? { messages: [msg(3), msg(4)], hasMore: true, cursor: 'p2' } : { messages: [msg(5), msg(6)], hasMore: true, cursor: 'p1' },
      'chats.markRead': () => ({ read: true })
    })
    useAppStore.setState({ instanceId: 'ABCDEF123456' })
    render(<ChatsView />)
    const nav = await screen.findByRole('navigation', { name: 'Chats' })
    await userEvent.type(within(nav).getByLabelText('Search chats'), 'blue dress')
    const found = await screen.findByRole('region', { name: 'Messages found' })
    const hit = await within(found).findByRole('button', { name: /Ana/ })
    expect(within(hit).getAllByText(/blue|dress/).map((m) => [m.tagName, m.textContent])).toEqual([['MARK', 'blue'], ['MARK', 'dress']])
    expect(b.callsTo('chats.search').at(-1)).toEqual({ instanceId: 'ABCDEF123456', query: 'blue dress', limit: 30 })

    await userEvent.click(hit)
    const thread = await screen.findByLabelText('Messages')
    const bubble = await within(thread).findByText('is the blue dress available?')
    expect(b.callsTo('chats.messages').map((c) => (c as { cursor?: string }).cursor ?? null)).toEqual([null, 'p1', 'p2'])
    await waitFor(() => expect(bubble.closest('[data-message-id]')).toHaveClass('found'))
  })

  it('says when no message matches, and searches nothing for punctuation alone', async () => {
    const b = installMemoryBridge({
      'instances.list': () => overview([instance({ status: 'WORKING' })]),
      'chats.list': () => ({ chats: [], hasMore: false }),
      'chats.search': () => ({ hits: [], hasMore: false })
    })
    useAppStore.setState({ instanceId: 'ABCDEF123456' })
    render(<ChatsView />)
    const nav = await screen.findByRole('navigation', { name: 'Chats' })
    await userEvent.type(within(nav).getByLabelText('Search chats'), 'zebra')
    expect(await screen.findByText('No message contains “zebra”.')).toBeInTheDocument()
    await userEvent.clear(within(nav).getByLabelText('Search chats'))
    await userEvent.type(within(nav).getByLabelText('Search chats'), '?!')
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Messages found' })).not.toBeInTheDocument())
    expect(b.callsTo('chats.search').map((c) => (c as { query: string }).query)).toEqual(['zebra'])
  })
})
