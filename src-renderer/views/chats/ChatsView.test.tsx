import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { ChatDto, MessageDto } from '../../../src-preload/contract/dto.js'
import { wireLiveUpdates } from '../../lib/live.js'
import { useAppStore } from '../../stores/app-store.js'
import { instance, overview } from '../../test/fixtures.js'
import { FakeError, installMemoryBridge, type FakeHandlers } from '../../test/memory-bridge.js'
import { ChatsView } from './ChatsView.js'

const chat = (id: string, name: string, unreadCount: number, text: string): ChatDto => ({ id, name, unreadCount, timestamp: 1_700_000_000_000, lastMessage: { id: `${id}-last`, text, timestamp: 1_700_000_000_000, fromMe: false, ack: null } })
const msg = (n: number, over: Partial<MessageDto> = {}): MessageDto => ({ id: `m${n}`, chatId: 'alice@c.us', fromMe: false, sender: 'Alice', text: `message ${n}`, timestamp: 1_700_000_000_000 + n * 1000, ack: null, media: null, ...over })

function setup(handlers: FakeHandlers = {}) {
  const b = installMemoryBridge({
    'instances.list': () => overview([instance({ status: 'WORKING' })]),
    'chats.list': ({ search }) => [chat('alice@c.us', 'Alice', 2, 'see you'), chat('bob@c.us', 'Bob', 0, 'ok')].filter((c) => !search || c.name.toLowerCase().includes(search.toLowerCase())).reduce((page, c) => ({ ...page, chats: [...page.chats, c] }), { chats: [] as ChatDto[], hasMore: false }),
    'chats.messages': ({ cursor }) => (cursor === 'c1' ? { messages: [msg(1), msg(2)], hasMore: false, cursor: null } : { messages: [msg(3), msg(4)], hasMore: true, cursor: 'c1' }),
    'chats.markRead': () => ({ read: true }),
    ...handlers
  })
  wireLiveUpdates(b.bridge)
  useAppStore.setState({ instanceId: 'ABCDEF123456' })
  render(<ChatsView />)
  return b
}

describe('ChatsView', () => {
  it('lists chats with unread counts and last messages, and searches', async () => {
    const b = setup()
    const nav = await screen.findByRole('navigation', { name: 'Chats' })
    expect(await within(nav).findByText('Alice')).toBeInTheDocument()
    expect(within(nav).getByLabelText('2 unread')).toBeInTheDocument()
    expect(within(nav).getByText('see you')).toBeInTheDocument()
    await userEvent.type(within(nav).getByLabelText('Search chats'), 'bo')
    await waitFor(() => expect(within(nav).queryByText('Alice')).not.toBeInTheDocument())
    expect(within(nav).getByText('Bob')).toBeInTheDocument()
    expect(b.callsTo('chats.list').at(-1)).toEqual({ instanceId: 'ABCDEF123456', limit: 50, search: 'bo' })
  })

  it('opens a thread (marking it read) and pages toward older messages', async () => {
    const b = setup()
    await userEvent.click(await screen.findByRole('button', { name: /Alice/ }))
    const thread = await screen.findByLabelText('Messages')
    expect(await within(thread).findByText('message 4')).toBeInTheDocument()
    expect(within(screen.getByRole('navigation', { name: 'Chats' })).queryByLabelText('2 unread')).not.toBeInTheDocument()
    expect(b.callsTo('chats.markRead')).toEqual([{ instanceId: 'ABCDEF123456', chatId: 'alice@c.us' }])
    await userEvent.click(within(thread).getByRole('button', { name: 'Load older messages' }))
    expect(await within(thread).findByText('message 1')).toBeInTheDocument()
    expect(within(thread).getAllByText(/^message \d$/).map((e) => e.textContent)).toEqual(['message 1', 'message 2', 'message 3', 'message 4'])
    expect(within(thread).queryByRole('button', { name: 'Load older messages' })).not.toBeInTheDocument()
    expect(b.callsTo('chats.messages').at(-1)).toEqual({ instanceId: 'ABCDEF123456', chatId: 'alice@c.us', limit: 30, cursor: 'c1' })
  })

  it('sends with Enter, shows ticks that update live, and appends incoming messages', async () => {
    const b = setup({ 'chats.sendText': ({ text }) => msg(10, { text, fromMe: true, ack: 'sent', sender: null }) })
    await userEvent.click(await screen.findByRole('button', { name: /Alice/ }))
    const thread = await screen.findByLabelText('Messages')
    await within(thread).findByText('message 4')
    await userEvent.type(screen.getByLabelText('Message'), 'hello Alice{Enter}')
    expect(await within(thread).findByText('hello Alice')).toBeInTheDocument()
    expect(within(thread).getByLabelText('Sent')).toBeInTheDocument()
    expect(screen.getByLabelText('Message')).toHaveValue('')
    expect(b.callsTo('chats.sendText')).toEqual([{ instanceId: 'ABCDEF123456', chatId: 'alice@c.us', text: 'hello Alice' }])

    act(() => b.emit('chat.ack', { instanceId: 'ABCDEF123456', chatId: 'alice@c.us', messageId: 'm10', ack: 'read' }))
    expect(within(thread).getByLabelText('Read')).toBeInTheDocument()
    act(() => b.emit('chat.message', { instanceId: 'ABCDEF123456', message: msg(11, { text: 'thanks!' }) }))
    expect(within(thread).getByText('thanks!')).toBeInTheDocument()
    // A message in another chat raises that chat's unread count instead.
    act(() => b.emit('chat.message', { instanceId: 'ABCDEF123456', message: msg(12, { chatId: 'bob@c.us', sender: 'Bob', text: 'ping' }) }))
    const bob = within(screen.getByRole('navigation', { name: 'Chats' })).getByRole('button', { name: /Bob/ })
    expect(within(bob).getByLabelText('1 unread')).toBeInTheDocument()
    expect(within(bob).getByText('ping')).toBeInTheDocument()
  })

  it('keeps a message that arrives in the open thread read after switching views and back', async () => {
    // A core that counts unread messages: the switch back reloads the list from it.
    const unread: Record<string, number> = { 'alice@c.us': 2, 'bob@c.us': 0 }
    const b = setup({
      'chats.list': () => ({ chats: [chat('alice@c.us', 'Alice', unread['alice@c.us']!, 'see you'), chat('bob@c.us', 'Bob', unread['bob@c.us']!, 'ok')], hasMore: false }),
      'chats.markRead': ({ chatId }) => {
        unread[chatId] = 0
        return { read: true }
      }
    })
    await userEvent.click(await screen.findByRole('button', { name: /Alice/ }))
    await within(await screen.findByLabelText('Messages')).findByText('message 4')
    unread['alice@c.us']! += 1
    act(() => b.emit('chat.message', { instanceId: 'ABCDEF123456', message: msg(13, { text: 'still there?' }) }))
    expect(within(screen.getByLabelText('Messages')).getByText('still there?')).toBeInTheDocument()
    await waitFor(() => expect(unread['alice@c.us']).toBe(0))

    // To another view and back: the Chats view unmounts, then mounts and reloads the list.
    cleanup()
    render(<ChatsView />)
    const nav = await screen.findByRole('navigation', { name: 'Chats' })
    await waitFor(() => expect(b.callsTo('chats.list').length).toBeGreaterThanOrEqual(2))
    expect(within(nav).queryByLabelText(/unread/)).not.toBeInTheDocument()
  })

  it('shows our last message’s tick in the chat list, updated live, with a word for read', async () => {
    const b = setup({ 'chats.sendText': ({ text }) => msg(10, { text, fromMe: true, ack: 'sent', sender: null }) })
    await userEvent.click(await screen.findByRole('button', { name: /Alice/ }))
    await within(await screen.findByLabelText('Messages')).findByText('message 4')
    await userEvent.type(screen.getByLabelText('Message'), 'on my way{Enter}')
    const alice = within(screen.getByRole('navigation', { name: 'Chats' })).getByRole('button', { name: /Alice/ })
    expect(await within(alice).findByRole('img', { name: 'Sent' })).toHaveTextContent('✓')
    act(() => b.emit('chat.ack', { instanceId: 'ABCDEF123456', chatId: 'alice@c.us', messageId: 'm10', ack: 'delivered' }))
    expect(within(alice).getByRole('img', { name: 'Delivered' })).toHaveTextContent(/^✓✓$/)
    act(() => b.emit('chat.ack', { instanceId: 'ABCDEF123456', chatId: 'alice@c.us', messageId: 'm10', ack: 'read' }))
    expect(within(alice).getByRole('img', { name: 'Read' })).toHaveTextContent('✓✓ Read')
    expect(within(screen.getByLabelText('Messages')).getByRole('img', { name: 'Read' })).toHaveTextContent('Read')
  })

  it('sends an attachment with the text as caption', async () => {
    const b = setup({ 'chats.sendFile': ({ file, caption }) => msg(20, { fromMe: true, ack: 'sent', text: caption ?? null, media: { mimetype: file.mimetype, filename: file.name, url: null } }) })
    await userEvent.click(await screen.findByRole('button', { name: /Alice/ }))
    await screen.findByText('message 4')
    const file = new File(['hello file'], 'note.txt', { type: 'text/plain' })
    fireEvent.change(screen.getByLabelText('Attach a file'), { target: { files: [file] } })
    expect(await screen.findByText('note.txt')).toBeInTheDocument()
    await userEvent.type(screen.getByLabelText('Message'), 'the notes')
    await userEvent.click(screen.getByRole('button', { name: 'Send' }))
    expect(await within(screen.getByLabelText('Messages')).findByText('the notes')).toBeInTheDocument()
    expect(b.callsTo('chats.sendFile')).toEqual([{ instanceId: 'ABCDEF123456', chatId: 'alice@c.us', file: { name: 'note.txt', mimetype: 'text/plain', base64: btoa('hello file') }, caption: 'the notes' }])
  })

  it('says so in words when messaging is not available', async () => {
    installMemoryBridge({
      'instances.list': () => overview([instance({ status: 'WORKING' })]),
      'chats.list': () => {
        throw new FakeError('not_available', 'Chats is not available in this version of Switchboard yet', 'Update Switchboard')
      }
    })
    useAppStore.setState({ instanceId: 'ABCDEF123456' })
    render(<ChatsView />)
    expect(await screen.findByRole('alert')).toHaveTextContent('Chats is not available in this version of Switchboard yet')
  })
})
