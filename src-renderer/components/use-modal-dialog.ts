// The shared life of a modal <dialog> (confirmations, the media viewer): shown with showModal() on mount, focus on its
// first control, the browser's own Escape close turned into the owner's onClose, and on unmount closed with focus
// given back to whatever opened it.
import { useEffect, useRef, type RefObject } from 'react'

export interface ModalDialogOptions {
  /** The control that takes focus when the dialog opens. */
  initialFocus(dialog: HTMLDialogElement): HTMLElement | null | undefined
  /** Also make the rest of <body> inert (where the browser's top layer does not already). */
  inertBackground?: boolean
}

/** Makes everything in <body> but `keep` inert; returns the undo (only what it changed). */
function inertOthers(keep: Element): () => void {
  const changed = [...document.body.children].filter((el) => el !== keep && !el.hasAttribute('inert'))
  for (const el of changed) el.setAttribute('inert', '')
  return () => changed.forEach((el) => el.removeAttribute('inert'))
}

/** Returns the dialog's ref and a stable close that calls the latest onClose. */
export function useModalDialog(onClose: () => void, options: ModalDialogOptions): { dialogRef: RefObject<HTMLDialogElement | null>; close(): void } {
  const dialogRef = useRef<HTMLDialogElement>(null)
  const latest = useRef(onClose)
  latest.current = onClose
  const opts = useRef(options)
  const close = useRef(() => latest.current()).current
  useEffect(() => {
    const dialog = dialogRef.current
    if (!dialog) return
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null
    if (typeof dialog.showModal === 'function') dialog.showModal()
    else dialog.setAttribute('open', '')
    const restoreInert = opts.current.inertBackground ? inertOthers(dialog) : () => {}
    opts.current.initialFocus(dialog)?.focus()
    // The browser's own Escape handling closes a modal dialog by itself: the owner decides instead.
    const onNativeCancel = (e: Event) => {
      e.preventDefault()
      latest.current()
    }
    dialog.addEventListener('cancel', onNativeCancel)
    return () => {
      dialog.removeEventListener('cancel', onNativeCancel)
      restoreInert()
      if (typeof dialog.close === 'function' && dialog.open) dialog.close()
      if (opener?.isConnected) opener.focus()
    }
  }, [])
  return { dialogRef, close }
}
