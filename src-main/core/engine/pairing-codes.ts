// Pairing codes with a per-phone-number throttle. The real network blocks pairing for a number after about
// 3 to 5 codes in a short window, so we allow `maxPerWindow` network requests per number per window, and a
// repeated request for the same instance and number while its code is still fresh returns that code again
// without asking the network.
import type { Db } from '../db/connection.js'
import { pairingRequestsSince, recordPairingRequest } from '../db/repositories/pairing-requests-repo.js'
import { coreErrors } from '../domain/core-errors.js'
import { isApiPhoneNumber } from '../domain/phone.js'
import type { EventSubscriber } from '../domain/event-bus.js'
import type { CoreEventMap } from '../domain/events.js'

export interface PairingThrottleConfig {
  maxPerWindow: number
  windowMs: number
  /** How long an issued code is handed out again instead of asking for a new one (codes live 2 to 5 min). */
  reuseMs: number
}

export const DEFAULT_PAIRING_THROTTLE: PairingThrottleConfig = { maxPerWindow: 3, windowMs: 10 * 60_000, reuseMs: 2 * 60_000 }

export interface PairingCodeIssuer {
  requestPairingCode(instanceId: string, phoneNumber: string): Promise<string>
}

export class PairingCodes {
  private readonly issued = new Map<string, { phone: string; code: string; at: number }>()

  constructor(
    private readonly db: Db,
    private readonly issuer: PairingCodeIssuer,
    bus: EventSubscriber<CoreEventMap>,
    private readonly config: PairingThrottleConfig = DEFAULT_PAIRING_THROTTLE,
    private readonly now: () => number = Date.now
  ) {
    // A code is only meaningful for the registration that asked for it.
    bus.on('session.status', (e) => {
      if (e.status !== 'SCAN_QR_CODE') this.issued.delete(e.instanceId)
    })
  }

  /** The newest code issued for this number to an instance still waiting for it (the sandbox shows it on the phone). */
  issuedFor(phoneNumber: string): { instanceId: string; code: string; at: number } | undefined {
    let newest: { instanceId: string; code: string; at: number } | undefined
    for (const [instanceId, i] of this.issued) if (i.phone === phoneNumber && (!newest || i.at > newest.at)) newest = { instanceId, code: i.code, at: i.at }
    return newest
  }

  async request(instanceId: string, phoneNumber: string): Promise<string> {
    if (!isApiPhoneNumber(phoneNumber)) throw coreErrors.invalidPhoneNumber(phoneNumber)
    const now = this.now()
    const previous = this.issued.get(instanceId)
    if (previous && previous.phone === phoneNumber && now - previous.at < this.config.reuseMs) return previous.code
    const recent = pairingRequestsSince(this.db, phoneNumber, now - this.config.windowMs)
    if (recent.length >= this.config.maxPerWindow) {
      const retryAt = recent[recent.length - this.config.maxPerWindow]! + this.config.windowMs
      throw coreErrors.pairingCodeThrottled(Math.max(1, Math.ceil((retryAt - now) / 1000)))
    }
    const code = await this.issuer.requestPairingCode(instanceId, phoneNumber)
    recordPairingRequest(this.db, phoneNumber, instanceId, now)
    this.issued.set(instanceId, { phone: phoneNumber, code, at: now })
    return code
  }
}
