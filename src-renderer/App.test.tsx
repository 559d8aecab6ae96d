import { act, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { App } from './App.js'
import { NotConnected } from './components/NotConnected.js'
import { wireLiveUpdates } from './lib/live.js'
import { useAppStore } from './stores/app-store.js'
import { appInfo, instance, overview } from './test/fixtures.js'
import { installMemoryBridge } from './test/memory-bridge.js'

async function start(network: 'sandbox' | 'whatsapp') {
  const b = installMemoryBridge({ 'app.info': () => appInfo({ network }), 'instances.list': () => overview([instance()]), 'policies.get': () => { throw new Error('unused') } })
  wireLiveUpdates(b.bridge)
  await act(() => useAppStore.getState().loadInfo())
  render(<App />)
  return b
}

describe('App shell', () => {
  it('shows the permanent SANDBOX badge and the Sandbox section only in sandbox mode', async () => {
    await start('sandbox')
    expect(screen.getByText('SANDBOX')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Sandbox' })).toBeInTheDocument()
  })

  it('has no SANDBOX badge on the real network', async () => {
    await start('whatsapp')
    expect(screen.queryByText('SANDBOX')).not.toBeInTheDocument()
    expect(within(screen.getByRole('navigation', { name: 'Sections' })).queryByRole('button', { name: 'Sandbox' })).not.toBeInTheDocument()
  })

  it('is usable from the keyboard: Tab to a section, Enter opens it', async () => {
    await start('sandbox')
    await screen.findByRole('heading', { name: 'Instances' })
    const nav = screen.getByRole('navigation', { name: 'Sections' })
    within(nav).getByRole('button', { name: 'Instances' }).focus()
    await userEvent.tab()
    expect(within(nav).getByRole('button', { name: 'Pairing' })).toHaveFocus()
    await userEvent.keyboard('{Enter}')
    expect(await screen.findByRole('heading', { name: 'Pairing' })).toBeInTheDocument()
    expect(within(nav).getByRole('button', { name: 'Pairing' })).toHaveAttribute('aria-current', 'page')
    // Focus moves to the new view's heading: Tab continues in the view, a screen reader says where it is.
    expect(screen.getByRole('heading', { name: 'Pairing', level: 1 })).toHaveFocus()
  })

  it('has a skip link to the content as the first Tab stop', async () => {
    await start('sandbox')
    await screen.findByRole('heading', { name: 'Instances' })
    await userEvent.tab()
    const skip = screen.getByRole('button', { name: 'Skip to content' })
    expect(skip).toHaveFocus()
    await userEvent.keyboard('{Enter}')
    expect(screen.getByRole('main')).toHaveFocus()
    // The dashboard leads with the numbers: the first Tab stop is the first card's action.
    await userEvent.tab()
    expect(screen.getByRole('button', { name: 'Pair a phone' })).toHaveFocus()
  })

  it('stays on the same view and instance after a reload of the tab', async () => {
    await start('sandbox')
    await userEvent.click(within(screen.getByRole('navigation', { name: 'Sections' })).getByRole('button', { name: 'Chats' }))
    act(() => useAppStore.getState().selectInstance('ABCDEF123456'))
    expect(JSON.parse(sessionStorage.getItem('switchboard.place')!)).toEqual({ view: 'chats', instanceId: 'ABCDEF123456' })
    // A reload creates the store anew from what the tab kept.
    vi.resetModules()
    const fresh = await import('./stores/app-store.js')
    expect(fresh.useAppStore.getState()).toMatchObject({ view: 'chats', instanceId: 'ABCDEF123456' })
  })

  it('switches between light and dark themes and remembers the choice', async () => {
    await start('whatsapp')
    await userEvent.selectOptions(screen.getByLabelText('Theme'), 'dark')
    expect(document.documentElement.dataset.theme).toBe('dark')
    expect(localStorage.getItem('switchboard.theme')).toBe('dark')
    await userEvent.selectOptions(screen.getByLabelText('Theme'), 'system')
    expect(document.documentElement.dataset.theme).toBeUndefined()
  })

  it('shows the connection state as it changes', async () => {
    const b = await start('whatsapp')
    expect(screen.getByText('Connected')).toBeInTheDocument()
    act(() => b.setState('closed'))
    expect(screen.getByText('Disconnected: reconnecting')).toBeInTheDocument()
  })

  it('says in a banner that Switchboard is out of reach, refuses clicks at once, and reloads the view when it is back', async () => {
    const b = await start('sandbox')
    const card = await screen.findByRole('listitem', { name: 'Instance Front desk' })
    expect(screen.queryByTestId('connection-lost')).not.toBeInTheDocument()
    const listsBefore = b.callsTo('instances.list').length
    act(() => b.setState('closed'))
    expect(screen.getByTestId('connection-lost')).toHaveTextContent('Switchboard is not reachable')
    // A click during the outage is answered in words at once (never a spinner that runs it a minute later).
    await userEvent.click(within(card).getByRole('button', { name: 'Stop' }))
    expect(await screen.findByText('Switchboard is not reachable right now, so nothing was done')).toBeInTheDocument()
    expect(within(card).queryByRole('status')).not.toBeInTheDocument()
    expect(b.callsTo('instances.stop')).toEqual([])
    act(() => b.setState('open'))
    expect(screen.queryByTestId('connection-lost')).not.toBeInTheDocument()
    await waitFor(() => expect(b.callsTo('instances.list').length).toBeGreaterThan(listsBefore))
  })

  it('explains how to connect when there is no bridge, and why a link was refused', () => {
    const { unmount } = render(<NotConnected />)
    expect(screen.getByRole('alert')).toHaveTextContent('This page is not connected to Switchboard.')
    expect(screen.getByText(/curl -s -X POST -H "access-token: \$SWITCHBOARD_TOKEN" http:\/\/localhost:3000\/ui\/link/)).toBeInTheDocument()
    unmount()
    render(<NotConnected reason="ui_link_used" />)
    expect(screen.getByRole('alert')).toHaveTextContent('This link was already used')
  })
})
