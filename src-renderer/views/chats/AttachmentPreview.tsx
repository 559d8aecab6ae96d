// The attachment in the composer before it is sent: a photo or sticker as a small image, video and audio with a
// player, anything else by name and size (read locally as a data: URL; nothing leaves the app until Send).
import { useEffect, useState } from 'react'
import { mediaKind } from './MessageMedia.js'
import { t } from '../../i18n/index.js'
import { formatFileSize } from '../../lib/format.js'

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader()
    reader.onload = () => resolve(String(reader.result))
    reader.onerror = () => reject(reader.error ?? new Error(t('uiWords.misc.fileUnreadable')))
    reader.readAsDataURL(file)
  })
}

export function AttachmentPreview({ file }: { file: File }) {
  const kind = mediaKind(file.type || 'application/octet-stream')
  const [url, setUrl] = useState<string | null>(null)
  useEffect(() => {
    setUrl(null)
    if (kind === 'document') return
    let current = true
    readAsDataUrl(file).then(
      (u) => current && setUrl(u),
      () => undefined
    )
    return () => {
      current = false
    }
  }, [file, kind])
  const label = t('uiWords.misc.previewOf', { name: file.name })
  return (
    <figure className="attachment-preview" aria-label={label}>
      {url && (kind === 'image' || kind === 'sticker') ? <img src={url} alt={label} /> : null}
      {url && kind === 'video' ? <video src={url} controls aria-label={label} /> : null}
      {url && kind === 'audio' ? <audio src={url} controls aria-label={label} /> : null}
      <figcaption className="small muted">
        {file.name} · {formatFileSize(file.size)}
      </figcaption>
    </figure>
  )
}
