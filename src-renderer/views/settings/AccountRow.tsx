// One account in the Settings list: plan (changeable here), quota in force, instances, the token's last characters.
import { useTranslation } from 'react-i18next'
import { t } from '../../i18n/index.js'
import { formatNumber, formatShortDate } from '../../lib/format.js'
import type { AccountDto, PlanTier } from '../../../src-preload/contract/dto.js'
import { Spinner } from '../../components/Spinner.js'
import { useAccountsStore } from '../../stores/accounts-store.js'

const quotaText = (n: number | null) => (n === null ? t('accounts.unlimited') : formatNumber(n))

export interface AccountRowProps {
  account: AccountDto
  planQuotas: Record<PlanTier, number | null>
  busy: boolean
  onRotate(): void
  onRemove(): void
}

export function AccountRow({ account: a, planQuotas, busy, onRotate, onRemove }: AccountRowProps) {
  const setPlan = useAccountsStore((s) => s.setPlan)
  const { t: tr } = useTranslation()
  return (
    <tr aria-label={tr('accounts.row', { name: a.name })} data-testid={`account-${a.id}`}>
      <th scope="row">
        {a.name}
        {a.isDefault ? <span className="muted small">{tr('accounts.owner')}</span> : null}
        <div className="muted small mono">{a.id}</div>
      </th>
      <td>
        <select aria-label={tr('accounts.planOf', { name: a.name })} value={a.plan} disabled={busy} onChange={(e) => void setPlan(a, { plan: e.target.value as PlanTier })}>
          <option value="free">{tr('accounts.planOption', { plan: tr('plan.name.free'), quota: quotaText(planQuotas.free) })}</option>
          <option value="paid">{tr('accounts.planOption', { plan: tr('plan.name.paid'), quota: quotaText(planQuotas.paid) })}</option>
        </select>
      </td>
      <td>
        {quotaText(a.instanceQuota)}
        {a.quotaOverridden ? (
          <button type="button" className="link small" disabled={busy} onClick={() => void setPlan(a, { quota: 'plan' })}>
            {tr('accounts.usePlans')}
          </button>
        ) : (
          <span className="muted small">{tr('accounts.fromPlan')}</span>
        )}
      </td>
      <td>{formatNumber(a.instances)}</td>
      <td className="mono">{a.tokenHint ? `…${a.tokenHint}` : '—'}</td>
      <td>{formatShortDate(a.createdAt)}</td>
      <td className="row">
        <button type="button" disabled={busy} onClick={onRotate} aria-label={tr('accounts.rotateOf', { name: a.name })}>
          {tr('accounts.rotate')}
        </button>
        {a.isDefault ? null : (
          <button type="button" className="danger" disabled={busy} onClick={onRemove} aria-label={tr('accounts.removeNamed', { name: a.name })}>
            {tr('accounts.remove')}
          </button>
        )}
        {busy ? <Spinner label={tr('accounts.saving')} /> : null}
      </td>
    </tr>
  )
}
