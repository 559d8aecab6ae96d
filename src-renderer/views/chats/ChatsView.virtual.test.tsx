// A busy shop's size (issue 24 item 6): 5,000 chats and a 20,000-message thread render only the rows near the
// viewport; the thread opens at its newest message, scrolling to the end of the list loads the next page of chats,
// and scrolling to the top of the thread loads older messages.
import { act, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { ChatDto, MessageDto } from '../../../src-preload/contract/dto.js'
import { wireLiveUpdates } from '../../lib/live.js'
import { useAppStore } from '../../stores/app-store.js'
import { instance, overview } from '../../test/fixtures.js'
import { installMemoryBridge } from '../../test/memory-bridge.js'
import { ChatsView } from './ChatsView.js'

const ID = 'ABCDEF123456'
const chat = (n: number): ChatDto => ({ id: `${15550000000 + n}@c.us`, name: `Customer ${n}`, unreadCount: 0, timestamp: 1_700_000_000_000 - n, lastMessage: null })
const msg = (n: number): MessageDto => ({ id: `m${n}`, chatId: chat(1).id, fromMe: n % 3 === 0, sender: null, text: `message ${n}`, timestamp: 1_700_000_000_000 + n * 1000, ack: null, media: null })

function setup() {
  const chats = Array.from({ length: 5000 }, (_, i) => chat(i + 1))
  const messages = Array.from({ length: 20_000 }, (_, i) => msg(i + 1))
  const b = installMemoryBridge({
    'instances.list': () => overview([instance({ id: ID, status: 'WORKING' })]),
    'chats.list': ({ limit = 50, offset = 0 }) => ({ chats: chats.slice(offset, offset + limit), hasMore: offset + limit < chats.length }),
    // The newest 20,000 as one page, and one older page of 30 after it.
    'chats.messages': ({ cursor }) => (cursor ? { messages: Array.from({ length: 30 }, (_, i) => ({ ...msg(i - 30), text: `older ${i}` })), hasMore: false, cursor: null } : { messages, hasMore: true, cursor: 'c1' }),
    'chats.markRead': () => ({ read: true })
  })
  wireLiveUpdates(b.bridge)
  useAppStore.setState({ instanceId: ID })
  render(<ChatsView />)
  return b
}

const scrollTo = (el: HTMLElement, top: number) =>
  act(() => {
    el.scrollTop = top
    el.dispatchEvent(new Event('scroll'))
  })

describe('Chats at a busy shop’s size', () => {
  it('renders a window of the chat list and loads the next page when scrolled near its end', async () => {
    const b = setup()
    const nav = await screen.findByRole('navigation', { name: 'Chats' })
    const row = (n: number) => nav.querySelector(`[data-chat-id="${chat(n).id}"]`)
    await waitFor(() => expect(row(1)).not.toBeNull())
    // Scrolled through pages: 200 chats loaded, far fewer in the page.
    for (let page = 1; page < 4; page++) {
      scrollTo(nav, page * 50 * 60)
      await waitFor(() => expect(b.callsTo('chats.list')).toHaveLength(page + 1))
      await waitFor(() => expect(row(page * 50 + 1)).not.toBeNull())
    }
    expect(b.callsTo('chats.list').at(-1)).toEqual({ instanceId: ID, limit: 60, offset: 140 })
    expect(nav.querySelectorAll('[data-chat-id]').length).toBeLessThan(120)
    expect(row(2)).toBeNull()
    // Except the list's Tab stop (the first chat here): Tab from the search box still lands in the list.
    expect(row(1)).toHaveAttribute('tabindex', '0')
  })

  it('opens a 20,000-message thread at its newest message with only the rows in view, and pages older ones at the top', async () => {
    const b = setup()
    await userEvent.click(await screen.findByRole('button', { name: /Customer 1\b/ }))
    const thread = await screen.findByLabelText('Messages')
    // The browser fires a scroll after the view is put at the bottom.
    act(() => void thread.dispatchEvent(new Event('scroll')))
    expect(await within(thread).findByText('message 20000')).toBeInTheDocument()
    expect(thread.scrollTop).toBeGreaterThan(20_000 * 50)
    expect(thread.querySelectorAll('.bubble').length).toBeLessThan(200)
    expect(within(thread).queryByText('message 1')).not.toBeInTheDocument()

    // Near the top: the older page comes without a click.
    scrollTo(thread, 100)
    await waitFor(() => expect(b.callsTo('chats.messages')).toHaveLength(2))
    expect(b.callsTo('chats.messages').at(-1)).toMatchObject({ cursor: 'c1' })
    scrollTo(thread, 0)
    expect(await within(thread).findByText('older 0')).toBeInTheDocument()
  })
})
