// Every campaign of the account, newest first: its state, progress bar and, when paused, why in words.
import { useState } from 'react'
import { ConfirmDialog } from '../../components/ConfirmDialog.js'
import { ErrorNote } from '../../components/ErrorNote.js'
import { Spinner } from '../../components/Spinner.js'
import { CAMPAIGN_STATUS_LABEL, whenWords } from '../../lib/campaign-words.js'
import { useCampaignsStore } from '../../stores/campaigns-store.js'
import { CampaignProgress, CampaignStatusBadge } from './CampaignProgress.js'

export function CampaignList() {
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
      {loading && !campaigns ? <Spinner label="Loading campaigns…" /> : null}
      {campaigns && !campaigns.length ? (
        <div className="panel">
          <p className="empty">No campaigns yet.</p>
          <p className="muted small">A campaign sends one message to a contact list at a safe pace: numbers not on WhatsApp are skipped, people who opted out never get it, and it pauses by itself before WhatsApp would restrict the number.</p>
          <button type="button" className="primary" onClick={startWizard}>
            Create the first campaign
          </button>
        </div>
      ) : null}
      {campaigns?.length ? (
        <ul className="campaign-list" aria-label="Campaigns">
          {campaigns.map((c) => (
            <li key={c.id} className="card campaign-item" aria-label={`Campaign ${c.name}`} data-campaign-id={c.id}>
              <div className="card-head">
                <h2>
                  <button type="button" className="link campaign-open" onClick={() => void open(c.id)}>
                    {c.name}
                  </button>
                </h2>
                <CampaignStatusBadge status={c.status} label={CAMPAIGN_STATUS_LABEL[c.status]} />
              </div>
              <CampaignProgress campaign={c} />
              {c.status === 'paused' && c.pause ? <p className="campaign-pause-line small">Paused: {c.pause.text}</p> : null}
              {c.nextWindowAt && (c.status === 'running' || c.status === 'scheduled') ? <p className="muted small">Waits for the sending window: goes on {whenWords(c.nextWindowAt)}</p> : null}
              {c.status === 'draft' || c.status === 'completed' || c.status === 'cancelled' ? (
                <button type="button" className="link small" aria-label={`Delete ${c.name}`} onClick={() => setDeleting({ id: c.id, name: c.name })}>
                  Delete
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      {deleting ? (
        <ConfirmDialog
          title={`Delete ${deleting.name}?`}
          body="The campaign and its recipient report are deleted (export the CSV first to keep it). The contact list and the opt-out list stay."
          confirmLabel="Delete campaign"
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
