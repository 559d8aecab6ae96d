// One account in the Settings list: plan (changeable here), quota in force, instances, the token's last characters.
import type { AccountDto, PlanTier } from '../../../src-preload/contract/dto.js'
import { Spinner } from '../../components/Spinner.js'
import { useAccountsStore } from '../../stores/accounts-store.js'

const quotaText = (n: number | null) => (n === null ? 'unlimited' : String(n))

export interface AccountRowProps {
  account: AccountDto
  planQuotas: Record<PlanTier, number | null>
  busy: boolean
  onRotate(): void
  onRemove(): void
}

export function AccountRow({ account: a, planQuotas, busy, onRotate, onRemove }: AccountRowProps) {
  const setPlan = useAccountsStore((s) => s.setPlan)
  return (
    <tr aria-label={`Account ${a.name}`} data-testid={`account-${a.id}`}>
      <th scope="row">
        {a.name}
        {a.isDefault ? <span className="muted small"> (owner: this app)</span> : null}
        <div className="muted small mono">{a.id}</div>
      </th>
      <td>
        <select aria-label={`Plan of ${a.name}`} value={a.plan} disabled={busy} onChange={(e) => void setPlan(a, { plan: e.target.value as PlanTier })}>
          <option value="free">Free ({quotaText(planQuotas.free)} instances)</option>
          <option value="paid">Paid ({quotaText(planQuotas.paid)} instances)</option>
        </select>
      </td>
      <td>
        {quotaText(a.instanceQuota)}
        {a.quotaOverridden ? (
          <button type="button" className="link small" disabled={busy} onClick={() => void setPlan(a, { quota: 'plan' })}>
            use the plan’s
          </button>
        ) : (
          <span className="muted small"> (plan)</span>
        )}
      </td>
      <td>{a.instances}</td>
      <td className="mono">{a.tokenHint ? `…${a.tokenHint}` : '—'}</td>
      <td>{new Date(a.createdAt).toLocaleDateString()}</td>
      <td className="row">
        <button type="button" disabled={busy} onClick={onRotate} aria-label={`Rotate token of ${a.name}`}>
          Rotate token
        </button>
        {a.isDefault ? null : (
          <button type="button" className="danger" disabled={busy} onClick={onRemove} aria-label={`Remove ${a.name}`}>
            Remove
          </button>
        )}
        {busy ? <Spinner label="Saving…" /> : null}
      </td>
    </tr>
  )
}
