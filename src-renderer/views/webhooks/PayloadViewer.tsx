// One delivery's payload: the exact JSON body that was (or will be) POSTed, pretty-printed, and the headers of its
// last attempt (or of the next one) with the signatures; "Copy body" copies the exact bytes sent (what a receiver
// verifies the signature over), not the pretty-printed text.
import { useState } from 'react'
import type { DeliveryPayloadDto } from '../../../src-preload/contract/dto.js'
import { formatDateTime } from '../../lib/format.js'

const pretty = (body: string): string => {
  try {
    return JSON.stringify(JSON.parse(body), null, 2)
  } catch {
    return body
  }
}

export function PayloadViewer({ payload: p }: { payload: DeliveryPayloadDto | undefined }) {
  const [copied, setCopied] = useState<string | null>(null)
  if (!p) return <p className="muted">Loading the payload…</p>
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(p.body)
      setCopied('Body copied (the exact bytes sent)')
    } catch {
      setCopied('Copying is not allowed here: select the body and copy it')
    }
  }
  return (
    <section className="payload-viewer" aria-label={`Payload of ${p.event} to ${p.url}`}>
      <div className="row">
        <h3>Body</h3>
        <button type="button" onClick={() => void copy()}>
          Copy body
        </button>
        <span role="status" className="small muted">
          {copied}
        </span>
      </div>
      <pre className="payload-body" tabIndex={0} aria-label="Body (pretty-printed)">
        {pretty(p.body)}
      </pre>
      <h3>Headers</h3>
      <p className="small muted">
        {p.attempt === null ? `As the next attempt will send them (timestamped ${formatDateTime(p.headersAt)}).` : `Of attempt #${p.attempt} (${formatDateTime(p.headersAt)}).`}{' '}
        {p.signed ? 'Signed with the webhook’s secret.' : 'Not signed: this webhook has no secret.'} x-webhook-request-id is a new UUID on every attempt.
      </p>
      <dl className="payload-headers mono small">
        {Object.entries(p.headers).map(([k, v]) => (
          <div key={k} className="payload-header">
            <dt>{k}</dt>
            <dd>{v}</dd>
          </div>
        ))}
      </dl>
    </section>
  )
}
