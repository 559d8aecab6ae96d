// Ready-to-paste curl commands with the base URL, the token (when revealed) and the selected instance. The token
// travels in the access-token header, never in the URL; every value the shell must expand ($SWITCHBOARD_TOKEN,
// $INSTANCE_ID) or that is shown literally sits in double quotes (inside single quotes the shell never expands
// them, and a copied command failed with "invalid access token").
import { useTranslation } from 'react-i18next'
import { CopyButton } from '../../components/CopyButton.js'
import { t } from '../../i18n/index.js'

/** A literal inside double quotes: the shell must not expand $, `, \ or " in it. */
const literal = (value: string): string => value.replace(/[\\"$`]/g, (c) => `\\${c}`)

export function curlExamples(baseUrl: string, token: string | null, instanceId: string | null): { title: string; command: string }[] {
  const auth = `-H "access-token: ${token === null ? '$SWITCHBOARD_TOKEN' : literal(token)}"`
  const id = instanceId === null ? '$INSTANCE_ID' : literal(instanceId)
  const base = literal(baseUrl)
  return [
    { title: t('api.examples.create'), command: `curl -s -X POST ${auth} "${base}/v2/session/create"` },
    { title: t('api.examples.status'), command: `curl -s ${auth} "${base}/v2/session/info?instance_id=${id}"` },
    { title: t('api.examples.qr'), command: `curl -s ${auth} -o qr.png "${base}/v2/auth/qr-image?instance_id=${id}"` },
    {
      title: t('api.examples.send'),
      command: `curl -s -X POST ${auth} -H 'content-type: application/json' "${base}/v2/send/text?instance_id=${id}" -d '{"chatId":"15550000001","message":"Hello from Switchboard"}'`
    }
  ]
}

export function CurlExamples({ baseUrl, token, instanceId }: { baseUrl: string; token: string | null; instanceId: string | null }) {
  // Subscribes to the language (curlExamples reads the words through the module's t).
  useTranslation()
  return (
    <div className="panel">
      <h2>{t('api.examples.title')}</h2>
      {!token || !instanceId ? (
        <p className="muted small">
          {!token ? t('api.examples.revealHint') : t('api.examples.instanceHint')}{' '}
          <code>{[!token ? 'export SWITCHBOARD_TOKEN=…' : '', !instanceId ? 'export INSTANCE_ID=…' : ''].filter(Boolean).join('; ')}</code>
        </p>
      ) : null}
      {curlExamples(baseUrl, token, instanceId).map((e) => (
        <div key={e.title} className="example">
          <div className="row">
            <h3>{e.title}</h3>
            <CopyButton text={e.command} />
          </div>
          <pre className="mono">{e.command}</pre>
        </div>
      ))}
    </div>
  )
}
