// How many on-demand persons may be logging in at once (FIFO for the rest). A login is ~0.1 s of CPU here (Noise
// handshake, the server's certificate chain checked by Baileys in pure JS, the login's first queries); woken faster
// than that, unbounded logins all progress at once, each slower than the last, until they hit their 20 s timeouts,
// retry, and none completes while thousands of half-open sockets hold memory (the campaign bench at 2,000 x 5).
// Queued persons hold no socket, only a place in line.

/** A slot's holder calls this once its login is over (open, closed or given up). */
export type Release = () => void

export class LoginGate {
  private active = 0
  private readonly queue: ((release: Release) => void)[] = []

  constructor(readonly max: number) {
    if (!Number.isInteger(max) || max < 1) throw new Error(`LoginGate: max must be a positive integer (got ${max})`)
  }

  /** Runs `login` now if a slot is free, else when one frees (first come, first served). */
  enter(login: (release: Release) => void): void {
    if (this.active < this.max) this.admit(login)
    else this.queue.push(login)
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
      const next = this.queue.shift()
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
