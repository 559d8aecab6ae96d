// The last presences each instance saw (the ingestor's presence.updated events), kept in memory per chat and
// participant, and the chats it subscribed to, which are subscribed again whenever the instance is WORKING again
// (session.status; the network forgets subscriptions with the connection). Presence is ephemeral: nothing persisted.
import type { SessionPort } from '../../engine/session-port.js'
import type { EventSubscriber } from '../../domain/event-bus.js'
import type { CoreEventMap, PresenceState, PresenceUpdatedEvent } from '../../domain/events.js'
import { toApiChatId } from '../../messaging/chat-ids.js'

export type ApiPresenceState = 'online' | 'offline' | 'typing' | 'recording' | 'paused'

export interface ApiPresence {
  participant: string
  lastKnownPresence: ApiPresenceState
  /** Seconds; null when unknown or hidden by the contact's privacy settings. */
  lastSeen: number | null
}

export interface ChatPresence {
  id: string
  presences: ApiPresence[]
}

const STATES: Record<PresenceState, ApiPresenceState> = {
  available: 'online',
  unavailable: 'offline',
  composing: 'typing',
  recording: 'recording',
  paused: 'paused'
}

export interface PresenceTrackerDeps {
  bus?: EventSubscriber<Pick<CoreEventMap, 'presence.updated' | 'session.status'>>
  livePort(instanceId: string): SessionPort | undefined
  onResubscribeError?(instanceId: string, jid: string, error: unknown): void
}

export class PresenceTracker {
  /** instance -> API chat id -> participant -> presence */
  private readonly seen = new Map<string, Map<string, Map<string, ApiPresence>>>()
  /** instance -> Baileys JIDs subscribed to */
  private readonly subscribed = new Map<string, Set<string>>()
  private readonly waiters = new Set<{ instanceId: string; chatId: string; wake: () => void }>()
  private readonly offs: (() => void)[]

  constructor(private readonly deps: PresenceTrackerDeps) {
    const bus = deps.bus
    this.offs = bus
      ? [
          bus.on('presence.updated', (e) => this.record(e.instanceId, e)),
          // Every (re)opened connection passes through WORKING (a drop sets STARTING first).
          bus.on('session.status', (e) => {
            if (e.status === 'WORKING') this.resubscribe(e.instanceId)
          })
        ]
      : []
  }

  close(): void {
    for (const off of this.offs.splice(0)) off()
    for (const w of this.waiters) w.wake()
  }

  record(instanceId: string, update: Pick<PresenceUpdatedEvent, 'id' | 'presences'>): void {
    const chatId = toApiChatId(update.id)
    let chats = this.seen.get(instanceId)
    if (!chats) this.seen.set(instanceId, (chats = new Map()))
    let chat = chats.get(chatId)
    if (!chat) chats.set(chatId, (chat = new Map()))
    for (const [jid, p] of Object.entries(update.presences)) {
      const participant = toApiChatId(jid)
      const previous = chat.get(participant)
      chat.set(participant, {
        participant,
        lastKnownPresence: STATES[p.lastKnownPresence] ?? 'offline',
        // A typing notification carries no last-seen time: keep the one we knew.
        lastSeen: p.lastSeen ?? (p.lastKnownPresence === 'unavailable' ? null : (previous?.lastSeen ?? null))
      })
    }
    for (const w of [...this.waiters]) if (w.instanceId === instanceId && w.chatId === chatId) w.wake()
  }

  get(instanceId: string, chatId: string): ChatPresence {
    return { id: chatId, presences: [...(this.seen.get(instanceId)?.get(chatId)?.values() ?? [])] }
  }

  /** Every chat subscribed to or seen, in id order. */
  all(instanceId: string): ChatPresence[] {
    const ids = new Set([...(this.subscribed.get(instanceId) ?? [])].map((j) => toApiChatId(j)))
    for (const id of this.seen.get(instanceId)?.keys() ?? []) ids.add(id)
    return [...ids].sort().map((id) => this.get(instanceId, id))
  }

  isSubscribed(instanceId: string, jid: string): boolean {
    return !!this.subscribed.get(instanceId)?.has(jid)
  }

  markSubscribed(instanceId: string, jid: string): void {
    let set = this.subscribed.get(instanceId)
    if (!set) this.subscribed.set(instanceId, (set = new Set()))
    set.add(jid)
  }

  /** Resolves once a presence of `chatId` is known (at once if it is), or after `ms`. */
  waitFor(instanceId: string, chatId: string, ms: number): Promise<void> {
    if (this.seen.get(instanceId)?.get(chatId)?.size) return Promise.resolve()
    return new Promise((resolve) => {
      const waiter = {
        instanceId,
        chatId,
        wake: () => {
          clearTimeout(timer)
          this.waiters.delete(waiter)
          resolve()
        }
      }
      const timer = setTimeout(waiter.wake, ms)
      this.waiters.add(waiter)
    })
  }

  forget(instanceId: string): void {
    this.seen.delete(instanceId)
    this.subscribed.delete(instanceId)
  }

  private resubscribe(instanceId: string): void {
    const port = this.deps.livePort(instanceId)
    if (!port) return
    for (const jid of this.subscribed.get(instanceId) ?? []) {
      port.subscribePresence(jid).catch((e: unknown) => this.deps.onResubscribeError?.(instanceId, jid, e))
    }
  }
}
