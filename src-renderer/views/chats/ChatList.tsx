// The chat list: search box, the chats (one Tab stop: arrow keys, Home and End move between them, so the composer
// is not 50 Tabs away), and "Show more chats" while the core has older ones. Opening a chat puts the cursor in the
// composer. A search that is a phone number with no chat offers "Message +…"; New chat asks for a number. The list
// is virtualized (@tanstack/react-virtual: 5,000 chats cost what the visible ones cost; each row says its place,
// "23 of 56", since most are not in the page) and scrolling near its end loads the next page.
import { defaultRangeExtractor, useVirtualizer, type Range } from '@tanstack/react-virtual'
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Spinner } from '../../components/Spinner.js'
import { offsetIn } from '../../lib/offset-in.js'
import { useChatsStore } from '../../stores/chats-store.js'
import { ChatItem } from './ChatItem.js'
import { MessageSearchResults } from './MessageSearchResults.js'
import { NewChatButton, NewChatOffer } from './NewChat.js'

/** A chat row's height before one is measured (two lines of text at the default font size). */
const ROW_PX = 48
/** Closer than this many rows to the end of the list loads the next page. */
const MORE_WITHIN_ROWS = 10

const STEP: Record<string, (i: number, last: number) => number> = {
  ArrowDown: (i, last) => Math.min(last, i + 1),
  ArrowUp: (i) => Math.max(0, i - 1),
  Home: () => 0,
  End: (_i, last) => last
}

export function ChatList() {
  const { instanceId, chats, hasMoreChats, loading, thread, search, loadChats, loadMoreChats, openChat } = useChatsStore()
  const [query, setQuery] = useState(search)
  const { t } = useTranslation()
  const [focused, setFocused] = useState<string | null>(null)
  const list = useRef<HTMLUListElement>(null)
  const scroller = useRef<HTMLElement>(null)
  const [listTop, setListTop] = useState(0)
  // The list starts below the search box (and offers): its offset inside the scroller (not offsetTop: that was the
  // offset in the page, so a note or a wrapped header above the chats left the rows the virtualizer rendered short
  // of the last chats at the end of the list). Read when what is above it can change, not on every render (reading
  // it forces a layout: on each scroll frame that was a long task), and when the search row changes height.
  const empty = chats.length === 0
  const typing = query !== search
  const searchRow = useRef<HTMLDivElement>(null)
  const readListTop = useCallback(() => {
    if (list.current && scroller.current) setListTop(offsetIn(scroller.current, list.current))
  }, [])
  useLayoutEffect(readListTop, [readListTop, loading, empty, search, typing])
  useEffect(() => {
    const row = searchRow.current
    // (jsdom has no ResizeObserver.)
    if (!row || typeof ResizeObserver === 'undefined') return
    const observer = new ResizeObserver(() => readListTop())
    observer.observe(row)
    return () => observer.disconnect()
  }, [readListTop])
  // Rows not measured yet are estimated at a plain row's real height (read from the rows on screen: fonts and zoom
  // change it). A wrong estimate moved the scroll position under the user: the virtualizer corrects each first
  // measurement above the fold by scrolling, and near the end of a list that had just grown those corrections
  // pulled the view back up from the last chats (busy-shop e2e).
  const [rowPx, setRowPx] = useState(ROW_PX)
  const tabStop = [focused, thread?.chatId].find((id) => id && chats.some((c) => c.id === id)) ?? chats[0]?.id
  // The list's one Tab stop is always in the page, even scrolled far away: Tab from the search box lands on it
  // (and the browser scrolls it into view) instead of skipping the list while its row is not rendered.
  const tabStopIndex = chats.findIndex((c) => c.id === tabStop)
  const rangeExtractor = useCallback(
    (range: Range) => {
      const indexes = defaultRangeExtractor(range)
      return tabStopIndex < 0 || indexes.includes(tabStopIndex) ? indexes : [...indexes, tabStopIndex].sort((a, b) => a - b)
    },
    [tabStopIndex]
  )
  const virtualizer = useVirtualizer({
    count: chats.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => rowPx,
    getItemKey: (i) => chats[i]?.id ?? i,
    scrollMargin: listTop,
    overscan: 6,
    rangeExtractor
  })
  const rows = virtualizer.getVirtualItems()
  const shown = rows.length > 0
  useLayoutEffect(() => {
    const heights = [...(list.current?.children ?? [])].map((li) => li.getBoundingClientRect().height).filter((h) => h > 0)
    // The shortest row on screen is a plain one (labels add a line).
    const plain = heights.length ? Math.min(...heights) : 0
    if (plain && Math.abs(plain - rowPx) >= 1) setRowPx(plain)
  }, [shown, rowPx])
  // A new estimate applies to every row not measured yet.
  useLayoutEffect(() => virtualizer.measure(), [rowPx, virtualizer])
  // Scrolled near the end of what is loaded: the next page.
  const onScroll = () => {
    const el = scroller.current
    if (el && hasMoreChats && !loading && el.scrollHeight - el.scrollTop - el.clientHeight < MORE_WITHIN_ROWS * rowPx) void loadMoreChats()
  }
  // Search as you type, once the typing pauses.
  useEffect(() => {
    if (!instanceId || query === search) return
    const t = setTimeout(() => void loadChats(instanceId, query), 250)
    return () => clearTimeout(t)
  }, [query, search, instanceId, loadChats])

  const onKeyDown = (e: KeyboardEvent<HTMLUListElement>) => {
    const step = STEP[e.key]
    if (!step || !chats.length) return
    e.preventDefault()
    const index = step(Math.max(0, chats.findIndex((c) => c.id === tabStop)), chats.length - 1)
    const next = chats[index]!.id
    setFocused(next)
    const focus = () => [...(list.current?.querySelectorAll<HTMLButtonElement>('button[data-chat-id]') ?? [])].find((b) => b.dataset.chatId === next)?.focus()
    // A row off screen is not in the page yet: scroll to it, then focus it once it is rendered.
    virtualizer.scrollToIndex(index)
    focus()
    requestAnimationFrame(focus)
  }
  /** A new conversation opens with the whole list, so its chat shows up there after the first message. */
  const clearSearch = () => setQuery('')
  // Stable, so the memoized rows are not re-rendered on every scroll frame.
  const open = useCallback(async (chatId: string) => {
    setFocused(chatId)
    await openChat(chatId)
    // The thread (and its composer) may render a frame after the chat's messages arrive.
    const toComposer = () => document.getElementById('composer-text')?.focus()
    toComposer()
    // ...but not if the user has moved on meanwhile (typing in the search, say).
    requestAnimationFrame(() => {
      const at = document.activeElement
      if (!at || at === document.body || list.current?.contains(at)) toComposer()
    })
  }, [openChat])
  const onOpen = useCallback((chatId: string) => void open(chatId), [open])
  return (
    <nav className="chat-list" aria-label={t('nav.chats')} ref={scroller} onScroll={onScroll} data-virtual-scroll="">
      <div className="chat-search" ref={searchRow}>
        <label htmlFor="chat-search" className="sr-only">{t('chats.search')}</label>
        {/* Before the search box: Tab from the search still goes straight into the list. */}
        <NewChatButton clearSearch={clearSearch} />
        <input id="chat-search" type="search" placeholder={t('chats.searchPlaceholder')} value={query} onChange={(e) => setQuery(e.target.value)} />
      </div>
      {loading && !chats.length ? <Spinner label={t('chats.loading')} /> : null}
      {!loading && !chats.length ? <p className="empty">{search ? t('chats.noMatch') : t('chats.none')}</p> : null}
      {!loading && query === search ? <NewChatOffer search={search} clearSearch={clearSearch} /> : null}
      <ul ref={list} onKeyDown={onKeyDown} className="chat-rows" style={{ height: virtualizer.getTotalSize() }}>
        {rows.map((row) => {
          const c = chats[row.index]!
          return (
            <li key={row.key} ref={virtualizer.measureElement} data-index={row.index} aria-setsize={chats.length} aria-posinset={row.index + 1} style={{ transform: `translateY(${row.start - listTop}px)` }}>
              <ChatItem chat={c} active={thread?.chatId === c.id} tabbable={c.id === tabStop} onOpen={onOpen} />
            </li>
          )
        })}
      </ul>
      <MessageSearchResults instanceId={instanceId} search={search} />
      {hasMoreChats ? (
        <button type="button" className="more" disabled={loading} onClick={() => void loadMoreChats()}>
          {loading ? t('common.loading') : t('chats.more')}
        </button>
      ) : null}
    </nav>
  )
}
