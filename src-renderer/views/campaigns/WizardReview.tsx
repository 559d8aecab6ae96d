// Wizard step 6: everything at a glance, the campaign's name, and the consent box: nothing starts until the
// sender confirms these people agreed to hear from them.
import { useTranslation } from 'react-i18next'
import { dayName, whenWords } from '../../lib/campaign-words.js'
import { formatNumber } from '../../lib/format.js'
import { estimateWords } from '../../lib/estimate-words.js'
import { useCampaignsStore } from '../../stores/campaigns-store.js'
import { useInstancesStore } from '../../stores/instances-store.js'

export function WizardReview() {
  const { t } = useTranslation()
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
      <h2 id="step-review">{t('campaigns.wizard.reviewTitle')}</h2>
      <div className="form-grid">
        <label htmlFor="campaign-name">{t('campaigns.wizard.name')}</label>
        <input id="campaign-name" value={w.name} maxLength={100} placeholder={w.list?.name} onChange={(e) => setWizard({ name: e.target.value })} />
      </div>
      <dl className="details review">
        <dt>{t('campaigns.wizard.list')}</dt>
        <dd>
          {t('campaigns.wizard.listValue', { name: w.list?.name ?? '', n: formatNumber(w.list?.contacts ?? 0) })}
        </dd>
        <dt>{t('campaigns.wizard.audience')}</dt>
        <dd>{w.audience?.checking ? t('campaigns.wizard.audienceChecking', { n: formatNumber(w.audience.total) }) : w.audience ? t('campaigns.wizard.audienceValue', { on: formatNumber(w.audience.onWhatsApp), off: formatNumber(w.audience.notOnWhatsApp), optedOut: formatNumber(w.audience.optedOut), later: formatNumber(w.audience.unchecked) }) : t('campaigns.wizard.notChecked')}</dd>
        <dt>{t('campaigns.wizard.fromLabel')}</dt>
        <dd>{names.join(', ')}</dd>
        <dt>{t('campaigns.wizard.message')}</dt>
        <dd className="review-message">{w.preview?.[0]?.text ?? w.template.text}</dd>
        <dt>{t('campaigns.wizard.startLabel')}</dt>
        <dd>{scheduled ? whenWords(s.startAt!) : t('campaigns.wizard.asapValue')}</dd>
        <dt>{t('campaigns.wizard.windowLabel')}</dt>
        <dd>{s.window ? `${s.window.days.map(dayName).join(' ')} ${s.window.from}–${s.window.to} (${s.timeZone})` : t('campaigns.wizard.anyTime', { tz: s.timeZone })}</dd>
        <dt>{t('campaigns.wizard.paceLabel')}</dt>
        <dd>
          {t('campaigns.wizard.paceValue', { min: p.minDelaySeconds, max: p.maxDelaySeconds })}
          {p.dailyCapPerNumber ? t('campaigns.wizard.capValue', { n: formatNumber(p.dailyCapPerNumber) }) : ''}
          {p.warmUp ? t('campaigns.wizard.warmUpOn') : ''}
        </dd>
        <dt>{t('campaigns.wizard.estimate')}</dt>
        <dd data-testid="review-estimate">{w.estimate ? estimateWords(w.estimate) : '—'}</dd>
      </dl>
      <label className="check consent">
        <input type="checkbox" checked={w.consent} onChange={(e) => setWizard({ consent: e.target.checked })} aria-describedby="consent-hint" />
        {t('campaigns.wizard.consent')}
      </label>
      <p id="consent-hint" className="hint">
        {t('campaigns.wizard.consentHint')}
      </p>
      <div className="row end wizard-buttons">
        <button type="button" onClick={() => goStep('schedule')}>
          {t('campaigns.wizard.back')}
        </button>
        <button type="button" className="primary" disabled={!w.consent || w.busy || !w.list} onClick={() => void start()}>
          {w.busy ? t('campaigns.wizard.starting') : scheduled ? t('campaigns.wizard.schedule') : t('campaigns.wizard.startCampaign')}
        </button>
      </div>
    </section>
  )
}
