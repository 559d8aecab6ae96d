// A small health panel per instance (issue 23 item 5): the figures GET /metrics reports for it — send queue and its
// oldest wait, sends by result, deliverability, inbound messages, webhook deliveries and the outbox lag — read from
// the core when opened or refreshed (nothing polls while it is closed).
import { useState } from 'react'
import type { InstanceHealthDto } from '../../../src-preload/contract/dto.js'
import { ErrorNote } from '../../components/ErrorNote.js'
import { bridge, call } from '../../lib/bridge.js'
import { toUiError, type UiError } from '../../lib/errors.js'
import { formatDuration } from '../../lib/format.js'

const counts = (m: Record<string, number>) =>
  Object.entries(m)
    .filter(([, n]) => n > 0)
    .map(([k, n]) => `${n} ${k.replace('_', ' ')}`)
    .join(' · ') || 'none'

export function HealthPanel({ instanceId }: { instanceId: string }) {
  const [health, setHealth] = useState<InstanceHealthDto | null>(null)
  const [error, setError] = useState<UiError | null>(null)
  const [loading, setLoading] = useState(false)
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
      <summary>Health</summary>
      {health ? (
        <dl className="details" aria-label="Health figures">
          <dt>Send queue</dt>
          <dd>{health.queueDepth ? `${health.queueDepth} waiting, oldest ${formatDuration(health.oldestQueuedSeconds)}` : 'empty'}</dd>
          <dt>Sends</dt>
          <dd>{counts(health.sends)}</dd>
          <dt>New contacts</dt>
          <dd>{health.newContactsPaused ? `paused by the network (${health.heldNewContactSends} held)` : 'ok'}</dd>
          <dt>Inbound messages</dt>
          <dd>{health.inboundMessages}</dd>
          <dt>Webhook deliveries</dt>
          <dd>{counts(health.webhookDeliveries)}</dd>
          <dt>Outbox lag</dt>
          <dd>{health.outboxPending ? `${health.outboxPending} pending, oldest ${formatDuration(health.outboxOldestPendingSeconds)}` : 'none pending'}</dd>
          <dt>Event-stream clients</dt>
          <dd>{health.eventStreamClients}</dd>
        </dl>
      ) : null}
      <button type="button" className="link" disabled={loading} onClick={() => void load()}>
        {loading ? 'Reading…' : 'Refresh'}
      </button>
      <p className="muted small">The same figures as GET /metrics (Prometheus).</p>
      <ErrorNote error={error} />
    </details>
  )
}
