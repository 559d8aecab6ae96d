// The open chat: who it is with, older messages on demand, bubbles with time and delivery/read ticks. It follows
// the newest message while you are at the bottom (or when you send), and leaves you where you are while you read
// older ones.
import { useEffect, useRef, type UIEvent } from 'react'
import type { MessageDto } from '../../../src-preload/contract/dto.js'
import { Spinner } from '../../components/Spinner.js'
import { MessageStatus } from './MessageStatus.js'
import { formatTime } from '../../lib/format.js'
import { useChatsStore } from '../../stores/chats-store.js'
import { MessageMedia } from './MessageMedia.js'
import { chatIdNumber } from '../../lib/phone.js'

/** Within this many pixels of the bottom counts as "at the bottom". */
const NEAR_BOTTOM_PX = 80

function Bubble({ m }: { m: MessageDto }) {
  return (
    <li className={`bubble ${m.fromMe ? 'out' : 'in'}`} data-message-id={m.id}>
      {m.media ? <MessageMedia m={m} media={m.media} /> : null}
      {m.text ? <span className="text">{m.text}</span> : null}
      <span className="meta small">
        {formatTime(m.timestamp)}
        <MessageStatus m={m} />
      </span>
    </li>
  )
}

export function ThreadView() {
  const thread = useChatsStore((s) => s.thread)
  const chat = useChatsStore((s) => s.chats.find((c) => c.id === s.thread?.chatId))
  const loadOlder = useChatsStore((s) => s.loadOlder)
  const end = useRef<HTMLLIElement>(null)
  /** Whether the reader is at the bottom (kept by the scroll events, so it is what they saw before a message came). */
  const atBottom = useRef(true)
  const newest = thread?.messages[thread.messages.length - 1]
  useEffect(() => {
    if (atBottom.current || newest?.fromMe) end.current?.scrollIntoView?.({ block: 'end' })
  }, [newest?.id, newest?.fromMe])
  useEffect(() => {
    atBottom.current = true
  }, [thread?.chatId])
  const onScroll = (e: UIEvent<HTMLDivElement>) => {
    const el = e.currentTarget
    atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight <= NEAR_BOTTOM_PX
  }
  if (!thread) return null
  // The header is the thread's own (the list entry when listed, else the name it was opened with): a search that
  // hides the chat from the list leaves it in place.
  const number = chatIdNumber(thread.chatId)
  const listed = chat?.name ?? thread.name
  const name = !listed || listed === thread.chatId.split('@')[0] ? number : listed
  return (
    <>
      <header className="thread-header">
        <h2 className="thread-name" title={name}>{name}</h2>
        {name !== number ? <span className="muted small mono">{number}</span> : null}
      </header>
      <div className="thread" aria-label="Messages" onScroll={onScroll}>
        {thread.hasMore ? (
          <button type="button" disabled={thread.loadingOlder} onClick={() => void loadOlder()}>
            Load older messages
          </button>
        ) : null}
        {thread.loadingOlder ? <Spinner label="Loading messages…" /> : null}
        <ol className="messages">
          {thread.messages.map((m) => (
            <Bubble key={m.id} m={m} />
          ))}
          <li ref={end} aria-hidden="true" className="end" />
        </ol>
      </div>
    </>
  )
}
