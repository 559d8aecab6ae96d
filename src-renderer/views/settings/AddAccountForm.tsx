// Adds an account: a name (the client it is for), its plan, and optionally its own instance quota.
import { useTranslation } from 'react-i18next'
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
  const { t } = useTranslation()
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
    <form className="row create-form" onSubmit={(e) => void submit(e)} aria-label={t('accounts.addForm')}>
      <label htmlFor="new-account-name">{t('accounts.name')}</label>
      <input id="new-account-name" value={name} maxLength={100} placeholder={t('accounts.namePlaceholder')} required onChange={(e) => setName(e.target.value)} />
      <label htmlFor="new-account-plan">{t('accounts.plan')}</label>
      <select id="new-account-plan" value={plan} onChange={(e) => setPlan(e.target.value as PlanTier)}>
        <option value="free">{t('plan.name.free')}</option>
        <option value="paid">{t('plan.name.paid')}</option>
      </select>
      <label htmlFor="new-account-quota">{t('accounts.quotaOptional')}</label>
      <input id="new-account-quota" value={quota} inputMode="numeric" placeholder={t('accounts.quotaPlaceholder')} size={8} aria-invalid={!quotaValid} onChange={(e) => setQuota(e.target.value)} />
      <button type="submit" className="primary" disabled={adding || !name.trim() || !quotaValid}>
        {t('accounts.add')}
      </button>
      {adding ? <Spinner label={t('accounts.adding')} /> : null}
      {!quotaValid ? <p className="field-error">{t('accounts.quotaBad')}</p> : null}
    </form>
  )
}
