// One number on the shop's dashboard: its state and whether it may start new chats, in words; today's sent,
// received, waiting and failed messages, last activity and unread, with one click to its chats; details (number as
// people write it, push name, server, policy); why it failed or needs a new scan; and its actions. Destructive ones
// (logout, delete) ask first, and so does a restart that would drop waiting messages (the count comes from the core).
import { useState } from 'react'
import type { InstanceDto } from '../../../src-preload/contract/dto.js'
import { ConfirmDialog } from '../../components/ConfirmDialog.js'
import { InstanceCalls } from './InstanceCalls.js'
import { Spinner } from '../../components/Spinner.js'
import { StatusBadge } from '../../components/StatusBadge.js'
import { useDeliverabilityText } from '../../lib/deliverability.js'
import { bridge, call } from '../../lib/bridge.js'
import { failureText, formatTime } from '../../lib/format.js'
import { formatPhoneNumber } from '../../lib/phone.js'
import type { DayEntry } from '../../stores/today-store.js'
import { useAppStore } from '../../stores/app-store.js'
import { useInstancesStore, type InstanceAction } from '../../stores/instances-store.js'
import { HealthPanel } from './HealthPanel.js'

/** The dialogs name the instance: with several open, "this instance" is easy to get wrong. */
const CONFIRM: Partial<Record<InstanceAction, { title(name: string): string; body: string; label: string }>> = {
  logout: { title: (name) => `Log out ${name}?`, body: 'The phone unlinks this device. To use the instance again, pair it with a new scan or code.', label: 'Log out' },
  delete: { title: (name) => `Delete ${name}?`, body: 'This cannot be undone: its pairing, settings and data are removed and the instance id stops working.', label: 'Delete' }
}

/** The restart's dialog: what it drops, in words (the spec's rule: a restart purges the queue). */
function restartBody(waiting: number | null): string {
  const what =
    waiting === null
      ? 'Messages still waiting in the send queue, if any, will not be sent.'
      : `${waiting} waiting ${waiting === 1 ? 'message' : 'messages'} will not be sent.`
  return `${what} They are marked “Not sent” in their chats, where Resend sends one again as a new message. The connection drops for a moment.`
}

/** What the spinner says while an action runs. */
const DOING: Record<InstanceAction, string> = { start: 'Starting…', stop: 'Stopping…', restart: 'Restarting…', logout: 'Logging out…', delete: 'Deleting…' }

const running = (s: InstanceDto['status']) => s === 'STARTING' || s === 'SCAN_QR_CODE' || s === 'WORKING'

/** The state in a sentence a shop owner reads at a glance. */
const STATE: Record<InstanceDto['status'], string> = {
  WORKING: 'Connected: sending and receiving',
  STARTING: 'Connecting…',
  SCAN_QR_CODE: 'Not paired: waiting for a phone to scan',
  STOPPED: 'Stopped: not sending or receiving',
  FAILED: 'Connection failed: not sending or receiving',
  DELETED: 'Deleted'
}

const count = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString()} ${n === 1 ? one : many}`

/** Today's figures and the way to the chats. */
function DayLine({ i, day }: { i: InstanceDto; day: DayEntry | undefined }) {
  const go = useAppStore((s) => s.go)
  if (!day) return null
  return (
    <div className="day" data-testid="day">
      <ul className="day-figures" aria-label="Today">
        <li><strong>{day.sent.toLocaleString()}</strong> sent</li>
        <li><strong>{day.received.toLocaleString()}</strong> received</li>
        <li className={day.waiting ? 'warn' : undefined}><strong>{day.waiting.toLocaleString()}</strong> waiting</li>
        <li className={day.failed ? 'bad' : undefined}><strong>{day.failed.toLocaleString()}</strong> failed</li>
      </ul>
      <p className="muted small day-last">{day.lastActivityAt ? `Last activity ${new Date(day.lastActivityAt).toDateString() === new Date().toDateString() ? formatTime(day.lastActivityAt) : new Date(day.lastActivityAt).toLocaleDateString()}` : 'No messages yet'}</p>
      <button type="button" className={day.unread ? 'primary' : undefined} onClick={() => go('chats', i.id)}>
        {day.unread ? `Open chats (${count(day.unread, 'unread', 'unread')})` : 'Open chats'}
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
  const restart = async () => {
    setChecking(true)
    const waiting = await call(bridge().queue.info({ instanceId: i.id })).then((q) => q.waiting.length, () => null)
    setChecking(false)
    // Nothing waits: nothing is lost, no question to ask.
    if (waiting === 0) return void act(i.id, 'restart')
    setDropping(waiting)
    setConfirming('restart')
  }
  const run = (action: InstanceAction) => (action === 'restart' ? void restart() : CONFIRM[action] ? setConfirming(action) : void act(i.id, action))
  const confirm =
    confirming === 'restart'
      ? { title: (name: string) => `Restart ${name}?`, body: restartBody(dropping), label: 'Restart' }
      : confirming
        ? CONFIRM[confirming]
        : undefined
  const paused = useDeliverabilityText(i.deliverability)
  const reason = i.statusReasonText ?? failureText(i.statusReason)

  return (
    <li className="card" aria-label={`Instance ${i.name}`} data-instance-id={i.id}>
      <div className="card-head">
        <h2>{i.name}</h2>
        <StatusBadge status={i.status} />
      </div>
      <p className="state-words" data-testid="state-words">
        {STATE[i.status]}
        {i.status === 'WORKING' ? (
          <span className="muted">
            {' · '}
            {paused ? <span role="status">{paused}.</span> : 'New chats allowed'}
          </span>
        ) : null}
      </p>
      <DayLine i={i} day={day} />
      <dl className="details">
        <dt>Number</dt>
        <dd>{i.number ? formatPhoneNumber(i.number) : 'Not paired'}</dd>
        <dt>Instance id</dt>
        <dd className="mono">{i.id}</dd>
        <dt>Push name</dt>
        <dd>{i.me?.pushName ?? '—'}</dd>
        <dt>Server</dt>
        <dd>{i.serverName}</dd>
        <dt>Policy</dt>
        <dd title={i.policy}>{i.policyName}</dd>
        {/* config.proxy (set over the API); the core never sends the password, only whether there is one. */}
        {i.proxy ? (
          <>
            <dt>Proxy</dt>
            <dd className="mono" title="The WhatsApp connection and media go through this proxy; a change applies at the next restart">
              {i.proxy.server}
              {i.proxy.username ? ` (user ${i.proxy.username}${i.proxy.password ? ', password set' : ''})` : ''}
            </dd>
          </>
        ) : null}
      </dl>
      {i.status === 'FAILED' ? <p className="note note-error" title={i.statusReason ?? undefined}>The connection failed: {reason}. Start it again, or log out and pair anew.</p> : null}
      {/* Unpaired by the phone (401: removed from Linked devices), not by us: say so, the QR alone would not. */}
      {i.status === 'SCAN_QR_CODE' && i.statusReason?.startsWith('disconnect:') && i.statusReasonText ? (
        <p className="note note-error" title={i.statusReason}>Unpaired: {i.statusReasonText}.</p>
      ) : null}
      <div className="row actions">
        {i.status === 'SCAN_QR_CODE' ? (
          <button type="button" className="primary" onClick={() => go('pairing', i.id)}>
            Pair a phone
          </button>
        ) : null}
        {!running(i.status) ? <button type="button" disabled={!!busy} onClick={() => run('start')}>Start</button> : null}
        {running(i.status) ? <button type="button" disabled={!!busy} onClick={() => run('stop')}>Stop</button> : null}
        <button type="button" disabled={!!busy || checking} onClick={() => run('restart')}>Restart</button>
        {i.status === 'WORKING' ? <button type="button" disabled={!!busy} onClick={() => run('logout')}>Log out</button> : null}
        <button type="button" className="danger" disabled={!!busy} onClick={() => run('delete')}>Delete</button>
        {busy ? <Spinner label={DOING[busy]} /> : null}
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
            void act(i.id, confirming, confirming === 'restart' && dropping ? `${dropping} waiting ${dropping === 1 ? 'message was' : 'messages were'} not sent.` : undefined)
          }}
        />
      ) : null}
    </li>
  )
}
