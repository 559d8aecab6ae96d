// The owner's plan (free/paid emulation of the hosted service) with what each unlocks, and each plan's instance
// quota. All apply at once; other accounts' plans are set in Accounts below.
import { useTranslation } from 'react-i18next'
import { i18n, t } from '../../i18n/index.js'
import { useEffect, useState, type FormEvent } from 'react'
import type { PlanTier, SettingDto } from '../../../src-preload/contract/dto.js'
import { useSettingsStore } from '../../stores/settings-store.js'
import { PinnedNote, SectionOutcome, parseQuotaText, quotaText } from './SettingNotes.js'
import { policyName } from '../../lib/policy-words.js'

const planName = (tier: PlanTier) => t(`plan.name.${tier}`)

/**
 * What a plan unlocks: the core's lines in English; in another language the same three lines in the locale's words,
 * built from the quota and the free policies (by slug, named in the locale; a core without slugs: the names its last
 * free line lists). Lines of another shape (a newer core) are shown as the core sent them.
 */
export function unlockWords(tier: PlanTier, lines: string[], quota: number | null, freePolicies?: string[]): string[] {
  if (i18n.language === 'en' || lines.length !== 3) return lines
  const instances = quota === null ? t('localized.plan.unlimited') : t('localized.plan.instances', { count: quota })
  if (tier === 'paid') return [instances, t('localized.plan.webhooks'), t('localized.plan.everyPolicy')]
  const listed = /\(([^()]*)\)\s*$/.exec(lines[2]!)?.[1]
  if (listed === undefined) return lines
  const coreNames = listed.split(', ')
  const names = freePolicies && freePolicies.length === coreNames.length ? freePolicies.map((slug, i) => policyName(slug, coreNames[i]!)).join(', ') : listed
  return [instances, t('localized.plan.basics'), t('localized.plan.freePolicies', { names })]
}

function QuotaField({ plan, setting }: { plan: PlanTier; setting: SettingDto<number | null> }) {
  const save = useSettingsStore((s) => s.save)
  const [text, setText] = useState(quotaText(setting.value))
  useEffect(() => setText(quotaText(setting.value)), [setting.value])
  const parsed = parseQuotaText(text)
  const id = `quota-${plan}`
  const { t: tr } = useTranslation()
  const submit = (e: FormEvent) => {
    e.preventDefault()
    if (parsed === undefined) return
    void save('plan', plan === 'free' ? { freeInstanceQuota: parsed } : { paidInstanceQuota: parsed }, tr('notes.planQuota', { plan: planName(plan), quota: parsed }))
  }
  return (
    <form className="row" onSubmit={submit} aria-label={tr('plan.quotaForm', { plan: planName(plan) })}>
      <label htmlFor={id}>{tr('plan.quotaLabel', { plan: planName(plan) })}</label>
      <input id={id} value={text} size={9} disabled={!!setting.pinnedBy} aria-invalid={parsed === undefined} aria-describedby={`${id}-help`} onChange={(e) => setText(e.target.value)} />
      <button type="submit" disabled={!!setting.pinnedBy || parsed === undefined || text === quotaText(setting.value)}>
        {tr('common.save')}
      </button>
      <span id={`${id}-help`} className={parsed === undefined ? 'field-error' : 'muted small'}>
        {parsed === undefined ? tr('plan.quotaBad') : tr('plan.quotaHelp')}
      </span>
      <PinnedNote setting={setting} />
    </form>
  )
}

export function PlanSection() {
  const settings = useSettingsStore((s) => s.settings)
  const save = useSettingsStore((s) => s.save)
  const { t: tr } = useTranslation()
  if (!settings) return null
  const { plan } = settings
  return (
    <div className="panel" role="region" aria-labelledby="plan-title">
      <h2 id="plan-title">{tr('plan.title')}</h2>
      <p className="muted small">{tr('plan.intro')}</p>
      <div className="row">
        <label htmlFor="settings-plan">{tr('plan.yourPlan')}</label>
        <select id="settings-plan" value={plan.value} disabled={!!plan.pinnedBy} onChange={(e) => void save('plan', { plan: e.target.value as PlanTier }, tr('notes.plan', { plan: planName(e.target.value as PlanTier) }))}>
          <option value="free">{planName('free')}</option>
          <option value="paid">{planName('paid')}</option>
        </select>
      </div>
      <PinnedNote setting={plan} />
      <div className="plan-compare">
        {(['free', 'paid'] as const).map((tier) => (
          <div key={tier} aria-label={tr('plan.unlocks', { plan: planName(tier) })} role="group">
            <h3>
              {planName(tier)}
              {plan.value === tier ? <span className="muted small">{tr('plan.yours')}</span> : null}
            </h3>
            <ul className="small">
              {unlockWords(tier, plan.unlocks[tier], (tier === 'free' ? settings.freeInstanceQuota : settings.paidInstanceQuota).effective, plan.freePolicies).map((line) => (
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
