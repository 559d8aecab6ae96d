// Adds an account: a name (the client it is for), its plan, and optionally its own instance quota.
import { useState, type FormEvent } from 'react'
import type { PlanTier } from '../../../src-preload/contract/dto.js'
import { Spinner } from '../../components/Spinner.js'
import { useAccountsStore } from '../../stores/accounts-store.js'

export function AddAccountForm() {
  const [name, setName] = useState('')
  const [plan, setPlan] = useState<PlanTier>('free')
  const [quota, setQuota] = useState('')
  const adding = useAccountsStore((s) => s.busy === 'add')
  const add = useAccountsStore((s) => s.add)
  const quotaValid = quota.trim() === '' || /^\d{1,5}$/.test(quota.trim())
  const submit = async (e: FormEvent) => {
    e.preventDefault()
    if (!name.trim() || !quotaValid) return
    if (await add({ name: name.trim(), plan, quota: quota.trim() === '' ? 'plan' : Number(quota.trim()) })) {
      setName('')
      setQuota('')
    }
  }
  return (
    <form className="row create-form" onSubmit={(e) => void submit(e)} aria-label="Add an account">
      <label htmlFor="new-account-name">Name</label>
      <input id="new-account-name" value={name} maxLength={100} placeholder="e.g. Acme Ltd" required onChange={(e) => setName(e.target.value)} />
      <label htmlFor="new-account-plan">Plan</label>
      <select id="new-account-plan" value={plan} onChange={(e) => setPlan(e.target.value as PlanTier)}>
        <option value="free">Free</option>
        <option value="paid">Paid</option>
      </select>
      <label htmlFor="new-account-quota">Instance quota (optional)</label>
      <input id="new-account-quota" value={quota} inputMode="numeric" placeholder="the plan’s" size={8} aria-invalid={!quotaValid} onChange={(e) => setQuota(e.target.value)} />
      <button type="submit" className="primary" disabled={adding || !name.trim() || !quotaValid}>
        Add account
      </button>
      {adding ? <Spinner label="Adding…" /> : null}
      {!quotaValid ? <p className="field-error">The quota is a whole number of instances; leave it empty for the plan’s.</p> : null}
    </form>
  )
}
