import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { useAppStore } from '../../stores/app-store.js'
import { installMemoryBridge } from '../../test/memory-bridge.js'
import { ApiView } from './ApiView.js'
import { curlExamples } from './CurlExamples.js'

const docker = { baseUrl: 'http://host.docker.internal:3000', allowed: false, loopbackOnly: true }
const info = { baseUrl: 'http://127.0.0.1:3000', docsUrl: 'http://127.0.0.1:3000/docs', tokenAvailable: true, docker }

describe('ApiView', () => {
  it('shows the base URL to use from Docker, and how to allow it when it is not', async () => {
    installMemoryBridge({ 'api.info': () => info })
    const { unmount } = render(<ApiView />)
    expect(await screen.findByTestId('api-docker-url')).toHaveTextContent('http://host.docker.internal:3000')
    expect(screen.getByTestId('api-docker-hint')).toHaveTextContent('Add host.docker.internal to the allowed hosts in Settings (it applies at once)')
    unmount()
    installMemoryBridge({ 'api.info': () => ({ ...info, docker: { ...docker, allowed: true } }) })
    render(<ApiView />)
    expect(await screen.findByTestId('api-docker-hint')).toHaveTextContent(/^Accepted\./)
    expect(screen.getAllByRole('button', { name: /copy/i }).length).toBeGreaterThanOrEqual(2)
  })

  it('hides the token until revealed, then fills it into the curl examples', async () => {
    const b = installMemoryBridge({ 'api.info': () => info, 'api.revealToken': () => ({ token: 'tok-123' }) })
    useAppStore.setState({ instanceId: 'ABCDEF123456' })
    render(<ApiView />)
    expect(await screen.findByTestId('api-base-url')).toHaveTextContent('http://127.0.0.1:3000')
    expect(screen.getByRole('link', { name: 'http://127.0.0.1:3000/docs' })).toHaveAttribute('target', '_blank')
    expect(screen.getByTestId('api-token')).not.toHaveTextContent('tok-123')
    expect(screen.getByText('curl -s -H "access-token: $SWITCHBOARD_TOKEN" "http://127.0.0.1:3000/v2/session/info?instance_id=ABCDEF123456"')).toBeInTheDocument()

    await userEvent.click(screen.getByRole('button', { name: 'Reveal' }))
    expect(await screen.findByTestId('api-token')).toHaveTextContent('tok-123')
    expect(screen.getByText('curl -s -H "access-token: tok-123" "http://127.0.0.1:3000/v2/session/info?instance_id=ABCDEF123456"')).toBeInTheDocument()
    expect(screen.queryByText(/SWITCHBOARD_TOKEN/)).not.toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Hide' }))
    expect(screen.getByTestId('api-token')).not.toHaveTextContent('tok-123')
    expect(b.callsTo('api.revealToken')).toHaveLength(1)
  })

  it('rotates only after confirmation and shows the new token', async () => {
    const b = installMemoryBridge({ 'api.info': () => info, 'api.rotateToken': () => ({ token: 'new-token' }) })
    render(<ApiView />)
    await userEvent.click(await screen.findByRole('button', { name: 'Rotate' }))
    const dialog = screen.getByRole('alertdialog', { name: 'Rotate the access token?' })
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    expect(b.callsTo('api.rotateToken')).toEqual([])
    await userEvent.click(screen.getByRole('button', { name: 'Rotate' }))
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Rotate token' }))
    expect(await screen.findByTestId('api-token')).toHaveTextContent('new-token')
    expect(screen.getByRole('status')).toHaveTextContent('Token rotated: the old one stopped working')
    expect(b.callsTo('api.rotateToken')).toHaveLength(1)
  })

  it('puts the token in a header and every shell variable in double quotes, so copied commands work as they are', () => {
    const all = curlExamples('http://127.0.0.1:3000', null, null)
    for (const { command } of all) {
      expect(command).not.toMatch(/access_token=/)
      // Nothing the shell should expand sits inside single quotes.
      for (const quoted of command.match(/'[^']*'/g) ?? []) expect(quoted).not.toContain('$')
      expect(command).toContain('-H "access-token: $SWITCHBOARD_TOKEN"')
    }
    expect(all.slice(1).every((e) => e.command.includes('instance_id=$INSTANCE_ID"'))).toBe(true)
    // A token with shell characters is shown literally, not expanded.
    expect(curlExamples('http://127.0.0.1:3000', 'a$b"c', 'ID1')[0]!.command).toContain('-H "access-token: a\\$b\\"c"')
  })
})
