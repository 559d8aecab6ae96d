// A small health panel per instance (issue 23 item 5): the figures GET /metrics reports for it — send queue and its
// oldest wait, sends by result, deliverability, inbound messages, webhook deliveries and the outbox lag — read from
// the core when opened or refreshed (nothing polls while it is closed).
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { InstanceHealthDto } from '../../../src-preload/contract/dto.js'
import { ErrorNote } from '../../components/ErrorNote.js'
import { bridge, call } from '../../lib/bridge.js'
import { toUiError, type UiError } from '../../lib/errors.js'
import { i18n } from '../../i18n/index.js'
import { formatDuration, formatNumber } from '../../lib/format.js'

/** "2 queued · 14 sent": the non-zero counts by state, in the UI's language (an unknown state as the core names it). */
export const counts = (m: Record<string, number>): string =>
  Object.entries(m)
    .filter(([, n]) => n > 0)
    .map(([k, n]) => `${formatNumber(n)} ${i18n.exists(`cardExtras.health.state.${k}`) ? i18n.t(`cardExtras.health.state.${k}`) : k.replace('_', ' ')}`)
    .join(' · ') || i18n.t('cardExtras.health.none')

export function HealthPanel({ instanceId }: { instanceId: string }) {
  const [health, setHealth] = useState<InstanceHealthDto | null>(null)
  const [error, setError] = useState<UiError | null>(null)
  const [loading, setLoading] = useState(false)
  const { t } = useTranslation()
  const load = async () => {
    setLoading(true)
    try {
      setHealth(await call(bridge().instances.health({ instanceId })))
      setError(null)
    } catch (e) {
      setError(toUiError(e))
    } finally {
      setLoading(false)
    }
  }
  return (
    <details className="health" onToggle={(e) => (e.currentTarget.open && !health ? void load() : undefined)}>
      <summary>{t('cardExtras.health.title')}</summary>
      {health ? (
        <dl className="details" aria-label={t('cardExtras.health.figures')}>
          <dt>{t('cardExtras.health.queue')}</dt>
          <dd>{health.queueDepth ? t('cardExtras.health.queueValue', { n: formatNumber(health.queueDepth), age: formatDuration(health.oldestQueuedSeconds * 1000) }) : t('cardExtras.health.empty')}</dd>
          <dt>{t('cardExtras.health.sends')}</dt>
          <dd>{counts(health.sends)}</dd>
          <dt>{t('cardExtras.health.newContacts')}</dt>
          <dd>{health.newContactsPaused ? t('cardExtras.health.paused', { n: formatNumber(health.heldNewContactSends) }) : t('cardExtras.health.ok')}</dd>
          <dt>{t('cardExtras.health.inbound')}</dt>
          <dd>{formatNumber(health.inboundMessages)}</dd>
          <dt>{t('cardExtras.health.webhooks')}</dt>
          <dd>{counts(health.webhookDeliveries)}</dd>
          <dt>{t('cardExtras.health.outbox')}</dt>
          <dd>{health.outboxPending ? t('cardExtras.health.outboxValue', { n: formatNumber(health.outboxPending), age: formatDuration(health.outboxOldestPendingSeconds * 1000) }) : t('cardExtras.health.nonePending')}</dd>
          <dt>{t('cardExtras.health.streams')}</dt>
          <dd>{formatNumber(health.eventStreamClients)}</dd>
        </dl>
      ) : null}
      <button type="button" className="link" disabled={loading} onClick={() => void load()}>
        {loading ? t('cardExtras.health.reading') : t('cardExtras.health.refresh')}
      </button>
      <p className="muted small">{t('cardExtras.health.metrics')}</p>
      <ErrorNote error={error} />
    </details>
  )
}
