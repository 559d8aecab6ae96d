// One simulated phone: who it is (a long name ends in an ellipsis, the full one in its title), its presence and
// its linked devices' (named by their instance where the core can tell, with the same Online/Offline badge), a
// pairing code waiting to be typed, what the person can do, its settings (hide number, send limits, ban, history
// seed), their inbox, and reading it (the senders' ticks turn Read).
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { SandboxPhoneDto } from '../../../src-preload/contract/dto.js'
import { ErrorNote, Notice } from '../../components/ErrorNote.js'
import { Spinner } from '../../components/Spinner.js'
import { formatPairingCode } from '../../lib/format.js'
import { useSandboxStore } from '../../stores/sandbox-store.js'
import { Inbox } from './Inbox.js'
import { PhoneActions } from './PhoneActions.js'
import { PhoneSettings, settingsSummary } from './PhoneSettings.js'
import { Presence } from './Presence.js'

export function PhoneCard({ phone }: { phone: SandboxPhoneDto }) {
  const { t } = useTranslation()
  const activity = useSandboxStore((s) => s.activity[phone.phoneNumber])
  const dismissNotice = useSandboxStore((s) => s.dismissNotice)
  const readInbox = useSandboxStore((s) => s.readInbox)
  const enterCode = useSandboxStore((s) => s.enterCode)
  const [showInbox, setShowInbox] = useState(false)
  const [showSettings, setShowSettings] = useState(false)
  const summary = settingsSummary(phone.settings)
  const companions = phone.devices.filter((d) => d.kind === 'companion')
  return (
    <li className="card" aria-label={t('sandbox.card', { name: phone.name })} data-phone={phone.phoneNumber}>
      <div className="card-head">
        <h2 title={`${phone.name} ${phone.phoneNumber}`}>
          <span className="phone-name">{phone.name}</span> <span className="mono muted">{phone.phoneNumber}</span>
        </h2>
        <Presence online={phone.online} />
      </div>
      <p className="muted small devices">
        {companions.length ? `${t('sandbox.devices')} ` : t('sandbox.noDevices')}
        {companions.map((d, i) => (
          <span key={d.id} className="device" title={d.instance ? `${d.instance.name} (${d.instance.id}), ${d.jid}` : d.jid}>
            {i ? '; ' : ''}#{d.id} {d.instance ? `${d.instance.name} (${d.instance.id})` : t('sandbox.unknownInstance')} <Presence online={d.online} />
          </span>
        ))}
      </p>
      {phone.pendingCode ? (
        <p className="small pending-code" data-testid="pending-code">
          {t('sandbox.codeWaiting')} <strong className="mono">{formatPairingCode(phone.pendingCode.code)}</strong> {t('sandbox.codeFor', { name: phone.pendingCode.instanceName, id: phone.pendingCode.instanceId })}{' '}
          <button type="button" disabled={!!activity?.busy} onClick={() => void enterCode(phone.phoneNumber, phone.pendingCode!.code)}>
            {t('sandbox.typeCode')}
          </button>
        </p>
      ) : null}
      {summary ? <p className="small">{summary}</p> : null}
      <PhoneActions phone={phone} />
      {showSettings ? <PhoneSettings phone={phone} /> : null}
      {activity?.busy ? <Spinner label={t(`sandbox.busy.${activity.busy}`)} /> : null}
      <ErrorNote error={activity?.error} />
      {activity?.notice ? <Notice onDismiss={() => dismissNotice(phone.phoneNumber)}>{activity.notice}</Notice> : null}
      <div className="row">
        <button type="button" aria-expanded={showSettings} onClick={() => setShowSettings(!showSettings)}>
          {showSettings ? t('sandbox.hideSettings') : t('sandbox.settings')}
        </button>
        <button type="button" aria-expanded={showInbox} onClick={() => setShowInbox(!showInbox)}>
          {showInbox ? t('sandbox.hideInbox') : t('sandbox.showInbox')}
        </button>
        <button type="button" disabled={!!activity?.busy} onClick={() => void readInbox(phone.phoneNumber)} title={t('sandbox.readTitle')}>
          {t('sandbox.read')}
        </button>
      </div>
      {showInbox ? <Inbox phoneNumber={phone.phoneNumber} /> : null}
    </li>
  )
}
