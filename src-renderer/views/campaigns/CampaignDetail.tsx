// One campaign: its state, why it is paused (in words, and whether it resumes by itself), pause/resume/cancel/
// duplicate, the progress, the funnel, sends per hour, and the recipient table with filters and CSV export.
import { useEffect, useState } from 'react'
import { ConfirmDialog } from '../../components/ConfirmDialog.js'
import { ErrorNote } from '../../components/ErrorNote.js'
import { Spinner } from '../../components/Spinner.js'
import { CAMPAIGN_STATUS_LABEL, whenWords } from '../../lib/campaign-words.js'
import { useCampaignsStore } from '../../stores/campaigns-store.js'
import { useInstancesStore } from '../../stores/instances-store.js'
import { CampaignProgress, CampaignStatusBadge } from './CampaignProgress.js'
import { Funnel } from './Funnel.js'
import { RecipientTable } from './RecipientTable.js'
import { SendsChart } from './SendsChart.js'

export function CampaignDetail({ campaignId }: { campaignId: string }) {
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
  if (!c) return error ? <ErrorNote error={error} /> : <Spinner label="Loading the campaign…" />
  const open = c.status !== 'completed' && c.status !== 'cancelled'
  return (
    <article className="campaign-detail" aria-labelledby="campaign-name-title" data-status={c.status}>
      <button type="button" className="link" onClick={() => showPage('list')}>
        <span aria-hidden="true">← </span>Back to all campaigns
      </button>
      <div className="card-head">
        <h2 id="campaign-name-title">{c.name}</h2>
        <CampaignStatusBadge status={c.status} label={CAMPAIGN_STATUS_LABEL[c.status]} />
      </div>
      <p className="muted small">
        {c.listName} · from {c.instanceIds.map((id) => instances?.instances.find((i) => i.id === id)?.name ?? id).join(', ')}
        {c.startedAt ? ` · started ${whenWords(c.startedAt)}` : ''}
        {c.finishedAt ? ` · finished ${whenWords(c.finishedAt)}` : ''}
        {open && c.estimate ? ` · ${c.estimate.text}` : ''}
      </p>
      <div role="status" aria-live="polite" className="campaign-state-note">
        {c.status === 'paused' && c.pause ? (
          <div className="note note-warn" data-testid="pause-reason" data-code={c.pause.code}>
            <p>
              <strong>Paused</strong> since {whenWords(c.pause.since)}: {c.pause.text}
            </p>
            <p className="note-hint">{c.pause.autoResume ? 'It goes on by itself once this clears, or resume it now.' : 'Resume it when you are ready.'}</p>
          </div>
        ) : null}
        {c.status === 'scheduled' && c.schedule.startAt ? <p>Starts {whenWords(c.schedule.startAt)}.</p> : null}
        {c.nextWindowAt && (c.status === 'running' || c.status === 'scheduled') ? <p>Outside the sending window: goes on {whenWords(c.nextWindowAt)}.</p> : null}
        {c.status === 'completed' ? <p>Completed: every recipient had their turn.</p> : null}
      </div>
      <ErrorNote error={error} />
      <div className="row campaign-actions">
        {c.status === 'running' || c.status === 'scheduled' ? (
          <button type="button" disabled={acting !== null} onClick={() => void act('pause', c.id)}>
            {acting === 'pause' ? 'Pausing…' : 'Pause'}
          </button>
        ) : null}
        {c.status === 'paused' ? (
          <button type="button" className="primary" disabled={acting !== null} onClick={() => void act('resume', c.id)}>
            {acting === 'resume' ? 'Resuming…' : 'Resume'}
          </button>
        ) : null}
        {open ? (
          <button type="button" className="danger" disabled={acting !== null} onClick={() => setConfirmCancel(true)}>
            Cancel campaign
          </button>
        ) : null}
        <button type="button" disabled={acting !== null} onClick={() => void duplicate(c.id)}>
          {acting === 'duplicate' ? 'Duplicating…' : 'Duplicate'}
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
          title={`Cancel ${c.name}?`}
          body="Recipients who have not had their turn will not get the message. Messages already sent stay sent. This cannot be undone (you can duplicate the campaign later)."
          confirmLabel="Cancel campaign"
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
