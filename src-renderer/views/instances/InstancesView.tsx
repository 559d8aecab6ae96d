// Instances: the plan's quota, a form to create one, and the list with live statuses and lifecycle actions.
import { useEffect } from 'react'
import { ErrorNote } from '../../components/ErrorNote.js'
import { Spinner } from '../../components/Spinner.js'
import { useAppStore } from '../../stores/app-store.js'
import { useInstancesStore } from '../../stores/instances-store.js'
import { CreateInstanceForm } from './CreateInstanceForm.js'
import { InstanceCard } from './InstanceCard.js'

export function InstancesView() {
  const { overview, loading, error, load, clearError } = useInstancesStore()
  const reconnects = useAppStore((s) => s.reconnects)
  useEffect(() => {
    void load()
  }, [load, reconnects])

  const quota = overview?.quota
  const full = !!quota && quota.limit !== null && quota.used >= quota.limit
  return (
    <section aria-labelledby="instances-title" className="view">
      <header className="view-header">
        <h1 id="instances-title">Instances</h1>
        {quota ? (
          <p className="quota" data-testid="quota">
            {quota.limit === null ? `${quota.used} in use (unlimited on the ${overview.plan} plan)` : `${quota.used} of ${quota.limit} in use (${overview.plan} plan)`}
          </p>
        ) : null}
      </header>
      <CreateInstanceForm disabledReason={full ? 'The plan’s instance quota is used up: delete an instance you no longer need, or choose the paid plan in Settings.' : undefined} />
      <ErrorNote error={error} onDismiss={clearError} />
      {loading && !overview ? <Spinner label="Loading instances…" /> : null}
      {overview && overview.instances.length === 0 ? <p className="empty">No instances yet. Create one to pair a WhatsApp account.</p> : null}
      <ul className="cards" aria-label="Instances">
        {overview?.instances.map((i) => (
          <InstanceCard key={i.id} instance={i} />
        ))}
      </ul>
    </section>
  )
}
