import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { useAppStore } from '../../stores/app-store.js'
import { installMemoryBridge } from '../../test/memory-bridge.js'
import { ApiView } from './ApiView.js'

const info = { baseUrl: 'http://127.0.0.1:3000', docsUrl: 'http://127.0.0.1:3000/docs', tokenAvailable: true }

describe('ApiView', () => {
  it('hides the token until revealed, then fills it into the curl examples', async () => {
    const b = installMemoryBridge({ 'api.info': () => info, 'api.revealToken': () => ({ token: 'tok-123' }) })
    useAppStore.setState({ instanceId: 'ABCDEF123456' })
    render(<ApiView />)
    expect(await screen.findByTestId('api-base-url')).toHaveTextContent('http://127.0.0.1:3000')
    expect(screen.getByRole('link', { name: 'http://127.0.0.1:3000/docs' })).toHaveAttribute('target', '_blank')
    expect(screen.getByTestId('api-token')).not.toHaveTextContent('tok-123')
    expect(screen.getByText(/curl -s "http:\/\/127.0.0.1:3000\/v2\/session\/info\?access_token=\$SWITCHBOARD_TOKEN&instance_id=ABCDEF123456"/)).toBeInTheDocument()

    await userEvent.click(screen.getByRole('button', { name: 'Reveal' }))
    expect(await screen.findByTestId('api-token')).toHaveTextContent('tok-123')
    expect(screen.getByText(/\/v2\/session\/info\?access_token=tok-123&instance_id=ABCDEF123456/)).toBeInTheDocument()
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
    expect(b.callsTo('api.rotateToken')).toHaveLength(1)
  })
})
