// Wizard steps 1 and 2: the CSV file (chosen or dropped) and its columns: which holds the phone, which become
// variables, the default country for numbers written without +, then the list as the core read it (rows kept,
// duplicates merged, every rejected row with its line and reason).
import { useState, type DragEvent } from 'react'
import { useCampaignsStore } from '../../stores/campaigns-store.js'
import { StepButtons } from './Wizard.js'

/** Countries offered for numbers written without a country code (ISO 3166 alpha-2). */
const COUNTRIES: [string, string][] = [
  ['', 'None (numbers have +country)'],
  ['US', 'United States (+1)'],
  ['GB', 'United Kingdom (+44)'],
  ['DE', 'Germany (+49)'],
  ['FR', 'France (+33)'],
  ['ES', 'Spain (+34)'],
  ['IT', 'Italy (+39)'],
  ['PT', 'Portugal (+351)'],
  ['BR', 'Brazil (+55)'],
  ['MX', 'Mexico (+52)'],
  ['AR', 'Argentina (+54)'],
  ['CO', 'Colombia (+57)'],
  ['IN', 'India (+91)'],
  ['ID', 'Indonesia (+62)'],
  ['NG', 'Nigeria (+234)'],
  ['ZA', 'South Africa (+27)']
]

export function WizardFile() {
  const readFile = useCampaignsStore((s) => s.readFile)
  const fileName = useCampaignsStore((s) => s.wizard.fileName)
  const [over, setOver] = useState(false)
  const [problem, setProblem] = useState<string | null>(null)
  const take = async (file: File | undefined) => {
    if (!file) return
    if (!/\.(csv|txt)$/i.test(file.name) && !/csv|text\/plain/.test(file.type)) return setProblem(`${file.name} is not a CSV file`)
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
      <h2 id="step-file">Who gets the message</h2>
      <p className="muted small">A CSV file with a header row: one column with phone numbers, others (name, order…) can fill in the message.</p>
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
          Choose a CSV file
          <input type="file" accept=".csv,text/csv,text/plain" className="sr-only" onChange={(e) => void take(e.target.files?.[0])} />
        </label>
        <span className="muted">or drop it here</span>
        {fileName ? <span className="small">Last file: {fileName}</span> : null}
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
  const w = useCampaignsStore((s) => s.wizard)
  const setWizard = useCampaignsStore((s) => s.setWizard)
  const createList = useCampaignsStore((s) => s.createList)
  const goStep = useCampaignsStore((s) => s.goStep)
  const peek = w.peek
  if (!peek) return null
  const toggle = (column: string) => setWizard({ variableColumns: w.variableColumns.includes(column) ? w.variableColumns.filter((c) => c !== column) : [...w.variableColumns, column], list: null })
  return (
    <section aria-labelledby="step-columns">
      <h2 id="step-columns">Columns of {w.fileName}</h2>
      <p className="muted small">
        About {peek.approxRows.toLocaleString()} rows. The first {peek.rows.length}:
      </p>
      <div className="table-scroll">
        <table className="csv-head" aria-label="First rows of the file">
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
        <label htmlFor="phone-column">Phone column</label>
        <select id="phone-column" value={w.phoneColumn ?? ''} onChange={(e) => setWizard({ phoneColumn: e.target.value, variableColumns: w.variableColumns.filter((c) => c !== e.target.value), list: null })}>
          {peek.columns.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </select>
        <label htmlFor="default-country">Country for numbers without +</label>
        <select id="default-country" value={w.defaultCountry} onChange={(e) => setWizard({ defaultCountry: e.target.value, list: null })}>
          {COUNTRIES.map(([code, name]) => (
            <option key={code} value={code}>
              {name}
            </option>
          ))}
        </select>
        <label htmlFor="list-name">List name</label>
        <input id="list-name" value={w.listName} maxLength={100} onChange={(e) => setWizard({ listName: e.target.value, list: null })} />
      </div>
      <fieldset className="variable-columns">
        <legend>Columns the message can use</legend>
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
        <StepButtons back="file" next={() => goStep('template')} nextLabel="Next: the message" />
      ) : (
        <StepButtons back="file" next={() => void createList()} nextLabel="Read the list" busy={w.busy} nextDisabled={!w.phoneColumn} />
      )}
    </section>
  )
}

/** The list as the core read it. */
function ListResult() {
  const list = useCampaignsStore((s) => s.wizard.list)
  if (!list) return null
  return (
    <div className="note note-info list-result" role="status" data-testid="list-result">
      <p>
        <strong>{list.contacts.toLocaleString()}</strong> contacts in “{list.name}”
        {list.duplicatesMerged ? `, ${list.duplicatesMerged} duplicates merged` : ''}
        {list.rejectedCount ? `, ${list.rejectedCount} rows rejected` : ', no rows rejected'}.
      </p>
      {list.rejected.length ? (
        <ul className="rejected-rows" aria-label="Rejected rows">
          {list.rejected.map((r) => (
            <li key={r.line}>
              Line {r.line}: {r.reason}
              {r.value ? <span className="mono"> ({r.value})</span> : null}
            </li>
          ))}
          {list.rejectedCount > list.rejected.length ? <li className="muted">…and {list.rejectedCount - list.rejected.length} more</li> : null}
        </ul>
      ) : null}
    </div>
  )
}
