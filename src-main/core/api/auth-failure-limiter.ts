// Throttle of failed authentications. It only ever sees failures: the auth hook checks the token first, so a
// request with a valid token is never refused, whoever else shares its address (all local tools share 127.0.0.1).
// A failure is counted under three sliding-window keys, and answers 429 instead of 401 once any is over its cap:
//   - the presented credential (a hash prefix) from that address: a tool retrying a stale token stops itself;
//   - (address, instance_id): many different tokens tried against one instance;
//   - the address as a whole, with a higher cap: bounds log flooding and the size of this map.
import { createHash } from 'node:crypto'

export interface AuthFailureLimiterConfig {
  /** Failures of one presented credential from one address within the window. */
  perCredential: number
  /** Failures against one instance_id (whatever the credential) from one address within the window. */
  perInstance: number
  /** Every failure from one address within the window. */
  perAddress: number
  windowMs: number
}

export const DEFAULT_AUTH_FAILURE_LIMIT: AuthFailureLimiterConfig = { perCredential: 10, perInstance: 30, perAddress: 100, windowMs: 60_000 }

export interface FailedAttempt {
  /** Remote address of the connection. */
  address: string
  /** The credential that failed, as presented (hashed here, never kept). */
  credential: string
  /** The instance_id the request named; undefined for account-level routes. */
  instanceId: string | undefined
}

/** 96 bits of SHA-256: tells tokens apart without keeping anything that helps to recover one. */
const fingerprint = (credential: string) => createHash('sha256').update(credential, 'utf8').digest('base64url').slice(0, 16)

export class AuthFailureLimiter {
  private readonly failures = new Map<string, number[]>()
  private readonly config: AuthFailureLimiterConfig

  constructor(config: Partial<AuthFailureLimiterConfig> = {}, private readonly now: () => number = Date.now) {
    this.config = { ...DEFAULT_AUTH_FAILURE_LIMIT, ...config }
  }

  /** Seconds until this failing attempt is answered 401 again, or 0 when it is not throttled. */
  retryAfterSeconds(attempt: FailedAttempt): number {
    let freeAt = 0
    for (const [key, cap] of this.keys(attempt)) {
      const recent = this.recent(key)
      if (recent.length >= cap) freeAt = Math.max(freeAt, recent[recent.length - cap]! + this.config.windowMs)
    }
    return freeAt ? Math.max(1, Math.ceil((freeAt - this.now()) / 1000)) : 0
  }

  /** Counts a failure that was answered 401 (throttled attempts are not counted, so a block ends with its window). */
  recordFailure(attempt: FailedAttempt): void {
    const now = this.now()
    for (const [key, cap] of this.keys(attempt)) this.failures.set(key, [...this.recent(key), now].slice(-cap))
    if (this.failures.size > 10_000) this.prune()
  }

  private keys(a: FailedAttempt): [string, number][] {
    const c = this.config
    return [
      [`a|${a.address}`, c.perAddress],
      // Account-level routes name no instance: only the credential and address caps apply to them (as documented);
      // a shared "no instance" key would cap every account-level failure of the address at perInstance.
      ...(a.instanceId === undefined ? [] : [[`i|${a.address}|${a.instanceId.slice(0, 64)}`, c.perInstance] as [string, number]]),
      [`c|${a.address}|${fingerprint(a.credential)}`, c.perCredential]
    ]
  }

  private recent(key: string): number[] {
    const since = this.now() - this.config.windowMs
    return (this.failures.get(key) ?? []).filter((t) => t > since)
  }

  private prune(): void {
    for (const key of this.failures.keys()) if (!this.recent(key).length) this.failures.delete(key)
  }
}
