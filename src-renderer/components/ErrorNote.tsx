// An error in words: what happened and what to do about it (in the chosen language where the code is known).
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { errorWords } from '../lib/error-words.js'
import type { UiError } from '../lib/errors.js'

export function ErrorNote({ error, onDismiss }: { error: UiError | null | undefined; onDismiss?: () => void }) {
  // Re-rendered on a language change.
  const { t } = useTranslation()
  if (!error) return null
  const { message, hint } = errorWords(error)
  return (
    <div className="note note-error" role="alert" data-code={error.code}>
      <p className="note-message">{message}</p>
      {hint ? <p className="note-hint">{hint}</p> : null}
      {onDismiss ? (
        <button type="button" className="link" onClick={onDismiss}>
          {t('localized.dismiss')}
        </button>
      ) : null}
    </div>
  )
}

export function Notice({ children, onDismiss }: { children: ReactNode; onDismiss?: () => void }) {
  const { t } = useTranslation()
  return (
    <div className="note note-info notice" role="status">
      <span>{children}</span>
      {onDismiss ? (
        <button type="button" className="link" onClick={onDismiss}>
          {t('localized.dismiss')}
        </button>
      ) : null}
    </div>
  )
}
