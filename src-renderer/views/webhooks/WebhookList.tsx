// The instance's webhooks: URL, events, active or disabled (and why); edit in place, pause/resume, send a test
// event (a real signed webhook.test delivery; its outcome shows here and in the delivery log), delete after
// confirmation.
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { WebhooksDto } from '../../../src-preload/contract/dto.js'
import { ConfirmDialog } from '../../components/ConfirmDialog.js'
import { ErrorNote, Notice } from '../../components/ErrorNote.js'
import { formatDuration, formatNumber } from '../../lib/format.js'
import { useWebhooksStore } from '../../stores/webhooks-store.js'
import { WebhookEditor } from './WebhookEditor.js'

export function WebhookList({ dto }: { dto: WebhooksDto }) {
  const { t } = useTranslation()
  const { saving, save, remove, testing, testNotice, testError, sendTest, dismissTestNotice } = useWebhooksStore()
  const [deleting, setDeleting] = useState<string | null>(null)
  const [editing, setEditing] = useState<number | null>(null)
  // The kind of test event per webhook: webhook.test, or a sample of a real event kind (n8n/Make map fields from it).
  const [testEvent, setTestEvent] = useState<Record<number, string>>({})
  if (!dto.webhooks.length) return <p className="empty">{t('webhooks.empty')}</p>
  return (
    <ul className="webhooks" aria-label={t('webhooks.configured')}>
      {dto.webhooks.map((w) => (
        <li key={w.id} className="panel webhook" aria-label={t('webhooks.item', { url: w.url })}>
          <div className="row">
            <span className="mono url">{w.url}</span>
            <span className={`tag ${w.isActive ? 'tag-ok' : 'tag-off'}`}>{w.isActive ? t('webhooks.activeTag') : t('webhooks.pausedTag')}</span>
            {w.hasSecret ? <span className="tag">{t('webhooks.signed')}</span> : null}
          </div>
          <p className="muted small">{t('webhooks.summary', { events: w.events.join(', '), attempts: formatNumber(w.retries.attempts), delay: formatDuration(w.retries.delay * 1000) })}</p>
          {w.disabledReason ? <p className="note note-error">{t('webhooks.disabled', { status: w.disabledReason.replace('http_', 'HTTP ') })}</p> : null}
          {testNotice?.webhookId === w.id ? <Notice onDismiss={dismissTestNotice}>{testNotice.text}</Notice> : null}
          {testError?.webhookId === w.id ? <ErrorNote error={testError.error} /> : null}
          {editing === w.id ? (
            <WebhookEditor instanceId={dto.instanceId} webhook={w} knownEvents={dto.knownEvents} descriptions={dto.eventDescriptions} onDone={() => setEditing(null)} />
          ) : (
            <div className="row">
              <button type="button" disabled={saving} onClick={() => setEditing(w.id)}>
                {t('common.edit')}
              </button>
              <button type="button" disabled={saving} onClick={() => void save({ instanceId: dto.instanceId, url: w.url, events: w.events, isActive: !w.isActive })}>
                {w.isActive ? t('webhooks.pause') : t('webhooks.resume')}
              </button>
              {dto.testEvents?.length ? (
                <select
                  aria-label={t('webhooks.testKind')}
                  title={t('webhooks.testKindTitle')}
                  value={testEvent[w.id] ?? 'webhook.test'}
                  onChange={(e) => setTestEvent((s) => ({ ...s, [w.id]: e.target.value }))}
                >
                  {dto.testEvents.map((name) => (
                    <option key={name} value={name}>
                      {name === 'webhook.test' ? 'webhook.test' : t('webhooks.sampleOption', { name })}
                    </option>
                  ))}
                </select>
              ) : null}
              <button
                type="button"
                disabled={testing !== null}
                title={w.isActive ? t('webhooks.testTitle') : t('webhooks.testPausedTitle')}
                onClick={() => void sendTest(dto.instanceId, w.id, testEvent[w.id])}
              >
                {testing === w.id ? t('webhooks.sendingTest') : t('webhooks.sendTest')}
              </button>
              <button type="button" className="danger" disabled={saving} onClick={() => setDeleting(w.url)}>
                {t('common.delete')}
              </button>
            </div>
          )}
        </li>
      ))}
      {deleting ? (
        <ConfirmDialog
          title={t('webhooks.deleteTitle')}
          body={t('webhooks.deleteBody', { url: deleting })}
          confirmLabel={t('webhooks.deleteConfirm')}
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
