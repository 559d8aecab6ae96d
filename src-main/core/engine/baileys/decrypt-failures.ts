// Messages the engine could not decrypt, logged in aggregate (issue 22 item 2: a Bad MAC storm of thousands a
// minute, Baileys #2234, wrote one error line per message). Baileys' "failed to decrypt message" lines are counted
// per sender instead, and one line per window says how many from how many senders ("1,204 undecryptable from 3
// senders in the last minute", with the worst senders). Bounded memory: at most MAX_SENDERS senders are named.
import type { Logger } from 'pino'

const MAX_SENDERS = 1000
const TOP = 5

export class DecryptFailureLog {
  private count = 0
  private readonly senders = new Map<string, number>()
  private readonly reasons = new Map<string, number>()
  private timer: NodeJS.Timeout | undefined

  constructor(private readonly logger: Logger, private readonly windowMs = 60_000) {}

  record(sender: string | undefined, reason: string | undefined): void {
    if (this.count === 0) {
      this.timer = setTimeout(() => this.flush(), this.windowMs)
      this.timer.unref?.()
    }
    this.count++
    const who = sender ?? 'unknown'
    if (this.senders.has(who) || this.senders.size < MAX_SENDERS) this.senders.set(who, (this.senders.get(who) ?? 0) + 1)
    const why = (reason ?? 'unknown').slice(0, 80)
    if (this.reasons.has(why) || this.reasons.size < 20) this.reasons.set(why, (this.reasons.get(why) ?? 0) + 1)
  }

  /** Writes the window's line (if anything failed) and starts a new window. */
  flush(): void {
    clearTimeout(this.timer)
    this.timer = undefined
    if (this.count === 0) return
    const n = this.senders.size
    const window = this.windowMs === 60_000 ? 'minute' : `${Math.round(this.windowMs / 1000)} s`
    const top = [...this.senders].sort((a, b) => b[1] - a[1]).slice(0, TOP).map(([sender, count]) => ({ sender, count }))
    this.logger.warn(
      { undecryptable: this.count, senders: n, top, reasons: Object.fromEntries(this.reasons) },
      `${this.count.toLocaleString('en-US')} undecryptable from ${n} sender${n === 1 ? '' : 's'} in the last ${window}`
    )
    this.count = 0
    this.senders.clear()
    this.reasons.clear()
  }

  close(): void {
    this.flush()
  }
}
