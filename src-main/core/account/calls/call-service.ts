// Incoming calls (issue 22 item 6): the per-instance setting to reject them automatically with an optional text
// reply (as GOWA and WAHA offer), and the follower that applies it to each call.received offer: the call is
// rejected through the instance's own connection, then the reply goes out through the send pipeline (policy and
// queue like any send). The call.received webhook is written by the ingestor either way.
import type { Logger } from 'pino'
import type { Db } from '../../db/connection.js'
import type { EventSubscriber } from '../../domain/event-bus.js'
import type { CallReceivedEvent, CoreEventMap } from '../../domain/events.js'
import type { SessionPorts } from '../../engine/session-ports.js'
import type { SendCommand } from '../../messaging/send/send-command.js'
import { getCallSettings, setCallSettings, type CallSettings } from './call-settings-repo.js'

export type { CallSettings }

export interface CallServiceDeps {
  db: Db
  /** The instances' engine ports: live() while WORKING (callers check the instance exists: API auth, bridge ownership). */
  ports: Pick<SessionPorts, 'live' | 'statusOf'>
  /** The send pipeline's entry (SendService.send). */
  send: (instanceId: string, command: SendCommand) => Promise<unknown>
  logger: Logger
  now: () => number
}

/** Longest reply text (a WhatsApp text's limit is far above; this is a short answer). */
export const CALL_REPLY_MAX = 1000

export class CallService {
  constructor(private readonly deps: CallServiceDeps) {}

  settings(instanceId: string): CallSettings {
    this.deps.ports.statusOf(instanceId)
    return getCallSettings(this.deps.db, instanceId)
  }

  /** The fields given change; an empty or whitespace reply text means no reply. */
  update(instanceId: string, patch: Partial<CallSettings>): CallSettings {
    const next = { ...this.settings(instanceId), ...patch }
    next.replyText = next.replyText?.trim() ? next.replyText.slice(0, CALL_REPLY_MAX) : null
    setCallSettings(this.deps.db, instanceId, next, this.deps.now())
    return next
  }

  /** Applies the setting to every incoming offer from now on; returns the unsubscribe. */
  follow(bus: Pick<EventSubscriber<CoreEventMap>, 'on'>): () => void {
    return bus.on('call.received', (e) => void this.onCall(e))
  }

  private async onCall(e: CallReceivedEvent): Promise<void> {
    if (e.status !== 'offer') return
    const s = getCallSettings(this.deps.db, e.instanceId)
    if (!s.autoReject) return
    const socket = this.deps.ports.live(e.instanceId)
    if (!socket) return
    try {
      await socket.rejectCall(e.callId, e.from)
      this.deps.logger.info({ instanceId: e.instanceId, callId: e.callId, isVideo: e.isVideo }, 'incoming call rejected automatically')
    } catch (err) {
      this.deps.logger.warn({ err, instanceId: e.instanceId, callId: e.callId }, 'automatic call rejection failed')
      return
    }
    // Group calls are rejected but not answered in the group.
    if (!s.replyText || e.isGroup) return
    try {
      await this.deps.send(e.instanceId, { kind: 'text', chatJid: e.chatId || e.from, text: s.replyText })
    } catch (err) {
      this.deps.logger.warn({ err, instanceId: e.instanceId, callId: e.callId }, 'reply to a rejected call not sent')
    }
  }
}
