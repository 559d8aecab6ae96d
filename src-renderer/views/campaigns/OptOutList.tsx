// The account's opt-out list: numbers that never get a campaign message (added when someone replies STOP or a
// similar word, by hand here, imported from a pasted list or a file, or through the API). Removing a number needs a
// confirmation. The keyword settings (which replies opt out, the confirmation) are a disclosure above the list.
import { useEffect, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { ConfirmDialog } from '../../components/ConfirmDialog.js'
import { ErrorNote } from '../../components/ErrorNote.js'
import { Spinner } from '../../components/Spinner.js'
import { phoneWords, whenWords } from '../../lib/campaign-words.js'
import { useCampaignsStore } from '../../stores/campaigns-store.js'
import { OptOutImport } from './OptOutImport.js'
import { OptOutKeywords } from './OptOutKeywords.js'

const SOURCES = new Set(['keyword', 'manual', 'import', 'api'])

export function OptOutList() {
  const { t } = useTranslation()
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
    if (!/^[0-9]{6,15}$/.test(digits)) return setProblem(t('campaigns.optOuts.badNumber'))
    setProblem(null)
    if (await addOptOut(phone.trim())) setPhone('')
  }
  return (
    <section className="optouts" aria-labelledby="optouts-title">
      <h2 id="optouts-title">{t('campaigns.optOutList')}</h2>
      <p className="muted small">{t('campaigns.optOuts.hint')}</p>
      <OptOutKeywords />
      <OptOutImport />
      <form className="row" aria-label={t('campaigns.optOuts.addForm')} onSubmit={(e) => void onAdd(e)}>
        <label htmlFor="optout-phone">{t('campaigns.optOuts.number')}</label>
        <input id="optout-phone" value={phone} maxLength={32} placeholder="+34 600 000 001" aria-invalid={problem ? true : undefined} aria-describedby={problem ? 'optout-problem' : undefined} onChange={(e) => setPhone(e.target.value)} />
        <button type="submit">{t('campaigns.optOuts.add')}</button>
      </form>
      {problem ? (
        <p id="optout-problem" className="field-error" role="alert">
          {problem}
        </p>
      ) : null}
      <ErrorNote error={error} />
      {!optOuts ? <Spinner label={t('campaigns.optOuts.loading')} /> : null}
      {optOuts && !optOuts.length ? <p className="empty">{t('campaigns.optOuts.empty')}</p> : null}
      {optOuts?.length ? (
        <table className="optout-table" aria-label={t('campaigns.optOuts.table')}>
          <thead>
            <tr>
              <th scope="col">{t('campaigns.optOuts.number')}</th>
              <th scope="col">{t('campaigns.optOuts.how')}</th>
              <th scope="col">{t('campaigns.optOuts.when')}</th>
              <th scope="col">
                <span className="sr-only">{t('campaigns.optOuts.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {optOuts.map((o) => (
              <tr key={o.phone}>
                <td className="mono" data-phone={o.phone}>
                  {phoneWords(o.phone)}
                </td>
                <td>{SOURCES.has(o.source) ? t(`campaigns.optOuts.source.${o.source}`) : o.source}</td>
                <td className="small">{whenWords(o.at)}</td>
                <td>
                  <button type="button" className="link" aria-label={t('campaigns.optOuts.removeNamed', { phone: phoneWords(o.phone) })} onClick={() => setRemoving(o.phone)}>
                    {t('campaigns.optOuts.remove')}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {removing ? (
        <ConfirmDialog
          title={t('campaigns.optOuts.removeTitle', { phone: phoneWords(removing) })}
          body={t('campaigns.optOuts.removeBody')}
          confirmLabel={t('campaigns.optOuts.remove')}
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
