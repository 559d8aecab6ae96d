// The final word on an accepted send that will never go (issue 10 item 6): a restart purged it, or it could not be
// restored after a crash. Like a network refusal (ingest/send-refusals.ts): the `message.ack` webhook with ack -1
// and an error {code, reason, message}, written to the outbox in the caller's transaction (with the row's change),
// and the `message.ack` domain event after the commit (the UI's "Not sent").
import type { Db } from '../../db/connection.js'
import type { EventPublisher } from '../../domain/event-bus.js'
import type { CoreEventMap, InstanceMe, SendDroppedInfo } from '../../domain/events.js'
import { enqueueEvent, webhookMe } from '../../webhooks/index.js'
import { toWaJid } from '../chat-ids.js'
import { ackPayload } from '../events/payloads.js'
import { canonicalJid } from '../store/index.js'

export interface NotSentDeps {
  db: Db
  bus: EventPublisher<Pick<CoreEventMap, 'message.ack'>>
  /** The instance's session name and account (the webhook envelope); undefined once deleted. */
  instance: (id: string) => { name: string; me: InstanceMe | null } | undefined
  engineName: string
  wakeDeliveries?: () => void
  now: () => number
}

export interface DroppedSend {
  instance_id: string
  message_id: string
  chat_jid: string
}

export interface DroppedAck {
  instanceId: string
  chatId: string
  id: string
  error: SendDroppedInfo
}

const ownJid = (me: InstanceMe | null): string => {
  try {
    return me ? toWaJid(me.id) : ''
  } catch {
    return ''
  }
}

export class NotSentReports {
  constructor(private readonly d: NotSentDeps) {}

  /** Writes the webhook events (call inside the transaction that changes the rows); returns the domain events to publish. */
  record(rows: readonly DroppedSend[], error: SendDroppedInfo & { message: string }): DroppedAck[] {
    const { db } = this.d
    const at = this.d.now()
    const acks: DroppedAck[] = []
    for (const r of rows) {
      const inst = this.d.instance(r.instance_id)
      const chatId = canonicalJid(db, r.instance_id, r.chat_jid) || r.chat_jid
      const { code, reason } = error
      acks.push({ instanceId: r.instance_id, chatId, id: r.message_id, error: { code, reason } })
      if (!inst) continue
      const ctx = { me: ownJid(inst.me), meLid: inst.me?.lid ?? null, sentByApi: () => true }
      const key = { remoteJid: chatId, fromMe: true, id: r.message_id }
      const envelope = { instanceId: r.instance_id, session: inst.name, me: webhookMe(inst.me), engine: this.d.engineName }
      enqueueEvent(db, { ...envelope, event: 'message.ack', payload: { ...ackPayload(key, -1, Math.floor(at / 1000), ctx), error } }, { now: at, wake: this.d.wakeDeliveries })
    }
    return acks
  }

  /** After the commit: the domain events (the UI bridge's chat.ack "failed"). */
  publish(acks: readonly DroppedAck[]): void {
    for (const a of acks) this.d.bus.emit('message.ack', { ...a, ack: -1 })
  }
}
