// Announcing customers' messages: the browser's Notification (or the desktop's through window.desktop) for a new
// customer message only, the unread total in the title and the tray, the per-instance mute kept by the core, the
// permission asked on a click, and a click on a notification opening the chat.
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { AppSettingsDto, MessageDto, UnreadSummaryDto } from '../../src-preload/contract/dto.js'
import type { DesktopNotice } from '../../src-preload/contract/electron-ipc.js'
import { useAppStore } from '../stores/app-store.js'
import { useChatsStore } from '../stores/chats-store.js'
import { useNotifyStore } from '../stores/notify-store.js'
import { instance, overview } from '../test/fixtures.js'
import { installMemoryBridge, type MemoryBridge } from '../test/memory-bridge.js'
import { NotifyControls } from '../views/chats/NotifyControls.js'
import { shouldAnnounce, titleWithUnread, wireAnnouncements } from './announce.js'
import { wireLiveUpdates } from './live.js'

const ID = 'AAAA00000001'
const msg = (over: Partial<MessageDto> = {}): MessageDto => ({ id: `m${Math.random()}`, chatId: '15550000002@c.us', fromMe: false, sender: 'Bob', text: 'Is it in stock?', timestamp: Date.now(), ack: null, media: null, ...over })

/** The browser's Notification, recorded. */
class FakeNotification {
  static permission: NotificationPermission = 'granted'
  static shown: FakeNotification[] = []
  static requestPermission = vi.fn(async () => (FakeNotification.permission = 'granted'))
  onclick: (() => void) | null = null
  closed = false
  constructor(
    readonly title: string,
    readonly options: NotificationOptions
  ) {
    FakeNotification.shown.push(this)
  }
  close() {
    this.closed = true
  }
}

function core(over: { unread?: () => UnreadSummaryDto } = {}) {
  let notifications: AppSettingsDto['notifications'] = { mutedInstances: [], sound: false }
  const b = installMemoryBridge({
    'settings.get': () => ({ notifications }) as AppSettingsDto,
    'settings.set': (c) => {
      notifications = { mutedInstances: c.mutedInstances ?? notifications.mutedInstances, sound: c.notificationSound ?? notifications.sound }
      return { notifications } as AppSettingsDto
    },
    'instances.list': () => overview([instance({ id: ID, name: 'Shop', status: 'WORKING' })]),
    'instances.unread': over.unread ?? (() => ({ instances: [{ instanceId: ID, unread: 0, newestUnreadAt: null }] })),
    'chats.list': () => ({ chats: [{ id: '15550000002@c.us', name: 'Bob Stone', unreadCount: 1, lastMessage: null, timestamp: 1 }], hasMore: false }),
    'chats.messages': () => ({ messages: [msg({ id: 'old' })], hasMore: false, cursor: null }),
    'chats.markRead': () => ({ read: true as const })
  })
  return { b, muted: () => notifications.mutedInstances }
}

let offs: (() => void)[] = []
const wire = (b: MemoryBridge) => offs.push(wireLiveUpdates(b.bridge), wireAnnouncements(b.bridge))

beforeEach(() => {
  FakeNotification.shown = []
  FakeNotification.permission = 'granted'
  vi.stubGlobal('Notification', FakeNotification)
  vi.spyOn(document, 'hasFocus').mockReturnValue(true)
})
afterEach(() => {
  for (const off of offs.splice(0)) off()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
  delete window.desktop
  document.title = 'Switchboard'
})

describe('shouldAnnounce', () => {
  const ctx = { now: 1_000_000_000, muted: [], focusedChat: null, seen: () => false }
  const e = (over: Partial<MessageDto> = {}) => ({ instanceId: ID, message: msg({ timestamp: 1_000_000_000, ...over }) })
  it('announces a fresh customer message only', () => {
    expect(shouldAnnounce(e(), ctx)).toBe(true)
    expect(shouldAnnounce(e({ fromMe: true }), ctx)).toBe(false)
    expect(shouldAnnounce(e({ timestamp: 1_000_000_000 - 11 * 60_000 }), ctx)).toBe(false)
    expect(shouldAnnounce(e(), { ...ctx, muted: [ID] })).toBe(false)
    expect(shouldAnnounce(e(), { ...ctx, seen: () => true })).toBe(false)
    expect(shouldAnnounce(e(), { ...ctx, focusedChat: { instanceId: ID, chatId: '15550000002@c.us' } })).toBe(false)
    expect(shouldAnnounce(e(), { ...ctx, focusedChat: { instanceId: ID, chatId: 'other@c.us' } })).toBe(true)
  })
  it('writes the unread total in the title', () => {
    expect([0, 3, 1500].map(titleWithUnread)).toEqual(['Switchboard', '(3) Switchboard', '(999+) Switchboard'])
  })
})

describe('announcements in a browser tab', () => {
  it('notifies a customer message once, never our own, and a click opens the chat', async () => {
    const { b } = core()
    wire(b)
    act(() => b.emit('chat.message', { instanceId: ID, message: msg({ id: 'x1' }) }))
    act(() => b.emit('chat.message', { instanceId: ID, message: msg({ id: 'x1' }) }))
    act(() => b.emit('chat.message', { instanceId: ID, message: msg({ id: 'x2', fromMe: true, text: 'ours' }) }))
    await waitFor(() => expect(FakeNotification.shown).toHaveLength(1))
    expect(FakeNotification.shown[0]).toMatchObject({ title: 'Bob', options: { body: 'Is it in stock?', tag: `${ID} 15550000002@c.us` } })

    await act(async () => FakeNotification.shown[0]!.onclick!())
    await waitFor(() => expect(useChatsStore.getState().thread?.chatId).toBe('15550000002@c.us'))
    expect(useAppStore.getState()).toMatchObject({ view: 'chats', instanceId: ID })
    expect(FakeNotification.shown[0]!.closed).toBe(true)
  })

  it('stays quiet for the chat open in a focused window, and for a muted number (the mute is the core’s)', async () => {
    const { b, muted } = core()
    wire(b)
    useAppStore.setState({ instanceId: ID })
    await act(async () => {
      await useChatsStore.getState().loadChats(ID)
      useChatsStore.getState().setViewing(true)
      await useChatsStore.getState().openChat('15550000002@c.us')
    })
    act(() => b.emit('chat.message', { instanceId: ID, message: msg() }))
    expect(FakeNotification.shown).toHaveLength(0)
    // The window loses the focus: the same chat is announced.
    vi.mocked(document.hasFocus).mockReturnValue(false)
    act(() => b.emit('chat.message', { instanceId: ID, message: msg() }))
    expect(FakeNotification.shown).toHaveLength(1)
    // The list's name is used when the chat is listed.
    expect(FakeNotification.shown[0]!.title).toBe('Bob Stone')

    render(<NotifyControls instanceId={ID} />)
    const announce = await screen.findByRole('checkbox', { name: 'Notify for this number' })
    await waitFor(() => expect(useNotifyStore.getState().loaded).toBe(true))
    expect(announce).toBeChecked()
    fireEvent.click(announce)
    await waitFor(() => expect(muted()).toEqual([ID]))
    expect(announce).not.toBeChecked()
    act(() => b.emit('chat.message', { instanceId: ID, message: msg() }))
    expect(FakeNotification.shown).toHaveLength(1)
  })

  it('asks the permission on the user’s click, not on load', async () => {
    FakeNotification.permission = 'default'
    const { b } = core()
    wire(b)
    render(<NotifyControls instanceId={ID} />)
    expect(FakeNotification.requestPermission).not.toHaveBeenCalled()
    fireEvent.click(await screen.findByRole('button', { name: 'Turn on notifications' }))
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Turn on notifications' })).not.toBeInTheDocument())
    expect(FakeNotification.requestPermission).toHaveBeenCalledTimes(1)
  })

  it('shows the unread total in the tab title as it changes', async () => {
    let unread = 0
    const { b } = core({ unread: () => ({ instances: [{ instanceId: ID, unread, newestUnreadAt: unread ? Date.now() : null }] }) })
    wire(b)
    unread = 2
    act(() => b.emit('chat.message', { instanceId: ID, message: msg() }))
    await waitFor(() => expect(document.title).toBe('(2) Switchboard'))
  })
})

describe('announcements in the desktop app', () => {
  it('go to main through window.desktop (silent: the page plays its own sound), with the unread count for the tray', async () => {
    const notices: DesktopNotice[] = []
    const counts: number[] = []
    let click: ((tag: string) => void) | undefined
    window.desktop = { notify: (n) => void notices.push(n), setUnread: (n) => void counts.push(n), onNotificationClick: (l) => ((click = l), () => (click = undefined)) }
    let unread = 0
    const { b } = core({ unread: () => ({ instances: [{ instanceId: ID, unread, newestUnreadAt: null }] }) })
    wire(b)
    unread = 1
    act(() => b.emit('chat.message', { instanceId: ID, message: msg({ text: null, media: { mimetype: 'image/jpeg', filename: null, url: null } }) }))
    await waitFor(() => expect(counts.at(-1)).toBe(1))
    expect(notices).toEqual([{ title: 'Bob', body: 'Photo', tag: `${ID} 15550000002@c.us`, silent: true }])
    expect(FakeNotification.shown).toHaveLength(0)
    await act(async () => click!(notices[0]!.tag))
    await waitFor(() => expect(useChatsStore.getState().thread?.chatId).toBe('15550000002@c.us'))
  })
})
