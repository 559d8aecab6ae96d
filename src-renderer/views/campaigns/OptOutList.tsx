// The account's opt-out list: numbers that never get a campaign message (added when someone replies STOP or a
// similar word, by hand here, imported from a pasted list or a file, or through the API). Removing a number needs a
// confirmation. The keyword settings (which replies opt out, the confirmation) are a disclosure above the list.
import { useEffect, useState, type FormEvent } from 'react'
import { ConfirmDialog } from '../../components/ConfirmDialog.js'
import { ErrorNote } from '../../components/ErrorNote.js'
import { Spinner } from '../../components/Spinner.js'
import { phoneWords, whenWords } from '../../lib/campaign-words.js'
import { useCampaignsStore } from '../../stores/campaigns-store.js'
import { OptOutImport } from './OptOutImport.js'
import { OptOutKeywords } from './OptOutKeywords.js'

const SOURCE: Record<string, string> = { keyword: 'replied STOP', manual: 'added by hand', import: 'imported', api: 'through the API' }

export function OptOutList() {
  const optOuts = useCampaignsStore((s) => s.optOuts)
  const error = useCampaignsStore((s) => s.optOutsError)
  const { loadOptOuts, addOptOut, removeOptOut } = useCampaignsStore.getState()
  const [phone, setPhone] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const [removing, setRemoving] = useState<string | null>(null)
  useEffect(() => {
    void loadOptOuts()
  }, [loadOptOuts])
  const onAdd = async (e: FormEvent) => {
    e.preventDefault()
    const digits = phone.replace(/[\s()+.-]/g, '')
    if (!/^[0-9]{6,15}$/.test(digits)) return setProblem('Enter the number with its country code, e.g. +34 600 000 001')
    setProblem(null)
    if (await addOptOut(phone.trim())) setPhone('')
  }
  return (
    <section className="optouts" aria-labelledby="optouts-title">
      <h2 id="optouts-title">Opt-out list</h2>
      <p className="muted small">These numbers never get a campaign message. Someone who replies STOP (or UNSUBSCRIBE, BAJA, SAIR, ARRÊT…) is added by itself.</p>
      <OptOutKeywords />
      <OptOutImport />
      <form className="row" aria-label="Add a number to the opt-out list" onSubmit={(e) => void onAdd(e)}>
        <label htmlFor="optout-phone">Number</label>
        <input id="optout-phone" value={phone} maxLength={32} placeholder="+34 600 000 001" aria-invalid={problem ? true : undefined} aria-describedby={problem ? 'optout-problem' : undefined} onChange={(e) => setPhone(e.target.value)} />
        <button type="submit">Add</button>
      </form>
      {problem ? (
        <p id="optout-problem" className="field-error" role="alert">
          {problem}
        </p>
      ) : null}
      <ErrorNote error={error} />
      {!optOuts ? <Spinner label="Loading the opt-out list…" /> : null}
      {optOuts && !optOuts.length ? <p className="empty">Nobody has opted out.</p> : null}
      {optOuts?.length ? (
        <table className="optout-table" aria-label="Opted-out numbers">
          <thead>
            <tr>
              <th scope="col">Number</th>
              <th scope="col">How</th>
              <th scope="col">When</th>
              <th scope="col">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {optOuts.map((o) => (
              <tr key={o.phone}>
                <td className="mono" data-phone={o.phone}>
                  {phoneWords(o.phone)}
                </td>
                <td>{SOURCE[o.source] ?? o.source}</td>
                <td className="small">{whenWords(o.at)}</td>
                <td>
                  <button type="button" className="link" aria-label={`Remove ${phoneWords(o.phone)}`} onClick={() => setRemoving(o.phone)}>
                    Remove
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {removing ? (
        <ConfirmDialog
          title={`Remove ${phoneWords(removing)}?`}
          body="This number can get campaign messages again. Only do this if the person asked to hear from you again."
          confirmLabel="Remove"
          onCancel={() => setRemoving(null)}
          onConfirm={() => {
            const p = removing
            setRemoving(null)
            void removeOptOut(p)
          }}
        />
      ) : null}
    </section>
  )
}
