// session.status webhook events, written by the instance manager's status write (its recordStatus hook runs
// inside the transaction that updates the instance row), so a status change and its outbox rows commit together;
// an enqueue that creates deliveries wakes the delivery worker (wakeDeliveries, only scheduled).
import type { Db } from '../../db/connection.js'
import type { SessionStatusEvent } from '../../domain/events.js'
import { statusReasonText } from '../../domain/status-reason.js'
import { enqueueEvent, webhookMe } from '../../webhooks/index.js'
import type { SessionStatusPayload } from '../events/schemas.js'

export interface SessionStatusOutboxDeps {
  db: Db
  /** `engine` of the envelope (the adapter's name, NOWEB for Baileys). */
  engineName: string
  /** The delivery worker's wake (WebhookService.wake), passed to each enqueue: it must only schedule. */
  wakeDeliveries: () => void
}

/** The recorder to hand to the InstanceManager (`recordStatus`); throws (rolling the status back) if the outbox fails. */
export function sessionStatusOutbox(deps: SessionStatusOutboxDeps): (e: SessionStatusEvent) => void {
  return (e) => {
    // A deleted instance's webhooks are already gone; nothing could deliver the event.
    if (e.status === 'DELETED') return
    const payload: SessionStatusPayload = { name: e.name, status: e.status, instance_id: e.instanceId, previous: e.previous, reason: e.reason, reason_text: statusReasonText(e.reason) }
    enqueueEvent(deps.db, { instanceId: e.instanceId, session: e.name, me: webhookMe(e.me), engine: deps.engineName, event: 'session.status', payload }, { now: e.at, wake: deps.wakeDeliveries })
  }
}
