// Start-up of the headless page: without a credential it explains how to connect and connects as soon as a link
// is pasted into the tab (hashchange); the link is swapped for the session token; a refused link (used in another
// tab) shows why and how to get a new one, and a new link pasted afterwards connects again; a lost core is said
// in a banner, and a restarted one (the tab's session is gone) on the not-connected page.
import { act, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { FakeSocket, FakeWebSocket } from '../test/fake-socket.js'
import { boot } from './boot.js'

let stop: (() => void) | undefined
beforeEach(() => {
  vi.stubGlobal('WebSocket', FakeWebSocket)
  history.replaceState(null, '', '/ui/')
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
const paste = (hash: string) =>
  act(() => {
    location.hash = hash
    window.dispatchEvent(new HashChangeEvent('hashchange'))
  })

describe('boot', () => {
  it('waits on the not-connected page for a pasted link, then connects with it', async () => {
    start()
    expect(screen.getByTestId('not-connected')).toHaveAttribute('data-reason', 'ui_token_missing')
    expect(FakeSocket.all).toEqual([])
    paste('#token=link-1')
    expect(FakeSocket.latest().protocols).toEqual(['switchboard-bridge.v1', 'token.link-1'])
    expect(location.hash).toBe('')
    act(() => FakeSocket.latest().accept('session-1'))
    expect(await screen.findByText('Connected')).toBeInTheDocument()
    expect(screen.queryByTestId('not-connected')).not.toBeInTheDocument()
    // The device token outlives the tab (localStorage): the core keeps the device across its restarts.
    expect(localStorage.getItem('switchboard.deviceToken')).toBe('session-1')
    expect(sessionStorage.getItem('switchboard.uiToken')).toBeNull()
  })

  it('shows why a used link was refused, forgets it, and connects with the next link pasted', async () => {
    history.replaceState(null, '', '/ui/#token=used-link')
    start()
    expect(screen.getByText('Connecting…')).toHaveAttribute('role', 'status')
    act(() => {
      FakeSocket.latest().onopen?.()
      FakeSocket.latest().drop(4401, 'ui_link_used')
    })
    expect(screen.getByTestId('not-connected')).toHaveAttribute('data-reason', 'ui_link_used')
    expect(screen.getByRole('alert')).toHaveTextContent('This link was already used')
    expect(sessionStorage.getItem('switchboard.uiToken')).toBeNull()
    paste('#token=new-link')
    expect(FakeSocket.latest().protocols).toEqual(['switchboard-bridge.v1', 'token.new-link'])
    act(() => FakeSocket.latest().accept('session-2'))
    expect(await screen.findByText('Connected')).toBeInTheDocument()
  })

  it('says loudly when the core goes away, and why the tab cannot come back when its device is no longer known', async () => {
    history.replaceState(null, '', '/ui/#token=link-3')
    start()
    act(() => FakeSocket.latest().accept('session-3'))
    expect(await screen.findByText('Connected')).toBeInTheDocument()
    expect(screen.queryByTestId('connection-lost')).not.toBeInTheDocument()
    act(() => FakeSocket.latest().drop(1006))
    expect(screen.getByTestId('connection-lost')).toHaveTextContent('Switchboard is not reachable')
    // The reconnect reaches a new run of Switchboard, which does not know this tab's session.
    await vi.waitFor(() => expect(FakeSocket.all).toHaveLength(2))
    expect(FakeSocket.latest().protocols).toEqual(['switchboard-bridge.v1', 'token.session-3'])
    act(() => {
      FakeSocket.latest().onopen?.()
      FakeSocket.latest().drop(4401, 'ui_token_invalid')
    })
    expect(screen.getByTestId('not-connected')).toHaveAttribute('data-reason', 'ui_token_invalid')
    expect(screen.getByRole('alert')).toHaveTextContent('Switchboard no longer knows this browser: it was signed out in Settings')
  })

  it('ignores a fragment without a token', () => {
    start()
    paste('#instances')
    expect(FakeSocket.all).toEqual([])
    expect(screen.getByTestId('not-connected')).toBeInTheDocument()
  })
})
