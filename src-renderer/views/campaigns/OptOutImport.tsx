// Import into the opt-out list: numbers pasted one a line, or a CSV/text file (its phone column found by name).
// Numbers without a country code take the default country; lines that are not numbers are counted, not added.
import { useState, type FormEvent } from 'react'
import { ErrorNote } from '../../components/ErrorNote.js'
import { bridge, call } from '../../lib/bridge.js'
import type { UiError } from '../../lib/errors.js'
import { runAction } from '../../stores/run-action.js'
import { useCampaignsStore } from '../../stores/campaigns-store.js'

const MAX_FILE_BYTES = 20 * 1024 * 1024
const plural = (n: number, one: string, many: string) => `${n.toLocaleString()} ${n === 1 ? one : many}`

export function OptOutImport() {
  const [text, setText] = useState('')
  const [fileName, setFileName] = useState<string | null>(null)
  const [country, setCountry] = useState('')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<UiError | null>(null)
  const [result, setResult] = useState<string | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const pick = async (file: File | undefined) => {
    if (!file) return
    if (file.size > MAX_FILE_BYTES) return setProblem(`${file.name} is larger than 20 MB`)
    setProblem(null)
    setFileName(file.name)
    setText(await file.text())
  }
  const onImport = async (e: FormEvent) => {
    e.preventDefault()
    const cc = country.trim().toUpperCase()
    if (cc && !/^[A-Z]{2}$/.test(cc)) return setProblem('The default country is two letters, e.g. ES or BR')
    if (!text.trim()) return setProblem('Paste numbers or choose a file first')
    setProblem(null)
    setBusy(true)
    setResult(null)
    const r = await runAction(() => call(bridge().campaigns.importOptOuts({ text, ...(cc ? { defaultCountry: cc } : {}) })), { fail: setError, settle: () => setBusy(false), fallback: null })
    if (!r) return
    setError(null)
    useCampaignsStore.setState({ optOuts: r.optOuts, optOutsError: null })
    setResult(`${plural(r.added, 'number', 'numbers')} added${r.rejected ? `; ${plural(r.rejected, 'line was', 'lines were')} not a phone number` : ''}.`)
    setText('')
    setFileName(null)
  }
  return (
    <details className="optout-import">
      <summary>Import numbers</summary>
      <form aria-label="Import numbers into the opt-out list" onSubmit={(e) => void onImport(e)}>
        <label htmlFor="optout-import-text">Paste numbers, one a line (or a CSV with a phone column)</label>
        <textarea id="optout-import-text" rows={4} value={text} placeholder={'+34 600 000 001\n+55 11 91234 5678'} onChange={(e) => setText(e.target.value)} />
        <div className="row">
          <label className="file-button button-like small">
            Choose a file
            <input type="file" aria-label="Choose a CSV or text file" accept=".csv,.txt,text/csv,text/plain" className="sr-only" onChange={(e) => void pick(e.target.files?.[0])} />
          </label>
          {fileName ? <span className="small">{fileName}</span> : null}
          <label htmlFor="optout-import-country" className="small">
            Default country
          </label>
          <input id="optout-import-country" className="country-code" value={country} maxLength={2} placeholder="ES" onChange={(e) => setCountry(e.target.value)} />
          <button type="submit" disabled={busy}>
            {busy ? 'Importing…' : 'Import'}
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
