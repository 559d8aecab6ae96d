// Confirmation for destructive actions: a real modal (<dialog> shown with showModal() in the body, the rest of the
// page inert, Tab kept inside), starting on "Cancel"; Escape cancels; focus goes back to the button that opened it.
import { useRef, type KeyboardEvent } from 'react'
import { createPortal } from 'react-dom'
import { useTranslation } from 'react-i18next'
import { useModalDialog } from './use-modal-dialog.js'

export interface ConfirmDialogProps {
  title: string
  body: string
  confirmLabel: string
  onConfirm(): void
  onCancel(): void
}

const FOCUSABLE = 'button:not([disabled]), [href], input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])'

export function ConfirmDialog({ title, body, confirmLabel, onConfirm, onCancel }: ConfirmDialogProps) {
  const { t } = useTranslation()
  const cancelRef = useRef<HTMLButtonElement>(null)
  // showModal puts it in the top layer with a native inert background; inert siblings cover where it is missing.
  const { dialogRef, close: cancel } = useModalDialog(onCancel, { initialFocus: () => cancelRef.current, inertBackground: true })

  const onKeyDown = (e: KeyboardEvent<HTMLDialogElement>) => {
    if (e.key === 'Escape') {
      e.preventDefault()
      cancel()
      return
    }
    if (e.key !== 'Tab') return
    const items = [...(dialogRef.current?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? [])]
    const first = items[0]
    const last = items[items.length - 1]
    if (!first || !last) return
    const i = items.indexOf(document.activeElement as HTMLElement)
    if (e.shiftKey && (i <= 0)) {
      e.preventDefault()
      last.focus()
    } else if (!e.shiftKey && (i === -1 || i === items.length - 1)) {
      e.preventDefault()
      first.focus()
    }
  }

  return createPortal(
    <dialog ref={dialogRef} className="dialog" role="alertdialog" aria-modal="true" aria-labelledby="confirm-title" aria-describedby="confirm-body" onKeyDown={onKeyDown}>
      <h2 id="confirm-title">{title}</h2>
      <p id="confirm-body">{body}</p>
      <div className="row end">
        <button type="button" ref={cancelRef} onClick={onCancel}>
          {t('common.cancel')}
        </button>
        <button type="button" className="danger" onClick={onConfirm}>
          {confirmLabel}
        </button>
      </div>
    </dialog>,
    document.body
  )
}
