// Scrolls the open thread to the message a search result opened and marks it for a moment (issue 20 item 6).
import { useEffect } from 'react'
import { useChatsStore } from '../../stores/chats-store.js'
import { useMessageSearchStore } from '../../stores/message-search-store.js'

const MARK_MS = 2_500

export function FocusedMessage() {
  const focus = useMessageSearchStore((s) => s.focus)
  const clear = useMessageSearchStore((s) => s.clearFocus)
  const loaded = useChatsStore((s) => !!focus && s.thread?.chatId === focus.chatId && s.thread.messages.some((m) => m.id === focus.messageId))
  useEffect(() => {
    if (!focus || !loaded) return
    const el = [...document.querySelectorAll<HTMLElement>('.thread [data-message-id]')].find((e) => e.dataset.messageId === focus.messageId)
    if (!el) return
    el.scrollIntoView?.({ block: 'center' })
    el.classList.add('found')
    const t = setTimeout(() => {
      el.classList.remove('found')
      clear()
    }, MARK_MS)
    return () => clearTimeout(t)
  }, [focus, loaded, clear])
  return null
}
