// One delivery's payload: the exact JSON body that was (or will be) POSTed, pretty-printed, and the headers of its
// last attempt (or of the next one) with the signatures; "Copy body" copies the exact bytes sent (what a receiver
// verifies the signature over), not the pretty-printed text.
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
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
  const { t } = useTranslation()
  const [copied, setCopied] = useState<string | null>(null)
  if (!p) return <p className="muted">{t('webhooks.loadingPayload')}</p>
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(p.body)
      setCopied(t('webhooks.copied'))
    } catch {
      setCopied(t('webhooks.copyRefused'))
    }
  }
  return (
    <section className="payload-viewer" aria-label={t('webhooks.payloadOf', { event: p.event, url: p.url })}>
      <div className="row">
        <h3>{t('webhooks.body')}</h3>
        <button type="button" onClick={() => void copy()}>
          {t('webhooks.copyBody')}
        </button>
        <span role="status" className="small muted">
          {copied}
        </span>
      </div>
      <pre className="payload-body" tabIndex={0} aria-label={t('webhooks.bodyPretty')}>
        {pretty(p.body)}
      </pre>
      <h3>{t('webhooks.headers')}</h3>
      <p className="small muted">
        {p.attempt === null ? t('webhooks.headersNext', { at: formatDateTime(p.headersAt) }) : t('webhooks.headersOf', { n: p.attempt, at: formatDateTime(p.headersAt) })}{' '}
        {p.signed ? t('webhooks.signedWith') : t('webhooks.notSigned')} {t('webhooks.requestId')}
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
