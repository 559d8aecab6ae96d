// Import into the opt-out list: numbers pasted one a line, or a CSV/text file (its phone column found by name).
// Numbers without a country code take the default country; lines that are not numbers are counted, not added.
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { ErrorNote } from '../../components/ErrorNote.js'
import { bridge, call } from '../../lib/bridge.js'
import { formatNumber } from '../../lib/format.js'
import type { UiError } from '../../lib/errors.js'
import { runAction } from '../../stores/run-action.js'
import { useCampaignsStore } from '../../stores/campaigns-store.js'

const MAX_FILE_BYTES = 20 * 1024 * 1024

export function OptOutImport() {
  const { t } = useTranslation()
  const [text, setText] = useState('')
  const [fileName, setFileName] = useState<string | null>(null)
  const [country, setCountry] = useState('')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<UiError | null>(null)
  const [result, setResult] = useState<string | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const pick = async (file: File | undefined) => {
    if (!file) return
    if (file.size > MAX_FILE_BYTES) return setProblem(t('campaigns.optOuts.tooLarge', { name: file.name }))
    setProblem(null)
    setFileName(file.name)
    setText(await file.text())
  }
  const onImport = async (e: FormEvent) => {
    e.preventDefault()
    const cc = country.trim().toUpperCase()
    if (cc && !/^[A-Z]{2}$/.test(cc)) return setProblem(t('campaigns.optOuts.badCountry'))
    if (!text.trim()) return setProblem(t('campaigns.optOuts.nothing'))
    setProblem(null)
    setBusy(true)
    setResult(null)
    const r = await runAction(() => call(bridge().campaigns.importOptOuts({ text, ...(cc ? { defaultCountry: cc } : {}) })), { fail: setError, settle: () => setBusy(false), fallback: null })
    if (!r) return
    setError(null)
    useCampaignsStore.setState({ optOuts: r.optOuts, optOutsError: null })
    setResult(`${t('campaigns.optOuts.added', { count: r.added, n: formatNumber(r.added) })}${r.rejected ? t('campaigns.optOuts.notPhone', { count: r.rejected, n: formatNumber(r.rejected) }) : ''}.`)
    setText('')
    setFileName(null)
  }
  return (
    <details className="optout-import">
      <summary>{t('campaigns.optOuts.import')}</summary>
      <form aria-label={t('campaigns.optOuts.importForm')} onSubmit={(e) => void onImport(e)}>
        <label htmlFor="optout-import-text">{t('campaigns.optOuts.paste')}</label>
        <textarea id="optout-import-text" rows={4} value={text} placeholder={'+34 600 000 001\n+55 11 91234 5678'} onChange={(e) => setText(e.target.value)} />
        <div className="row">
          <label className="file-button button-like small">
            {t('campaigns.optOuts.chooseFile')}
            <input type="file" aria-label={t('campaigns.optOuts.chooseFileLabel')} accept=".csv,.txt,text/csv,text/plain" className="sr-only" onChange={(e) => void pick(e.target.files?.[0])} />
          </label>
          {fileName ? <span className="small">{fileName}</span> : null}
          <label htmlFor="optout-import-country" className="small">
            {t('campaigns.optOuts.defaultCountry')}
          </label>
          <input id="optout-import-country" className="country-code" value={country} maxLength={2} placeholder="ES" onChange={(e) => setCountry(e.target.value)} />
          <button type="submit" disabled={busy}>
            {busy ? t('campaigns.optOuts.importing') : t('campaigns.optOuts.importButton')}
          </button>
        </div>
      </form>
      {problem ? (
        <p className="field-error" role="alert">
          {problem}
        </p>
      ) : null}
      <ErrorNote error={error} />
      {result ? (
        <p className="note note-info" role="status" data-testid="optout-import-result">
          {result}
        </p>
      ) : null}
    </details>
  )
}
