// Presence through the instance's session port: announce the account online/offline or a chat state (typing,
// recording, paused) in one chat, subscribe to a chat's presence, and read what the tracker remembers (the
// first read of a chat subscribes and waits briefly for the network's answer).
import { toApiChatId } from '../../messaging/chat-ids.js'
import { callNetwork } from '../../engine/engine-errors.js'
import type { PortSource } from '../profile/profile-service.js'
import type { ApiPresenceState, ChatPresence, PresenceTracker } from './presence-tracker.js'

/** The first presence of a chat arrives right after subscribing; a read waits for it this long at most. */
const FIRST_PRESENCE_WAIT_MS = 2_000

const OUTGOING = { online: 'available', offline: 'unavailable', typing: 'composing', recording: 'recording', paused: 'paused' } as const satisfies Record<ApiPresenceState, string>

/** online/offline are the account's own; the others are shown in one chat. */
export type ChatState = Exclude<ApiPresenceState, 'online' | 'offline'>

export const isPresenceState = (value: string): value is ApiPresenceState => Object.hasOwn(OUTGOING, value)
export const isOwnPresence = (state: ApiPresenceState): state is 'online' | 'offline' => state === 'online' || state === 'offline'

/** The presence operations of one WORKING instance (a handle is made per request, never kept). */
export interface InstancePresence {
  /** Announces the account online or offline, and remembers it for later re-announcements (profile renames). */
  announce(state: 'online' | 'offline'): Promise<void>
  /** Shows typing, recording or paused in a chat. */
  inChat(state: ChatState, jid: string): Promise<void>
}

export interface PresenceServiceDeps extends PortSource {
  tracker: PresenceTracker
}

export class PresenceService {
  constructor(private readonly deps: PresenceServiceDeps) {}

  /** The instance's presence operations; 422 session_status_mismatch unless it is WORKING. */
  of(instanceId: string): InstancePresence {
    const port = this.deps.ports.working(instanceId)
    return {
      announce: async (state) => {
        await callNetwork(() => port.announcePresence(OUTGOING[state]))
      },
      inChat: async (state, jid) => {
        await callNetwork(() => port.sendPresence(OUTGOING[state], jid))
      }
    }
  }

  /** Subscribes to a chat's presence (renewed by the tracker on every reconnect). */
  async subscribe(instanceId: string, jid: string): Promise<void> {
    const port = this.deps.ports.working(instanceId)
    await callNetwork(() => port.subscribePresence(jid))
    this.deps.tracker.markSubscribed(instanceId, jid)
  }

  /** Every chat subscribed to or seen since the core started (kept in memory). */
  all(instanceId: string): ChatPresence[] {
    return this.deps.tracker.all(instanceId)
  }

  /** The last presences of a chat; the first read subscribes and waits up to 2 s for the network's answer. */
  async chat(instanceId: string, jid: string): Promise<ChatPresence> {
    const chatId = toApiChatId(jid)
    if (!this.deps.tracker.isSubscribed(instanceId, jid)) {
      await this.subscribe(instanceId, jid)
      await this.deps.tracker.waitFor(instanceId, chatId, FIRST_PRESENCE_WAIT_MS)
    }
    return this.deps.tracker.get(instanceId, chatId)
  }
}
