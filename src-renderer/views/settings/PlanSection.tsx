// The owner's plan (free/paid emulation of the hosted service) with what each unlocks, and each plan's instance
// quota. All apply at once; other accounts' plans are set in Accounts below.
import { useEffect, useState, type FormEvent } from 'react'
import type { PlanTier, SettingDto } from '../../../src-preload/contract/dto.js'
import { useSettingsStore } from '../../stores/settings-store.js'
import { PinnedNote, SectionOutcome, parseQuotaText, quotaText } from './SettingNotes.js'

const PLAN_NAME: Record<PlanTier, string> = { free: 'Free', paid: 'Paid' }

function QuotaField({ plan, setting }: { plan: PlanTier; setting: SettingDto<number | null> }) {
  const save = useSettingsStore((s) => s.save)
  const [text, setText] = useState(quotaText(setting.value))
  useEffect(() => setText(quotaText(setting.value)), [setting.value])
  const parsed = parseQuotaText(text)
  const id = `quota-${plan}`
  const submit = (e: FormEvent) => {
    e.preventDefault()
    if (parsed === undefined) return
    void save('plan', plan === 'free' ? { freeInstanceQuota: parsed } : { paidInstanceQuota: parsed }, `${PLAN_NAME[plan]} plan quota: ${parsed}`)
  }
  return (
    <form className="row" onSubmit={submit} aria-label={`${PLAN_NAME[plan]} plan quota`}>
      <label htmlFor={id}>Instances per account on {PLAN_NAME[plan]}</label>
      <input id={id} value={text} size={9} disabled={!!setting.pinnedBy} aria-invalid={parsed === undefined} aria-describedby={`${id}-help`} onChange={(e) => setText(e.target.value)} />
      <button type="submit" disabled={!!setting.pinnedBy || parsed === undefined || text === quotaText(setting.value)}>
        Save
      </button>
      <span id={`${id}-help`} className={parsed === undefined ? 'field-error' : 'muted small'}>
        {parsed === undefined ? 'A whole number of instances, or unlimited.' : 'A number, or unlimited.'}
      </span>
      <PinnedNote setting={setting} />
    </form>
  )
}

export function PlanSection() {
  const settings = useSettingsStore((s) => s.settings)
  const save = useSettingsStore((s) => s.save)
  if (!settings) return null
  const { plan } = settings
  return (
    <div className="panel" role="region" aria-labelledby="plan-title">
      <h2 id="plan-title">Plan</h2>
      <p className="muted small">Switchboard emulates the hosted service’s plans, so your tools see the same answers. Changes apply at once.</p>
      <div className="row">
        <label htmlFor="settings-plan">Your plan</label>
        <select id="settings-plan" value={plan.value} disabled={!!plan.pinnedBy} onChange={(e) => void save('plan', { plan: e.target.value as PlanTier }, `plan ${PLAN_NAME[e.target.value as PlanTier]}`)}>
          <option value="free">Free</option>
          <option value="paid">Paid</option>
        </select>
      </div>
      <PinnedNote setting={plan} />
      <div className="plan-compare">
        {(['free', 'paid'] as const).map((tier) => (
          <div key={tier} aria-label={`What ${PLAN_NAME[tier]} unlocks`} role="group">
            <h3>
              {PLAN_NAME[tier]}
              {plan.value === tier ? <span className="muted small"> (yours)</span> : null}
            </h3>
            <ul className="small">
              {plan.unlocks[tier].map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          </div>
        ))}
      </div>
      <QuotaField plan="free" setting={settings.freeInstanceQuota} />
      <QuotaField plan="paid" setting={settings.paidInstanceQuota} />
      <SectionOutcome section="plan" />
    </div>
  )
}
