// Wizard step 6: everything at a glance, the campaign's name, and the consent box: nothing starts until the
// sender confirms these people agreed to hear from them.
import { DAY_NAMES, whenWords } from '../../lib/campaign-words.js'
import { useCampaignsStore } from '../../stores/campaigns-store.js'
import { useInstancesStore } from '../../stores/instances-store.js'

export function WizardReview() {
  const w = useCampaignsStore((s) => s.wizard)
  const setWizard = useCampaignsStore((s) => s.setWizard)
  const start = useCampaignsStore((s) => s.start)
  const goStep = useCampaignsStore((s) => s.goStep)
  const overview = useInstancesStore((s) => s.overview)
  const names = w.instanceIds.map((id) => overview?.instances.find((i) => i.id === id)?.name ?? id)
  const { schedule: s, pacing: p } = w
  const scheduled = s.startAt !== null
  return (
    <section aria-labelledby="step-review">
      <h2 id="step-review">Review and start</h2>
      <div className="form-grid">
        <label htmlFor="campaign-name">Campaign name</label>
        <input id="campaign-name" value={w.name} maxLength={100} placeholder={w.list?.name} onChange={(e) => setWizard({ name: e.target.value })} />
      </div>
      <dl className="details review">
        <dt>List</dt>
        <dd>
          {w.list?.name} ({w.list?.contacts.toLocaleString()} contacts)
        </dd>
        <dt>Audience</dt>
        <dd>{w.audience?.checking ? `checking ${w.audience.total} numbers (those not on WhatsApp are never messaged)` : w.audience ? `${w.audience.onWhatsApp} on WhatsApp, ${w.audience.notOnWhatsApp} not on WhatsApp (skipped), ${w.audience.optedOut} opted out, ${w.audience.unchecked} checked later` : 'not checked'}</dd>
        <dt>From</dt>
        <dd>{names.join(', ')}</dd>
        <dt>Message</dt>
        <dd className="review-message">{w.preview?.[0]?.text ?? w.template.text}</dd>
        <dt>Start</dt>
        <dd>{scheduled ? whenWords(s.startAt!) : 'as soon as the window is open'}</dd>
        <dt>Window</dt>
        <dd>{s.window ? `${s.window.days.map((d) => DAY_NAMES[d]).join(' ')} ${s.window.from}–${s.window.to} (${s.timeZone})` : `any time (${s.timeZone})`}</dd>
        <dt>Pace</dt>
        <dd>
          {p.minDelaySeconds}–{p.maxDelaySeconds} s between sends{p.dailyCapPerNumber ? `, at most ${p.dailyCapPerNumber} a day per number` : ''}
          {p.warmUp ? ', warm-up on' : ''}
        </dd>
        <dt>Estimate</dt>
        <dd data-testid="review-estimate">{w.estimate ? w.estimate.text : '—'}</dd>
      </dl>
      <label className="check consent">
        <input type="checkbox" checked={w.consent} onChange={(e) => setWizard({ consent: e.target.checked })} aria-describedby="consent-hint" />
        These people agreed to hear from us on WhatsApp
      </label>
      <p id="consent-hint" className="hint">
        Required. Messages to people who did not ask for them get numbers reported and banned; anyone who replies STOP is never messaged again.
      </p>
      <div className="row end wizard-buttons">
        <button type="button" onClick={() => goStep('schedule')}>
          Back
        </button>
        <button type="button" className="primary" disabled={!w.consent || w.busy || !w.list} onClick={() => void start()}>
          {w.busy ? 'Starting…' : scheduled ? 'Schedule campaign' : 'Start campaign'}
        </button>
      </div>
    </section>
  )
}
