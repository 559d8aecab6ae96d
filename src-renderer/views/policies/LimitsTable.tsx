// Every policy with its limits; the current one marked, paid ones locked on the free plan, one click to switch
// (the instance list learns the new policy at once).
import { useTranslation } from 'react-i18next'
import type { PoliciesDto, PolicyLimitName } from '../../../src-preload/contract/dto.js'
import { Icon } from '../../components/Icon.js'
import { Spinner } from '../../components/Spinner.js'
import { formatDuration, formatLimit } from '../../lib/format.js'
import { useInstancesStore } from '../../stores/instances-store.js'
import { usePoliciesStore } from '../../stores/policies-store.js'
import { policyDescription, policyName } from '../../lib/policy-words.js'

/** The limits shown, in order; each is labelled by policies.limit.<key> (and policies.none.<key> when null means none); seconds are worded as a duration. */
const ROWS: { key: PolicyLimitName; seconds?: boolean; none?: boolean }[] = [
  { key: 'send_message_per_minute' },
  { key: 'send_message_daily_cap' },
  { key: 'account_protection_seconds', seconds: true, none: true },
  { key: 'concurrent_limit' },
  { key: 'group_req_per_minute' },
  { key: 'group_daily_cap' },
  { key: 'check_req_per_minute' },
  { key: 'check_daily_cap' }
]

/** A limit's cell: its "none" word where null means none, a duration for seconds, else the count or "No limit". */
function limitWords(value: number | null, r: (typeof ROWS)[number], t: (key: string) => string): string {
  if (value === null && r.none) return t(`policies.none.${r.key}`)
  return r.seconds && value !== null ? formatDuration(value * 1000) : formatLimit(value)
}

export function LimitsTable({ dto }: { dto: PoliciesDto }) {
  const { t } = useTranslation()
  const saving = usePoliciesStore((s) => s.saving)
  const select = usePoliciesStore((s) => s.select)
  const loadInstances = useInstancesStore((s) => s.load)
  const use = async (slug: string) => {
    if ((await select(dto.instanceId, slug)) && useInstancesStore.getState().overview) await loadInstances()
  }
  return (
    <table className="limits">
      <caption className="sr-only">{t('policies.caption')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('policies.limitCol')}</th>
          {dto.policies.map((p) => (
            <th scope="col" key={p.slug} className={p.slug === dto.current ? 'current' : undefined}>
              <span className="policy-name">{policyName(p.slug, p.name)}</span>
              {p.slug === dto.current ? <span className="tag tag-current">{t('policies.current')}</span> : null}
              {!p.available ? <span className="tag tag-locked" title={t('policies.needsPaidTitle')}><Icon name="lock" /> {t('policies.paidPlan')}</span> : null}
              <span className="muted small policy-description">{policyDescription(p.slug, p.description)}</span>
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {ROWS.map((r) => (
          <tr key={r.key}>
            <th scope="row">{t(`policies.limit.${r.key}`)}</th>
            {dto.policies.map((p) => (
              <td key={p.slug}>{limitWords(p.limits[r.key], r, t)}</td>
            ))}
          </tr>
        ))}
        <tr>
          <td />
          {dto.policies.map((p) => (
            <td key={p.slug}>
              {p.slug === dto.current ? (
                <span className="muted">{t('policies.inUse')}</span>
              ) : (
                <button type="button" disabled={!p.available || saving !== null} onClick={() => void use(p.slug)} aria-label={t('policies.useNamed', { name: p.name })}>
                  {p.available ? t('policies.use') : t('policies.needsPaid')}
                </button>
              )}
              {saving === p.slug ? <Spinner label={t('policies.saving')} /> : null}
            </td>
          ))}
        </tr>
      </tbody>
    </table>
  )
}
