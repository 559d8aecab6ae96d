// A message's photo, sticker or video enlarged (issue 20 item 5): a modal <dialog> over the page, the media as large
// as the window allows, with Download and Close; Escape or a click beside the media closes it and focus returns to
// the thumbnail that opened it.
import { useEffect, useRef } from 'react'
import { createPortal } from 'react-dom'
import { useTranslation } from 'react-i18next'
import type { MediaContentDto } from '../../../src-preload/contract/dto.js'

export interface MediaViewerProps {
  content: MediaContentDto
  label: string
  kind: 'image' | 'sticker' | 'video'
  onDownload(): void
  onClose(): void
}

export function MediaViewer({ content, label, kind, onDownload, onClose }: MediaViewerProps) {
  const dialogRef = useRef<HTMLDialogElement>(null)
  const { t } = useTranslation()
  const close = useRef(onClose)
  close.current = onClose
  useEffect(() => {
    const dialog = dialogRef.current
    if (!dialog) return
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null
    if (typeof dialog.showModal === 'function') dialog.showModal()
    else dialog.setAttribute('open', '')
    dialog.querySelector<HTMLButtonElement>('button.viewer-close')?.focus()
    const onCancel = (e: Event) => {
      e.preventDefault()
      close.current()
    }
    dialog.addEventListener('cancel', onCancel)
    return () => {
      dialog.removeEventListener('cancel', onCancel)
      if (typeof dialog.close === 'function' && dialog.open) dialog.close()
      if (opener?.isConnected) opener.focus()
    }
  }, [])
  return createPortal(
    <dialog
      ref={dialogRef}
      className="media-viewer"
      aria-label={label}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.preventDefault()
          close.current()
        }
      }}
      // A click on the backdrop (the dialog itself, not its content) closes it.
      onClick={(e) => {
        if (e.target === e.currentTarget) close.current()
      }}
    >
      <div className="viewer-bar">
        <span className="viewer-title">{content.filename ?? label}</span>
        <button type="button" onClick={onDownload}>
          {t('media.download')}
        </button>
        <button type="button" className="viewer-close" onClick={() => close.current()}>
          {t('media.close')}
        </button>
      </div>
      <div className="viewer-body">
        {kind === 'video' ? <video src={content.dataUrl} controls autoPlay aria-label={label} /> : <img src={content.dataUrl} alt={label} />}
      </div>
    </dialog>,
    document.body
  )
}
