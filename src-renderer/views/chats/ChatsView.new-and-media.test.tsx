// The Chats view's new conversations (a searched number with no chat, the New chat form, the header kept while a
// search hides the open chat) and media (photos, stickers, players, documents' Download, unavailable media, the
// composer's preview), over the memory bridge.
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { ChatDto, MediaContentDto, MessageDto } from '../../../src-preload/contract/dto.js'
import { wireLiveUpdates } from '../../lib/live.js'
import { useAppStore } from '../../stores/app-store.js'
import { instance, overview } from '../../test/fixtures.js'
import { FakeError, installMemoryBridge, type FakeHandlers } from '../../test/memory-bridge.js'
import { ChatsView } from './ChatsView.js'
import { clearMediaCache } from './media-cache.js'

const chat = (id: string, name: string): ChatDto => ({ id, name, unreadCount: 0, timestamp: 1_700_000_000_000, lastMessage: { id: `${id}-last`, text: 'hi', timestamp: 1_700_000_000_000, fromMe: false, ack: null } })
const msg = (n: number, over: Partial<MessageDto> = {}): MessageDto => ({ id: `m${n}`, chatId: 'alice@c.us', fromMe: false, sender: 'Alice', text: null, timestamp: 1_700_000_000_000 + n * 1000, ack: null, media: null, ...over })
const media = (mimetype: string, filename: string | null = null) => ({ mimetype, filename, url: null })
const content = (mimetype: string, body: string, filename: string | null = null): MediaContentDto => ({ mimetype, filename, size: body.length, dataUrl: `data:${mimetype};base64,${btoa(body)}` })

function setup(handlers: FakeHandlers = {}, messages: MessageDto[] = []) {
  let listed = [chat('alice@c.us', 'Alice'), chat('bob@c.us', 'Bob')]
  const b = installMemoryBridge({
    'instances.list': () => overview([instance({ status: 'WORKING' })]),
    'chats.list': ({ search }) => ({ chats: listed.filter((c) => !search || c.name.toLowerCase().includes(search.toLowerCase()) || (/\d/.test(search) && c.id.includes(search.replace(/\D/g, '')))), hasMore: false }),
    'chats.messages': () => ({ messages, hasMore: false, cursor: null }),
    'chats.markRead': () => ({ read: true }),
    ...handlers
  })
  wireLiveUpdates(b.bridge)
  useAppStore.setState({ instanceId: 'ABCDEF123456' })
  render(<ChatsView />)
  return { b, list: (chats: ChatDto[]) => (listed = chats) }
}

beforeEach(() => clearMediaCache())
afterEach(() => vi.restoreAllMocks())

describe('Chats: new conversations', () => {
  it('offers "Message +1 555 000 0002" for a searched number with no chat, opens its empty thread, and lists it after the first send', async () => {
    const { b } = setup({
      'chats.checkNumber': ({ phone }) => ({ phone: phone.replace(/\D/g, ''), exists: true, chatId: `${phone.replace(/\D/g, '')}@c.us` }),
      'chats.sendText': ({ chatId, text }) => msg(1, { chatId, text, fromMe: true, sender: null, ack: 'sent' })
    })
    const nav = await screen.findByRole('navigation', { name: 'Chats' })
    await within(nav).findByText('Alice')
    await userEvent.type(within(nav).getByLabelText('Search chats'), '+1 555 000 0002')
    expect(await within(nav).findByText('No chat matches.')).toBeInTheDocument()
    await userEvent.click(await within(nav).findByRole('button', { name: 'Message +1 555 000 0002' }))
    expect(b.callsTo('chats.checkNumber')).toEqual([{ instanceId: 'ABCDEF123456', phone: '15550000002' }])
    // An empty thread for the number, with the cursor in the composer; the search is cleared.
    expect(await screen.findByRole('heading', { level: 2, name: '+1 555 000 0002' })).toBeInTheDocument()
    expect(b.callsTo('chats.messages').at(-1)).toEqual({ instanceId: 'ABCDEF123456', chatId: '15550000002@c.us', limit: 30 })
    expect(within(nav).getByLabelText('Search chats')).toHaveValue('')
    await waitFor(() => expect(screen.getByLabelText('Message')).toHaveFocus())
    expect(within(nav).queryByRole('button', { name: /\+1 555 000 0002/ })).not.toBeInTheDocument()

    await userEvent.type(screen.getByLabelText('Message'), 'Hello, we have your order{Enter}')
    expect(await within(screen.getByLabelText('Messages')).findByText('Hello, we have your order')).toBeInTheDocument()
    expect(b.callsTo('chats.sendText')).toEqual([{ instanceId: 'ABCDEF123456', chatId: '15550000002@c.us', text: 'Hello, we have your order' }])
    const listed = within(nav).getByRole('button', { name: /\+1 555 000 0002/ })
    expect(listed).toHaveTextContent('You: Hello, we have your order')
  })

  it('says clearly when the number is not on WhatsApp, and opens nothing', async () => {
    const { b } = setup({ 'chats.checkNumber': ({ phone }) => ({ phone, exists: false, chatId: `${phone}@c.us` }) })
    const nav = await screen.findByRole('navigation', { name: 'Chats' })
    await userEvent.type(within(nav).getByLabelText('Search chats'), '15550000009')
    await userEvent.click(await within(nav).findByRole('button', { name: 'Message +1 555 000 0009' }))
    expect(await within(nav).findByRole('status')).toHaveTextContent('+1 555 000 0009 is not on WhatsApp')
    expect(b.callsTo('chats.messages')).toEqual([])
    expect(screen.getByText('Choose a chat to read and reply.')).toBeInTheDocument()
  })

  it('offers nothing for a name, or for a number whose chat is listed (an unnamed chat by its number, formatted)', async () => {
    const { list } = setup()
    const nav = await screen.findByRole('navigation', { name: 'Chats' })
    await userEvent.type(within(nav).getByLabelText('Search chats'), 'zed')
    expect(await within(nav).findByText('No chat matches.')).toBeInTheDocument()
    expect(within(nav).queryByRole('button', { name: /^Message/ })).not.toBeInTheDocument()
    list([chat('15550000003@c.us', '15550000003')])
    await userEvent.clear(within(nav).getByLabelText('Search chats'))
    await userEvent.type(within(nav).getByLabelText('Search chats'), '15550000003')
    expect(await within(nav).findByRole('button', { name: /^\+1 555 000 0003/ })).toBeInTheDocument()
    expect(within(nav).queryByRole('button', { name: /^Message/ })).not.toBeInTheDocument()
  })

  it('New chat: a number with its country code, checked; a bad one is explained; the core’s refusal shown', async () => {
    let refuse = true
    const { b } = setup({
      'chats.checkNumber': ({ phone }) => {
        if (refuse) throw new FakeError('session_status_mismatch', 'The instance is not connected', 'Start it first')
        return { phone: phone.replace(/\D/g, ''), exists: true, chatId: `${phone.replace(/\D/g, '')}@c.us` }
      }
    })
    const nav = await screen.findByRole('navigation', { name: 'Chats' })
    await userEvent.click(within(nav).getByRole('button', { name: 'New chat' }))
    const form = within(nav).getByRole('form', { name: 'New chat' })
    const field = within(form).getByLabelText('Phone number')
    expect(field).toHaveFocus()
    await userEvent.type(field, 'Alice{Enter}')
    expect(within(form).getByRole('alert')).toHaveTextContent('Use digits')
    expect(field).toHaveAttribute('aria-invalid', 'true')
    expect(b.callsTo('chats.checkNumber')).toEqual([])
    await userEvent.clear(field)
    await userEvent.type(field, '+44 7911 123456{Enter}')
    expect(await within(form).findByText('The instance is not connected')).toBeInTheDocument()
    refuse = false
    await userEvent.click(within(form).getByRole('button', { name: 'Start chat' }))
    expect(await screen.findByRole('heading', { level: 2, name: '+44 7911 123456' })).toBeInTheDocument()
    expect(within(nav).queryByRole('form', { name: 'New chat' })).not.toBeInTheDocument()
    expect(b.callsTo('chats.checkNumber')).toEqual([
      { instanceId: 'ABCDEF123456', phone: '447911123456' },
      { instanceId: 'ABCDEF123456', phone: '447911123456' }
    ])
  })

  it('keeps the open thread’s header when a search hides its chat', async () => {
    setup()
    const nav = await screen.findByRole('navigation', { name: 'Chats' })
    await userEvent.click(await within(nav).findByRole('button', { name: /Alice/ }))
    expect(await screen.findByRole('heading', { level: 2, name: 'Alice' })).toBeInTheDocument()
    await userEvent.type(within(nav).getByLabelText('Search chats'), 'bo')
    await waitFor(() => expect(within(nav).queryByRole('button', { name: /Alice/ })).not.toBeInTheDocument())
    expect(screen.getByRole('heading', { level: 2, name: 'Alice' })).toBeInTheDocument()
  })
})

describe('Chats: media', () => {
  const files: Record<string, MediaContentDto> = {
    m1: content('image/jpeg', 'jpeg bytes'),
    m2: content('image/webp', 'webp bytes'),
    m3: content('audio/ogg', 'ogg bytes'),
    m4: content('video/mp4', 'mp4 bytes'),
    m5: content('application/pdf', '%PDF bytes', 'price list.pdf')
  }
  const thread = [
    msg(1, { media: media('image/jpeg'), text: 'the shop front' }),
    msg(2, { media: media('image/webp') }),
    msg(3, { media: media('audio/ogg; codecs=opus') }),
    msg(4, { media: media('video/mp4') }),
    msg(5, { media: media('application/pdf', 'price list.pdf') })
  ]

  it('shows photos and stickers inline, voice with a player, video on demand, and documents with Download', async () => {
    const clicks: { href: string; download: string }[] = []
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push({ href: this.href, download: this.download })
    })
    const { b } = setup({ 'chats.media': ({ messageId }) => files[messageId]! }, thread)
    await userEvent.click(await screen.findByRole('button', { name: /Alice/ }))
    const messages = await screen.findByLabelText('Messages')
    expect(await within(messages).findByRole('img', { name: 'Photo' })).toHaveAttribute('src', files.m1!.dataUrl)
    expect(within(messages).getByText('the shop front')).toBeInTheDocument()
    expect(await within(messages).findByRole('img', { name: 'Sticker' })).toHaveAttribute('src', files.m2!.dataUrl)
    const voice = await within(messages).findByLabelText('Voice message')
    expect(voice.tagName).toBe('AUDIO')
    expect(voice).toHaveAttribute('controls')
    expect(voice).toHaveAttribute('src', files.m3!.dataUrl)
    // Video and documents are fetched only when asked for.
    expect(b.callsTo('chats.media').map((r) => (r as { messageId: string }).messageId).sort()).toEqual(['m1', 'm2', 'm3'])
    await userEvent.click(within(messages).getByRole('button', { name: 'Play Video' }))
    const video = await within(messages).findByLabelText('Video')
    expect(video.tagName).toBe('VIDEO')
    expect(video).toHaveAttribute('src', files.m4!.dataUrl)

    await userEvent.click(within(messages).getByRole('button', { name: 'Download price list.pdf' }))
    await waitFor(() => expect(clicks).toEqual([{ href: files.m5!.dataUrl, download: 'price list.pdf' }]))
    expect(b.callsTo('chats.media').at(-1)).toEqual({ instanceId: 'ABCDEF123456', chatId: 'alice@c.us', messageId: 'm5' })
    // A second download uses the file already fetched.
    await userEvent.click(within(messages).getByRole('button', { name: 'Download price list.pdf' }))
    await waitFor(() => expect(clicks).toHaveLength(2))
    expect(b.callsTo('chats.media')).toHaveLength(5)
  })

  it('enlarges a photo and a video in the viewer, and offers Download for every kind of media', async () => {
    const clicks: { href: string; download: string }[] = []
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push({ href: this.href, download: this.download })
    })
    setup({ 'chats.media': ({ messageId }) => files[messageId]! }, thread)
    await userEvent.click(await screen.findByRole('button', { name: /Alice/ }))
    const messages = await screen.findByLabelText('Messages')
    // Every kind has its Download (the video's and the document's fetch on demand).
    for (const label of ['Photo', 'Sticker', 'Voice message', 'Video', 'price list.pdf']) expect(await within(messages).findByRole('button', { name: `Download ${label}` })).toBeInTheDocument()

    const enlarge = await within(messages).findByRole('button', { name: 'Enlarge photo' })
    await userEvent.click(enlarge)
    const viewer = await screen.findByRole('dialog', { name: 'Photo' })
    expect(within(viewer).getByRole('img', { name: 'Photo' })).toHaveAttribute('src', files.m1!.dataUrl)
    await userEvent.click(within(viewer).getByRole('button', { name: 'Download' }))
    expect(clicks).toEqual([{ href: files.m1!.dataUrl, download: 'Photo.jpeg' }])
    fireEvent.keyDown(viewer, { key: 'Escape' })
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(enlarge).toHaveFocus()

    await userEvent.click(within(messages).getByRole('button', { name: 'Download Voice message' }))
    expect(clicks).toHaveLength(2)
    await userEvent.click(within(messages).getByRole('button', { name: 'Play Video' }))
    await userEvent.click(await within(messages).findByRole('button', { name: 'Enlarge video' }))
    const videoViewer = await screen.findByRole('dialog', { name: 'Video' })
    expect(within(videoViewer).getByLabelText('Video').tagName).toBe('VIDEO')
    await userEvent.click(within(videoViewer).getByRole('button', { name: 'Close' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
  })

  it('says why media is unavailable, and tries again', async () => {
    let expired = true
    setup({
      'chats.media': () => {
        if (expired) throw new FakeError('media_download_failed', 'The media could not be downloaded: the media expired on the server', 'Retry later')
        return files.m1!
      }
    }, [thread[0]!])
    await userEvent.click(await screen.findByRole('button', { name: /Alice/ }))
    const messages = await screen.findByLabelText('Messages')
    expect(await within(messages).findByRole('alert')).toHaveTextContent('the media expired on the server')
    expired = false
    await userEvent.click(within(messages).getByRole('button', { name: 'Try again to load Photo' }))
    expect(await within(messages).findByRole('img', { name: 'Photo' })).toHaveAttribute('src', files.m1!.dataUrl)
  })

  it('previews an attachment before it is sent, and shows the sent photo from the bytes at hand', async () => {
    const { b } = setup({
      'chats.sendFile': ({ file }) => msg(30, { fromMe: true, sender: null, ack: 'sent', media: { mimetype: file.mimetype, filename: null, url: null } }),
      'chats.media': () => {
        throw new FakeError('media_not_found', 'not stored yet')
      }
    })
    await userEvent.click(await screen.findByRole('button', { name: /Alice/ }))
    await screen.findByLabelText('Messages')
    const png = new File(['png bytes'], 'counter.png', { type: 'image/png' })
    fireEvent.change(screen.getByLabelText('Attach a file'), { target: { files: [png] } })
    const preview = await screen.findByRole('img', { name: 'Preview of counter.png' })
    expect(preview.getAttribute('src')).toBe(`data:image/png;base64,${btoa('png bytes')}`)
    expect(screen.getByRole('figure', { name: 'Preview of counter.png' })).toHaveTextContent('counter.png · 1 kB')
    await userEvent.click(screen.getByRole('button', { name: 'Send' }))
    const sent = await within(screen.getByLabelText('Messages')).findByRole('img', { name: 'Photo' })
    expect(sent).toHaveAttribute('src', `data:image/png;base64,${btoa('png bytes')}`)
    expect(screen.queryByRole('figure', { name: /Preview of/ })).not.toBeInTheDocument()
    // The core's own copy arrives by push (no url): the bubble keeps showing the photo without fetching it.
    act(() => b.emit('chat.message', { instanceId: 'ABCDEF123456', message: msg(30, { fromMe: true, sender: null, ack: 'delivered', media: { mimetype: 'image/png', filename: null, url: null } }) }))
    expect(within(screen.getByLabelText('Messages')).getByRole('img', { name: 'Photo' })).toHaveAttribute('src', `data:image/png;base64,${btoa('png bytes')}`)
    expect(b.callsTo('chats.media')).toEqual([])
  })
})
