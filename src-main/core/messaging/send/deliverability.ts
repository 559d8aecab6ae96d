// Switchboard's addition (issue 10 item 2): what the network lets this account do with NEW contacts. When a send
// is refused with 463 (reach-out timelock) or 475 (new-chat message capping), or the server announces the limit,
// sends to contacts with no prior conversation are held (202, reason new_contacts_paused) instead of burning the
// number further; replies in existing chats go on. The hold lifts by itself at the end the network gave, else
// after a cool-down, or when the network says the limit ended. The pause is in memory: after an app restart a
// refused send teaches it again; the held sends themselves are queued rows and survive it (send-service.ts).
// An account-wide restriction (issue 22 item 4: a 463 on a chat the account had already written to, so not a
// cold-contact refusal) is a distinct state: every send is held until it lifts, by itself after its cool-down.
import type { DeliverabilityChangedEvent } from '../../domain/events.js'
import type { Clock } from '../../rate-limit/index.js'

export type LimitName = DeliverabilityChangedEvent['limit']

export interface DeliverabilityOptions {
  /** How long new contacts stay paused when the network did not say (ms). Default: 1 h for 463, 24 h for 475, 1 h for a restriction. */
  coolDownMs?: Partial<Record<LimitName, number>>
}

export interface Pause {
  limit: LimitName
  /** When the hold lifts (ms): the network's end, or the cool-down's. */
  until: number
  /** Whether `until` is the network's own (false: our cool-down). */
  announced: boolean
  since: number
}

/** The state `GET /v2/session/info` and the UI show. */
export interface DeliverabilityView {
  new_contacts: 'ok' | 'paused'
  /** Which hold: none, sends to new contacts only, or every send (account_restricted). */
  state: 'ok' | 'new_contacts_paused' | 'restricted'
  /** ISO 8601, while paused. */
  until: string | null
  /** reachout_timelock (463) or message_cap (475), while paused. */
  reason: LimitName | null
  /** Sends to new contacts held meanwhile (they go out when the hold lifts). */
  held: number
}

const DEFAULT_COOL_DOWN: Record<LimitName, number> = { reachout_timelock: 60 * 60_000, message_cap: 24 * 60 * 60_000, account_restricted: 60 * 60_000 }

export class Deliverability {
  private readonly pauses = new Map<string, Map<LimitName, Pause>>()
  private readonly timers = new Map<string, () => void>()
  private readonly coolDown: Record<LimitName, number>

  constructor(
    private readonly clock: Clock,
    /** Called when an instance's new contacts are no longer paused (the held sends go). */
    private readonly onLift: (instanceId: string) => void,
    options: DeliverabilityOptions = {}
  ) {
    this.coolDown = { ...DEFAULT_COOL_DOWN, ...options.coolDownMs }
  }

  /** A domain event from the ingestor (a refused ack, or the server's notice). */
  apply(e: Omit<DeliverabilityChangedEvent, 'messageId'>): void {
    const now = this.clock.now()
    const byLimit = this.pauses.get(e.instanceId) ?? new Map<LimitName, Pause>()
    const prev = byLimit.get(e.limit)
    if (!e.active || (e.until !== null && e.until <= now)) byLimit.delete(e.limit)
    else if (e.until !== null) byLimit.set(e.limit, { limit: e.limit, until: e.until, announced: true, since: prev?.since ?? now })
    // No end given: keep an end the network announced before, else start (or keep) the cool-down.
    else if (!prev) byLimit.set(e.limit, { limit: e.limit, until: now + this.coolDown[e.limit], announced: false, since: now })
    this.pauses.set(e.instanceId, byLimit)
    this.schedule(e.instanceId)
  }

  /** The pause in force (the one that lifts last), or undefined. */
  paused(instanceId: string): Pause | undefined {
    const now = this.clock.now()
    let worst: Pause | undefined
    for (const p of this.pauses.get(instanceId)?.values() ?? []) if (p.until > now && (!worst || p.until > worst.until)) worst = p
    return worst
  }

  /** The account-wide restriction in force (every send held), or undefined. */
  restricted(instanceId: string): Pause | undefined {
    const p = this.pauses.get(instanceId)?.get('account_restricted')
    return p && p.until > this.clock.now() ? p : undefined
  }

  view(instanceId: string, held: number): DeliverabilityView {
    const r = this.restricted(instanceId)
    if (r) return { new_contacts: 'paused', state: 'restricted', until: new Date(r.until).toISOString(), reason: r.limit, held }
    const p = this.paused(instanceId)
    return p
      ? { new_contacts: 'paused', state: 'new_contacts_paused', until: new Date(p.until).toISOString(), reason: p.limit, held }
      : { new_contacts: 'ok', state: 'ok', until: null, reason: null, held }
  }

  forget(instanceId: string): void {
    this.pauses.delete(instanceId)
    this.timers.get(instanceId)?.()
    this.timers.delete(instanceId)
  }

  close(): void {
    for (const cancel of this.timers.values()) cancel()
    this.timers.clear()
  }

  private schedule(instanceId: string): void {
    this.timers.get(instanceId)?.()
    this.timers.delete(instanceId)
    const p = this.paused(instanceId)
    if (!p) {
      this.pauses.delete(instanceId)
      this.onLift(instanceId)
      return
    }
    const cancel = this.clock.setTimer(() => {
      this.timers.delete(instanceId)
      this.schedule(instanceId)
    }, Math.max(0, p.until - this.clock.now()) + 5)
    this.timers.set(instanceId, cancel)
  }
}
