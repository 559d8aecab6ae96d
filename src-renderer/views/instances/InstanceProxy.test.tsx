// The instance card shows config.proxy (issue 11): the server and user, "password set", never a password.
import { render, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { installMemoryBridge } from '../../test/memory-bridge.js'
import { instance, overview } from '../../test/fixtures.js'
import { InstancesView } from './InstancesView.js'

describe('instance card proxy', () => {
  it('shows the proxy of an instance that has one, and nothing for a direct one', async () => {
    installMemoryBridge({
      'instances.list': () =>
        overview([
          instance({ id: 'AAAAAA111111', name: 'Proxied', proxy: { server: 'socks5://10.0.0.5:1080', username: 'bob', password: '***' } }),
          instance({ id: 'BBBBBB222222', name: 'Direct', proxy: null })
        ])
    })
    render(<InstancesView />)
    const proxied = await screen.findByRole('listitem', { name: 'Instance Proxied' })
    expect(within(proxied).getByText('Proxy')).toBeInTheDocument()
    expect(within(proxied).getByText(/socks5:\/\/10\.0\.0\.5:1080 \(user bob, password set\)/)).toBeInTheDocument()
    expect(proxied.textContent).not.toContain('***')
    const direct = screen.getByRole('listitem', { name: 'Instance Direct' })
    expect(within(direct).queryByText('Proxy')).toBeNull()
  })
})
