// One chat in the list: name, time, last message (with its tick when it is ours) and unread count. The name and
// the last message end in an ellipsis; the count is read out as "N unread". A chat without a name shows its number
// as people write it (+1 555 000 0002). Memoized: a scroll frame re-renders the list, not the rows that stayed.
import { memo } from 'react'
import { useTranslation } from 'react-i18next'
import type { ChatDto } from '../../../src-preload/contract/dto.js'
import { Tick } from '../../components/Tick.js'
import { formatNumber, formatTime } from '../../lib/format.js'
import { chatIdNumber } from '../../lib/phone.js'

export const ChatItem = memo(function ChatItem({ chat: c, active, tabbable, onOpen }: { chat: ChatDto; active: boolean; tabbable: boolean; onOpen(chatId: string): void }) {
  const name = c.name === c.id.split('@')[0] ? chatIdNumber(c.id) : c.name
  const { t } = useTranslation()
  return (
    <button type="button" data-chat-id={c.id} tabIndex={tabbable ? 0 : -1} className={`chat-item${active ? ' active' : ''}`} aria-current={active} onClick={() => onOpen(c.id)} title={name}>
      <span className="chat-name">{name}</span>
      {c.labels?.length ? (
        <span className="chat-labels">
          {c.labels.map((l) => (
            <span key={l.name} className={`chat-label label-color-${l.color % 20}`}>
              {l.name}
            </span>
          ))}
        </span>
      ) : null}
      <span className="chat-time muted small">{c.lastMessage ? formatTime(c.lastMessage.timestamp) : ''}</span>
      <span className="chat-last muted small">
        {c.lastMessage?.fromMe && c.lastMessage.ack ? <Tick ack={c.lastMessage.ack} /> : null}
        {c.lastMessage ? `${c.lastMessage.fromMe ? t('chats.you') : ''}${c.lastMessage.text ?? ''}` : ''}
      </span>
      {c.unreadCount > 0 ? (
        <span className="unread" role="img" aria-label={t('chats.unread', { n: formatNumber(c.unreadCount) })}>
          {formatNumber(c.unreadCount)}
        </span>
      ) : null}
    </button>
  )
})
