// A core clock for tests that runs with real time but can be moved ahead (as a PC's clock can be): now() is
// Date.now() plus an offset that skip() grows, and timers are due at clock times, so a skip fires the ones it
// passes and brings the others closer, exactly as if that much time had gone by. Lets a test reach a time of day
// (a campaign's window opening at the next minute) without waiting for it.
import type { Clock } from '../rate-limit/clock.js'

interface Timer {
  at: number
  fn: () => void
  handle?: NodeJS.Timeout
}

export class SkippableClock implements Clock {
  private offset = 0
  private readonly timers = new Set<Timer>()

  now(): number {
    return Date.now() + this.offset
  }

  setTimer(fn: () => void, ms: number): () => void {
    const timer: Timer = { at: this.now() + Math.max(0, ms), fn }
    this.timers.add(timer)
    this.arm(timer)
    return () => {
      clearTimeout(timer.handle)
      this.timers.delete(timer)
    }
  }

  /** Moves the clock `ms` ahead (never back): timers due by then fire now, the others keep their clock time. */
  skip(ms: number): void {
    this.offset += Math.max(0, ms)
    for (const timer of this.timers) {
      clearTimeout(timer.handle)
      this.arm(timer)
    }
  }

  private arm(timer: Timer): void {
    // Unref'd like the system clock's: a pending timer never keeps the process alive.
    timer.handle = setTimeout(() => {
      this.timers.delete(timer)
      timer.fn()
    }, Math.max(0, timer.at - this.now()))
    timer.handle.unref()
  }
}
