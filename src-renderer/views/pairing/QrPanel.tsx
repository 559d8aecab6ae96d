// The live QR: loaded once, then replaced as the core pushes each rotation; a countdown says when it refreshes. In
// sandbox mode there is no real phone to point at it: the panel says where a simulated one scans it.
import { useEffect } from 'react'
import { ErrorNote } from '../../components/ErrorNote.js'
import { Spinner } from '../../components/Spinner.js'
import { useNow } from '../../components/use-now.js'
import { secondsLeft } from '../../lib/format.js'
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
  useEffect(() => {
    void loadQr(instanceId)
  }, [instanceId, loadQr, reconnects])

  // The clock ticks every second; never count from before the QR appeared.
  const left = qr ? secondsLeft(qr.expiresAt, Math.max(now, qr.issuedAt)) : 0
  return (
    <div className="panel qr-panel">
      <h2>Scan the QR code</h2>
      <p className="muted">On the phone: WhatsApp › Settings › Linked devices › Link a device, then point the camera here.</p>
      {sandbox ? (
        <p className="row">
          <span className="muted">Sandbox: a simulated phone scans it for you.</span>
          <button type="button" className="link" onClick={() => go('sandbox')}>Open the Sandbox view</button>
        </p>
      ) : null}
      {qr ? (
        <figure className="qr">
          <img src={qr.image} alt="QR code to link this instance" width={288} height={288} data-issued-at={qr.issuedAt} />
          <figcaption aria-live="polite">{left > 0 ? `Refreshes in ${left} s` : 'Refreshing…'}</figcaption>
        </figure>
      ) : error ? (
        <ErrorNote error={error} />
      ) : (
        <Spinner label="Loading the QR code…" />
      )}
    </div>
  )
}
