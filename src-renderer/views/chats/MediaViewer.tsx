// A message's photo, sticker or video enlarged (issue 20 item 5): a modal <dialog> over the page, the media as large
// as the window allows, with Download and Close; Escape or a click beside the media closes it and focus returns to
// the thumbnail that opened it.
import { createPortal } from 'react-dom'
import { useTranslation } from 'react-i18next'
import type { MediaContentDto } from '../../../src-preload/contract/dto.js'
import { useModalDialog } from '../../components/use-modal-dialog.js'

export interface MediaViewerProps {
  content: MediaContentDto
  label: string
  kind: 'image' | 'sticker' | 'video'
  onDownload(): void
  onClose(): void
}

export function MediaViewer({ content, label, kind, onDownload, onClose }: MediaViewerProps) {
  const { t } = useTranslation()
  const { dialogRef, close } = useModalDialog(onClose, { initialFocus: (dialog) => dialog.querySelector<HTMLButtonElement>('button.viewer-close') })
  return createPortal(
    <dialog
      ref={dialogRef}
      className="media-viewer"
      aria-label={label}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.preventDefault()
          close()
        }
      }}
      // A click on the backdrop (the dialog itself, not its content) closes it.
      onClick={(e) => {
        if (e.target === e.currentTarget) close()
      }}
    >
      <div className="viewer-bar">
        <span className="viewer-title">{content.filename ?? label}</span>
        <button type="button" onClick={onDownload}>
          {t('media.download')}
        </button>
        <button type="button" className="viewer-close" onClick={() => close()}>
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
