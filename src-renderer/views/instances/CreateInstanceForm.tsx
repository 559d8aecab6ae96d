// Creates an instance (it starts at once); optional display name.
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Spinner } from '../../components/Spinner.js'
import { useAppStore } from '../../stores/app-store.js'
import { useInstancesStore } from '../../stores/instances-store.js'

export function CreateInstanceForm({ disabledReason }: { disabledReason: string | undefined }) {
  const [name, setName] = useState('')
  const creating = useInstancesStore((s) => s.creating)
  const create = useInstancesStore((s) => s.create)
  const selectInstance = useAppStore((s) => s.selectInstance)
  const { t } = useTranslation()
  const submit = async (e: FormEvent) => {
    e.preventDefault()
    const created = await create(name.trim() || undefined)
    if (created) {
      setName('')
      selectInstance(created.id)
    }
  }
  return (
    <form className="row create-form" onSubmit={(e) => void submit(e)} aria-label={t('cardExtras.create.form')}>
      <label htmlFor="new-instance-name">{t('cardExtras.create.name')}</label>
      <input id="new-instance-name" value={name} maxLength={64} placeholder={t('cardExtras.create.placeholder')} onChange={(e) => setName(e.target.value)} />
      <button type="submit" className="primary" disabled={creating || !!disabledReason} title={disabledReason}>
        {t('cardExtras.create.button')}
      </button>
      {creating ? <Spinner label={t('cardExtras.create.creating')} /> : null}
      {disabledReason ? <p className="muted small">{disabledReason}</p> : null}
    </form>
  )
}
