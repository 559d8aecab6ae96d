// The saved replies a "/shortcut" in the composer matches, above the text field: the highlighted one is inserted by
// Enter or Tab (the composer handles the keys, focus stays in the text), or by a click. With none saved yet it says
// where they are added.
import { useTranslation } from 'react-i18next'
import type { SavedReplyDto } from '../../../src-preload/contract/index.js'

export function ReplySuggestions({ id, replies, active, query, onPick }: { id: string; replies: SavedReplyDto[]; active: number; query: string; onPick(reply: SavedReplyDto): void }) {
  const { t } = useTranslation()
  if (!replies.length)
    return (
      <p id={id} className="reply-suggestions empty muted small" role="status">
        {query ? t('replies.noneStarts', { query }) : t('replies.none')} {t('replies.whereToAdd')}
      </p>
    )
  return (
    <ul id={id} className="reply-suggestions" role="listbox" aria-label={t('replies.title')}>
      {replies.map((r, i) => (
        <li
          key={r.id}
          id={`reply-option-${r.id}`}
          role="option"
          aria-selected={i === active}
          className={i === active ? 'active' : undefined}
          // mousedown, not click: the text field keeps its focus and caret.
          onMouseDown={(e) => {
            e.preventDefault()
            onPick(r)
          }}
        >
          <strong>/{r.shortcut}</strong> <span className="muted">{r.text}</span>
        </li>
      ))}
    </ul>
  )
}
