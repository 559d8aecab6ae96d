// The funnel: recipients → sent → delivered → read → replied (each counting everyone who got at least that far),
// and beside it those who left it: skipped (not on WhatsApp…), failed, opted out, still waiting.
import type { CampaignDto } from '../../../src-preload/contract/campaigns-dto.js'
import { useTranslation } from 'react-i18next'
import { funnel, percent } from '../../lib/campaign-words.js'
import { formatNumber } from '../../lib/format.js'

export function Funnel({ campaign: c }: { campaign: CampaignDto }) {
  const { t } = useTranslation()
  const steps = funnel(c.total, c.counts)
  const waiting = c.counts.pending + c.counts.queued
  return (
    <section className="funnel-panel panel" aria-labelledby="funnel-title">
      <h3 id="funnel-title">{t('campaigns.funnel.title')}</h3>
      <ol className="funnel" aria-label={t('campaigns.funnel.title')}>
        {steps.map((s) => (
          <li key={s.key} data-step={s.key}>
            <span className="funnel-label">{s.label}</span>
            <span className="funnel-bar" aria-hidden="true">
              <span style={{ width: `${percent(s.value, c.total)}%` }} />
            </span>
            <span className="funnel-value" data-testid={`funnel-${s.key}`}>
              {formatNumber(s.value)}
              {s.key !== 'recipients' ? <span className="muted small"> {percent(s.value, c.total)}%</span> : null}
            </span>
          </li>
        ))}
      </ol>
      <p className="small funnel-aside">
        <span data-testid="count-skipped">{t('campaigns.funnel.skipped', { n: formatNumber(c.counts.skipped) })}</span> · <span data-testid="count-failed">{t('campaigns.funnel.failed', { n: formatNumber(c.counts.failed) })}</span> ·{' '}
        <span data-testid="count-opted_out">{t('campaigns.funnel.optedOut', { n: formatNumber(c.counts.opted_out) })}</span> · <span data-testid="count-waiting">{t('campaigns.funnel.waiting', { n: formatNumber(waiting) })}</span>
      </p>
    </section>
  )
}
