// Fault injection for tests and testers: delayed delivery per device (or for everyone).

export class Faults {
  private globalDelayMs = 0
  private readonly perDevice = new Map<string, number>()

  setDeliveryDelay(ms: number, deviceKey?: string): void {
    const v = Math.max(0, Math.floor(ms))
    if (deviceKey === undefined) this.globalDelayMs = v
    else if (v === 0) this.perDevice.delete(deviceKey)
    else this.perDevice.set(deviceKey, v)
  }

  deliveryDelay(deviceKey: string): number {
    return this.perDevice.get(deviceKey) ?? this.globalDelayMs
  }

  clear(): void {
    this.globalDelayMs = 0
    this.perDevice.clear()
  }
}
