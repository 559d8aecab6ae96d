// Fault injection for tests and testers: delayed delivery per device (or for everyone), app-state uploads
// refused with a version conflict as if another device of the account had patched first, and devices whose
// network is down (bans are a per-phone setting: store/ban-repo.ts).
import { EncFaults } from './enc-faults.js'
import { MediaExpiry } from '../media/media-expiry.js'
import { SessionFaults } from './session-faults.js'
import { ClientVersions } from './client-versions.js'

export class Faults {
  /** Undecryptable messages for one device (Bad MAC, no session, invalid pre-key): enc-faults.ts. */
  readonly enc = new EncFaults()
  /** Media the host answers 403/404/410 for (media_expired): media/media-expiry.ts. */
  readonly media = new MediaExpiry()
  /** Logins left hanging and 463 refusals without notice (issue 22): session-faults.ts. */
  readonly session = new SessionFaults()
  /** The minimum client version (405 below it) and the one /sw.js announces: client-versions.ts. */
  readonly versions = new ClientVersions()
  private globalDelayMs = 0
  private readonly perDevice = new Map<string, number>()
  private readonly appStateConflicts = new Map<string, number>()
  /** Device key -> until when (ms since the epoch; Infinity = until cleared) its logins are cut. */
  private readonly networkDown = new Map<string, number>()

  setDeliveryDelay(ms: number, deviceKey?: string): void {
    const v = Math.max(0, Math.floor(ms))
    if (deviceKey === undefined) this.globalDelayMs = v
    else if (v === 0) this.perDevice.delete(deviceKey)
    else this.perDevice.set(deviceKey, v)
  }

  deliveryDelay(deviceKey: string): number {
    return this.perDevice.get(deviceKey) ?? this.globalDelayMs
  }

  /** Refuse the device's next `count` app-state uploads with 409 (0 cancels). */
  setAppStateConflicts(deviceKey: string, count: number): void {
    const n = Math.max(0, Math.floor(count))
    if (n === 0) this.appStateConflicts.delete(deviceKey)
    else this.appStateConflicts.set(deviceKey, n)
  }

  /** True (and counts one down) when this upload of the device is to be refused. */
  takeAppStateConflict(deviceKey: string): boolean {
    const left = this.appStateConflicts.get(deviceKey) ?? 0
    if (left <= 0) return false
    this.setAppStateConflicts(deviceKey, left - 1)
    return true
  }

  /** Cut the device's logins for `ms` (undefined = until lifted; 0 lifts it now). */
  setNetworkDown(deviceKey: string, ms: number | undefined, now = Date.now()): void {
    if (ms === 0) this.networkDown.delete(deviceKey)
    else this.networkDown.set(deviceKey, ms === undefined ? Infinity : now + Math.max(0, Math.floor(ms)))
  }

  isNetworkDown(deviceKey: string, now = Date.now()): boolean {
    const until = this.networkDown.get(deviceKey)
    if (until === undefined) return false
    if (until > now) return true
    this.networkDown.delete(deviceKey)
    return false
  }

  clear(): void {
    this.globalDelayMs = 0
    this.perDevice.clear()
    this.appStateConflicts.clear()
    this.networkDown.clear()
    this.enc.clear()
    this.media.clear()
    this.session.clear()
    this.versions.clear()
  }
}
