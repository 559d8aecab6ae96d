// Pairing: what to do for the instance's current state (start it, wait, scan or type a code, or it is paired),
// with the live QR, the pairing-code flow and a temporary link for someone else to pair.
import { useTranslation } from 'react-i18next'
import { InstancePicker } from '../../components/InstancePicker.js'
import { Spinner } from '../../components/Spinner.js'
import { failureText } from '../../lib/status-words.js'
import { useAppStore } from '../../stores/app-store.js'
import { useInstancesStore } from '../../stores/instances-store.js'
import { CodePanel } from './CodePanel.js'
import { QrPanel } from './QrPanel.js'
import { TempLinkPanel } from './TempLinkPanel.js'

export function PairingView() {
  const instanceId = useAppStore((s) => s.instanceId)
  const instance = useInstancesStore((s) => s.overview?.instances.find((i) => i.id === instanceId))
  const act = useInstancesStore((s) => s.act)
  const busy = useInstancesStore((s) => (instanceId ? s.busy[instanceId] : undefined))
  const { t } = useTranslation()

  return (
    <section aria-labelledby="pairing-title" className="view">
      <header className="view-header">
        <h1 id="pairing-title">{t('nav.pairing')}</h1>
        <InstancePicker />
      </header>
      {!instance ? null : instance.status === 'STOPPED' || instance.status === 'FAILED' ? (
        <div className="panel guidance" data-testid="pairing-guidance">
          <p>{t('pairing.inactive', { state: instance.status === 'FAILED' ? t('pairing.failedState', { why: failureText(instance.statusReason, instance.statusReasonText) }) : t('pairing.stoppedState') })}</p>
          <button type="button" className="primary" disabled={!!busy} onClick={() => void act(instance.id, 'start')}>
            {t('pairing.startInstance')}
          </button>
        </div>
      ) : instance.status === 'STARTING' ? (
        <div className="panel guidance" data-testid="pairing-guidance">
          <Spinner label={t('pairing.stillStarting')} />
        </div>
      ) : instance.status === 'WORKING' ? (
        <div className="panel guidance" data-testid="pairing-guidance">
          <p>
            {t('pairing.pairedWith')} <strong>{instance.number}</strong>
            {instance.me?.pushName ? ` (${instance.me.pushName})` : ''}
            {t('pairing.logoutFirst')}
          </p>
        </div>
      ) : (
        <div className="pairing-grid">
          <QrPanel instanceId={instance.id} />
          <CodePanel instanceId={instance.id} />
        </div>
      )}
      {instance && instance.status !== 'WORKING' ? <TempLinkPanel instanceId={instance.id} /> : null}
    </section>
  )
}
