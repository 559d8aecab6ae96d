// Failed authentications per client address in a sliding window. Once a client has failed `limit` times in
// `windowMs`, its authenticated requests answer 429 before any token is checked, until the window slides:
// this caps guessing of weak user-chosen tokens and log flooding. Valid requests never count.

export interface AuthFailureLimiterConfig {
  limit: number
  windowMs: number
}

export const DEFAULT_AUTH_FAILURE_LIMIT: AuthFailureLimiterConfig = { limit: 20, windowMs: 60_000 }

export class AuthFailureLimiter {
  private readonly failures = new Map<string, number[]>()

  constructor(
    private readonly config: AuthFailureLimiterConfig = DEFAULT_AUTH_FAILURE_LIMIT,
    private readonly now: () => number = Date.now
  ) {}

  /** Seconds until the client may try again, or 0 when it is not blocked. */
  retryAfterSeconds(client: string): number {
    const recent = this.recent(client)
    if (recent.length < this.config.limit) return 0
    const freeAt = recent[recent.length - this.config.limit]! + this.config.windowMs
    return Math.max(1, Math.ceil((freeAt - this.now()) / 1000))
  }

  recordFailure(client: string): void {
    const recent = this.recent(client)
    recent.push(this.now())
    this.failures.set(client, recent.slice(-this.config.limit))
    if (this.failures.size > 10_000) this.prune()
  }

  private recent(client: string): number[] {
    const since = this.now() - this.config.windowMs
    return (this.failures.get(client) ?? []).filter((t) => t > since)
  }

  private prune(): void {
    for (const key of this.failures.keys()) if (!this.recent(key).length) this.failures.delete(key)
  }
}
