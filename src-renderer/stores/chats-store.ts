// Chats of the selected instance: the list (search, unread, last message; paged, so a busy number's older chats
// stay reachable), one open thread with paging toward older messages, sending text and files, and live updates
// (new messages, delivery/read ticks). A message that arrives in the thread on screen is read at once, in the core
// too. A new conversation opens as an empty thread (startChat); the chat is listed once its first message is sent.
import { create } from 'zustand'
import type { ChatDto, ChatsPageDto, MessageDto } from '../../src-preload/contract/dto.js'
import type { BridgeEvents } from '../../src-preload/contract/events.js'
import type { BridgeResult } from '../../src-preload/contract/envelope.js'
import { bridge, call } from '../lib/bridge.js'
import type { UiError } from '../lib/errors.js'
import { lastMessageOf, laterAck, matchesSearch, upsertMessage } from './chat-updates.js'
import { runAction } from './run-action.js'
import { useUnreadStore } from './unread-store.js'

const PAGE = 30
/** Chats per page of the list. */
export const CHAT_PAGE = 50
/**
 * The next page starts this many chats before the end of the list, and is as much longer; duplicates are dropped.
 * The list is the core's first chats only as far as live messages placed them so: one placed elsewhere than the
 * core lists it shifted the offset past a chat that then never came (the busy-shop e2e lost the two oldest of 56
 * chats about half the time).
 */
export const CHAT_PAGE_OVERLAP = 10

export interface Thread {
  instanceId: string
  chatId: string
  /** The name it was opened with (the list's, or the number typed): the header keeps it when search hides the chat. */
  name: string | null
  messages: MessageDto[]
  hasMore: boolean
  cursor: string | null
  loadingOlder: boolean
}

interface ChatsState {
  instanceId: string | null
  chats: ChatDto[]
  /** The core has more chats after the ones listed (older ones): "Show more chats". */
  hasMoreChats: boolean
  search: string
  loading: boolean
  error: UiError | null
  thread: Thread | null
  /** The Chats view is on screen: only then does the open thread count as read. */
  viewing: boolean
  sending: boolean
  sendError: UiError | null
  setViewing(viewing: boolean): void
  loadChats(instanceId: string, search?: string): Promise<void>
  loadMoreChats(): Promise<void>
  openChat(chatId: string, name?: string): Promise<void>
  /** A conversation with a number that may have no chat yet: the search is cleared and its (empty) thread opened. */
  startChat(chatId: string, name: string): Promise<void>
  loadOlder(): Promise<void>
  sendText(text: string): Promise<boolean>
  sendFile(file: { name: string; mimetype: string; base64: string }, caption?: string): Promise<boolean>
  applyMessage(event: BridgeEvents['chat.message']): void
  applyAck(event: BridgeEvents['chat.ack']): void
  /** The instance's status changed: an earlier send error (e.g. "it is stopped") no longer applies. */
  instanceChanged(instanceId: string): void
}

export const useChatsStore = create<ChatsState>()((set, get) => {
  /** Read in the list at once, and in the core (read receipts; errors only mean the core keeps it unread). */
  const markRead = (instanceId: string, chatId: string) => {
    set((s) => ({ chats: s.chats.map((c) => (c.id === chatId ? { ...c, unreadCount: 0 } : c)) }))
    // Once the core has stored it: the unread total (title, tray, picker) drops.
    void bridge()
      .chats.markRead({ instanceId, chatId })
      .then(() => useUnreadStore.getState().load())
  }
  /** The thread the user is looking at (open while the view is on screen). */
  const onScreen = (instanceId: string, chatId: string) => {
    const { thread, viewing } = get()
    return viewing && thread?.instanceId === instanceId && thread.chatId === chatId
  }
  const fail = (error: UiError) => set({ error })

  /**
   * A live message in the list: a new chat goes where a reload would list it. `replay`: the message came while a
   * page of the list was being read, and the page may or may not have seen it; it counts only where the page
   * plainly predates it (the chat is missing, or the page's newest message of it is older).
   */
  const placeInList = (m: MessageDto, read: boolean, t: Thread | null, replay: boolean) =>
    set((s) => {
      const existing = s.chats.find((c) => c.id === m.chatId)
      if (replay && existing && (existing.lastMessage?.id === m.id || m.timestamp <= existing.timestamp)) return {}
      const name = existing?.name ?? (t?.chatId === m.chatId ? t.name : null) ?? m.sender ?? m.chatId.split('@')[0]!
      // A chat the active search filtered out stays out.
      if (!existing && !matchesSearch({ id: m.chatId, name }, s.search)) return {}
      const unreadCount = (existing?.unreadCount ?? 0) + (!m.fromMe && !read ? 1 : 0)
      // A message older than the chat's newest (one delivered late) counts, but neither moves the chat nor
      // replaces its last message: the core lists chats by their newest message.
      if (existing && m.timestamp < existing.timestamp) return { chats: s.chats.map((c) => (c === existing ? { ...c, unreadCount } : c)) }
      const chat: ChatDto = { ...(existing ?? { id: m.chatId, name }), unreadCount, lastMessage: lastMessageOf(m), timestamp: m.timestamp }
      const rest = s.chats.filter((c) => c !== existing)
      // Where a reload would list it (newest first, a new arrival ahead of chats of the same second), so the list
      // stays the core's first chats and the next page's offset skips none.
      const at = rest.findIndex((c) => c.timestamp <= chat.timestamp)
      // Older than every loaded chat while more are to page in: a new one comes with its page.
      if (at === -1) return s.hasMoreChats && !existing ? { chats: rest } : { chats: [...rest, chat] }
      return { chats: [...rest.slice(0, at), chat, ...rest.slice(at)] }
    })

  // Live messages that come while a page of the list is being read: the core may have read the page before it
  // stored them, and the page replaces or extends the list, so each is placed again once the page is in (else a
  // new chat pushed meanwhile, or one older than the loaded page that was left for "its page", would never show).
  let listing = 0
  let during: BridgeEvents['chat.message'][] = []
  const listed = async (request: Promise<BridgeResult<ChatsPageDto>>, apply: (page: ChatsPageDto) => void): Promise<void> => {
    listing++
    const from = during.length
    try {
      apply(await call(request))
      for (const e of during.slice(from)) if (e.instanceId === get().instanceId) placeInList(e.message, onScreen(e.instanceId, e.message.chatId), get().thread, true)
    } finally {
      if (--listing === 0) during = []
    }
  }
  const loaded = () => set({ loading: false })

  const send = async (run: (instanceId: string, chatId: string) => Promise<MessageDto>) => {
    const t = get().thread
    if (!t) return false
    set({ sending: true, sendError: null })
    return runAction(
      async () => {
        const m = await run(t.instanceId, t.chatId)
        get().applyMessage({ instanceId: t.instanceId, message: m })
        return true
      },
      { fail: (sendError) => set({ sendError }), settle: () => set({ sending: false }), fallback: false }
    )
  }
  return {
    instanceId: null,
    chats: [],
    hasMoreChats: false,
    search: '',
    loading: false,
    error: null,
    thread: null,
    viewing: false,
    sending: false,
    sendError: null,
    setViewing(viewing) {
      set({ viewing })
      const t = get().thread
      // Back on the view with a thread open: what arrived meanwhile is read now.
      if (viewing && t && get().chats.some((c) => c.id === t.chatId && c.unreadCount > 0)) markRead(t.instanceId, t.chatId)
    },
    async loadChats(instanceId, search = get().search) {
      const switched = instanceId !== get().instanceId
      set({ loading: true, instanceId, search, ...(switched ? { thread: null, chats: [], hasMoreChats: false, sendError: null } : {}) })
      await runAction(
        () =>
          listed(bridge().chats.list({ instanceId, limit: CHAT_PAGE, ...(search.trim() ? { search: search.trim() } : {}) }), (page) =>
            // The open thread on screen was marked read; the core may not have stored that yet when it answered.
            set({ chats: page.chats.map((c) => (onScreen(instanceId, c.id) ? { ...c, unreadCount: 0 } : c)), hasMoreChats: page.hasMore, error: null })
          ),
        { fail, settle: loaded }
      )
    },
    async loadMoreChats() {
      const { instanceId, search, chats, loading } = get()
      if (!instanceId || loading) return
      set({ loading: true })
      const back = Math.min(CHAT_PAGE_OVERLAP, chats.length)
      await runAction(
        () =>
          listed(bridge().chats.list({ instanceId, limit: CHAT_PAGE + back, offset: chats.length - back, ...(search.trim() ? { search: search.trim() } : {}) }), (page) => {
            if (get().instanceId !== instanceId) return
            // A chat that moved up meanwhile (a new message) is listed once, where it is now.
            set((s) => ({ chats: [...s.chats, ...page.chats.filter((c) => !s.chats.some((x) => x.id === c.id))], hasMoreChats: page.hasMore, error: null }))
          }),
        { fail, settle: loaded }
      )
    },
    async openChat(chatId, name) {
      const instanceId = get().instanceId
      if (!instanceId) return
      const kept = name ?? get().chats.find((c) => c.id === chatId)?.name ?? (get().thread?.chatId === chatId ? get().thread?.name : null) ?? null
      set({ thread: { instanceId, chatId, name: kept, messages: [], hasMore: false, cursor: null, loadingOlder: true }, sendError: null })
      await runAction(async () => {
        const page = await call(bridge().chats.messages({ instanceId, chatId, limit: PAGE }))
        set({ thread: { instanceId, chatId, name: kept, messages: page.messages, hasMore: page.hasMore, cursor: page.cursor, loadingOlder: false } })
        markRead(instanceId, chatId)
      }, { fail: (error) => set({ error, thread: { instanceId, chatId, name: kept, messages: [], hasMore: false, cursor: null, loadingOlder: false } }) })
    },
    async startChat(chatId, name) {
      const instanceId = get().instanceId
      if (!instanceId) return
      // The whole list again, so the chat shows up in it once the first message is sent.
      await get().loadChats(instanceId, '')
      await get().openChat(chatId, get().chats.find((c) => c.id === chatId)?.name ?? name)
    },
    async loadOlder() {
      const t = get().thread
      if (!t || !t.hasMore || t.loadingOlder) return
      set({ thread: { ...t, loadingOlder: true } })
      await runAction(async () => {
        const page = await call(bridge().chats.messages({ instanceId: t.instanceId, chatId: t.chatId, limit: PAGE, ...(t.cursor ? { cursor: t.cursor } : {}) }))
        const cur = get().thread
        if (cur?.chatId !== t.chatId) return
        set({ thread: { ...cur, messages: page.messages.reduce(upsertMessage, cur.messages), hasMore: page.hasMore, cursor: page.cursor, loadingOlder: false } })
      }, { fail: (error) => set({ error, thread: { ...t, loadingOlder: false } }) })
    },
    sendText: (text) => send((instanceId, chatId) => call(bridge().chats.sendText({ instanceId, chatId, text }))),
    sendFile: (file, caption) =>
      send(async (instanceId, chatId) => {
        const m = await call(bridge().chats.sendFile({ instanceId, chatId, file, ...(caption ? { caption } : {}) }))
        // The bubble shows the file from the bytes at hand rather than fetching them back from the core.
        return m.media ? { ...m, media: { ...m.media, url: `data:${file.mimetype};base64,${file.base64}` } } : m
      }),
    applyMessage({ instanceId, message: m }) {
      if (instanceId !== get().instanceId) return
      const t = get().thread
      if (t?.chatId === m.chatId) set({ thread: { ...t, messages: upsertMessage(t.messages, m) } })
      const read = onScreen(instanceId, m.chatId)
      if (listing > 0) during.push({ instanceId, message: m })
      placeInList(m, read, t, false)
      if (read && !m.fromMe) markRead(instanceId, m.chatId)
    },
    applyAck(e) {
      if (e.instanceId !== get().instanceId) return
      const t = get().thread
      if (t?.chatId === e.chatId) set({ thread: { ...t, messages: t.messages.map((m) => (m.id === e.messageId ? { ...m, ack: laterAck(m.ack, e.ack) } : m)) } })
      set((s) => ({
        chats: s.chats.map((c) => (c.id === e.chatId && c.lastMessage?.id === e.messageId ? { ...c, lastMessage: { ...c.lastMessage, ack: laterAck(c.lastMessage.ack, e.ack) } } : c))
      }))
    },
    instanceChanged(instanceId) {
      if (instanceId === get().instanceId) set({ sendError: null })
    }
  }
})
