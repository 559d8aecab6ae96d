// The Chats view as a busy shop uses it: a stopped or unpaired instance says why it cannot send (instead of failing
// with the API's advice), the chat list is one Tab stop with arrow keys and pages beyond its first 50 chats, the
// thread says who it is with, an attachment can be removed, a queued message says it is waiting, and reading older
// messages is not interrupted by new ones.
import { act, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { ChatDto, InstanceDto, MessageDto } from '../../../src-preload/contract/dto.js'
import { wireLiveUpdates } from '../../lib/live.js'
import { useAppStore } from '../../stores/app-store.js'
import { instance, overview } from '../../test/fixtures.js'
import { FakeError, installMemoryBridge, type FakeHandlers } from '../../test/memory-bridge.js'
import { ChatsView } from './ChatsView.js'

const ID = 'ABCDEF123456'
const chat = (n: number, over: Partial<ChatDto> = {}): ChatDto => ({ id: `1555000${String(n).padStart(4, '0')}@c.us`, name: `Customer ${n}`, unreadCount: 0, timestamp: 1_700_000_000_000 - n, lastMessage: null, ...over })
const msg = (n: number, over: Partial<MessageDto> = {}): MessageDto => ({ id: `m${n}`, chatId: chat(1).id, fromMe: false, sender: 'Customer 1', text: `message ${n}`, timestamp: 1_700_000_000_000 + n * 1000, ack: null, media: null, ...over })

function setup(status: InstanceDto['status'], handlers: FakeHandlers = {}, chats = [chat(1, { name: 'Alice Wonderland' }), chat(2)]) {
  const b = installMemoryBridge({
    'instances.list': () => overview([instance({ status })]),
    'chats.list': ({ offset = 0, limit = 50 }) => ({ chats: chats.slice(offset, offset + limit), hasMore: chats.length > offset + limit }),
    'chats.messages': () => ({ messages: [msg(1), msg(2)], hasMore: false, cursor: null }),
    'chats.markRead': () => ({ read: true }),
    ...handlers
  })
  wireLiveUpdates(b.bridge)
  useAppStore.setState({ instanceId: ID })
  render(<ChatsView />)
  return b
}
const list = () => screen.getByRole('navigation', { name: 'Chats' })
const statusPush = (b: ReturnType<typeof setup>, status: InstanceDto['status'], previous: InstanceDto['status']) =>
  act(() => b.emit('instance.status', { instanceId: ID, status, previous, reason: 'engine:open', me: null, at: 1 }))


describe('ChatsView for a busy shop', () => {
  it('says a stopped instance cannot send, offers to start it, and clears an old send error when it runs again', async () => {
    const b = setup('STOPPED', { 'instances.start': () => instance({ status: 'STARTING' }) })
    await userEvent.click(await within(list()).findByRole('button', { name: /Alice Wonderland/ }))
    const note = await screen.findByText(/Front desk is stopped: messages are not sent or received/)
    await userEvent.type(screen.getByLabelText('Message'), 'a draft')
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled()
    await userEvent.click(within(note.parentElement!).getByRole('button', { name: 'Start it' }))
    expect(b.callsTo('instances.start')).toEqual([{ instanceId: ID }])
    expect(await screen.findByText(/Front desk is connecting/)).toBeInTheDocument()
    statusPush(b, 'WORKING', 'STARTING')
    await waitFor(() => expect(screen.queryByText(/is connecting/)).not.toBeInTheDocument())
    expect(screen.getByLabelText('Message')).toHaveValue('a draft')
    expect(screen.getByRole('button', { name: 'Send' })).toBeEnabled()
  })

  it('drops a send error once the instance status changes', async () => {
    const b = setup('WORKING', { 'chats.sendText': () => { throw new FakeError('session_status_mismatch', 'The session is STOPPED; sending needs WORKING') } })
    await userEvent.click(await within(list()).findByRole('button', { name: /Alice Wonderland/ }))
    await userEvent.type(await screen.findByLabelText('Message'), 'hello{Enter}')
    expect(await screen.findByText('The session is STOPPED; sending needs WORKING')).toBeInTheDocument()
    statusPush(b, 'SCAN_QR_CODE', 'WORKING')
    await waitFor(() => expect(screen.queryByText('The session is STOPPED; sending needs WORKING')).not.toBeInTheDocument())
    expect(screen.getByText(/Front desk is not paired with a phone/)).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Pair a phone' }))
    expect(useAppStore.getState().view).toBe('pairing')
  })

  it('says why a failed instance cannot send even before a chat is opened', async () => {
    installMemoryBridge({ 'instances.list': () => overview([instance({ status: 'FAILED', statusReason: 'failed:qr_timeout', statusReasonText: 'nobody scanned the QR code in time' })]), 'chats.list': () => ({ chats: [], hasMore: false }) })
    useAppStore.setState({ instanceId: ID })
    render(<ChatsView />)
    expect(await screen.findByText('Front desk is failed (nobody scanned the QR code in time): messages are not sent or received until it runs again.')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Start it' })).toBeEnabled()
  })

  it('shows only the way to create an instance when there is none', async () => {
    installMemoryBridge({ 'instances.list': () => overview([]) })
    render(<ChatsView />)
    expect(await screen.findByText(/Create an instance first/)).toBeInTheDocument()
    expect(screen.queryByRole('navigation', { name: 'Chats' })).not.toBeInTheDocument()
    expect(screen.queryByText('Choose a chat to read and reply.')).not.toBeInTheDocument()
  })

  it('is one Tab stop: arrows move between chats, Enter opens one and puts the cursor in the composer', async () => {
    setup('WORKING', {}, [chat(1), chat(2), chat(3)])
    const first = await within(list()).findByRole('button', { name: /Customer 1/ })
    screen.getByLabelText('Search chats').focus()
    await userEvent.tab()
    expect(first).toHaveFocus()
    await userEvent.keyboard('{ArrowDown}{ArrowDown}')
    expect(within(list()).getByRole('button', { name: /Customer 3/ })).toHaveFocus()
    await userEvent.keyboard('{Home}')
    expect(first).toHaveFocus()
    await userEvent.keyboard('{End}{Enter}')
    await waitFor(() => expect(screen.getByLabelText('Message')).toHaveFocus())
    expect(screen.getByRole('heading', { name: 'Customer 3' })).toBeInTheDocument()
    // Back into the list: one Shift+Tab past the thread lands on the open chat, not on the 3 of them in turn.
    expect(within(list()).getAllByRole('button').filter((el) => el.dataset.chatId && el.tabIndex === 0)).toHaveLength(1)
  })

  it('pages beyond the first 50 chats with "Show more chats"', async () => {
    const b = setup('WORKING', {}, Array.from({ length: 55 }, (_, i) => chat(i + 1)))
    await within(list()).findByRole('button', { name: /Customer 50\b/ })
    expect(within(list()).queryByRole('button', { name: /Customer 51\b/ })).not.toBeInTheDocument()
    await userEvent.click(within(list()).getByRole('button', { name: 'Show more chats' }))
    expect(await within(list()).findByRole('button', { name: /Customer 55\b/ })).toBeInTheDocument()
    expect(within(list()).queryByRole('button', { name: 'Show more chats' })).not.toBeInTheDocument()
    // From 10 chats back (CHAT_PAGE_OVERLAP), 10 more: a chat the live list placed elsewhere than the core cannot be skipped.
    expect(b.callsTo('chats.list').at(-1)).toEqual({ instanceId: ID, limit: 60, offset: 40 })
  })

  it('names the open chat, lets an attachment be removed, and says a queued message is waiting', async () => {
    const b = setup('WORKING', { 'chats.sendText': ({ text }) => msg(9, { text, fromMe: true, ack: 'pending', sender: null }) })
    await userEvent.click(await within(list()).findByRole('button', { name: /Alice Wonderland/ }))
    expect(await screen.findByRole('heading', { name: 'Alice Wonderland' })).toBeInTheDocument()
    expect(screen.getByText('+1 555 000 0001')).toBeInTheDocument()
    await userEvent.upload(screen.getByLabelText('Attach a file'), new File(['x'], 'price list.pdf', { type: 'application/pdf' }))
    expect(screen.getByText('price list.pdf')).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Remove the attachment price list.pdf' }))
    expect(screen.queryByText('price list.pdf')).not.toBeInTheDocument()
    expect(screen.getByText('Attach')).toBeInTheDocument()
    await userEvent.type(screen.getByLabelText('Message'), 'line one{Shift>}{Enter}{/Shift}line two{Enter}')
    const thread = screen.getByLabelText('Messages')
    expect(await within(thread).findByRole('img', { name: 'Waiting to be sent' })).toHaveTextContent('Waiting')
    expect(b.callsTo('chats.sendText')).toEqual([{ instanceId: ID, chatId: chat(1).id, text: 'line one\nline two' }])
  })

  it('follows new messages at the bottom, but not while older ones are being read; our own always', async () => {
    const b = setup('WORKING', { 'chats.sendText': ({ text }) => msg(30, { text, fromMe: true, ack: 'sent', sender: null }) })
    await userEvent.click(await within(list()).findByRole('button', { name: /Alice Wonderland/ }))
    const thread = await screen.findByLabelText('Messages')
    await within(thread).findByText('message 2')
    // A laid-out thread: 2000 px of messages in a 400 px window.
    let top = 0
    Object.defineProperties(thread, { scrollHeight: { value: 2000, configurable: true }, clientHeight: { value: 400, configurable: true }, scrollTop: { get: () => top, set: (v: number) => void (top = v), configurable: true } })
    act(() => b.emit('chat.message', { instanceId: ID, message: msg(20) }))
    expect(top).toBe(2000)
    // The reader scrolls up to older messages.
    top = 900
    act(() => void thread.dispatchEvent(new Event('scroll')))
    act(() => b.emit('chat.message', { instanceId: ID, message: msg(21, { text: 'new while reading' }) }))
    expect(within(thread).getByText('new while reading')).toBeInTheDocument()
    expect(top).toBe(900)
    await userEvent.type(screen.getByLabelText('Message'), 'my answer{Enter}')
    expect(await within(thread).findByText('my answer')).toBeInTheDocument()
    expect(top).toBe(2000)
  })

})
