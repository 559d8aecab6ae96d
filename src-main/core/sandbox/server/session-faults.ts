// Login and routing faults of issue 22, kept apart from faults.ts so other fault families stay additive: logins
// that never complete (the server says nothing after the handshake: a client stuck in STARTING) and 1:1 messages
// that open a new chat refused with 463 without the timelock notice first (the refusal path of a client).
export class SessionFaults {
  /** Device key -> logins still to leave hanging (Infinity = until cleared). */
  private readonly stalledLogins = new Map<string, number>()
  /** Phone -> new-chat messages still to refuse with 463. */
  private readonly newChatRefusals = new Map<string, number>()
  /** Phone -> until when (ms; Infinity = until cleared) every 1:1 message of the account is refused with 463. */
  private readonly restrictions = new Map<string, number>()

  /** Leave the device's next `count` logins hanging after the handshake (undefined: every one; 0 cancels). */
  stallLogins(deviceKey: string, count?: number): void {
    if (count === 0) this.stalledLogins.delete(deviceKey)
    else this.stalledLogins.set(deviceKey, count === undefined ? Infinity : Math.max(1, Math.floor(count)))
  }

  /** True (and counts one down) when this login of the device is to hang. */
  takeStalledLogin(deviceKey: string): boolean {
    return take(this.stalledLogins, deviceKey)
  }

  /** Refuse the account's next `count` messages that would open a new chat with 463, no notice first (0 cancels). */
  refuseNewChats(phone: string, count: number): void {
    const n = Math.max(0, Math.floor(count))
    if (n === 0) this.newChatRefusals.delete(phone)
    else this.newChatRefusals.set(phone, n)
  }

  takeNewChatRefusal(phone: string): boolean {
    return take(this.newChatRefusals, phone)
  }

  /** Restrict the account for `ms` (undefined: until lifted; 0 lifts it): existing chats are refused too. */
  restrict(phone: string, ms: number | undefined, now = Date.now()): void {
    if (ms === 0) this.restrictions.delete(phone)
    else this.restrictions.set(phone, ms === undefined ? Infinity : now + Math.max(1, Math.floor(ms)))
  }

  isRestricted(phone: string, now = Date.now()): boolean {
    const until = this.restrictions.get(phone)
    if (until === undefined) return false
    if (until > now) return true
    this.restrictions.delete(phone)
    return false
  }

  clear(): void {
    this.stalledLogins.clear()
    this.newChatRefusals.clear()
    this.restrictions.clear()
  }
}

function take(m: Map<string, number>, key: string): boolean {
  const left = m.get(key) ?? 0
  if (left <= 0) return false
  if (left - 1 <= 0) m.delete(key)
  else m.set(key, left - 1)
  return true
}
