// Fault injection on a running sandbox, for tests and testers: cut a device's connection, replace its stream
// (Baileys 440), hold live delivery for a while, leave a device nearly out of one-time pre-keys, or refuse its
// next app-state uploads with a version conflict (409).
import type { Db } from '../db/connection.js'
import type { SandboxServer } from './server/context.js'
import { deviceKey } from './server/delivery.js'
import { discardPreKeys } from './store/accounts-repo.js'
import { deviceOfJid } from './lookup.js'
import { node } from './wire/nodes.js'

export class NetworkFaults {
  constructor(private readonly db: Db, private readonly server: SandboxServer) {}

  /** Cut a device's connection without a goodbye (as a network drop). False when it is not connected. */
  dropConnection(jid: string): boolean {
    const c = this.connFor(jid)
    c?.drop()
    return !!c
  }

  /** Tell a device another client took over its session (stream conflict, Baileys 440). */
  streamConflict(jid: string): boolean {
    const c = this.connFor(jid)
    c?.streamError({}, [node('conflict', { type: 'replaced' })])
    return !!c
  }

  /** Hold live delivery to one device (or everyone) for `ms`; stanzas stay queued meanwhile. */
  setDeliveryDelay(ms: number, jid?: string): void {
    this.server.faults.setDeliveryDelay(ms, jid ? deviceKey(deviceOfJid(this.db, jid)) : undefined)
  }

  /** Leave a device only `keep` one-time pre-keys, as if others had fetched the rest; returns how many went. */
  exhaustPreKeys(jid: string, keep: number): number {
    const d = deviceOfJid(this.db, jid)
    return discardPreKeys(this.db, d.phone, d.deviceId, Math.max(0, Math.floor(keep)))
  }

  /** Refuse the device's next `count` app-state uploads with 409, as if another device had patched first. */
  appStateConflicts(jid: string, count: number): void {
    this.server.faults.setAppStateConflicts(deviceKey(deviceOfJid(this.db, jid)), count)
  }

  clear(): void {
    this.server.faults.clear()
  }

  private connFor(jid: string) {
    return this.server.connOf(deviceOfJid(this.db, jid))
  }
}
