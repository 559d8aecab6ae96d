// Instances, the shop's first screen: each number's state, today's figures and the way to its chats (live: the
// day's figures reload, coalesced, as messages and statuses change), then the form to add one and the plan's quota.
import { useTranslation } from 'react-i18next'
import { formatNumber } from '../../lib/format.js'
import { useEffect } from 'react'
import { ErrorNote } from '../../components/ErrorNote.js'
import { Spinner } from '../../components/Spinner.js'
import { useAppStore } from '../../stores/app-store.js'
import { useInstancesStore } from '../../stores/instances-store.js'
import { useTodayStore } from '../../stores/today-store.js'
import { bridge } from '../../lib/bridge.js'
import { CreateInstanceForm } from './CreateInstanceForm.js'
import { InstanceCard } from './InstanceCard.js'

export function InstancesView() {
  const { overview, loading, error, load, clearError } = useInstancesStore()
  const reconnects = useAppStore((s) => s.reconnects)
  const today = useTodayStore((s) => s.byInstance)
  const { t } = useTranslation()
  useEffect(() => {
    void load()
    void useTodayStore.getState().load()
  }, [load, reconnects])
  // While the dashboard shows, what changes the day reloads its figures.
  useEffect(() => {
    const reload = () => void useTodayStore.getState().load()
    const offs = [bridge().on('chat.message', reload), bridge().on('chat.ack', reload), bridge().on('instance.status', reload), bridge().on('instances.changed', reload)]
    return () => offs.forEach((off) => off())
  }, [])

  const quota = overview?.quota
  const full = !!quota && quota.limit !== null && quota.used >= quota.limit
  return (
    <section aria-labelledby="instances-title" className="view">
      <header className="view-header">
        <h1 id="instances-title">{t('nav.instances')}</h1>
        {quota ? (
          <p className="quota" data-testid="quota">
            {quota.limit === null ? t('instances.quotaUnlimited', { used: formatNumber(quota.used), plan: t(`topbar.plan.${overview.plan}`) }) : t('instances.quota', { used: formatNumber(quota.used), limit: formatNumber(quota.limit), plan: t(`topbar.plan.${overview.plan}`) })}
          </p>
        ) : null}
      </header>
      <ErrorNote error={error} onDismiss={clearError} />
      {loading && !overview ? <Spinner label={t('instances.loading')} /> : null}
      {overview && overview.instances.length === 0 ? <p className="empty">{t('instances.none')}</p> : null}
      <ul className="cards" aria-label={t('nav.instances')}>
        {overview?.instances.map((i) => (
          <InstanceCard key={i.id} instance={i} day={today[i.id]} />
        ))}
      </ul>
      <CreateInstanceForm disabledReason={full ? t('instances.quotaFull') : undefined} />
    </section>
  )
}
