// Adds (or updates, same URL) a webhook: URL, events (or all), optional signing secret and retry policy.
import { useState, type FormEvent } from 'react'
import { useWebhooksStore } from '../../stores/webhooks-store.js'

function urlProblem(url: string): string | undefined {
  try {
    const u = new URL(url.trim())
    return u.protocol === 'http:' || u.protocol === 'https:' ? undefined : 'The URL must start with http:// or https://'
  } catch {
    return 'Enter a full URL, e.g. http://127.0.0.1:5678/webhook'
  }
}

export function WebhookForm({ instanceId, knownEvents }: { instanceId: string; knownEvents: string[] }) {
  const [url, setUrl] = useState('')
  const [all, setAll] = useState(false)
  const [events, setEvents] = useState<string[]>(['message', 'session.status'])
  const [secret, setSecret] = useState('')
  const [attempts, setAttempts] = useState(15)
  const [touched, setTouched] = useState(false)
  const { saving, save } = useWebhooksStore()
  const problem = urlProblem(url) ?? (!all && events.length === 0 ? 'Choose at least one event' : undefined)
  const toggle = (e: string) => setEvents((list) => (list.includes(e) ? list.filter((x) => x !== e) : [...list, e]))

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    setTouched(true)
    if (problem) return
    const ok = await save({ instanceId, url: url.trim(), events: all ? ['*'] : events, isActive: true, ...(secret ? { secret } : {}), retries: { delay: 2, attempts } })
    if (ok) {
      setUrl('')
      setSecret('')
      setTouched(false)
    }
  }
  return (
    <form className="panel webhook-form" onSubmit={(e) => void submit(e)} noValidate aria-label="Add a webhook">
      <h2>Add a webhook</h2>
      <label htmlFor="webhook-url">URL</label>
      <input id="webhook-url" type="url" value={url} placeholder="http://127.0.0.1:5678/webhook" onChange={(e) => setUrl(e.target.value)} aria-invalid={touched && !!problem} />
      <fieldset>
        <legend>Events</legend>
        <label className="check">
          <input type="checkbox" checked={all} onChange={(e) => setAll(e.target.checked)} /> All events (*)
        </label>
        <div className="event-grid">
          {knownEvents.map((name) => (
            <label key={name} className="check">
              <input type="checkbox" disabled={all} checked={all || events.includes(name)} onChange={() => toggle(name)} /> {name}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="row">
        <label htmlFor="webhook-secret">Signing secret (optional)</label>
        <input id="webhook-secret" type="password" autoComplete="off" value={secret} onChange={(e) => setSecret(e.target.value)} />
        <label htmlFor="webhook-attempts">Attempts</label>
        <input id="webhook-attempts" type="number" min={1} max={50} value={attempts} onChange={(e) => setAttempts(Math.max(1, Math.min(50, Number(e.target.value) || 1)))} />
      </div>
      {touched && problem ? <p className="field-error" role="alert">{problem}</p> : null}
      <button type="submit" className="primary" disabled={saving}>
        Save webhook
      </button>
    </form>
  )
}
