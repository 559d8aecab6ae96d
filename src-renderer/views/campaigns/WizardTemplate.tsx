// Wizard step 3: the message. {{variable}} with a default ({{name|there}}), {Hi|Hello} so messages vary, an
// optional footer and an image or file (uploaded, or a URL) with the text as its caption; the preview renders it for the first real rows of the list (the core renders it
// exactly as it will be sent; an unknown variable is named).
import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { ErrorNote } from '../../components/ErrorNote.js'
import { phoneWords } from '../../lib/campaign-words.js'
import { DEFAULT_OPT_OUT_FOOTER, useCampaignsStore } from '../../stores/campaigns-store.js'
import { TemplateMedia } from './TemplateMedia.js'
import { StepButtons } from './StepButtons.js'

const PREVIEW_AFTER_MS = 300

export function WizardTemplate() {
  const { t } = useTranslation()
  const w = useCampaignsStore((s) => s.wizard)
  const setWizard = useCampaignsStore((s) => s.setWizard)
  const previewTemplate = useCampaignsStore((s) => s.previewTemplate)
  const goStep = useCampaignsStore((s) => s.goStep)
  const text = useRef<HTMLTextAreaElement>(null)
  useEffect(() => {
    const timer = setTimeout(() => void previewTemplate(), PREVIEW_AFTER_MS)
    return () => clearTimeout(timer)
  }, [w.template, previewTemplate])
  const setTemplate = (patch: Partial<typeof w.template>) => setWizard({ template: { ...w.template, ...patch } })
  const insert = (variable: string) => {
    const el = text.current
    const token = `{{${variable}}}`
    const at = el?.selectionStart ?? w.template.text.length
    const end = el?.selectionEnd ?? at
    setTemplate({ text: w.template.text.slice(0, at) + token + w.template.text.slice(end) })
    requestAnimationFrame(() => {
      el?.focus()
      el?.setSelectionRange(at + token.length, at + token.length)
    })
  }
  const variables = w.list?.variables ?? []
  return (
    <section aria-labelledby="step-template">
      <h2 id="step-template">{t('campaigns.wizard.templateTitle')}</h2>
      <div className="template-layout">
        <div className="template-editor">
          <label htmlFor="template-text">{t('campaigns.wizard.message')}</label>
          <textarea
            id="template-text"
            ref={text}
            rows={5}
            maxLength={4096}
            value={w.template.text}
            aria-describedby="template-help"
            placeholder={t('campaigns.wizard.templatePlaceholder', { v: '{{name|there}}' })}
            onChange={(e) => setTemplate({ text: e.target.value })}
          />
          <p id="template-help" className="hint">
            {t('campaigns.wizard.templateHelp', { a: '{{name}}', b: '{{name|there}}', c: '{Hi|Hello}' })}
          </p>
          {variables.length ? (
            <div className="row variable-buttons" role="group" aria-label={t('campaigns.wizard.insertVariable')}>
              {variables.map((v) => (
                <button key={v} type="button" className="small" onClick={() => insert(v)}>
                  {`{{${v}}}`}
                </button>
              ))}
            </div>
          ) : null}
          <label className="check">
            <input type="checkbox" checked={w.template.footer !== null} onChange={(e) => setTemplate({ footer: e.target.checked ? DEFAULT_OPT_OUT_FOOTER : null })} />
            {t('campaigns.wizard.addOptOutLine')}
          </label>
          {w.template.footer !== null ? <input aria-label={t('campaigns.wizard.optOutLine')} value={w.template.footer} maxLength={200} onChange={(e) => setTemplate({ footer: e.target.value })} /> : null}
          <TemplateMedia template={w.template} onChange={setTemplate} />
        </div>
        <div className="template-preview" role="region" aria-label={t('campaigns.wizard.preview')} aria-live="polite">
          <h3>{t('campaigns.wizard.previewTitle')}</h3>
          {!w.template.text.trim() ? <p className="empty">{t('campaigns.wizard.previewEmpty')}</p> : null}
          <ErrorNote error={w.previewError} />
          {w.preview && w.template.text.trim() && !w.previewError ? (
            <ul className="preview-list">
              {w.preview.map((p) => (
                <li key={p.phone} className="preview-sample">
                  <span className="muted small mono">{phoneWords(p.phone)}</span>
                  <span className="bubble out preview-text">{p.text}</span>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      </div>
      <StepButtons back={w.peek ? 'columns' : undefined} next={() => goStep('audience')} nextLabel={t('campaigns.wizard.nextAudience')} nextDisabled={!w.template.text.trim() || w.previewError !== null} />
    </section>
  )
}
