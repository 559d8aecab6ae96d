// UI credentials: one-time links (with and without expiry) exchanged for reusable session tokens, and the reason
// a refused token gets; the subprotocol parsing of the offered token.
import { describe, expect, it } from 'vitest'
import { createUiCredentials, tokenFromProtocols } from './ui-token.js'

describe('UI credentials', () => {
  it('burns a link on first use and hands out a session token that keeps working', () => {
    const c = createUiCredentials()
    const { token, expiresAt } = c.mintLink()
    expect(expiresAt).toBeNull()
    const first = c.admit(token)
    if (first.kind !== 'link') throw new Error(`expected a link admission, got ${first.kind}`)
    expect(first.session).not.toBe(token)
    expect(c.admit(token)).toEqual({ kind: 'refused', reason: 'ui_link_used' })
    expect(c.admit(first.session)).toEqual({ kind: 'session' })
    expect(c.admit(first.session)).toEqual({ kind: 'session' })
  })

  it('refuses missing and unknown tokens, and links past their expiry', () => {
    let now = 1_000
    const c = createUiCredentials(() => now)
    expect(c.admit(undefined)).toEqual({ kind: 'refused', reason: 'ui_token_missing' })
    expect(c.admit('')).toEqual({ kind: 'refused', reason: 'ui_token_missing' })
    expect(c.admit('nope')).toEqual({ kind: 'refused', reason: 'ui_token_invalid' })
    const timed = c.mintLink(60_000)
    expect(timed.expiresAt).toBe(61_000)
    now = 61_000
    expect(c.admit(timed.token)).toEqual({ kind: 'refused', reason: 'ui_link_expired' })
    // Minting drops expired links: the old token is then simply unknown.
    const fresh = c.mintLink(60_000)
    expect(c.admit(timed.token)).toEqual({ kind: 'refused', reason: 'ui_token_invalid' })
    expect(c.admit(fresh.token).kind).toBe('link')
  })

  it('keeps links apart: using one leaves the others valid', () => {
    const c = createUiCredentials()
    const a = c.mintLink()
    const b = c.mintLink(undefined, 'given-token')
    expect(b.token).toBe('given-token')
    expect(c.admit(a.token).kind).toBe('link')
    expect(c.admit('given-token').kind).toBe('link')
  })

  it('reads the token only next to the bridge subprotocol', () => {
    expect(tokenFromProtocols('switchboard-bridge.v1, token.abc')).toBe('abc')
    expect(tokenFromProtocols(['switchboard-bridge.v1', 'token.abc'])).toBe('abc')
    expect(tokenFromProtocols('token.abc')).toBeUndefined()
    expect(tokenFromProtocols('switchboard-bridge.v1')).toBeUndefined()
    expect(tokenFromProtocols(undefined)).toBeUndefined()
  })
})
