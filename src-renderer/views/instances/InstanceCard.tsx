// One number on the shop's dashboard: its state and whether it may start new chats, in words; today's sent,
// received, waiting and failed messages, last activity and unread, with one click to its chats; details (number as
// people write it, push name, server, policy); why it failed or needs a new scan; and its actions. Destructive ones
// (logout, delete) ask first, and so does a restart that would drop waiting messages (the count comes from the core).
import { useState } from 'react'
import type { TFunction } from 'i18next'
import { useTranslation } from 'react-i18next'
import type { InstanceDto } from '../../../src-preload/contract/dto.js'
import { ConfirmDialog } from '../../components/ConfirmDialog.js'
import { InstanceCalls } from './InstanceCalls.js'
import { Spinner } from '../../components/Spinner.js'
import { StatusBadge } from '../../components/StatusBadge.js'
import { useDeliverabilityText } from '../../lib/deliverability.js'
import { bridge, call } from '../../lib/bridge.js'
import { formatNumber, formatShortDate, formatTime } from '../../lib/format.js'
import { formatPhoneNumber } from '../../lib/phone.js'
import { failureText, statusWords } from '../../lib/status-words.js'
import type { DayEntry } from '../../stores/today-store.js'
import { useAppStore } from '../../stores/app-store.js'
import { useInstancesStore, type InstanceAction } from '../../stores/instances-store.js'
import { HealthPanel } from './HealthPanel.js'
import { policyName } from '../../lib/policy-words.js'

type Translate = TFunction

/** The dialogs name the instance: with several open, "this instance" is easy to get wrong. */
const confirmWords = (t: Translate, action: InstanceAction, waiting: number | null) =>
  action === 'restart'
    ? { title: (name: string) => t('card.confirm.restartTitle', { name }), body: restartBody(t, waiting), label: t('card.restart') }
    : action === 'logout'
      ? { title: (name: string) => t('card.confirm.logoutTitle', { name }), body: t('card.confirm.logoutBody'), label: t('card.logout') }
      : action === 'delete'
        ? { title: (name: string) => t('card.confirm.deleteTitle', { name }), body: t('card.confirm.deleteBody'), label: t('common.delete') }
        : undefined

/** The restart's dialog: what it drops, in words (the spec's rule: a restart purges the queue). */
function restartBody(t: Translate, waiting: number | null): string {
  const what = waiting === null ? t('card.confirm.restartUnknown') : t('card.confirm.restartWaiting', { count: waiting })
  return `${what} ${t('card.confirm.restartAfter')}`
}

const running = (s: InstanceDto['status']) => s === 'STARTING' || s === 'SCAN_QR_CODE' || s === 'WORKING'

/** Today's figures and the way to the chats. */
function DayLine({ i, day }: { i: InstanceDto; day: DayEntry | undefined }) {
  const go = useAppStore((s) => s.go)
  const { t } = useTranslation()
  if (!day) return null
  return (
    <div className="day" data-testid="day">
      <ul className="day-figures" aria-label={t('card.today')}>
        <li><strong>{formatNumber(day.sent)}</strong> {t('card.sent')}</li>
        <li><strong>{formatNumber(day.received)}</strong> {t('card.received')}</li>
        <li className={day.waiting ? 'warn' : undefined}><strong>{formatNumber(day.waiting)}</strong> {t('card.waiting')}</li>
        <li className={day.failed ? 'bad' : undefined}><strong>{formatNumber(day.failed)}</strong> {t('card.failed')}</li>
      </ul>
      <p className="muted small day-last">{day.lastActivityAt ? t('card.lastActivity', { when: new Date(day.lastActivityAt).toDateString() === new Date().toDateString() ? formatTime(day.lastActivityAt) : formatShortDate(day.lastActivityAt) }) : t('card.noMessages')}</p>
      <button type="button" className={day.unread ? 'primary' : undefined} onClick={() => go('chats', i.id)}>
        {day.unread ? t('card.openChatsUnread', { n: formatNumber(day.unread) }) : t('card.openChats')}
      </button>
    </div>
  )
}

export function InstanceCard({ instance: i, day }: { instance: InstanceDto; day?: DayEntry | undefined }) {
  const busy = useInstancesStore((s) => s.busy[i.id])
  const act = useInstancesStore((s) => s.act)
  const go = useAppStore((s) => s.go)
  const [confirming, setConfirming] = useState<InstanceAction | null>(null)
  /** Waiting messages a restart would drop, as the core counted them when Restart was clicked (null: unknown). */
  const [dropping, setDropping] = useState<number | null>(null)
  const [checking, setChecking] = useState(false)
  const { t } = useTranslation()
  const restart = async () => {
    setChecking(true)
    const waiting = await call(bridge().queue.info({ instanceId: i.id })).then((q) => q.waiting.length, () => null)
    setChecking(false)
    // Nothing waits: nothing is lost, no question to ask.
    if (waiting === 0) return void act(i.id, 'restart')
    setDropping(waiting)
    setConfirming('restart')
  }
  const run = (action: InstanceAction) => (action === 'restart' ? void restart() : action === 'logout' || action === 'delete' ? setConfirming(action) : void act(i.id, action))
  const confirm = confirming ? confirmWords(t, confirming, dropping) : undefined
  const paused = useDeliverabilityText(i.deliverability)
  const reason = failureText(i.statusReason, i.statusReasonText)

  return (
    <li className="card" aria-label={t('card.label', { name: i.name })} data-instance-id={i.id}>
      <div className="card-head">
        <h2>{i.name}</h2>
        <StatusBadge status={i.status} />
      </div>
      <p className="state-words" data-testid="state-words">
        {t(`card.state.${i.status}`)}
        {i.status === 'WORKING' ? (
          <span className="muted">
            {' · '}
            {paused ? <span role="status">{paused}.</span> : t('card.newChatsAllowed')}
          </span>
        ) : null}
      </p>
      <DayLine i={i} day={day} />
      <dl className="details">
        <dt>{t('card.number')}</dt>
        <dd>{i.number ? formatPhoneNumber(i.number) : t('card.notPaired')}</dd>
        <dt>{t('card.instanceId')}</dt>
        <dd className="mono">{i.id}</dd>
        <dt>{t('card.pushName')}</dt>
        <dd>{i.me?.pushName ?? '—'}</dd>
        <dt>{t('card.server')}</dt>
        <dd>{i.serverName}</dd>
        <dt>{t('card.policy')}</dt>
        <dd title={i.policy}>{policyName(i.policy, i.policyName)}</dd>
        {/* config.proxy (set over the API); the core never sends the password, only whether there is one. */}
        {i.proxy ? (
          <>
            <dt>{t('card.proxy')}</dt>
            <dd className="mono" title={t('card.proxyTitle')}>
              {i.proxy.server}
              {i.proxy.username ? ` (${t(i.proxy.password ? 'card.proxyUserPassword' : 'card.proxyUser', { user: i.proxy.username })})` : ''}
            </dd>
          </>
        ) : null}
      </dl>
      {i.status === 'FAILED' ? <p className="note note-error" title={i.statusReason ?? undefined}>{t('card.failedNote', { reason })}</p> : null}
      {/* Unpaired by the phone (401: removed from Linked devices), not by us: say so, the QR alone would not. */}
      {i.status === 'SCAN_QR_CODE' && i.statusReason?.startsWith('disconnect:') && i.statusReasonText ? (
        <p className="note note-error" title={i.statusReason}>{t('card.unpaired', { why: statusWords(i.statusReason, i.statusReasonText) })}</p>
      ) : null}
      <div className="row actions">
        {i.status === 'SCAN_QR_CODE' ? (
          <button type="button" className="primary" onClick={() => go('pairing', i.id)}>
            {t('state.pair')}
          </button>
        ) : null}
        {!running(i.status) ? <button type="button" disabled={!!busy} onClick={() => run('start')}>{t('card.start')}</button> : null}
        {running(i.status) ? <button type="button" disabled={!!busy} onClick={() => run('stop')}>{t('card.stop')}</button> : null}
        <button type="button" disabled={!!busy || checking} onClick={() => run('restart')}>{t('card.restart')}</button>
        {i.status === 'WORKING' ? <button type="button" disabled={!!busy} onClick={() => run('logout')}>{t('card.logout')}</button> : null}
        <button type="button" className="danger" disabled={!!busy} onClick={() => run('delete')}>{t('common.delete')}</button>
        {busy ? <Spinner label={t(`card.doing.${busy}`)} /> : null}
      </div>
      {/* Details below the actions: the card's first Tab stop is what to do with it. */}
      <HealthPanel instanceId={i.id} />
      <InstanceCalls instanceId={i.id} />
      {confirm && confirming ? (
        <ConfirmDialog
          title={confirm.title(`${i.name} (${i.id})`)}
          body={confirm.body}
          confirmLabel={confirm.label}
          onCancel={() => setConfirming(null)}
          onConfirm={() => {
            setConfirming(null)
            void act(i.id, confirming, confirming === 'restart' && dropping ? t('card.notSent', { count: dropping }) : undefined)
          }}
        />
      ) : null}
    </li>
  )
}
