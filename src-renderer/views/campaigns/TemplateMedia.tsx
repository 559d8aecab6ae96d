// The template's optional media: an uploaded file (kept with the campaign; an image goes out as an image, anything
// else as a document) or a URL fetched at each send. The message text is its caption. 16 MB at most, as WhatsApp.
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { MEDIA_FILE_MAX_BYTES } from '../../../src-preload/contract/campaign-channels.js'
import type { TemplateDto } from '../../../src-preload/contract/campaigns-dto.js'
import { fileToBase64 } from '../../lib/files.js'
import { formatFileSize } from '../../lib/format.js'

export function TemplateMedia({ template, onChange }: { template: TemplateDto; onChange(patch: Partial<TemplateDto>): void }) {
  const { t } = useTranslation()
  const [problem, setProblem] = useState<string | null>(null)
  const [reading, setReading] = useState(false)
  const file = template.mediaFile ?? null
  const take = async (picked: File | undefined) => {
    if (!picked) return
    if (picked.size > MEDIA_FILE_MAX_BYTES) return setProblem(t('campaigns.wizard.tooBig', { name: picked.name, size: formatFileSize(picked.size) }))
    if (!picked.size) return setProblem(t('campaigns.wizard.emptyFile', { name: picked.name }))
    setProblem(null)
    setReading(true)
    try {
      const data = await fileToBase64(picked)
      onChange({ mediaUrl: null, mediaFile: { filename: picked.name, mimetype: picked.type || 'application/octet-stream', bytes: picked.size, data } })
    } finally {
      setReading(false)
    }
  }
  return (
    <fieldset className="template-media">
      <legend>{t('campaigns.wizard.media')}</legend>
      {file ? (
        <p className="row media-chosen" data-testid="media-file">
          <span>
            {file.mimetype.startsWith('image/') ? t('campaigns.wizard.image') : t('campaigns.wizard.file')}: <strong>{file.filename}</strong> <span className="muted small">({formatFileSize(file.bytes)})</span>
          </span>
          <button type="button" className="link" aria-label={t('campaigns.wizard.removeNamed', { name: file.filename })} onClick={() => onChange({ mediaFile: null })}>
            {t('campaigns.wizard.remove')}
          </button>
        </p>
      ) : (
        <div className="row media-pick">
          <label className="file-button button-like small">
            {reading ? t('campaigns.wizard.reading') : t('campaigns.wizard.upload')}
            <input type="file" aria-label={t('campaigns.wizard.uploadLabel')} accept="image/*,video/mp4,audio/*,application/pdf,.doc,.docx,.xls,.xlsx" className="sr-only" onChange={(e) => void take(e.target.files?.[0])} />
          </label>
          <label htmlFor="template-media" className="muted small">
            {t('campaigns.wizard.orUrl')}
          </label>
          <input id="template-media" type="url" value={template.mediaUrl ?? ''} placeholder="https://…" onChange={(e) => onChange({ mediaUrl: e.target.value.trim() ? e.target.value : null })} />
        </div>
      )}
      {problem ? (
        <p className="field-error" role="alert">
          {problem}
        </p>
      ) : null}
      {file || template.mediaUrl ? <p className="hint">{t('campaigns.wizard.caption')}</p> : null}
    </fieldset>
  )
}
