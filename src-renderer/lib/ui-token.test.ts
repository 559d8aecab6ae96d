// The browser's UI credential: a link token taken from the fragment (and out of the address bar), kept per tab,
// replaced by the device token kept for the whole browser (new tabs, core restarts), forgotten when refused.
import { describe, expect, it } from 'vitest'
import { forgetUiToken, keepUiToken, takeUiToken } from './ui-token.js'

describe('takeUiToken', () => {
  it('takes the token from the fragment, removes it from the address bar, and keeps it for reloads of this tab', () => {
    history.replaceState(null, '', '/ui/?x=1#token=abc_DEF-123')
    expect(takeUiToken()).toBe('abc_DEF-123')
    expect(location.hash).toBe('')
    expect(location.search).toBe('?x=1')
    expect(sessionStorage.getItem('switchboard.uiToken')).toBe('abc_DEF-123')
    // A reload has no fragment any more: the tab's copy is used.
    expect(takeUiToken()).toBe('abc_DEF-123')
  })

  it('has no token without a fragment or a stored one', () => {
    history.replaceState(null, '', '/ui/')
    expect(takeUiToken()).toBeUndefined()
  })

  it('replaces the link token with the session token, and forgets a refused one', () => {
    history.replaceState(null, '', '/ui/#token=link1')
    takeUiToken()
    keepUiToken('session1')
    expect(takeUiToken()).toBe('session1')
    // Kept for the browser, not the tab: a new tab (empty sessionStorage) is let in with it.
    expect(localStorage.getItem('switchboard.deviceToken')).toBe('session1')
    sessionStorage.clear()
    expect(takeUiToken()).toBe('session1')
    forgetUiToken()
    expect(takeUiToken()).toBeUndefined()
  })
})
