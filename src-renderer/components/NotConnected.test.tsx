// The not-connected page's paste field: a pasted link is checked (not a link, not a UI link, no token: said in
// words, nothing happens), a good one connects this tab through boot's hashchange, and the page documents
// `npm run ui-link`.
import { act, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { boot } from '../lib/boot.js'
import { FakeSocket, FakeWebSocket } from '../test/fake-socket.js'
import { checkUiLink } from './NotConnected.js'

let stop: (() => void) | undefined
beforeEach(() => {
  vi.stubGlobal('WebSocket', FakeWebSocket)
  history.replaceState(null, '', '/ui/')
  sessionStorage.clear()
  localStorage.clear()
})
afterEach(() => {
  act(() => stop?.())
  stop = undefined
  FakeSocket.all = []
  vi.unstubAllGlobals()
})

const start = () => {
  const el = document.createElement('div')
  document.body.append(el)
  act(() => void (stop = boot(el)))
}

describe('checkUiLink', () => {
  const base = 'http://127.0.0.1:3000'
  it('accepts a UI link with its token and says what is wrong with anything else', () => {
    expect(checkUiLink(`  ${base}/ui/#token=abc_DEF-123 `, base)).toMatchObject({ token: 'abc_DEF-123' })
    expect(checkUiLink('', base)).toEqual({ problem: expect.stringMatching(/Paste the whole link/) })
    expect(checkUiLink('abc_DEF-123', base)).toEqual({ problem: expect.stringMatching(/not a link/) })
    expect(checkUiLink(`${base}/docs#token=x`, base)).toEqual({ problem: expect.stringMatching(/not a Switchboard UI link/) })
    expect(checkUiLink('javascript:alert(1)//ui/#token=x', base)).toEqual({ problem: expect.stringMatching(/not a Switchboard UI link/) })
    expect(checkUiLink(`${base}/ui/`, base)).toEqual({ problem: expect.stringMatching(/no token/) })
    expect(checkUiLink(`${base}/ui/#token=`, base)).toEqual({ problem: expect.stringMatching(/no token/) })
  })
})

describe('NotConnected paste field', () => {
  it('documents npm run ui-link', () => {
    start()
    expect(screen.getByText('npm run ui-link')).toBeInTheDocument()
    expect(screen.getByText(/no token needed/)).toBeInTheDocument()
  })

  it('refuses a bad paste in words, then connects this tab with a good link', async () => {
    start()
    const field = screen.getByLabelText('Paste a new link')
    await userEvent.type(field, 'http://localhost:3000/docs')
    await userEvent.click(screen.getByRole('button', { name: 'Connect' }))
    expect(screen.getByText(/not a Switchboard UI link/)).toBeInTheDocument()
    expect(field).toHaveAttribute('aria-invalid', 'true')
    expect(FakeSocket.all).toEqual([])

    await userEvent.clear(field)
    await userEvent.type(field, `${location.origin}/ui/#token=pasted-link-1`)
    await userEvent.click(screen.getByRole('button', { name: 'Connect' }))
    // jsdom fires hashchange for the new fragment; boot connects with the pasted token.
    await waitFor(() => expect(FakeSocket.latest().protocols).toEqual(['switchboard-bridge.v1', 'token.pasted-link-1']))
    act(() => FakeSocket.latest().accept('session-9'))
    expect(await screen.findByText('Connected')).toBeInTheDocument()
    expect(screen.queryByTestId('not-connected')).not.toBeInTheDocument()
    // The device token the core handed over is kept for the whole browser (issue 20 item 3).
    expect(localStorage.getItem('switchboard.deviceToken')).toBe('session-9')
    expect(sessionStorage.getItem('switchboard.uiToken')).toBeNull()
  })
})
