// The toasts of toasts-store: confirmations in a polite live region (read out without moving focus, gone after a
// few seconds), errors in an alert that stays until dismissed. Bottom right, above the content, inside 760x520.
import { useToastsStore } from '../stores/toasts-store.js'

export function Toasts() {
  const toasts = useToastsStore((s) => s.toasts)
  const dismiss = useToastsStore((s) => s.dismiss)
  const done = toasts.filter((t) => t.kind === 'success')
  const failed = toasts.filter((t) => t.kind === 'error')
  return (
    <div className="toasts">
      {/* Always in the page, so screen readers announce what is added to it. */}
      <div role="status" aria-live="polite" className="toast-list">
        {done.map((t) => (
          <p key={t.id} className="toast toast-success">
            {t.text}
          </p>
        ))}
      </div>
      <div className="toast-list">
        {failed.map((t) => (
          <div key={t.id} className="toast toast-error" role="alert">
            <p className="note-message">{t.text}</p>
            {t.hint ? <p className="note-hint">{t.hint}</p> : null}
            <button type="button" className="link" onClick={() => dismiss(t.id)}>
              Dismiss
            </button>
          </div>
        ))}
      </div>
    </div>
  )
}
