// "Send test event" for both front doors: webhook.test, or a sample of any event kind (issue 23 item 7) built from
// that event's documented schema, delivered to one webhook through the same outbox, signing, retries and log.
import type { InstanceRow } from '../db/repositories/instances-repo.js'
import { isSampleEvent, samplePayload, SAMPLE_EVENTS } from '../messaging/events/samples.js'
import { TEST_EVENT, WebhookValidationError, webhookMe, type WebhookService } from '../webhooks/index.js'

/** What a test can be sent as: webhook.test (the default) and every emitted event kind. */
export const TEST_EVENT_CHOICES: readonly string[] = [TEST_EVENT, ...SAMPLE_EVENTS]

/** Sends `event` (default webhook.test) to the instance's webhook `webhookId`; returns the recorded event id. */
export function sendTestEvent(webhooks: WebhookService, instance: InstanceRow, webhookId: number, event?: string): { eventId: string; event: string } {
  const me = instance.me_id ? webhookMe({ id: instance.me_id, lid: instance.me_lid, pushName: instance.me_push_name }) : null
  const envelope = { session: instance.session_name, me }
  if (event === undefined || event === TEST_EVENT) return { eventId: webhooks.sendTest(instance.id, webhookId, envelope), event: TEST_EVENT }
  if (!isSampleEvent(event)) {
    throw new WebhookValidationError('invalid_webhook_events', `"${event.slice(0, 64)}" is not an event kind a sample can be sent of`, {
      field: 'event',
      recommendation: `Use one of: ${TEST_EVENT_CHOICES.join(', ')}`
    })
  }
  const payload = samplePayload(event, { me: me?.id ?? null, session: instance.session_name, instanceId: instance.id })
  return { eventId: webhooks.sendTest(instance.id, webhookId, envelope, { event, payload }), event }
}
