// An error in words: what happened and what to do about it.
import type { ReactNode } from 'react'
import type { UiError } from '../lib/errors.js'

export function ErrorNote({ error, onDismiss }: { error: UiError | null | undefined; onDismiss?: () => void }) {
  if (!error) return null
  return (
    <div className="note note-error" role="alert" data-code={error.code}>
      <p className="note-message">{error.message}</p>
      {error.recommendation ? <p className="note-hint">{error.recommendation}</p> : null}
      {onDismiss ? (
        <button type="button" className="link" onClick={onDismiss}>
          Dismiss
        </button>
      ) : null}
    </div>
  )
}

export function Notice({ children, onDismiss }: { children: ReactNode; onDismiss?: () => void }) {
  return (
    <div className="note note-info notice" role="status">
      <span>{children}</span>
      {onDismiss ? (
        <button type="button" className="link" onClick={onDismiss}>
          Dismiss
        </button>
      ) : null}
    </div>
  )
}
