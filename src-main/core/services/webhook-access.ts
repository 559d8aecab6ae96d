// The ownership rule of the webhook log, for both front doors: an event or a delivery of another instance
// "does not exist". Reads go through the WebhookService; each front door words its own not-found answer.
import type { AttemptInfo, WebhookEnvelope, WebhookService } from '../webhooks/index.js'

/** The recorded event if this instance produced it. */
export function instanceEvent(webhooks: WebhookService, instanceId: string, eventId: string): WebhookEnvelope | undefined {
  const envelope = webhooks.event(eventId)
  return envelope?.instance_id === instanceId ? envelope : undefined
}

/** The newest `limit` attempts of a delivery when it belongs to a webhook of this instance, else none. */
export function deliveryAttempts(webhooks: WebhookService, instanceId: string, deliveryId: number, limit: number): AttemptInfo[] {
  const attempts = webhooks.attempts({ deliveryId, limit })
  return attempts.some((a) => webhooks.get(a.webhookId)?.instanceId !== instanceId) ? [] : attempts
}
