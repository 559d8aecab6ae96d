// The chat list: search box, the chats (one Tab stop: arrow keys, Home and End move between them, so the composer
// is not 50 Tabs away), and "Show more chats" while the core has older ones. Opening a chat puts the cursor in the
// composer. A search that is a phone number with no chat offers "Message +…"; New chat asks for a number.
import { useEffect, useRef, useState, type KeyboardEvent } from 'react'
import { Spinner } from '../../components/Spinner.js'
import { useChatsStore } from '../../stores/chats-store.js'
import { ChatItem } from './ChatItem.js'
import { MessageSearchResults } from './MessageSearchResults.js'
import { NewChatButton, NewChatOffer } from './NewChat.js'

const STEP: Record<string, (i: number, last: number) => number> = {
  ArrowDown: (i, last) => Math.min(last, i + 1),
  ArrowUp: (i) => Math.max(0, i - 1),
  Home: () => 0,
  End: (_i, last) => last
}

export function ChatList() {
  const { instanceId, chats, hasMoreChats, loading, thread, search, loadChats, loadMoreChats, openChat } = useChatsStore()
  const [query, setQuery] = useState(search)
  const [focused, setFocused] = useState<string | null>(null)
  const list = useRef<HTMLUListElement>(null)
  // Search as you type, once the typing pauses.
  useEffect(() => {
    if (!instanceId || query === search) return
    const t = setTimeout(() => void loadChats(instanceId, query), 250)
    return () => clearTimeout(t)
  }, [query, search, instanceId, loadChats])

  const tabStop = [focused, thread?.chatId].find((id) => id && chats.some((c) => c.id === id)) ?? chats[0]?.id
  const onKeyDown = (e: KeyboardEvent<HTMLUListElement>) => {
    const step = STEP[e.key]
    if (!step || !chats.length) return
    e.preventDefault()
    const next = chats[step(Math.max(0, chats.findIndex((c) => c.id === tabStop)), chats.length - 1)]!.id
    setFocused(next)
    ;[...(list.current?.querySelectorAll<HTMLButtonElement>('button[data-chat-id]') ?? [])].find((b) => b.dataset.chatId === next)?.focus()
  }
  /** A new conversation opens with the whole list, so its chat shows up there after the first message. */
  const clearSearch = () => setQuery('')
  const open = async (chatId: string) => {
    setFocused(chatId)
    await openChat(chatId)
    document.getElementById('composer-text')?.focus()
  }
  return (
    <nav className="chat-list" aria-label="Chats">
      <div className="chat-search">
        <label htmlFor="chat-search" className="sr-only">Search chats</label>
        {/* Before the search box: Tab from the search still goes straight into the list. */}
        <NewChatButton clearSearch={clearSearch} />
        <input id="chat-search" type="search" placeholder="Name, number or message" value={query} onChange={(e) => setQuery(e.target.value)} />
      </div>
      {loading && !chats.length ? <Spinner label="Loading chats…" /> : null}
      {!loading && !chats.length ? <p className="empty">{search ? 'No chat matches.' : 'No chats yet.'}</p> : null}
      {!loading && query === search ? <NewChatOffer search={search} clearSearch={clearSearch} /> : null}
      <ul ref={list} onKeyDown={onKeyDown}>
        {chats.map((c) => (
          <ChatItem key={c.id} chat={c} active={thread?.chatId === c.id} tabbable={c.id === tabStop} onOpen={() => void open(c.id)} />
        ))}
      </ul>
      <MessageSearchResults instanceId={instanceId} search={search} />
      {hasMoreChats ? (
        <button type="button" className="more" disabled={loading} onClick={() => void loadMoreChats()}>
          {loading ? 'Loading…' : 'Show more chats'}
        </button>
      ) : null}
    </nav>
  )
}
