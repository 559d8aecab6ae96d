// Every campaign of the account, newest first: its state, progress bar and, when paused, why in words.
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ConfirmDialog } from '../../components/ConfirmDialog.js'
import { ErrorNote } from '../../components/ErrorNote.js'
import { Spinner } from '../../components/Spinner.js'
import { campaignStatusLabel, pauseWords, whenWords } from '../../lib/campaign-words.js'
import { useCampaignsStore } from '../../stores/campaigns-store.js'
import { CampaignProgress, CampaignStatusBadge } from './CampaignProgress.js'

export function CampaignList() {
  const { t } = useTranslation()
  const campaigns = useCampaignsStore((s) => s.campaigns)
  const loading = useCampaignsStore((s) => s.loading)
  const error = useCampaignsStore((s) => s.error)
  const open = useCampaignsStore((s) => s.openCampaign)
  const startWizard = useCampaignsStore((s) => s.startWizard)
  const remove = useCampaignsStore((s) => s.remove)
  const [deleting, setDeleting] = useState<{ id: string; name: string } | null>(null)
  return (
    <>
      <ErrorNote error={error} />
      {loading && !campaigns ? <Spinner label={t('campaigns.list.loading')} /> : null}
      {campaigns && !campaigns.length ? (
        <div className="panel">
          <p className="empty">{t('campaigns.list.empty')}</p>
          <p className="muted small">{t('campaigns.list.emptyHint')}</p>
          <button type="button" className="primary" onClick={startWizard}>
            {t('campaigns.list.createFirst')}
          </button>
        </div>
      ) : null}
      {campaigns?.length ? (
        <ul className="campaign-list" aria-label={t('campaigns.list.label')}>
          {campaigns.map((c) => (
            <li key={c.id} className="card campaign-item" aria-label={t('campaigns.list.item', { name: c.name })} data-campaign-id={c.id}>
              <div className="card-head">
                <h2>
                  <button type="button" className="link campaign-open" onClick={() => void open(c.id)}>
                    {c.name}
                  </button>
                </h2>
                <CampaignStatusBadge status={c.status} label={campaignStatusLabel(c.status)} />
              </div>
              <CampaignProgress campaign={c} />
              {c.status === 'paused' && c.pause ? <p className="campaign-pause-line small">{t('campaigns.list.paused', { text: pauseWords(c.pause) })}</p> : null}
              {c.nextWindowAt && (c.status === 'running' || c.status === 'scheduled') ? <p className="muted small">{t('campaigns.list.waitsWindow', { when: whenWords(c.nextWindowAt) })}</p> : null}
              {c.status === 'draft' || c.status === 'completed' || c.status === 'cancelled' ? (
                <button type="button" className="link small" aria-label={t('campaigns.list.deleteNamed', { name: c.name })} onClick={() => setDeleting({ id: c.id, name: c.name })}>
                  {t('campaigns.list.delete')}
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      {deleting ? (
        <ConfirmDialog
          title={t('campaigns.list.confirmTitle', { name: deleting.name })}
          body={t('campaigns.list.confirmBody')}
          confirmLabel={t('campaigns.list.confirm')}
          onCancel={() => setDeleting(null)}
          onConfirm={() => {
            const { id } = deleting
            setDeleting(null)
            void remove(id)
          }}
        />
      ) : null}
    </>
  )
}
