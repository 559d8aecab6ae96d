// Time source for the limiter and the send queue. Production uses the system clock; tests use ManualClock
// to move time forward and fire timers deterministically (no real sleeps).

export interface Clock {
  now(): number
  /** Calls fn after ms; returns a cancel function. */
  setTimer(fn: () => void, ms: number): () => void
}

export const systemClock: Clock = {
  now: () => Date.now(),
  setTimer(fn, ms) {
    const t = setTimeout(fn, Math.max(0, ms))
    t.unref()
    return () => clearTimeout(t)
  }
}

interface PendingTimer {
  at: number
  seq: number
  fn: () => void
}

const flushPromises = () => new Promise<void>((r) => setImmediate(r))

export class ManualClock implements Clock {
  private time: number
  private seq = 0
  private timers: PendingTimer[] = []

  constructor(start: number) {
    this.time = start
  }

  now(): number {
    return this.time
  }

  setTimer(fn: () => void, ms: number): () => void {
    const timer = { at: this.time + Math.max(0, ms), seq: this.seq++, fn }
    this.timers.push(timer)
    return () => {
      this.timers = this.timers.filter((t) => t !== timer)
    }
  }

  /** Moves time to `this.now() + ms`, firing due timers in order and letting promise callbacks run between them. */
  async advance(ms: number): Promise<void> {
    const end = this.time + ms
    await flushPromises()
    for (;;) {
      const next = this.timers.filter((t) => t.at <= end).sort((a, b) => a.at - b.at || a.seq - b.seq)[0]
      if (!next) break
      this.timers = this.timers.filter((t) => t !== next)
      this.time = Math.max(this.time, next.at)
      next.fn()
      await flushPromises()
    }
    this.time = end
    await flushPromises()
  }

  /** Jumps to an absolute time (see advance). */
  advanceTo(at: number): Promise<void> {
    return this.advance(Math.max(0, at - this.time))
  }

  pendingTimers(): number {
    return this.timers.length
  }
}
