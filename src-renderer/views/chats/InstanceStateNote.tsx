// Above the composer when the instance cannot send: why, in words, with the way out (start it, wait, or pair it).
// Sending is disabled meanwhile instead of failing with the API's advice. While the network pauses new contacts
// (463/475) a note says so: replies still go out, sends to new contacts are held.
import { useTranslation } from 'react-i18next'
import type { InstanceDto } from '../../../src-preload/contract/dto.js'
import { Spinner } from '../../components/Spinner.js'
import { useDeliverabilityText } from '../../lib/deliverability.js'
import { failureText, statusWords } from '../../lib/status-words.js'
import { useAppStore } from '../../stores/app-store.js'
import { useInstancesStore } from '../../stores/instances-store.js'

export function InstanceStateNote({ instance: i }: { instance: InstanceDto }) {
  const act = useInstancesStore((s) => s.act)
  const busy = useInstancesStore((s) => s.busy[i.id])
  const go = useAppStore((s) => s.go)
  const paused = useDeliverabilityText(i.deliverability)
  const { t } = useTranslation()
  if (i.status === 'WORKING') {
    return paused ? (
      <div className="note note-info instance-state" role="status">
        <span>{paused}.</span>
      </div>
    ) : null
  }
  if (i.status === 'STARTING') {
    return (
      <div className="note note-info instance-state" role="status">
        <Spinner label={t('state.connecting', { name: i.name })} />
      </div>
    )
  }
  if (i.status === 'SCAN_QR_CODE') {
    return (
      <div className="note note-info instance-state row" role="status">
        <span>
          {t('state.unpaired', { name: i.name, why: i.statusReason?.startsWith('disconnect:') && i.statusReasonText ? ` (${statusWords(i.statusReason, i.statusReasonText)})` : '' })}
        </span>
        <button type="button" className="primary" onClick={() => go('pairing', i.id)}>{t('state.pair')}</button>
      </div>
    )
  }
  return (
    <div className="note note-error instance-state row" role="status">
      <span>
        {i.status === 'FAILED' ? t('state.failed', { name: i.name, why: failureText(i.statusReason, i.statusReasonText) }) : t('state.stopped', { name: i.name })}
      </span>
      <button type="button" className="primary" disabled={!!busy} onClick={() => void act(i.id, 'start')}>
        {busy === 'start' ? t('state.starting') : t('state.start')}
      </button>
    </div>
  )
}
