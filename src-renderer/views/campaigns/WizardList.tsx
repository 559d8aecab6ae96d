// Wizard steps 1 and 2: the CSV file (chosen or dropped) and its columns: which holds the phone, which become
// variables, the default country for numbers written without +, then the list as the core read it (rows kept,
// duplicates merged, every rejected row with its line and reason).
import { useState, type DragEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { formatNumber } from '../../lib/format.js'
import { useCampaignsStore } from '../../stores/campaigns-store.js'
import { StepButtons } from './StepButtons.js'

/** Countries offered for numbers written without a country code (ISO 3166 alpha-2) and their calling codes. */
const COUNTRIES: [string, string][] = [
  ['US', '+1'],
  ['GB', '+44'],
  ['DE', '+49'],
  ['FR', '+33'],
  ['ES', '+34'],
  ['IT', '+39'],
  ['PT', '+351'],
  ['BR', '+55'],
  ['MX', '+52'],
  ['AR', '+54'],
  ['CO', '+57'],
  ['IN', '+91'],
  ['ID', '+62'],
  ['NG', '+234'],
  ['ZA', '+27']
]

export function WizardFile() {
  const { t } = useTranslation()
  const readFile = useCampaignsStore((s) => s.readFile)
  const fileName = useCampaignsStore((s) => s.wizard.fileName)
  const [over, setOver] = useState(false)
  const [problem, setProblem] = useState<string | null>(null)
  const take = async (file: File | undefined) => {
    if (!file) return
    if (!/\.(csv|txt)$/i.test(file.name) && !/csv|text\/plain/.test(file.type)) return setProblem(t('campaigns.wizard.notCsv', { name: file.name }))
    setProblem(null)
    readFile(file.name, await file.text())
  }
  const onDrop = (e: DragEvent) => {
    e.preventDefault()
    setOver(false)
    void take(e.dataTransfer.files[0])
  }
  return (
    <section aria-labelledby="step-file">
      <h2 id="step-file">{t('campaigns.wizard.fileTitle')}</h2>
      <p className="muted small">{t('campaigns.wizard.fileHint')}</p>
      <div
        className={`dropzone${over ? ' over' : ''}`}
        onDragOver={(e) => {
          e.preventDefault()
          setOver(true)
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
        data-testid="csv-dropzone"
      >
        <label className="file-button button-like">
          {t('campaigns.wizard.chooseCsv')}
          <input type="file" accept=".csv,text/csv,text/plain" className="sr-only" onChange={(e) => void take(e.target.files?.[0])} />
        </label>
        <span className="muted">{t('campaigns.wizard.orDrop')}</span>
        {fileName ? <span className="small">{t('campaigns.wizard.lastFile', { name: fileName })}</span> : null}
      </div>
      {problem ? (
        <p className="field-error" role="alert">
          {problem}
        </p>
      ) : null}
    </section>
  )
}

export function WizardColumns() {
  const { t } = useTranslation()
  const w = useCampaignsStore((s) => s.wizard)
  const setWizard = useCampaignsStore((s) => s.setWizard)
  const createList = useCampaignsStore((s) => s.createList)
  const goStep = useCampaignsStore((s) => s.goStep)
  const peek = w.peek
  if (!peek) return null
  const toggle = (column: string) => setWizard({ variableColumns: w.variableColumns.includes(column) ? w.variableColumns.filter((c) => c !== column) : [...w.variableColumns, column], list: null })
  return (
    <section aria-labelledby="step-columns">
      <h2 id="step-columns">{t('campaigns.wizard.columnsTitle', { name: w.fileName })}</h2>
      <p className="muted small">
        {t('campaigns.wizard.rowsAbout', { n: formatNumber(peek.approxRows), first: peek.rows.length })}
      </p>
      <div className="table-scroll">
        <table className="csv-head" aria-label={t('campaigns.wizard.firstRows')}>
          <thead>
            <tr>
              {peek.columns.map((c) => (
                <th key={c} scope="col">
                  {c}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {peek.rows.map((r, i) => (
              <tr key={i}>
                {peek.columns.map((c, j) => (
                  <td key={c}>{r[j] ?? ''}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="form-grid">
        <label htmlFor="phone-column">{t('campaigns.wizard.phoneColumn')}</label>
        <select id="phone-column" value={w.phoneColumn ?? ''} onChange={(e) => setWizard({ phoneColumn: e.target.value, variableColumns: w.variableColumns.filter((c) => c !== e.target.value), list: null })}>
          {peek.columns.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </select>
        <label htmlFor="default-country">{t('campaigns.wizard.country')}</label>
        <select id="default-country" value={w.defaultCountry} onChange={(e) => setWizard({ defaultCountry: e.target.value, list: null })}>
          <option value="">{t('campaigns.wizard.noCountry')}</option>
          {COUNTRIES.map(([code, dial]) => (
            <option key={code} value={code}>
              {t(`campaigns.wizard.countries.${code}`)} ({dial})
            </option>
          ))}
        </select>
        <label htmlFor="list-name">{t('campaigns.wizard.listName')}</label>
        <input id="list-name" value={w.listName} maxLength={100} onChange={(e) => setWizard({ listName: e.target.value, list: null })} />
      </div>
      <fieldset className="variable-columns">
        <legend>{t('campaigns.wizard.variableColumns')}</legend>
        {peek.columns
          .filter((c) => c !== w.phoneColumn)
          .map((c) => (
            <label key={c} className="check">
              <input type="checkbox" checked={w.variableColumns.includes(c)} onChange={() => toggle(c)} />
              {c}
            </label>
          ))}
      </fieldset>
      {w.list ? <ListResult /> : null}
      {w.list ? (
        <StepButtons back="file" next={() => goStep('template')} nextLabel={t('campaigns.wizard.nextMessage')} />
      ) : (
        <StepButtons back="file" next={() => void createList()} nextLabel={t('campaigns.wizard.readList')} busy={w.busy} nextDisabled={!w.phoneColumn} />
      )}
    </section>
  )
}

/** The list as the core read it. */
function ListResult() {
  const { t } = useTranslation()
  const list = useCampaignsStore((s) => s.wizard.list)
  if (!list) return null
  return (
    <div className="note note-info list-result" role="status" data-testid="list-result">
      <p>
        <strong>{formatNumber(list.contacts)}</strong> {t('campaigns.wizard.listContacts', { name: list.name })}
        {list.duplicatesMerged ? t('campaigns.wizard.duplicates', { n: formatNumber(list.duplicatesMerged) }) : ''}
        {list.rejectedCount ? t('campaigns.wizard.rejected', { n: formatNumber(list.rejectedCount) }) : t('campaigns.wizard.noneRejected')}.
      </p>
      {list.rejected.length ? (
        <ul className="rejected-rows" aria-label={t('campaigns.wizard.rejectedRows')}>
          {list.rejected.map((r) => (
            <li key={r.line}>
              {t('campaigns.wizard.line', { line: r.line, reason: r.reason })}
              {r.value ? <span className="mono"> ({r.value})</span> : null}
            </li>
          ))}
          {list.rejectedCount > list.rejected.length ? <li className="muted">{t('campaigns.wizard.more', { n: formatNumber(list.rejectedCount - list.rejected.length) })}</li> : null}
        </ul>
      ) : null}
    </div>
  )
}
