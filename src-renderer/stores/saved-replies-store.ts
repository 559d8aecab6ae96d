// Saved replies (issue 20 item 7): the account's texts by "/shortcut", kept by the core. Loaded once and read by
// the composer's suggestions; Settings adds, changes and removes them (each change reads the list again).
import { create } from 'zustand'
import type { SavedReplyDto } from '../../src-preload/contract/index.js'
import { bridge, call } from '../lib/bridge.js'
import type { UiError } from '../lib/errors.js'
import { runAction } from './run-action.js'

interface SavedRepliesState {
  replies: SavedReplyDto[]
  loaded: boolean
  busy: boolean
  error: UiError | null
  load(): Promise<void>
  /** True when it was saved (the form then clears). */
  save(reply: { id?: number; shortcut: string; text: string }): Promise<boolean>
  remove(id: number): Promise<void>
}

export const useSavedRepliesStore = create<SavedRepliesState>()((set, get) => {
  const refresh = async () => set({ replies: (await call(bridge().replies.list({}))).replies, loaded: true, error: null })
  return {
    replies: [],
    loaded: false,
    busy: false,
    error: null,
    load: () => runAction(refresh, { fail: (error) => set({ error, loaded: true }) }),
    save: (reply) => {
      set({ busy: true })
      return runAction(
        async () => {
          await call(bridge().replies.save(reply))
          await refresh()
          return true
        },
        { fail: (error) => set({ error }), settle: () => set({ busy: false }), fallback: false }
      )
    },
    remove: (id) => {
      set({ busy: true, replies: get().replies.filter((r) => r.id !== id) })
      return runAction(async () => {
        await call(bridge().replies.remove({ id }))
        await refresh()
      }, { fail: (error) => set({ error }), settle: () => set({ busy: false }) })
    }
  }
})

/** The "/word" being typed just before the caret (at the start or after a space), or null. */
export function slashQuery(text: string, caret: number): { start: number; query: string } | null {
  const m = /(^|\s)\/([\p{L}\p{N}_-]*)$/u.exec(text.slice(0, caret))
  return m ? { start: m.index + m[1]!.length, query: m[2]!.toLowerCase() } : null
}

/** Replies whose shortcut starts with the query first, then those whose shortcut or text contains it. */
export function matchReplies(replies: readonly SavedReplyDto[], query: string): SavedReplyDto[] {
  const starts = replies.filter((r) => r.shortcut.startsWith(query))
  const contains = replies.filter((r) => !r.shortcut.startsWith(query) && (r.shortcut.includes(query) || r.text.toLowerCase().includes(query)))
  return [...starts, ...contains].slice(0, 8)
}
