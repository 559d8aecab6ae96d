// Fault injection for tests and testers: delayed delivery per device (or for everyone), and app-state uploads
// refused with a version conflict as if another device of the account had patched first.

export class Faults {
  private globalDelayMs = 0
  private readonly perDevice = new Map<string, number>()
  private readonly appStateConflicts = new Map<string, number>()

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

  clear(): void {
    this.globalDelayMs = 0
    this.perDevice.clear()
    this.appStateConflicts.clear()
  }
}
