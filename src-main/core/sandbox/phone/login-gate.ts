// How many on-demand persons may be logging in at once (FIFO for the rest). A login is ~0.1 s of CPU here (Noise
// handshake, the server's certificate chain checked by Baileys in pure JS, the login's first queries); woken faster
// than that, unbounded logins all progress at once, each slower than the last, until they hit their 20 s timeouts,
// retry, and none completes while thousands of half-open sockets hold memory (the campaign bench at 2,000 x 5).
// Queued persons hold no socket, only a place in line. A bench may hold the line (no new login starts, the woken
// wait in line) while it measures, so the persons' logins fall in no measured phase.

/** A slot's holder calls this once its login is over (open, closed or given up). */
export type Release = () => void

export class LoginGate {
  private active = 0
  private readonly queue: ((release: Release) => void)[] = []
  private held = false

  constructor(readonly max: number) {
    if (!Number.isInteger(max) || max < 1) throw new Error(`LoginGate: max must be a positive integer (got ${max})`)
  }

  /** Runs `login` now if a slot is free, else when one frees (first come, first served). */
  enter(login: (release: Release) => void): void {
    if (!this.held && this.active < this.max) this.admit(login)
    else this.queue.push(login)
  }

  /** Holds the line (logins under way finish; no new one starts) or lets it go again (up to `max` start at once). */
  hold(held: boolean): void {
    this.held = held
    if (held) return
    while (!this.held && this.active < this.max && this.queue.length) this.admit(this.queue.shift()!)
  }

  get loggingIn(): number {
    return this.active
  }

  get waiting(): number {
    return this.queue.length
  }

  private admit(login: (release: Release) => void): void {
    this.active++
    let released = false
    const release = () => {
      if (released) return
      released = true
      this.active--
      const next = this.held ? undefined : this.queue.shift()
      if (next) this.admit(next)
    }
    try {
      login(release)
    } catch (e) {
      release()
      throw e
    }
  }
}
