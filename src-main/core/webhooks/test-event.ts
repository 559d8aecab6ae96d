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

/** Records the test event and its one delivery (to `webhook`); returns the event id. */
export function enqueueTestEvent(db: Db, input: TestEventInput, opts: { now?: number; wake?: () => void } = {}): string {
  const { envelope } = enqueueEvent(
    db,
    { instanceId: input.instanceId, session: input.session, me: input.me, engine: input.engine, event: TEST_EVENT, payload: testEventPayload(input.webhook) },
    { ...opts, to: input.webhook.id }
  )
  return envelope.id
}
