// The live QR: loaded once, then replaced as the core pushes each rotation; a countdown says when it refreshes. In
// sandbox mode there is no real phone to point at it: the panel says where a simulated one scans it.
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { ErrorNote } from '../../components/ErrorNote.js'
import { Spinner } from '../../components/Spinner.js'
import { useNow } from '../../components/use-now.js'
import { formatDuration, secondsLeft } from '../../lib/format.js'
import { useAppStore } from '../../stores/app-store.js'
import { usePairingStore } from '../../stores/pairing-store.js'

export function QrPanel({ instanceId }: { instanceId: string }) {
  const qr = usePairingStore((s) => s.qr[instanceId])
  const error = usePairingStore((s) => s.qrError[instanceId])
  const loadQr = usePairingStore((s) => s.loadQr)
  const now = useNow(1_000)
  const sandbox = useAppStore((s) => s.info?.network === 'sandbox')
  const go = useAppStore((s) => s.go)
  const reconnects = useAppStore((s) => s.reconnects)
  const { t } = useTranslation()
  useEffect(() => {
    void loadQr(instanceId)
  }, [instanceId, loadQr, reconnects])

  // The clock ticks every second; never count from before the QR appeared.
  const left = qr ? secondsLeft(qr.expiresAt, Math.max(now, qr.issuedAt)) : 0
  return (
    <div className="panel qr-panel">
      <h2>{t('uiWords.pairing.qrTitle')}</h2>
      <p className="muted">{t('uiWords.pairing.qrHow')}</p>
      {sandbox ? (
        <p className="row">
          <span className="muted">{t('uiWords.pairing.sandbox')}</span>
          <button type="button" className="link" onClick={() => go('sandbox')}>{t('uiWords.pairing.openSandbox')}</button>
        </p>
      ) : null}
      {qr ? (
        <figure className="qr">
          <img src={qr.image} alt={t('uiWords.pairing.qrAlt')} width={288} height={288} data-issued-at={qr.issuedAt} />
          <figcaption aria-live="polite">{left > 0 ? t('uiWords.pairing.refreshesIn', { time: formatDuration(left * 1000) }) : t('uiWords.pairing.refreshing')}</figcaption>
        </figure>
      ) : error ? (
        <ErrorNote error={error} />
      ) : (
        <Spinner label={t('uiWords.pairing.loadingQr')} />
      )}
    </div>
  )
}
