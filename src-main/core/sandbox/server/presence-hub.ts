// Presence of accounts (available/unavailable, last seen) and who subscribed to whom. In memory, except the
// last-seen time, which is persisted on the account.
import type { BinaryNode } from '@whiskeysockets/baileys'
import type { Db } from '../../db/connection.js'
import { getAccount, setLastSeen } from '../store/accounts-repo.js'
import { pnJid } from '../wire/jid.js'
import { node, nowSeconds } from '../wire/nodes.js'

export interface Subscriber {
  readonly online: boolean
  send(n: BinaryNode): void
}

export class PresenceHub {
  private readonly available = new Set<string>()
  private readonly subscribers = new Map<string, Set<Subscriber>>()

  constructor(private readonly db: Db) {}

  isAvailable(phone: string): boolean {
    return this.available.has(phone)
  }

  /** The presence stanza a subscriber of `phone` sees right now. */
  stanzaFor(phone: string): BinaryNode {
    if (this.available.has(phone)) return node('presence', { from: pnJid(phone) })
    const acc = getAccount(this.db, phone)
    const hideLast = acc?.privacy.last === 'none'
    const last = hideLast ? 'deny' : acc?.lastSeen ? String(acc.lastSeen) : undefined
    return node('presence', { from: pnJid(phone), type: 'unavailable', last })
  }

  subscribe(target: string, who: Subscriber): void {
    let set = this.subscribers.get(target)
    if (!set) this.subscribers.set(target, (set = new Set()))
    set.add(who)
    who.send(this.stanzaFor(target))
  }

  unsubscribeEverywhere(who: Subscriber): void {
    for (const set of this.subscribers.values()) set.delete(who)
  }

  set(phone: string, available: boolean): void {
    const was = this.available.has(phone)
    if (available) this.available.add(phone)
    else {
      this.available.delete(phone)
      setLastSeen(this.db, phone, nowSeconds())
    }
    if (was !== available || !available) this.notify(phone)
  }

  private notify(phone: string): void {
    const stanza = this.stanzaFor(phone)
    for (const s of this.subscribers.get(phone) ?? []) if (s.online) s.send(stanza)
  }
}
