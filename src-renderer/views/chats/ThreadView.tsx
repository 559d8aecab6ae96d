// The open chat: older messages on demand, bubbles with time and delivery/read ticks, scrolled to the newest.
import { useEffect, useRef } from 'react'
import type { MessageDto } from '../../../src-preload/contract/dto.js'
import { Spinner } from '../../components/Spinner.js'
import { Tick } from '../../components/Tick.js'
import { formatTime } from '../../lib/format.js'
import { useChatsStore } from '../../stores/chats-store.js'

function Bubble({ m }: { m: MessageDto }) {
  return (
    <li className={`bubble ${m.fromMe ? 'out' : 'in'}`} data-message-id={m.id}>
      {m.media ? (
        m.media.url && m.media.mimetype.startsWith('image/') ? (
          <img src={m.media.url} alt={m.media.filename ?? 'image'} className="bubble-image" />
        ) : (
          <span className="attachment">📎 {m.media.filename ?? m.media.mimetype}</span>
        )
      ) : null}
      {m.text ? <span className="text">{m.text}</span> : null}
      <span className="meta small">
        {formatTime(m.timestamp)}
        {m.fromMe && m.ack ? <Tick ack={m.ack} /> : null}
      </span>
    </li>
  )
}

export function ThreadView() {
  const thread = useChatsStore((s) => s.thread)
  const loadOlder = useChatsStore((s) => s.loadOlder)
  const end = useRef<HTMLLIElement>(null)
  const newest = thread?.messages[thread.messages.length - 1]?.id
  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'end' })
  }, [newest])
  if (!thread) return null
  return (
    <div className="thread" aria-label="Messages">
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
  )
}
