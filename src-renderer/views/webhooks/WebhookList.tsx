// The instance's webhooks: URL, events, active or disabled (and why); edit in place, pause/resume, send a test
// event (a real signed webhook.test delivery; its outcome shows here and in the delivery log), delete after
// confirmation.
import { useState } from 'react'
import type { WebhooksDto } from '../../../src-preload/contract/dto.js'
import { ConfirmDialog } from '../../components/ConfirmDialog.js'
import { ErrorNote, Notice } from '../../components/ErrorNote.js'
import { useWebhooksStore } from '../../stores/webhooks-store.js'
import { WebhookEditor } from './WebhookEditor.js'

export function WebhookList({ dto }: { dto: WebhooksDto }) {
  const { saving, save, remove, testing, testNotice, testError, sendTest, dismissTestNotice } = useWebhooksStore()
  const [deleting, setDeleting] = useState<string | null>(null)
  const [editing, setEditing] = useState<number | null>(null)
  // The kind of test event per webhook: webhook.test, or a sample of a real event kind (n8n/Make map fields from it).
  const [testEvent, setTestEvent] = useState<Record<number, string>>({})
  if (!dto.webhooks.length) return <p className="empty">No webhooks yet: events are recorded but sent nowhere.</p>
  return (
    <ul className="webhooks" aria-label="Configured webhooks">
      {dto.webhooks.map((w) => (
        <li key={w.id} className="panel webhook" aria-label={`Webhook ${w.url}`}>
          <div className="row">
            <span className="mono url">{w.url}</span>
            <span className={`tag ${w.isActive ? 'tag-ok' : 'tag-off'}`}>{w.isActive ? 'Active' : 'Paused'}</span>
            {w.hasSecret ? <span className="tag">Signed</span> : null}
          </div>
          <p className="muted small">Events: {w.events.join(', ')} · retries: {w.retries.attempts} attempts from {w.retries.delay} s</p>
          {w.disabledReason ? <p className="note note-error">Switchboard paused it: the receiver answered {w.disabledReason.replace('http_', 'HTTP ')}. Resume it when the receiver is ready.</p> : null}
          {testNotice?.webhookId === w.id ? <Notice onDismiss={dismissTestNotice}>{testNotice.text}</Notice> : null}
          {testError?.webhookId === w.id ? <ErrorNote error={testError.error} /> : null}
          {editing === w.id ? (
            <WebhookEditor instanceId={dto.instanceId} webhook={w} knownEvents={dto.knownEvents} descriptions={dto.eventDescriptions} onDone={() => setEditing(null)} />
          ) : (
            <div className="row">
              <button type="button" disabled={saving} onClick={() => setEditing(w.id)}>
                Edit
              </button>
              <button type="button" disabled={saving} onClick={() => void save({ instanceId: dto.instanceId, url: w.url, events: w.events, isActive: !w.isActive })}>
                {w.isActive ? 'Pause' : 'Resume'}
              </button>
              {dto.testEvents?.length ? (
                <select
                  aria-label="Test event kind"
                  title="webhook.test, or a sample of a real event (flagged sample: true) to map its fields in n8n or Make"
                  value={testEvent[w.id] ?? 'webhook.test'}
                  onChange={(e) => setTestEvent((s) => ({ ...s, [w.id]: e.target.value }))}
                >
                  {dto.testEvents.map((name) => (
                    <option key={name} value={name}>
                      {name === 'webhook.test' ? 'webhook.test' : `${name} (sample)`}
                    </option>
                  ))}
                </select>
              ) : null}
              <button
                type="button"
                disabled={testing !== null}
                title={w.isActive ? 'Sends a signed test event (webhook.test or the sample chosen) to this URL now' : 'Paused: the test waits until you resume this webhook'}
                onClick={() => void sendTest(dto.instanceId, w.id, testEvent[w.id])}
              >
                {testing === w.id ? 'Sending test…' : 'Send test event'}
              </button>
              <button type="button" className="danger" disabled={saving} onClick={() => setDeleting(w.url)}>
                Delete
              </button>
            </div>
          )}
        </li>
      ))}
      {deleting ? (
        <ConfirmDialog
          title="Delete this webhook?"
          body={`${deleting} stops receiving events; deliveries still waiting for it are dropped.`}
          confirmLabel="Delete webhook"
          onCancel={() => setDeleting(null)}
          onConfirm={() => {
            void remove(dto.instanceId, deleting)
            setDeleting(null)
          }}
        />
      ) : null}
    </ul>
  )
}
