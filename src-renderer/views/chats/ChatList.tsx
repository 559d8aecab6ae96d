// The chat list: search box, each chat with its name, last message (with its tick when it is ours), time and
// unread count.
import { useEffect, useState } from 'react'
import { Spinner } from '../../components/Spinner.js'
import { Tick } from '../../components/Tick.js'
import { formatTime } from '../../lib/format.js'
import { useChatsStore } from '../../stores/chats-store.js'

export function ChatList() {
  const { instanceId, chats, loading, thread, search, loadChats, openChat } = useChatsStore()
  const [query, setQuery] = useState(search)
  // Search as you type, once the typing pauses.
  useEffect(() => {
    if (!instanceId || query === search) return
    const t = setTimeout(() => void loadChats(instanceId, query), 250)
    return () => clearTimeout(t)
  }, [query, search, instanceId, loadChats])

  return (
    <nav className="chat-list" aria-label="Chats">
      <label htmlFor="chat-search" className="sr-only">Search chats</label>
      <input id="chat-search" type="search" placeholder="Search chats" value={query} onChange={(e) => setQuery(e.target.value)} />
      {loading && !chats.length ? <Spinner label="Loading chats…" /> : null}
      {!loading && !chats.length ? <p className="empty">{search ? 'No chat matches.' : 'No chats yet.'}</p> : null}
      <ul>
        {chats.map((c) => (
          <li key={c.id}>
            <button type="button" className={`chat-item${thread?.chatId === c.id ? ' active' : ''}`} aria-current={thread?.chatId === c.id} onClick={() => void openChat(c.id)}>
              <span className="chat-name">{c.name}</span>
              <span className="chat-time muted small">{c.lastMessage ? formatTime(c.lastMessage.timestamp) : ''}</span>
              <span className="chat-last muted small">
                {c.lastMessage?.fromMe && c.lastMessage.ack ? <Tick ack={c.lastMessage.ack} /> : null}
                {c.lastMessage ? `${c.lastMessage.fromMe ? 'You: ' : ''}${c.lastMessage.text ?? ''}` : ''}
              </span>
              {c.unreadCount > 0 ? (
                <span className="unread" aria-label={`${c.unreadCount} unread`}>
                  {c.unreadCount}
                </span>
              ) : null}
            </button>
          </li>
        ))}
      </ul>
    </nav>
  )
}
