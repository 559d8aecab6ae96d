// Ready-to-copy curl commands against this computer's API (the token is filled in only while revealed).
import { CopyButton } from '../../components/CopyButton.js'

export function curlExamples(baseUrl: string, token: string | null, instanceId: string | null): { title: string; command: string }[] {
  const t = token ?? '$SWITCHBOARD_TOKEN'
  const id = instanceId ?? '$INSTANCE_ID'
  return [
    { title: 'Create an instance', command: `curl -s -X POST "${baseUrl}/v2/session/create?access_token=${t}"` },
    { title: 'Status of an instance', command: `curl -s "${baseUrl}/v2/session/info?access_token=${t}&instance_id=${id}"` },
    { title: 'QR code as an image', command: `curl -s "${baseUrl}/v2/auth/qr-image?access_token=${t}&instance_id=${id}"` },
    {
      title: 'Send a text',
      command: `curl -s -X POST "${baseUrl}/v2/send/text" -H 'content-type: application/json' -d '{"access_token":"${t}","instance_id":"${id}","chatId":"15550000001","message":"Hello from Switchboard"}'`
    }
  ]
}

export function CurlExamples({ baseUrl, token, instanceId }: { baseUrl: string; token: string | null; instanceId: string | null }) {
  return (
    <div className="panel">
      <h2>Examples</h2>
      {!token ? <p className="muted small">Reveal the token to fill it in, or export SWITCHBOARD_TOKEN in your shell.</p> : null}
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
