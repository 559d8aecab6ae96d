// Chats of the selected instance: the list (search, unread, last message), one open thread with paging toward
// older messages, sending text and files, and live updates (new messages, delivery/read ticks).
import { create } from 'zustand'
import type { ChatDto, MessageDto } from '../../src-preload/contract/dto.js'
import type { BridgeEvents } from '../../src-preload/contract/events.js'
import { bridge, call } from '../lib/bridge.js'
import { toUiError, type UiError } from '../lib/errors.js'

const PAGE = 30

export interface Thread {
  instanceId: string
  chatId: string
  messages: MessageDto[]
  hasMore: boolean
  cursor: string | null
  loadingOlder: boolean
}

interface ChatsState {
  instanceId: string | null
  chats: ChatDto[]
  search: string
  loading: boolean
  error: UiError | null
  thread: Thread | null
  sending: boolean
  sendError: UiError | null
  loadChats(instanceId: string, search?: string): Promise<void>
  openChat(chatId: string): Promise<void>
  loadOlder(): Promise<void>
  sendText(text: string): Promise<boolean>
  sendFile(file: { name: string; mimetype: string; base64: string }, caption?: string): Promise<boolean>
  applyMessage(event: BridgeEvents['chat.message']): void
  applyAck(event: BridgeEvents['chat.ack']): void
}

const upsert = (list: MessageDto[], m: MessageDto) => (list.some((x) => x.id === m.id) ? list.map((x) => (x.id === m.id ? m : x)) : [...list, m].sort((a, b) => a.timestamp - b.timestamp))

export const useChatsStore = create<ChatsState>()((set, get) => {
  const send = async (run: (instanceId: string, chatId: string) => Promise<MessageDto>) => {
    const t = get().thread
    if (!t) return false
    set({ sending: true, sendError: null })
    try {
      const m = await run(t.instanceId, t.chatId)
      get().applyMessage({ instanceId: t.instanceId, message: m })
      return true
    } catch (e) {
      set({ sendError: toUiError(e) })
      return false
    } finally {
      set({ sending: false })
    }
  }
  return {
    instanceId: null,
    chats: [],
    search: '',
    loading: false,
    error: null,
    thread: null,
    sending: false,
    sendError: null,
    async loadChats(instanceId, search = get().search) {
      const switched = instanceId !== get().instanceId
      set({ loading: true, instanceId, search, ...(switched ? { thread: null, chats: [] } : {}) })
      try {
        const page = await call(bridge().chats.list({ instanceId, limit: 100, ...(search.trim() ? { search: search.trim() } : {}) }))
        set({ chats: page.chats, error: null })
      } catch (e) {
        set({ error: toUiError(e) })
      } finally {
        set({ loading: false })
      }
    },
    async openChat(chatId) {
      const instanceId = get().instanceId
      if (!instanceId) return
      set({ thread: { instanceId, chatId, messages: [], hasMore: false, cursor: null, loadingOlder: true }, sendError: null })
      try {
        const page = await call(bridge().chats.messages({ instanceId, chatId, limit: PAGE }))
        set({ thread: { instanceId, chatId, messages: page.messages, hasMore: page.hasMore, cursor: page.cursor, loadingOlder: false } })
        set((s) => ({ chats: s.chats.map((c) => (c.id === chatId ? { ...c, unreadCount: 0 } : c)) }))
        void bridge().chats.markRead({ instanceId, chatId })
      } catch (e) {
        set({ error: toUiError(e), thread: { instanceId, chatId, messages: [], hasMore: false, cursor: null, loadingOlder: false } })
      }
    },
    async loadOlder() {
      const t = get().thread
      if (!t || !t.hasMore || t.loadingOlder) return
      set({ thread: { ...t, loadingOlder: true } })
      try {
        const page = await call(bridge().chats.messages({ instanceId: t.instanceId, chatId: t.chatId, limit: PAGE, ...(t.cursor ? { cursor: t.cursor } : {}) }))
        const cur = get().thread
        if (cur?.chatId !== t.chatId) return
        set({ thread: { ...cur, messages: page.messages.reduce(upsert, cur.messages), hasMore: page.hasMore, cursor: page.cursor, loadingOlder: false } })
      } catch (e) {
        set({ error: toUiError(e), thread: { ...t, loadingOlder: false } })
      }
    },
    sendText: (text) => send((instanceId, chatId) => call(bridge().chats.sendText({ instanceId, chatId, text }))),
    sendFile: (file, caption) => send((instanceId, chatId) => call(bridge().chats.sendFile({ instanceId, chatId, file, ...(caption ? { caption } : {}) }))),
    applyMessage({ instanceId, message: m }) {
      if (instanceId !== get().instanceId) return
      const t = get().thread
      const open = t?.chatId === m.chatId
      if (t && open) set({ thread: { ...t, messages: upsert(t.messages, m) } })
      set((s) => {
        const last = { text: m.text ?? (m.media ? `📎 ${m.media.filename ?? m.media.mimetype}` : null), timestamp: m.timestamp, fromMe: m.fromMe, ack: m.ack }
        const existing = s.chats.find((c) => c.id === m.chatId)
        const unread = (existing?.unreadCount ?? 0) + (!m.fromMe && !open ? 1 : 0)
        const chat: ChatDto = existing ? { ...existing, lastMessage: last, timestamp: m.timestamp, unreadCount: unread } : { id: m.chatId, name: m.sender ?? m.chatId.split('@')[0]!, unreadCount: unread, lastMessage: last, timestamp: m.timestamp }
        return { chats: [chat, ...s.chats.filter((c) => c.id !== m.chatId)] }
      })
    },
    applyAck(e) {
      if (e.instanceId !== get().instanceId) return
      const t = get().thread
      if (t?.chatId === e.chatId) set({ thread: { ...t, messages: t.messages.map((m) => (m.id === e.messageId ? { ...m, ack: e.ack } : m)) } })
    }
  }
})
