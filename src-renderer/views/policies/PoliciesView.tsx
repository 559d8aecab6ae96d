// Policies: the instance's rate-limit policy, every policy's limits side by side (paid ones locked on the free
// plan), and live counters refreshed every few seconds while the view is open.
import { useTranslation } from 'react-i18next'
import { useEffect } from 'react'
import { ErrorNote } from '../../components/ErrorNote.js'
import { InstancePicker } from '../../components/InstancePicker.js'
import { Spinner } from '../../components/Spinner.js'
import { useAppStore } from '../../stores/app-store.js'
import { usePoliciesStore } from '../../stores/policies-store.js'
import { useQueueStore } from '../../stores/queue-store.js'
import { Counters } from './Counters.js'
import { LimitsTable } from './LimitsTable.js'

const REFRESH_MS = 3_000

export function PoliciesView() {
  const { t } = useTranslation()
  const instanceId = useAppStore((s) => s.instanceId)
  const data = usePoliciesStore((s) => (instanceId ? s.data[instanceId] : undefined))
  const { loading, error, load } = usePoliciesStore()
  const loadQueue = useQueueStore((s) => s.load)
  const reconnects = useAppStore((s) => s.reconnects)
  useEffect(() => {
    if (!instanceId) return
    void load(instanceId)
    void loadQueue(instanceId)
    const t = setInterval(() => {
      void load(instanceId, true)
      // When the waiting ones go (the queue's ETAs) explains the waiting counter.
      void loadQueue(instanceId)
    }, REFRESH_MS)
    return () => clearInterval(t)
  }, [instanceId, load, loadQueue, reconnects])

  return (
    <section aria-labelledby="policies-title" className="view">
      <header className="view-header">
        <h1 id="policies-title">{t('views.policies')}</h1>
        <InstancePicker />
      </header>
      <ErrorNote error={error} />
      {loading && !data ? <Spinner label={t('policies.loading')} /> : null}
      {data ? (
        <>
          <Counters dto={data} />
          {!data.hasActivePlan ? <p className="muted">{t('policies.paidNote')}</p> : null}
          <LimitsTable dto={data} />
        </>
      ) : null}
    </section>
  )
}
