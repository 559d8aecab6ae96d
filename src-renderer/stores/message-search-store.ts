// Message text search for the Chats view (issue 20 item 6): the core's full-text index (chats.search) for the words
// in the chat list's search box, and opening a result: its chat, with older pages loaded until that message is in
// the thread, which then scrolls to it (`focus`, shown by FocusedMessage).
import { create } from 'zustand'
import type { MessageSearchHitDto } from '../../src-preload/contract/dto.js'
import { bridge, call } from '../lib/bridge.js'
import type { UiError } from '../lib/errors.js'
import { useChatsStore } from './chats-store.js'
import { runAction } from './run-action.js'

const HITS = 30
/** Pages of older messages loaded at most to reach a result (30 each). */
const MAX_PAGES = 40

interface MessageSearchState {
  /** The words the hits are for ('' = none). */
  query: string
  hits: MessageSearchHitDto[]
  hasMore: boolean
  loading: boolean
  error: UiError | null
  /** The result opened: the thread scrolls to it once it is loaded. */
  focus: { chatId: string; messageId: string } | null
  search(instanceId: string, query: string): Promise<void>
  open(hit: MessageSearchHitDto): Promise<void>
  clearFocus(): void
}

/** Only words with a letter or digit are searched (the core ignores the rest). */
const searchable = (q: string) => /[\p{L}\p{N}]/u.test(q)

export const useMessageSearchStore = create<MessageSearchState>()((set, get) => ({
  query: '',
  hits: [],
  hasMore: false,
  loading: false,
  error: null,
  focus: null,
  async search(instanceId, query) {
    const q = query.trim()
    if (!searchable(q)) {
      set({ query: '', hits: [], hasMore: false, error: null })
      return
    }
    set({ loading: true, query: q })
    await runAction(
      async () => {
        const r = await call(bridge().chats.search({ instanceId, query: q.slice(0, 200), limit: HITS }))
        // A later search won the race: its answer stands.
        if (get().query === q) set({ hits: r.hits, hasMore: r.hasMore, error: null })
      },
      { fail: (error) => set({ error }), settle: () => set({ loading: false }) }
    )
  },
  async open(hit) {
    const chats = useChatsStore.getState()
    await chats.openChat(hit.chatId, hit.chatName)
    for (let page = 0; page < MAX_PAGES; page++) {
      const t = useChatsStore.getState().thread
      if (!t || t.chatId !== hit.chatId || t.messages.some((m) => m.id === hit.messageId) || !t.hasMore) break
      await useChatsStore.getState().loadOlder()
    }
    set({ focus: { chatId: hit.chatId, messageId: hit.messageId } })
  },
  clearFocus: () => set({ focus: null })
}))
