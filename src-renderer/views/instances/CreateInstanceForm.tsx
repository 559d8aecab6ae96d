// Creates an instance (it starts at once); optional display name.
import { useState, type FormEvent } from 'react'
import { Spinner } from '../../components/Spinner.js'
import { useAppStore } from '../../stores/app-store.js'
import { useInstancesStore } from '../../stores/instances-store.js'

export function CreateInstanceForm({ disabledReason }: { disabledReason: string | undefined }) {
  const [name, setName] = useState('')
  const creating = useInstancesStore((s) => s.creating)
  const create = useInstancesStore((s) => s.create)
  const selectInstance = useAppStore((s) => s.selectInstance)
  const submit = async (e: FormEvent) => {
    e.preventDefault()
    const created = await create(name.trim() || undefined)
    if (created) {
      setName('')
      selectInstance(created.id)
    }
  }
  return (
    <form className="row create-form" onSubmit={(e) => void submit(e)} aria-label="Create an instance">
      <label htmlFor="new-instance-name">Name (optional)</label>
      <input id="new-instance-name" value={name} maxLength={64} placeholder="e.g. Front desk" onChange={(e) => setName(e.target.value)} />
      <button type="submit" className="primary" disabled={creating || !!disabledReason} title={disabledReason}>
        Create instance
      </button>
      {creating ? <Spinner label="Creating…" /> : null}
      {disabledReason ? <p className="muted small">{disabledReason}</p> : null}
    </form>
  )
}
