// The test event (`webhook.test`): "Send test event" for one webhook makes a real delivery of a documented event
// through the same outbox, worker, signing, retries and log as every other event, to that webhook only.
import type { Db } from '../db/connection.js'
import type { WebhookMe } from './envelope.js'
import { enqueueEvent } from './outbox.js'

/** Not a subscribable event: it is only ever sent on request, to the webhook it was requested for. */
export const TEST_EVENT = 'webhook.test'

export interface TestEventPayload {
  /** Always true: receivers can tell a test from real traffic without knowing the event name. */
  test: true
  message: string
  /** The webhook it was sent to (its id and URL at the time). */
  webhookId: number
  url: string
}

export interface TestEventInput {
  instanceId: string
  session: string
  me: WebhookMe | null
  engine: string
  webhook: { id: number; url: string }
}

export const testEventPayload = (webhook: { id: number; url: string }): TestEventPayload => ({
  test: true,
  message: 'A test event from Switchboard: this webhook receives signed deliveries. Answer 2xx to mark it delivered.',
  webhookId: webhook.id,
  url: webhook.url
})

/** A sample of a real event kind instead of webhook.test: the payload to send as that event. */
export interface SampleEvent {
  event: string
  payload: unknown
}

/**
 * Records the test event and its one delivery (to `webhook`); returns the event id. With a sample, the envelope is
 * that event's (flagged sample: true); it is recorded as webhook.test all the same, so it never joins the account's
 * event stream (GET /v2/events) or a filter for the real event, and the log says it was a test.
 */
export function enqueueTestEvent(db: Db, input: TestEventInput, opts: { now?: number; wake?: () => void } = {}, sample?: SampleEvent): string {
  const base = { instanceId: input.instanceId, session: input.session, me: input.me, engine: input.engine }
  const { envelope } = enqueueEvent(
    db,
    sample ? { ...base, event: sample.event, payload: sample.payload, sample: true } : { ...base, event: TEST_EVENT, payload: testEventPayload(input.webhook) },
    { ...opts, to: input.webhook.id, recordAs: TEST_EVENT }
  )
  return envelope.id
}
