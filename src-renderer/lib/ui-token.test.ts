import { describe, expect, it } from 'vitest'
import { takeUiToken } from './ui-token.js'

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
})
