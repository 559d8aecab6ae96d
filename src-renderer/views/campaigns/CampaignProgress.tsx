// A campaign's progress bar: recipients whose turn is over (sent on, skipped, failed, opted out) of all.
import type { CampaignSummaryDto } from '../../../src-preload/contract/campaigns-dto.js'
import { useTranslation } from 'react-i18next'
import { doneCount, percent } from '../../lib/campaign-words.js'
import { formatNumber } from '../../lib/format.js'

export function CampaignProgress({ campaign }: { campaign: CampaignSummaryDto }) {
  const { t } = useTranslation()
  const done = doneCount(campaign.counts)
  const pct = percent(done, campaign.total)
  return (
    <div className="campaign-progress">
      <div className="progress" role="progressbar" aria-label={t('campaigns.progress.label', { name: campaign.name })} aria-valuemin={0} aria-valuemax={campaign.total} aria-valuenow={done} aria-valuetext={t('campaigns.progress.valueText', { done: formatNumber(done), total: formatNumber(campaign.total) })}>
        <span className={`progress-fill progress-${campaign.status}`} style={{ width: `${pct}%` }} />
      </div>
      <span className="muted small" data-testid="progress-text">
        {t('campaigns.progress.text', { done: formatNumber(done), total: formatNumber(campaign.total), pct })}
      </span>
    </div>
  )
}

export function CampaignStatusBadge({ status, label }: { status: string; label: string }) {
  return (
    <span className={`badge campaign-badge campaign-badge-${status}`} data-status={status}>
      {label}
    </span>
  )
}
