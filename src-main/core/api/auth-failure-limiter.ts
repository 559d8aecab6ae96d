// Throttle of failed authentications. It only ever sees failures: the auth hook checks the token first, so a
// request with a valid token is never refused, whoever else shares its address (all local tools share 127.0.0.1).
// A failure is counted under three sliding-window keys, and answers 429 instead of 401 once any is over its cap:
//   - the presented credential (a hash prefix) from that address: a tool retrying a stale token stops itself;
//   - (address, instance_id): many different tokens tried against one instance;
//   - the address as a whole, with a higher cap: bounds log flooding and the size of this map; every loopback
//     address (127.0.0.0/8, ::1) counts as one, as they are all this machine (issue 21 item 5);
//   - the account that owns the instance_id named, from any address (guessing one account's tokens from many sources);
//   - every failure from anywhere, with the highest cap (a distributed guess).
// A valid token is never throttled by any of them: the caps only change a 401 into a 429.
import { createHash } from 'node:crypto'

export interface AuthFailureLimiterConfig {
  /** Failures of one presented credential from one address within the window. */
  perCredential: number
  /** Failures against one instance_id (whatever the credential) from one address within the window. */
  perInstance: number
  /** Every failure from one address within the window (all loopback addresses are one). */
  perAddress: number
  /** Failures naming an instance of one account, from any address. */
  perAccount: number
  /** Every failure, from any address. */
  global: number
  windowMs: number
}

export const DEFAULT_AUTH_FAILURE_LIMIT: AuthFailureLimiterConfig = { perCredential: 10, perInstance: 30, perAddress: 100, perAccount: 60, global: 300, windowMs: 60_000 }

/** Which cap a throttled attempt hit (the 429's details.scope). */
export type ThrottleScope = 'global' | 'address' | 'account' | 'instance' | 'credential'

export interface FailedAttempt {
  /** Remote address of the connection. */
  address: string
  /** The credential that failed, as presented (hashed here, never kept). */
  credential: string
  /** The instance_id the request named; undefined for account-level routes. */
  instanceId: string | undefined
  /** The account that owns that instance, when it exists. */
  accountId?: string | undefined
}

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/
/** One key for this machine's loopback addresses: a guesser cannot multiply the address cap by using 127.x.y.z. */
const addressKey = (address: string) => (LOOPBACK.test(address) ? 'loopback' : address)

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
    return this.throttled(attempt)?.retryAfter ?? 0
  }

  /** The longest-lasting cap this failing attempt is over (seconds to wait, and which cap), or undefined. */
  throttled(attempt: FailedAttempt): { retryAfter: number; scope: ThrottleScope } | undefined {
    let freeAt = 0
    let scope: ThrottleScope = 'address'
    for (const [key, cap, keyScope] of this.keys(attempt)) {
      const recent = this.recent(key)
      if (recent.length < cap) continue
      const at = recent[recent.length - cap]! + this.config.windowMs
      if (at > freeAt) [freeAt, scope] = [at, keyScope]
    }
    return freeAt ? { retryAfter: Math.max(1, Math.ceil((freeAt - this.now()) / 1000)), scope } : undefined
  }

  /** Counts a failure that was answered 401 (throttled attempts are not counted, so a block ends with its window). */
  recordFailure(attempt: FailedAttempt): void {
    const now = this.now()
    for (const [key, cap] of this.keys(attempt)) this.failures.set(key, [...this.recent(key), now].slice(-cap))
    if (this.failures.size > 10_000) this.prune()
  }

  private keys(a: FailedAttempt): [string, number, ThrottleScope][] {
    const c = this.config
    const address = addressKey(a.address)
    return [
      ['g', c.global, 'global'],
      [`a|${address}`, c.perAddress, 'address'],
      ...(a.accountId === undefined ? [] : [[`u|${a.accountId}`, c.perAccount, 'account'] as [string, number, ThrottleScope]]),
      // Account-level routes name no instance: only the credential and address caps apply to them (as documented);
      // a shared "no instance" key would cap every account-level failure of the address at perInstance.
      ...(a.instanceId === undefined ? [] : [[`i|${address}|${a.instanceId.slice(0, 64)}`, c.perInstance, 'instance'] as [string, number, ThrottleScope]]),
      [`c|${address}|${fingerprint(a.credential)}`, c.perCredential, 'credential']
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
