// The saved replies a "/shortcut" in the composer matches, above the text field: the highlighted one is inserted by
// Enter or Tab (the composer handles the keys, focus stays in the text), or by a click. With none saved yet it says
// where they are added.
import type { SavedReplyDto } from '../../../src-preload/contract/index.js'

export function ReplySuggestions({ id, replies, active, query, onPick }: { id: string; replies: SavedReplyDto[]; active: number; query: string; onPick(reply: SavedReplyDto): void }) {
  if (!replies.length)
    return (
      <p id={id} className="reply-suggestions empty muted small" role="status">
        {query ? `No saved reply starts with /${query}.` : 'No saved replies yet.'} Add them in Settings › Saved replies.
      </p>
    )
  return (
    <ul id={id} className="reply-suggestions" role="listbox" aria-label="Saved replies">
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
