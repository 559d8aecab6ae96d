// Messages whose text matches the chat list's search (issue 20 item 6), under the matching chats: the chat, an
// excerpt with the words marked, and the time; choosing one opens the chat at that message.
import { useTranslation } from 'react-i18next'
import { useEffect } from 'react'
import type { MessageSearchHitDto } from '../../../src-preload/contract/dto.js'
import { formatDateTime, formatNumber } from '../../lib/format.js'
import { useMessageSearchStore } from '../../stores/message-search-store.js'

/** "…the [[blue]] dress…" -> text with <mark> around the matched words. */
function Snippet({ text }: { text: string }) {
  const parts = text.split(/\[\[|\]\]/)
  return <span className="snippet">{parts.map((p, i) => (i % 2 ? <mark key={i}>{p}</mark> : p))}</span>
}

function Hit({ hit, onOpen }: { hit: MessageSearchHitDto; onOpen: () => void }) {
  const { t } = useTranslation()
  return (
    <li>
      <button type="button" className="search-hit" onClick={onOpen} data-message-id={hit.messageId}>
        <span className="chat-name">{hit.chatName}</span>
        <span className="muted small">{formatDateTime(hit.timestamp)}</span>
        <span className="small">
          {hit.fromMe ? t('chats.you') : ''}
          <Snippet text={hit.snippet} />
        </span>
      </button>
    </li>
  )
}

export function MessageSearchResults({ instanceId, search, onOpened }: { instanceId: string | null; search: string; onOpened?: () => void }) {
  const { query, hits, hasMore, loading, search: run, open } = useMessageSearchStore()
  const { t } = useTranslation()
  useEffect(() => {
    if (instanceId) void run(instanceId, search)
  }, [instanceId, search, run])
  if (!search.trim() || !query) return null
  return (
    <section className="message-search" aria-label={t('found.label')}>
      <h3 className="small muted">{t('found.title')}</h3>
      {!loading && !hits.length ? <p className="empty small">{t('found.none', { query })}</p> : null}
      <ul>
        {hits.map((h) => (
          <Hit
            key={`${h.chatId}/${h.messageId}`}
            hit={h}
            onOpen={() => {
              void open(h).then(() => onOpened?.())
            }}
          />
        ))}
      </ul>
      {hasMore ? <p className="muted small">{t('found.more', { n: formatNumber(hits.length) })}</p> : null}
    </section>
  )
}
