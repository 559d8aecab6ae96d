// Edits a configured webhook in place: its events, whether it is active, its retry policy. The URL and the
// signing secret stay as they are (the core keeps the fields a save leaves out).
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import type { WebhookDto } from '../../../src-preload/contract/dto.js'
import { useWebhooksStore } from '../../stores/webhooks-store.js'
import { choiceOf, EventPicker, eventsOf } from './EventPicker.js'
import { RetryFields } from './RetryFields.js'

export function WebhookEditor({ instanceId, webhook: w, knownEvents, descriptions, onDone }: { instanceId: string; webhook: WebhookDto; knownEvents: string[]; descriptions?: Record<string, string> | undefined; onDone(): void }) {
  const { t } = useTranslation()
  const [choice, setChoice] = useState(() => choiceOf(w.events))
  const [isActive, setActive] = useState(w.isActive)
  const [retries, setRetries] = useState(w.retries)
  const { saving, save } = useWebhooksStore()
  const empty = !choice.all && choice.events.length === 0

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    if (empty) return
    if (await save({ instanceId, url: w.url, events: eventsOf(choice), isActive, retries })) onDone()
  }
  return (
    <form className="webhook-form" onSubmit={(e) => void submit(e)} aria-label={t('webhooks.editNamed', { url: w.url })}>
      <EventPicker knownEvents={knownEvents} {...(descriptions ? { descriptions } : {})} value={choice} onChange={setChoice} />
      <label className="check">
        <input type="checkbox" checked={isActive} onChange={(e) => setActive(e.target.checked)} /> {t('webhooks.active')}
      </label>
      <RetryFields idPrefix={`edit-${w.id}`} value={retries} onChange={setRetries} />
      {empty ? <p className="field-error" role="alert">{t('webhooks.chooseEvent')}</p> : null}
      <div className="row">
        <button type="submit" className="primary" disabled={saving || empty}>
          {t('webhooks.saveChanges')}
        </button>
        <button type="button" onClick={onDone}>
          {t('common.cancel')}
        </button>
      </div>
    </form>
  )
}
