// Delivery log: each event per webhook (with its one-line description) and its state (and when a failed one is
// tried again), the last HTTP status or error, attempts; expand for every attempt or for the payload (exact body
// and signature headers); replay sends the same event (same id) again, with its progress and an outcome note.
import { Fragment, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { AttemptDto, DeliveryDto } from '../../../src-preload/contract/dto.js'
import { ErrorNote, Notice } from '../../components/ErrorNote.js'
import { formatClock, formatDateTime, formatDuration } from '../../lib/format.js'
import { replayKey, useWebhooksStore } from '../../stores/webhooks-store.js'
import { PayloadViewer } from './PayloadViewer.js'

/** Delivery states with words (webhooks.state.*); another is shown as the core names it. */
const STATES = new Set(['pending', 'in_flight', 'delivered', 'dead'])
/** What one attempt did, in words (webhooks.outcome.*: the core's outcome names are not for people). */
const outcomeKey = (o: AttemptDto['outcome']) => `webhooks.outcome.${o}`

type Panel = 'attempts' | 'payload'

function DeliveryRow({ instanceId, d, open, onToggle, description }: { instanceId: string; d: DeliveryDto; open: Panel | null; onToggle(panel: Panel): void; description: string | undefined }) {
  const { t } = useTranslation()
  const { replaying, replay } = useWebhooksStore()
  const busy = replaying === replayKey(d.eventId, d.webhookId)
  return (
    <tr data-state={d.state} data-event-id={d.eventId}>
      <td className="delivery-event">
        <span>{d.event}</span>
        {description ? (
          <span className="event-desc small muted" title={description}>
            {description}
          </span>
        ) : null}
      </td>
      <td className="mono small delivery-url">
        <BreakableUrl url={d.url} />
      </td>
      <td>
        <span className={`tag tag-${d.state}`}>{STATES.has(d.state) ? t(`webhooks.state.${d.state}`) : d.state}</span>
        {d.nextAttemptAt && d.attempts > 0 ? <span className="small muted next-attempt" data-testid="next-attempt"> {t('webhooks.nextTry', { at: formatClock(d.nextAttemptAt) })}</span> : null}
      </td>
      <td>
        <span data-testid="delivery-status">{d.lastStatus ?? (d.lastError ? t('webhooks.error') : '—')}</span>
        {d.lastError ? <span className="small delivery-error" data-testid="delivery-error">{d.lastError}</span> : null}
      </td>
      <td>{d.attempts}</td>
      <td>{formatDateTime(d.createdAt)}</td>
      <td className="row">
        <button type="button" aria-expanded={open === 'attempts'} onClick={() => onToggle('attempts')}>{t('webhooks.attemptsButton')}</button>
        <button type="button" aria-expanded={open === 'payload'} onClick={() => onToggle('payload')}>{t('webhooks.payload')}</button>
        <button type="button" disabled={replaying !== null} onClick={() => void replay(instanceId, d.eventId, d.webhookId)}>{busy ? t('webhooks.replaying') : t('webhooks.replay')}</button>
      </td>
    </tr>
  )
}

/** A URL with line-break chances only after / ? & (a browser otherwise breaks it anywhere, e.g. inside the port). */
export function BreakableUrl({ url }: { url: string }) {
  const parts = url.split(/(?<=[/?&])/)
  return (
    <>
      {parts.map((p, i) => (
        <span key={i}>
          {p}
          {i < parts.length - 1 ? <wbr /> : null}
        </span>
      ))}
    </>
  )
}

export function DeliveryLog({ instanceId }: { instanceId: string }) {
  const { t } = useTranslation()
  const deliveries = useWebhooksStore((s) => s.deliveries[instanceId])
  const descriptions = useWebhooksStore((s) => s.data[instanceId]?.eventDescriptions) ?? {}
  const { attempts, payloads, logError, replayNotice, loadAttempts, loadPayload, loadDeliveries, dismissReplayNotice } = useWebhooksStore()
  const [open, setOpen] = useState<{ id: number; panel: Panel } | null>(null)
  const expand = (id: number, panel: Panel) => {
    const same = open?.id === id && open.panel === panel
    setOpen(same ? null : { id, panel })
    if (same) return
    if (panel === 'attempts') void loadAttempts(instanceId, id)
    else void loadPayload(instanceId, id)
  }
  return (
    <div className="panel">
      <div className="row">
        <h2>{t('webhooks.log')}</h2>
        <button type="button" onClick={() => void loadDeliveries(instanceId)}>{t('webhooks.refresh')}</button>
      </div>
      <ErrorNote error={logError} />
      {replayNotice ? <Notice onDismiss={dismissReplayNotice}>{replayNotice}</Notice> : null}
      {!deliveries?.length ? (
        <p className="empty">{t('webhooks.noDeliveries')}</p>
      ) : (
        <div className="table-scroll">
        <table className="deliveries">
          <thead>
            <tr>
              <th scope="col">{t('webhooks.col.event')}</th>
              <th scope="col">URL</th>
              <th scope="col">{t('webhooks.col.state')}</th>
              <th scope="col">{t('webhooks.col.http')}</th>
              <th scope="col">{t('webhooks.col.attempts')}</th>
              <th scope="col">{t('webhooks.col.created')}</th>
              <th scope="col"><span className="sr-only">{t('webhooks.col.actions')}</span></th>
            </tr>
          </thead>
          <tbody>
            {deliveries.map((d) => (
              <Fragment key={d.id}>
                <DeliveryRow instanceId={instanceId} d={d} description={descriptions[d.event]} open={open?.id === d.id ? open.panel : null} onToggle={(panel) => expand(d.id, panel)} />
                {open?.id === d.id && open.panel === 'attempts' ? (
                  <tr className="attempts">
                    <td colSpan={7}>
                      <ul className="attempt-list" aria-label={t('webhooks.attemptsOf', { event: d.event, url: d.url })}>
                        {(attempts[d.id] ?? []).map((a) => (
                          <li key={a.id}>
                            #{a.attempt} {t(outcomeKey(a.outcome))} · {a.statusCode ?? t('webhooks.noAnswer')}
                            {a.error ? ` — ${a.error}` : ''} · {formatDuration(a.durationMs, 'millisecond')} · {formatDateTime(a.at)}
                          </li>
                        ))}
                      </ul>
                    </td>
                  </tr>
                ) : null}
                {open?.id === d.id && open.panel === 'payload' ? (
                  <tr className="payload">
                    <td colSpan={7}>
                      <PayloadViewer payload={payloads[d.id]} />
                    </td>
                  </tr>
                ) : null}
              </Fragment>
            ))}
          </tbody>
        </table>
        </div>
      )}
    </div>
  )
}
