// The funnel: recipients → sent → delivered → read → replied (each counting everyone who got at least that far),
// and beside it those who left it: skipped (not on WhatsApp…), failed, opted out, still waiting.
import type { CampaignDto } from '../../../src-preload/contract/campaigns-dto.js'
import { funnel, percent } from '../../lib/campaign-words.js'

export function Funnel({ campaign: c }: { campaign: CampaignDto }) {
  const steps = funnel(c.total, c.counts)
  const waiting = c.counts.pending + c.counts.queued
  return (
    <section className="funnel-panel panel" aria-labelledby="funnel-title">
      <h3 id="funnel-title">Funnel</h3>
      <ol className="funnel" aria-label="Funnel">
        {steps.map((s) => (
          <li key={s.key} data-step={s.key}>
            <span className="funnel-label">{s.label}</span>
            <span className="funnel-bar" aria-hidden="true">
              <span style={{ width: `${percent(s.value, c.total)}%` }} />
            </span>
            <span className="funnel-value" data-testid={`funnel-${s.key}`}>
              {s.value.toLocaleString()}
              {s.key !== 'recipients' ? <span className="muted small"> {percent(s.value, c.total)}%</span> : null}
            </span>
          </li>
        ))}
      </ol>
      <p className="small funnel-aside">
        <span data-testid="count-skipped">{c.counts.skipped} skipped</span> · <span data-testid="count-failed">{c.counts.failed} failed</span> ·{' '}
        <span data-testid="count-opted_out">{c.counts.opted_out} opted out</span> · <span data-testid="count-waiting">{waiting} waiting</span>
      </p>
    </section>
  )
}
