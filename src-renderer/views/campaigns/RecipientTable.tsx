// A campaign's recipients, 50 at a time: filter by state (with each state's count), search by number, and the
// CSV export of the filtered set (saved as a file through the browser's download).
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { RECIPIENT_STATES, type CampaignDto } from '../../../src-preload/contract/campaigns-dto.js'
import { ErrorNote } from '../../components/ErrorNote.js'
import { phoneWords, reasonWords, recipientStateLabel, whenWords } from '../../lib/campaign-words.js'
import { formatNumber } from '../../lib/format.js'
import { PAGE_SIZE, useCampaignsStore } from '../../stores/campaigns-store.js'

/** Saves text as a file (an <a download> of a Blob: works in Electron and in the browser). */
export function saveFile(filename: string, text: string, type = 'text/csv'): void {
  const url = URL.createObjectURL(new Blob([text], { type }))
  const a = document.createElement('a')
  a.href = url
  a.download = filename
  document.body.appendChild(a)
  a.click()
  a.remove()
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}

export function RecipientTable({ campaign: c }: { campaign: CampaignDto }) {
  const { t } = useTranslation()
  const page = useCampaignsStore((s) => s.recipients)
  const filter = useCampaignsStore((s) => s.recipientFilter)
  const error = useCampaignsStore((s) => s.recipientsError)
  const acting = useCampaignsStore((s) => s.acting)
  const loadRecipients = useCampaignsStore((s) => s.loadRecipients)
  const exportRecipients = useCampaignsStore((s) => s.exportRecipients)
  const [search, setSearch] = useState(filter.search)
  const [exported, setExported] = useState<string | null>(null)
  useEffect(() => {
    if (search === filter.search) return
    const timer = setTimeout(() => void loadRecipients({ search, offset: 0 }), 300)
    return () => clearTimeout(timer)
  }, [search, filter.search, loadRecipients])
  const onExport = async () => {
    const file = await exportRecipients()
    if (!file) return
    saveFile(file.filename, file.csv)
    setExported(t('campaigns.recipients.saved', { file: file.filename }))
  }
  const rows = page?.campaignId === c.id ? page.recipients : []
  const total = page?.campaignId === c.id ? page.total : 0
  return (
    <section className="recipients" aria-labelledby="recipients-title">
      <div className="row recipients-head">
        <h3 id="recipients-title">{t('campaigns.recipients.title')}</h3>
        <label htmlFor="recipient-state" className="sr-only">
          {t('campaigns.recipients.show')}
        </label>
        <select id="recipient-state" value={filter.state ?? ''} onChange={(e) => void loadRecipients({ state: (e.target.value || null) as typeof filter.state, offset: 0 })}>
          <option value="">{t('campaigns.recipients.all', { n: formatNumber(c.total) })}</option>
          {RECIPIENT_STATES.map((s) => (
            <option key={s} value={s}>
              {recipientStateLabel(s)} ({formatNumber(c.counts[s])})
            </option>
          ))}
        </select>
        <input type="search" aria-label={t('campaigns.recipients.search')} placeholder={t('campaigns.recipients.searchPlaceholder')} value={search} maxLength={32} onChange={(e) => setSearch(e.target.value)} />
        <button type="button" disabled={acting === 'export'} onClick={() => void onExport()}>
          {acting === 'export' ? t('campaigns.recipients.exporting') : t('campaigns.recipients.export')}
        </button>
      </div>
      <p className="sr-only" role="status">
        {exported ?? ''}
      </p>
      <ErrorNote error={error} />
      <table className="recipient-table" aria-labelledby="recipients-title">
        <thead>
          <tr>
            <th scope="col">{t('campaigns.recipients.number')}</th>
            <th scope="col">{t('campaigns.recipients.state')}</th>
            <th scope="col">{t('campaigns.recipients.why')}</th>
            <th scope="col">{t('campaigns.recipients.when')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.phone} data-state={r.state}>
              <td className="mono" data-phone={r.phone}>
                {phoneWords(r.phone)}
              </td>
              <td>
                <span className={`tag tag-recipient-${r.state}`}>{recipientStateLabel(r.state)}</span>
              </td>
              <td className="recipient-reason">{r.reason ? reasonWords(r.reason) : ''}</td>
              <td className="small">{whenWords(r.updatedAt)}</td>
            </tr>
          ))}
          {page && !rows.length ? (
            <tr>
              <td colSpan={4} className="empty">
                {t('campaigns.recipients.none')}
                {filter.state ? t('campaigns.recipients.inState', { state: recipientStateLabel(filter.state) }) : ''}
                {filter.search ? t('campaigns.recipients.matching', { search: filter.search }) : ''}.
              </td>
            </tr>
          ) : null}
        </tbody>
      </table>
      {total > PAGE_SIZE ? (
        <div className="row end pager">
          <span className="muted small">
            {t('campaigns.recipients.range', { from: formatNumber(filter.offset + 1), to: formatNumber(Math.min(filter.offset + PAGE_SIZE, total)), total: formatNumber(total) })}
          </span>
          <button type="button" disabled={filter.offset === 0} onClick={() => void loadRecipients({ offset: Math.max(0, filter.offset - PAGE_SIZE) })}>
            {t('campaigns.recipients.previous')}
          </button>
          <button type="button" disabled={!page?.hasMore} onClick={() => void loadRecipients({ offset: filter.offset + PAGE_SIZE })}>
            {t('campaigns.recipients.next')}
          </button>
        </div>
      ) : null}
    </section>
  )
}
