// The open chat: who it is with, bubbles with time and delivery/read ticks, virtualized (@tanstack/react-virtual:
// only the bubbles near the viewport are in the page, so a 20,000-message thread scrolls like a short one). It opens
// at the newest message and stays there while photos load (their boxes are sized before they load, and the bottom
// is held whenever the content grows); it follows new messages while you are at the bottom (or when you send), and
// leaves you where you are while you read older ones. Scrolling near the top pages older messages in, keeping the
// message you were reading in place.
import { useVirtualizer } from '@tanstack/react-virtual'
import { memo, useCallback, useEffect, useLayoutEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import type { MessageDto } from '../../../src-preload/contract/dto.js'
import { Spinner } from '../../components/Spinner.js'
import { formatTime } from '../../lib/format.js'
import { chatIdNumber } from '../../lib/phone.js'
import { useChatsStore } from '../../stores/chats-store.js'
import { MessageMedia, mediaKind } from './MessageMedia.js'
import { MessageStatus } from './MessageStatus.js'

/** Within this many pixels of the bottom counts as "at the bottom". */
const NEAR_BOTTOM_PX = 80
/** Closer than this to the top pages older messages in. */
const NEAR_TOP_PX = 300

/** A first guess of a bubble's height before it is measured (photos have a fixed box, see app.css). */
function estimate(m: MessageDto | undefined): number {
  if (!m?.media) return 56 + Math.min(6, Math.floor((m?.text?.length ?? 0) / 60)) * 20
  const kind = mediaKind(m.media.mimetype)
  return kind === 'image' || kind === 'video' ? 300 : kind === 'sticker' ? 170 : 110
}

/** Memoized: a scroll frame re-renders the thread, not the bubbles that stayed (a message changes by a new object). */
const Bubble = memo(function Bubble({ m }: { m: MessageDto }) {
  return (
    <div className={`bubble ${m.fromMe ? 'out' : 'in'}`} data-message-id={m.id}>
      {m.media ? <MessageMedia m={m} media={m.media} /> : null}
      {m.text ? <span className="text">{m.text}</span> : null}
      <span className="meta small">
        {formatTime(m.timestamp)}
        <MessageStatus m={m} />
      </span>
    </div>
  )
})

export function ThreadView() {
  const thread = useChatsStore((s) => s.thread)
  const chat = useChatsStore((s) => s.chats.find((c) => c.id === s.thread?.chatId))
  const loadOlder = useChatsStore((s) => s.loadOlder)
  const scroller = useRef<HTMLDivElement>(null)
  /** Whether the reader is at the bottom (kept by the scroll events, so it is what they saw before a message came). */
  const atBottom = useRef(true)
  /** Before older messages are put in front: where the reader was, so the same message stays in view. */
  const anchor = useRef<{ firstId: string | undefined; fromBottom: number } | null>(null)
  const messages = thread?.messages ?? []
  const virtualizer = useVirtualizer({
    count: messages.length,
    getScrollElement: () => scroller.current,
    estimateSize: (i) => estimate(messages[i]),
    getItemKey: (i) => messages[i]?.id ?? i,
    overscan: 8
  })
  const total = virtualizer.getTotalSize()
  const newest = messages[messages.length - 1]
  const first = messages[0]

  const toBottom = useCallback(() => {
    const el = scroller.current
    // The browser clamps to the real end; the virtualizer's total covers a layout that is not done yet.
    if (el) el.scrollTop = Math.max(el.scrollHeight, virtualizer.getTotalSize())
  }, [virtualizer])

  // A newly opened chat starts at the bottom.
  useLayoutEffect(() => {
    atBottom.current = true
    anchor.current = null
  }, [thread?.chatId])
  // Older messages came in front: the reader keeps the same distance from the bottom (the same message in view);
  // as they get measured above the viewport the virtualizer keeps adjusting.
  useLayoutEffect(() => {
    const el = scroller.current
    const a = anchor.current
    if (!el || !a || a.firstId === first?.id) return
    anchor.current = null
    el.scrollTop = el.scrollHeight - el.clientHeight - a.fromBottom
  }, [first?.id])
  // The content grew (a message came, a photo got its size, a page was measured): stay at the bottom if there.
  useLayoutEffect(() => {
    if (atBottom.current) toBottom()
  }, [total, newest?.id, toBottom])
  // Our own message always brings the view down to it.
  useEffect(() => {
    if (newest?.fromMe) {
      atBottom.current = true
      toBottom()
    }
  }, [newest?.id, newest?.fromMe, toBottom])

  const older = useCallback(() => {
    const el = scroller.current
    const t = useChatsStore.getState().thread
    if (!t?.hasMore || t.loadingOlder) return
    anchor.current = { firstId: t.messages[0]?.id, fromBottom: el ? el.scrollHeight - el.clientHeight - el.scrollTop : 0 }
    void loadOlder()
  }, [loadOlder])

  const onScroll = () => {
    const el = scroller.current
    if (!el) return
    atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight <= NEAR_BOTTOM_PX
    if (el.scrollTop < NEAR_TOP_PX) older()
  }
  const { t } = useTranslation()
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
      <div className="thread" aria-label={t('thread.messages')} ref={scroller} onScroll={onScroll} data-virtual-scroll="">
        {thread.hasMore && !thread.loadingOlder ? (
          <button type="button" className="older" onClick={older}>
            {t('thread.older')}
          </button>
        ) : null}
        {thread.loadingOlder ? <Spinner label={t('thread.loading')} /> : null}
        <ol className="messages" style={{ height: total }} data-count={messages.length}>
          {virtualizer.getVirtualItems().map((item) => {
            const m = messages[item.index]!
            return (
              <li key={item.key} ref={virtualizer.measureElement} data-index={item.index} className={`message-row ${m.fromMe ? 'out' : 'in'}`} style={{ transform: `translateY(${item.start}px)` }}>
                <Bubble m={m} />
              </li>
            )
          })}
        </ol>
      </div>
    </>
  )
}
