// The app settings sections of Settings against an in-memory core: the plan with what each unlocks, quotas, allowed
// hosts, bind address (the exposure warning before saving; "applies at the next start"), port, log level, the data
// folder and start at login (desktop only); a pinned setting is named and locked, and the core's refusal is shown.
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import type { AppSettingsDto } from '../../../src-preload/contract/dto.js'
import { useSettingsStore } from '../../stores/settings-store.js'
import { FakeError, installMemoryBridge, type FakeHandlers } from '../../test/memory-bridge.js'
import { SettingsView } from './SettingsView.js'

const base: AppSettingsDto = {
  plan: { value: 'free', effective: 'free', pinnedBy: null, unlocks: { free: ['Up to 2 instances per account', 'Free rate-limit policies only (strict)'], paid: ['Unlimited instances per account', 'Webhooks (signed, retried, with the delivery log)'] } },
  freeInstanceQuota: { value: 2, effective: 2, pinnedBy: null },
  paidInstanceQuota: { value: null, effective: null, pinnedBy: null },
  allowHosts: { value: [], effective: [], pinnedBy: null },
  host: { value: '127.0.0.1', effective: '127.0.0.1', pinnedBy: null, loopback: true, exposedWarning: 'Warning: the API listens on a non-loopback address: other machines can reach it.', exposedWarningCode: 'exposed_address' },
  port: { value: 3000, effective: 3000, pinnedBy: null },
  logLevel: { value: 'info', effective: 'info', pinnedBy: null },
  publicUrl: { value: null, effective: null, pinnedBy: null },
  dataDir: { path: '/home/u/.config/Switchboard', canOpen: false },
  startAtLogin: { available: false, value: false },
  notifications: { mutedInstances: [], sound: false },
  language: 'system'
}

/** A core-like settings store: set applies live except host/port (next start); bad hosts refused as the core does. */
function fakeSettings(initial: AppSettingsDto = base) {
  let s = structuredClone(initial)
  const handlers: FakeHandlers = {
    'accounts.list': () => ({ accounts: [], planQuotas: { free: 2, paid: null } }),
    'settings.get': () => s,
    'settings.set': (c) => {
      if (c.allowHosts?.some((h) => h.includes('*'))) throw new FakeError('invalid_param', `"${c.allowHosts.find((h) => h.includes('*'))}" is not an allowed host: give a host name or IP address, without a port or wildcard`)
      if (c.plan) s = { ...s, plan: { ...s.plan, value: c.plan, effective: c.plan } }
      if (c.freeInstanceQuota !== undefined) { const v = c.freeInstanceQuota === 'unlimited' ? null : c.freeInstanceQuota; s = { ...s, freeInstanceQuota: { ...s.freeInstanceQuota, value: v, effective: v } } }
      if (c.allowHosts) s = { ...s, allowHosts: { ...s.allowHosts, value: c.allowHosts.map((h) => h.toLowerCase()), effective: c.allowHosts } }
      if (c.host) s = { ...s, host: { ...s.host, value: c.host, loopback: c.host.startsWith('127.') } }
      if (c.port) s = { ...s, port: { ...s.port, value: c.port } }
      if (c.logLevel) s = { ...s, logLevel: { ...s.logLevel, value: c.logLevel, effective: c.logLevel } }
      if (c.startAtLogin !== undefined) s = { ...s, startAtLogin: { ...s.startAtLogin, value: c.startAtLogin } }
      if (c.publicUrl !== undefined) s = { ...s, publicUrl: { ...s.publicUrl, value: c.publicUrl, effective: c.publicUrl } }
      return s
    },
    'settings.openDataFolder': () => ({ opened: true })
  }
  return handlers
}

describe('SettingsView: app settings', () => {
  beforeEach(() => useSettingsStore.setState(useSettingsStore.getInitialState(), true))

  it('shows the plan with what each unlocks, and changes plan and quota at once', async () => {
    const b = installMemoryBridge(fakeSettings())
    render(<SettingsView />)
    const plan = await screen.findByRole('region', { name: 'Plan' })
    expect(within(plan).getByRole('group', { name: 'What Paid unlocks' })).toHaveTextContent('Webhooks')
    expect(within(plan).getByRole('group', { name: 'What Free unlocks' })).toHaveTextContent('(yours)')
    await userEvent.selectOptions(within(plan).getByLabelText('Your plan'), 'paid')
    await waitFor(() => expect(within(plan).getByRole('status')).toHaveTextContent('Saved: plan Paid'))
    expect(within(plan).getByRole('group', { name: 'What Paid unlocks' })).toHaveTextContent('(yours)')

    const quota = within(plan).getByLabelText('Instances per account on Free')
    await userEvent.clear(quota)
    await userEvent.type(quota, 'many')
    expect(within(plan).getByText('A whole number of instances, or unlimited.')).toBeInTheDocument()
    expect(within(plan).getAllByRole('button', { name: 'Save' })[0]).toBeDisabled()
    await userEvent.clear(quota)
    await userEvent.type(quota, '5')
    await userEvent.click(within(plan).getAllByRole('button', { name: 'Save' })[0]!)
    await waitFor(() => expect(within(plan).getByRole('status')).toHaveTextContent('Saved: Free plan quota: 5'))
    expect(b.callsTo('settings.set')).toEqual([{ plan: 'paid' }, { freeInstanceQuota: 5 }])
  })

  it('adds and removes an allowed host, and shows the core’s refusal of a wildcard', async () => {
    const b = installMemoryBridge(fakeSettings())
    render(<SettingsView />)
    const access = await screen.findByRole('region', { name: 'API access' })
    await userEvent.type(within(access).getByLabelText('Host name or IP address'), 'host.docker.internal')
    await userEvent.click(within(access).getByRole('button', { name: 'Add' }))
    expect(await within(access).findByRole('list', { name: 'Allowed hosts' })).toHaveTextContent('host.docker.internal')
    expect(within(access).getByLabelText('Host name or IP address')).toHaveValue('')
    await userEvent.type(within(access).getByLabelText('Host name or IP address'), '*.lan')
    await userEvent.click(within(access).getByRole('button', { name: 'Add' }))
    expect(await within(access).findByText(/"\*\.lan" is not an allowed host/)).toBeInTheDocument()
    await userEvent.click(within(access).getByRole('button', { name: 'Remove host.docker.internal' }))
    await waitFor(() => expect(within(access).queryByRole('list', { name: 'Allowed hosts' })).not.toBeInTheDocument())
    expect(b.callsTo('settings.set')).toEqual([{ allowHosts: ['host.docker.internal'] }, { allowHosts: ['host.docker.internal', '*.lan'] }, { allowHosts: [] }])
  })

  it('warns before binding off loopback, and says host and port apply at the next start', async () => {
    const b = installMemoryBridge(fakeSettings())
    render(<SettingsView />)
    const access = await screen.findByRole('region', { name: 'API access' })
    const host = within(access).getByLabelText('Bind address')
    expect(within(access).queryByText(/non-loopback/)).not.toBeInTheDocument()
    await userEvent.clear(host)
    await userEvent.type(host, '0.0.0.0')
    expect(within(access).getByRole('alert')).toHaveTextContent('other machines and containers can reach it')
    await userEvent.click(within(within(access).getByRole('form', { name: 'Change the bind address' })).getByRole('button', { name: 'Save' }))
    expect(await within(access).findByText(/Applies at the next start of Switchboard \(now: 127\.0\.0\.1; then: 0\.0\.0\.0\)/)).toBeInTheDocument()
    const port = within(access).getByLabelText('Port')
    await userEvent.clear(port)
    await userEvent.type(port, '70000')
    expect(within(access).getByText('A port is a whole number from 1 to 65535.')).toBeInTheDocument()
    await userEvent.clear(port)
    await userEvent.type(port, '3100')
    await userEvent.click(within(within(access).getByRole('form', { name: 'Change the port' })).getByRole('button', { name: 'Save' }))
    expect(await within(access).findByText(/now: 3000; then: 3100/)).toBeInTheDocument()
    expect(b.callsTo('settings.set')).toEqual([{ host: '0.0.0.0' }, { port: 3100 }])
  })

  it('names the flag that pins a setting and locks it', async () => {
    installMemoryBridge(fakeSettings({ ...base, port: { ...base.port, pinnedBy: '--port' }, logLevel: { ...base.logLevel, pinnedBy: 'SWITCHBOARD_LOG_LEVEL' } }))
    render(<SettingsView />)
    const access = await screen.findByRole('region', { name: 'API access' })
    expect(within(access).getByLabelText('Port')).toBeDisabled()
    expect(within(access).getByText('--port')).toBeInTheDocument()
    const general = screen.getByRole('region', { name: 'Logs, data and startup' })
    expect(within(general).getByLabelText('Log level')).toBeDisabled()
    expect(within(general).getByText('SWITCHBOARD_LOG_LEVEL')).toBeInTheDocument()
  })

  it('changes the log level, shows the data folder, and says start at login is desktop-only headless', async () => {
    const b = installMemoryBridge(fakeSettings())
    render(<SettingsView />)
    const general = await screen.findByRole('region', { name: 'Logs, data and startup' })
    await userEvent.selectOptions(within(general).getByLabelText('Log level'), 'debug')
    await waitFor(() => expect(within(general).getByRole('status')).toHaveTextContent('Saved: log level debug'))
    expect(within(general).getByTestId('data-dir')).toHaveTextContent('/home/u/.config/Switchboard')
    expect(within(general).getByRole('button', { name: 'Copy path' })).toBeInTheDocument()
    expect(within(general).queryByRole('button', { name: 'Open folder' })).not.toBeInTheDocument()
    expect(within(general).getByText(/Start at login is a setting of the desktop app/)).toBeInTheDocument()
    expect(b.callsTo('settings.set')).toEqual([{ logLevel: 'debug' }])
  })

  it('desktop: opens the data folder and turns start at login on', async () => {
    const b = installMemoryBridge(fakeSettings({ ...base, dataDir: { ...base.dataDir, canOpen: true }, startAtLogin: { available: true, value: false } }))
    render(<SettingsView />)
    const general = await screen.findByRole('region', { name: 'Logs, data and startup' })
    await userEvent.click(within(general).getByRole('button', { name: 'Open folder' }))
    await userEvent.click(within(general).getByRole('checkbox', { name: 'Start Switchboard when I log in' }))
    await waitFor(() => expect(within(general).getByRole('checkbox', { name: 'Start Switchboard when I log in' })).toBeChecked())
    expect(b.callsTo('settings.openDataFolder')).toEqual([{}])
    expect(b.callsTo('settings.set')).toEqual([{ startAtLogin: true }])
  })
})
