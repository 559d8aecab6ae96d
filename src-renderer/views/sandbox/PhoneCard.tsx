// One simulated phone: who it is (a long name ends in an ellipsis, the full one in its title), its presence and
// its linked devices' (named by their instance where the core can tell, with the same Online/Offline badge), a
// pairing code waiting to be typed, what the person can do, its settings (hide number, send limits, ban, history
// seed), their inbox, and reading it (the senders' ticks turn Read).
import { useState } from 'react'
import type { SandboxPhoneDto } from '../../../src-preload/contract/dto.js'
import { ErrorNote, Notice } from '../../components/ErrorNote.js'
import { Spinner } from '../../components/Spinner.js'
import { formatPairingCode } from '../../lib/format.js'
import { useSandboxStore } from '../../stores/sandbox-store.js'
import { Inbox } from './Inbox.js'
import { PhoneActions } from './PhoneActions.js'
import { PhoneSettings, settingsSummary } from './PhoneSettings.js'
import { Presence } from './Presence.js'

const BUSY = { scan: 'Scanning…', code: 'Linking with the code…', send: 'Sending…', read: 'Reading…', settings: 'Changing settings…', seed: 'Seeding history…' } as const

export function PhoneCard({ phone }: { phone: SandboxPhoneDto }) {
  const activity = useSandboxStore((s) => s.activity[phone.phoneNumber])
  const dismissNotice = useSandboxStore((s) => s.dismissNotice)
  const readInbox = useSandboxStore((s) => s.readInbox)
  const enterCode = useSandboxStore((s) => s.enterCode)
  const [showInbox, setShowInbox] = useState(false)
  const [showSettings, setShowSettings] = useState(false)
  const summary = settingsSummary(phone.settings)
  const companions = phone.devices.filter((d) => d.kind === 'companion')
  return (
    <li className="card" aria-label={`Phone ${phone.name}`} data-phone={phone.phoneNumber}>
      <div className="card-head">
        <h2 title={`${phone.name} ${phone.phoneNumber}`}>
          <span className="phone-name">{phone.name}</span> <span className="mono muted">{phone.phoneNumber}</span>
        </h2>
        <Presence online={phone.online} />
      </div>
      <p className="muted small devices">
        {companions.length ? 'Linked devices: ' : 'No linked devices'}
        {companions.map((d, i) => (
          <span key={d.id} className="device" title={d.instance ? `${d.instance.name} (${d.instance.id}), ${d.jid}` : d.jid}>
            {i ? '; ' : ''}#{d.id} {d.instance ? `${d.instance.name} (${d.instance.id})` : '(instance not known)'} <Presence online={d.online} />
          </span>
        ))}
      </p>
      {phone.pendingCode ? (
        <p className="small pending-code" data-testid="pending-code">
          Pairing code waiting: <strong className="mono">{formatPairingCode(phone.pendingCode.code)}</strong> for {phone.pendingCode.instanceName} ({phone.pendingCode.instanceId}){' '}
          <button type="button" disabled={!!activity?.busy} onClick={() => void enterCode(phone.phoneNumber, phone.pendingCode!.code)}>
            Type this code on the phone
          </button>
        </p>
      ) : null}
      {summary ? <p className="small">{summary}</p> : null}
      <PhoneActions phone={phone} />
      {showSettings ? <PhoneSettings phone={phone} /> : null}
      {activity?.busy ? <Spinner label={BUSY[activity.busy]} /> : null}
      <ErrorNote error={activity?.error} />
      {activity?.notice ? <Notice onDismiss={() => dismissNotice(phone.phoneNumber)}>{activity.notice}</Notice> : null}
      <div className="row">
        <button type="button" aria-expanded={showSettings} onClick={() => setShowSettings(!showSettings)}>
          {showSettings ? 'Hide settings' : 'Settings'}
        </button>
        <button type="button" aria-expanded={showInbox} onClick={() => setShowInbox(!showInbox)}>
          {showInbox ? 'Hide inbox' : 'Show inbox'}
        </button>
        <button type="button" disabled={!!activity?.busy} onClick={() => void readInbox(phone.phoneNumber)} title="Sends read receipts for what this person received">
          Read received messages
        </button>
      </div>
      {showInbox ? <Inbox phoneNumber={phone.phoneNumber} /> : null}
    </li>
  )
}
