// Adds a webhook: URL, events (or all), optional signing secret and retry policy. Existing ones are edited in
// place (WebhookEditor), not by typing their URL again.
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { t as translate } from '../../i18n/index.js'
import { useWebhooksStore } from '../../stores/webhooks-store.js'
import { EventPicker, eventsOf, type EventChoice } from './EventPicker.js'
import { RetryFields } from './RetryFields.js'

function urlProblem(url: string): string | undefined {
  try {
    const u = new URL(url.trim())
    return u.protocol === 'http:' || u.protocol === 'https:' ? undefined : translate('webhooks.urlScheme')
  } catch {
    return translate('webhooks.urlFull')
  }
}

export function WebhookForm({ instanceId, knownEvents, descriptions, onClose }: { instanceId: string; knownEvents: string[]; descriptions?: Record<string, string> | undefined; onClose?: () => void }) {
  const { t } = useTranslation()
  const [url, setUrl] = useState('')
  const [choice, setChoice] = useState<EventChoice>({ all: false, events: ['message', 'session.status'] })
  const [secret, setSecret] = useState('')
  const [retries, setRetries] = useState({ delay: 2, attempts: 15 })
  const [touched, setTouched] = useState(false)
  const { saving, save } = useWebhooksStore()
  const problem = urlProblem(url) ?? (!choice.all && choice.events.length === 0 ? t('webhooks.chooseEvent') : undefined)

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    setTouched(true)
    if (problem) return
    const ok = await save({ instanceId, url: url.trim(), events: eventsOf(choice), isActive: true, ...(secret ? { secret } : {}), retries })
    if (ok) {
      setUrl('')
      setSecret('')
      setTouched(false)
      onClose?.()
    }
  }
  return (
    <form className="panel webhook-form" onSubmit={(e) => void submit(e)} noValidate aria-label={t('webhooks.add')}>
      <h2>{t('webhooks.add')}</h2>
      <label htmlFor="webhook-url">URL</label>
      <input id="webhook-url" type="url" value={url} placeholder="http://127.0.0.1:5678/webhook" onChange={(e) => setUrl(e.target.value)} aria-invalid={touched && !!problem} />
      <EventPicker knownEvents={knownEvents} {...(descriptions ? { descriptions } : {})} value={choice} onChange={setChoice} />
      <div className="row">
        <label htmlFor="webhook-secret">{t('webhooks.secret')}</label>
        <input id="webhook-secret" type="password" autoComplete="off" value={secret} onChange={(e) => setSecret(e.target.value)} />
      </div>
      <RetryFields idPrefix="webhook" value={retries} onChange={setRetries} />
      {touched && problem ? <p className="field-error" role="alert">{problem}</p> : null}
      <div className="row">
        <button type="submit" className="primary" disabled={saving}>
          {t('webhooks.save')}
        </button>
        {onClose ? (
          <button type="button" onClick={onClose}>
            {t('common.cancel')}
          </button>
        ) : null}
      </div>
    </form>
  )
}
