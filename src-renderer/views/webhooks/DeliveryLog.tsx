// Delivery log: each event per webhook with its state, last HTTP status and attempts; expand for every attempt;
// replay sends the same event (same id) again.
import { Fragment, useState } from 'react'
import { ErrorNote } from '../../components/ErrorNote.js'
import { formatDateTime } from '../../lib/format.js'
import { useWebhooksStore } from '../../stores/webhooks-store.js'

const STATE: Record<string, string> = { pending: 'Waiting', in_flight: 'Sending', delivered: 'Delivered', dead: 'Failed' }

export function DeliveryLog({ instanceId }: { instanceId: string }) {
  const deliveries = useWebhooksStore((s) => s.deliveries[instanceId])
  const { attempts, logError, loadAttempts, loadDeliveries, replay } = useWebhooksStore()
  const [open, setOpen] = useState<number | null>(null)
  const expand = (id: number) => {
    setOpen(open === id ? null : id)
    if (open !== id) void loadAttempts(instanceId, id)
  }
  return (
    <div className="panel">
      <div className="row">
        <h2>Delivery log</h2>
        <button type="button" onClick={() => void loadDeliveries(instanceId)}>Refresh</button>
      </div>
      <ErrorNote error={logError} />
      {!deliveries?.length ? (
        <p className="empty">No deliveries yet.</p>
      ) : (
        <table className="deliveries">
          <thead>
            <tr>
              <th scope="col">Event</th>
              <th scope="col">URL</th>
              <th scope="col">State</th>
              <th scope="col">HTTP</th>
              <th scope="col">Attempts</th>
              <th scope="col">Created</th>
              <th scope="col"><span className="sr-only">Actions</span></th>
            </tr>
          </thead>
          <tbody>
            {deliveries.map((d) => (
              <Fragment key={d.id}>
                <tr data-state={d.state}>
                  <td>{d.event}</td>
                  <td className="mono small">{d.url}</td>
                  <td><span className={`tag tag-${d.state}`}>{STATE[d.state] ?? d.state}</span></td>
                  <td data-testid="delivery-status">{d.lastStatus ?? (d.lastError ? 'error' : '—')}</td>
                  <td>{d.attempts}</td>
                  <td>{formatDateTime(d.createdAt)}</td>
                  <td className="row">
                    <button type="button" aria-expanded={open === d.id} onClick={() => expand(d.id)}>Attempts</button>
                    <button type="button" onClick={() => void replay(instanceId, d.eventId, d.webhookId)}>Replay</button>
                  </td>
                </tr>
                {open === d.id ? (
                  <tr className="attempts">
                    <td colSpan={7}>
                      <ol>
                        {(attempts[d.id] ?? []).map((a) => (
                          <li key={a.id}>
                            #{a.attempt} {a.outcome} · {a.statusCode ?? a.error ?? 'no answer'} · {a.durationMs} ms · {formatDateTime(a.at)}
                          </li>
                        ))}
                      </ol>
                    </td>
                  </tr>
                ) : null}
              </Fragment>
            ))}
          </tbody>
        </table>
      )}
    </div>
  )
}
