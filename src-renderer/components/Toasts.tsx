// The toasts of toasts-store: confirmations in a polite live region (read out without moving focus, gone after a
// few seconds), errors in an alert that stays until dismissed. Bottom right, above the content, inside 760x520.
import { useTranslation } from 'react-i18next'
import { useToastsStore } from '../stores/toasts-store.js'

export function Toasts() {
  const toasts = useToastsStore((s) => s.toasts)
  const dismiss = useToastsStore((s) => s.dismiss)
  const { t } = useTranslation()
  const done = toasts.filter((toast) => toast.kind === 'success')
  const failed = toasts.filter((toast) => toast.kind === 'error')
  return (
    <div className="toasts">
      {/* Always in the page, so screen readers announce what is added to it. */}
      <div role="status" aria-live="polite" className="toast-list">
        {done.map((toast) => (
          <p key={toast.id} className="toast toast-success">
            {toast.text}
          </p>
        ))}
      </div>
      <div className="toast-list">
        {failed.map((toast) => (
          <div key={toast.id} className="toast toast-error" role="alert">
            <p className="note-message">{toast.text}</p>
            {toast.hint ? <p className="note-hint">{toast.hint}</p> : null}
            <button type="button" className="link" onClick={() => dismiss(toast.id)}>
              {t('localized.dismiss')}
            </button>
          </div>
        ))}
      </div>
    </div>
  )
}
