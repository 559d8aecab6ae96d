// Webhooks of an instance: the paid-plan lock, the configured URLs with their events, a form to add one (folded
// behind a button once there are webhooks, so the delivery log is not below 27 checkboxes), and the delivery log
// (live: every attempt refreshes it).
import { useTranslation } from 'react-i18next'
import { useEffect, useState } from 'react'
import { ErrorNote } from '../../components/ErrorNote.js'
import { Icon } from '../../components/Icon.js'
import { InstancePicker } from '../../components/InstancePicker.js'
import { Spinner } from '../../components/Spinner.js'
import { useAppStore } from '../../stores/app-store.js'
import { useWebhooksStore } from '../../stores/webhooks-store.js'
import { DeliveryLog } from './DeliveryLog.js'
import { WebhookForm } from './WebhookForm.js'
import { WebhookList } from './WebhookList.js'

export function WebhooksView() {
  const { t } = useTranslation()
  const instanceId = useAppStore((s) => s.instanceId)
  const data = useWebhooksStore((s) => (instanceId ? s.data[instanceId] : undefined))
  const { loading, error, load } = useWebhooksStore()
  const reconnects = useAppStore((s) => s.reconnects)
  const go = useAppStore((s) => s.go)
  const [adding, setAdding] = useState(false)
  useEffect(() => {
    if (instanceId) void load(instanceId)
  }, [instanceId, load, reconnects])

  return (
    <section aria-labelledby="webhooks-title" className="view">
      <header className="view-header">
        <h1 id="webhooks-title">{t('nav.webhooks')}</h1>
        <InstancePicker />
      </header>
      {loading && !data ? <Spinner label={t('webhooks.loading')} /> : null}
      <ErrorNote error={error} />
      {data && !data.allowed ? (
        <div className="panel locked" data-testid="webhooks-locked">
          <h2>
            <Icon name="lock" /> {t('webhooks.lockedTitle')}
          </h2>
          <p>{t('webhooks.lockedText')}</p>
          <button type="button" className="primary" onClick={() => go('settings')}>
            {t('webhooks.openSettings')}
          </button>
        </div>
      ) : null}
      {data && data.allowed ? (
        <>
          <WebhookList dto={data} />
          {adding || data.webhooks.length === 0 ? (
            <WebhookForm instanceId={data.instanceId} knownEvents={data.knownEvents} descriptions={data.eventDescriptions} {...(data.webhooks.length ? { onClose: () => setAdding(false) } : {})} />
          ) : (
            <button type="button" className="add-webhook" onClick={() => setAdding(true)}>
              {t('webhooks.addAnother')}
            </button>
          )}
          <DeliveryLog instanceId={data.instanceId} />
        </>
      ) : null}
    </section>
  )
}
