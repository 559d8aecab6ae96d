// What opened a live channel (an event stream, an MCP exchange, a UI bridge connection), as the channel registry
// (services/live-channels.ts) asks it again whenever credentials may have changed. The auth plugin makes one per
// request for access tokens; other kinds (UI links minted with a token, scoped keys) plug in the same way.
export interface Credential {
  /** For logs: access_token, ui_link, scoped_key... */
  readonly kind: string
  /** True while it still authenticates the same principal (account, scope) it did when the channel opened. */
  stillValid(): boolean
}

/** An access token: valid while it still finds the same account (rotation and removal end it). */
export function accessTokenCredential(find: (token: string) => { id: string } | undefined, token: string, accountId: string): Credential {
  return new AccessTokenCredential(find, token, accountId)
}

// A class, not a closure: the auth hook makes one per authenticated request (one object, no function per call).
class AccessTokenCredential implements Credential {
  readonly kind = 'access_token'

  constructor(
    private readonly find: (token: string) => { id: string } | undefined,
    private readonly token: string,
    private readonly accountId: string
  ) {}

  stillValid(): boolean {
    return this.find(this.token)?.id === this.accountId
  }
}

/** A credential derived from another (a UI link minted with an access token): valid while its parent is. */
export function derivedCredential(kind: string, parent: Credential): Credential {
  return { kind, stillValid: () => parent.stillValid() }
}

/** A scoped API key: valid while its row still exists in the same account (revoking deletes it). */
export function scopedKeyCredential(find: (id: string) => { accountId: string } | undefined, keyId: string, accountId: string): Credential {
  return { kind: 'scoped_key', stillValid: () => find(keyId)?.accountId === accountId }
}
