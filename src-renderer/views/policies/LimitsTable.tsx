// Every policy with its limits; the current one marked, paid ones locked on the free plan, one click to switch
// (the instance list learns the new policy at once).
import type { PoliciesDto, PolicyLimitName } from '../../../src-preload/contract/dto.js'
import { Icon } from '../../components/Icon.js'
import { Spinner } from '../../components/Spinner.js'
import { formatLimit } from '../../lib/format.js'
import { useInstancesStore } from '../../stores/instances-store.js'
import { usePoliciesStore } from '../../stores/policies-store.js'

const ROWS: { key: PolicyLimitName; label: string; unit?: string; none?: string }[] = [
  { key: 'send_message_per_minute', label: 'Messages per minute' },
  { key: 'send_message_daily_cap', label: 'Messages per day' },
  { key: 'account_protection_seconds', label: 'Pause after connecting', unit: ' s', none: 'No pause' },
  { key: 'concurrent_limit', label: 'Sends at the same time' },
  { key: 'group_req_per_minute', label: 'Group operations per minute' },
  { key: 'group_daily_cap', label: 'Group operations per day' },
  { key: 'check_req_per_minute', label: 'Number checks per minute' },
  { key: 'check_daily_cap', label: 'Number checks per day' }
]

export function LimitsTable({ dto }: { dto: PoliciesDto }) {
  const saving = usePoliciesStore((s) => s.saving)
  const select = usePoliciesStore((s) => s.select)
  const loadInstances = useInstancesStore((s) => s.load)
  const use = async (slug: string) => {
    if ((await select(dto.instanceId, slug)) && useInstancesStore.getState().overview) await loadInstances()
  }
  return (
    <table className="limits">
      <caption className="sr-only">Limits of each policy</caption>
      <thead>
        <tr>
          <th scope="col">Limit</th>
          {dto.policies.map((p) => (
            <th scope="col" key={p.slug} className={p.slug === dto.current ? 'current' : undefined}>
              <span className="policy-name">{p.name}</span>
              {p.slug === dto.current ? <span className="tag tag-current">Current</span> : null}
              {!p.available ? <span className="tag tag-locked" title="Needs the paid plan"><Icon name="lock" /> Paid plan</span> : null}
              <span className="muted small policy-description">{p.description}</span>
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {ROWS.map((r) => (
          <tr key={r.key}>
            <th scope="row">{r.label}</th>
            {dto.policies.map((p) => (
              <td key={p.slug}>{p.limits[r.key] === null && r.none ? r.none : formatLimit(p.limits[r.key], r.unit)}</td>
            ))}
          </tr>
        ))}
        <tr>
          <td />
          {dto.policies.map((p) => (
            <td key={p.slug}>
              {p.slug === dto.current ? (
                <span className="muted">In use</span>
              ) : (
                <button type="button" disabled={!p.available || saving !== null} onClick={() => void use(p.slug)} aria-label={`Use the ${p.name} policy`}>
                  {p.available ? 'Use this policy' : 'Needs paid plan'}
                </button>
              )}
              {saving === p.slug ? <Spinner label="Saving…" /> : null}
            </td>
          ))}
        </tr>
      </tbody>
    </table>
  )
}
