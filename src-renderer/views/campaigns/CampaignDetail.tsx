// One campaign: its state, why it is paused (in words, and whether it resumes by itself), pause/resume/cancel/
// duplicate, the progress, the funnel, sends per hour, and the recipient table with filters and CSV export.
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ConfirmDialog } from '../../components/ConfirmDialog.js'
import { ErrorNote } from '../../components/ErrorNote.js'
import { Spinner } from '../../components/Spinner.js'
import { campaignStatusLabel, pauseWords, whenWords } from '../../lib/campaign-words.js'
import { estimateWords } from '../../lib/estimate-words.js'
import { useCampaignsStore } from '../../stores/campaigns-store.js'
import { useInstancesStore } from '../../stores/instances-store.js'
import { CampaignProgress, CampaignStatusBadge } from './CampaignProgress.js'
import { Funnel } from './Funnel.js'
import { RecipientTable } from './RecipientTable.js'
import { SendsChart } from './SendsChart.js'

export function CampaignDetail({ campaignId }: { campaignId: string }) {
  const { t } = useTranslation()
  const c = useCampaignsStore((s) => s.detail[campaignId])
  const error = useCampaignsStore((s) => s.error)
  const acting = useCampaignsStore((s) => s.acting)
  const act = useCampaignsStore((s) => s.act)
  const duplicate = useCampaignsStore((s) => s.duplicate)
  const showPage = useCampaignsStore((s) => s.showPage)
  const [confirmCancel, setConfirmCancel] = useState(false)
  const instances = useInstancesStore((s) => s.overview)
  const loadInstances = useInstancesStore((s) => s.load)
  useEffect(() => {
    if (!instances) void loadInstances()
  }, [instances, loadInstances])
  if (!c) return error ? <ErrorNote error={error} /> : <Spinner label={t('campaigns.detail.loading')} />
  const open = c.status !== 'completed' && c.status !== 'cancelled'
  return (
    <article className="campaign-detail" aria-labelledby="campaign-name-title" data-status={c.status}>
      <button type="button" className="link" onClick={() => showPage('list')}>
        <span aria-hidden="true">← </span>
        {t('campaigns.detail.back')}
      </button>
      <div className="card-head">
        <h2 id="campaign-name-title">{c.name}</h2>
        <CampaignStatusBadge status={c.status} label={campaignStatusLabel(c.status)} />
      </div>
      <p className="muted small">
        {c.listName} · {t('campaigns.detail.from', { names: c.instanceIds.map((id) => instances?.instances.find((i) => i.id === id)?.name ?? id).join(', ') })}
        {c.startedAt ? ` · ${t('campaigns.detail.started', { when: whenWords(c.startedAt) })}` : ''}
        {c.finishedAt ? ` · ${t('campaigns.detail.finished', { when: whenWords(c.finishedAt) })}` : ''}
        {open && c.estimate ? ` · ${estimateWords(c.estimate)}` : ''}
      </p>
      <div role="status" aria-live="polite" className="campaign-state-note">
        {c.status === 'paused' && c.pause ? (
          <div className="note note-warn" data-testid="pause-reason" data-code={c.pause.code}>
            <p>
              <strong>{t('campaigns.detail.paused')}</strong> {t('campaigns.detail.pausedSince', { when: whenWords(c.pause.since), text: pauseWords(c.pause) })}
            </p>
            <p className="note-hint">{c.pause.autoResume ? t('campaigns.detail.autoResume') : t('campaigns.detail.manualResume')}</p>
          </div>
        ) : null}
        {c.status === 'scheduled' && c.schedule.startAt ? <p>{t('campaigns.detail.starts', { when: whenWords(c.schedule.startAt) })}</p> : null}
        {c.nextWindowAt && (c.status === 'running' || c.status === 'scheduled') ? <p>{t('campaigns.detail.outsideWindow', { when: whenWords(c.nextWindowAt) })}</p> : null}
        {c.status === 'completed' ? <p>{t('campaigns.detail.completed')}</p> : null}
      </div>
      <ErrorNote error={error} />
      <div className="row campaign-actions">
        {c.status === 'running' || c.status === 'scheduled' ? (
          <button type="button" disabled={acting !== null} onClick={() => void act('pause', c.id)}>
            {acting === 'pause' ? t('campaigns.detail.pausing') : t('campaigns.detail.pause')}
          </button>
        ) : null}
        {c.status === 'paused' ? (
          <button type="button" className="primary" disabled={acting !== null} onClick={() => void act('resume', c.id)}>
            {acting === 'resume' ? t('campaigns.detail.resuming') : t('campaigns.detail.resume')}
          </button>
        ) : null}
        {open ? (
          <button type="button" className="danger" disabled={acting !== null} onClick={() => setConfirmCancel(true)}>
            {t('campaigns.detail.cancel')}
          </button>
        ) : null}
        <button type="button" disabled={acting !== null} onClick={() => void duplicate(c.id)}>
          {acting === 'duplicate' ? t('campaigns.detail.duplicating') : t('campaigns.detail.duplicate')}
        </button>
      </div>
      <CampaignProgress campaign={c} />
      <div className="campaign-charts">
        <Funnel campaign={c} />
        <SendsChart buckets={c.sendsPerHour} />
      </div>
      <RecipientTable campaign={c} />
      {confirmCancel ? (
        <ConfirmDialog
          title={t('campaigns.detail.cancelTitle', { name: c.name })}
          body={t('campaigns.detail.cancelBody')}
          confirmLabel={t('campaigns.detail.cancel')}
          onCancel={() => setConfirmCancel(false)}
          onConfirm={() => {
            setConfirmCancel(false)
            void act('cancel', c.id)
          }}
        />
      ) : null}
    </article>
  )
}
