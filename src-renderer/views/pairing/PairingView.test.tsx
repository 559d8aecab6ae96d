import { act, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { wireLiveUpdates } from '../../lib/live.js'
import { useAppStore } from '../../stores/app-store.js'
import { appInfo, instance, overview } from '../../test/fixtures.js'
import { FakeError, installMemoryBridge, type FakeHandlers } from '../../test/memory-bridge.js'
import { PairingView } from './PairingView.js'

const PNG_A = 'data:image/png;base64,AAAA'
const PNG_B = 'data:image/png;base64,BBBB'

function setup(status: Parameters<typeof instance>[0] = {}, handlers: FakeHandlers = {}) {
  const b = installMemoryBridge({
    'instances.list': () => overview([instance(status)]),
    'pairing.qr': () => ({ instanceId: 'ABCDEF123456', image: PNG_A, issuedAt: Date.now(), expiresAt: Date.now() + 20_000 }),
    'pairing.tempLink': () => ({ link: null, expiresAt: null, qrImage: null }),
    ...handlers
  })
  wireLiveUpdates(b.bridge)
  useAppStore.setState({ instanceId: 'ABCDEF123456' })
  render(<PairingView />)
  return b
}

describe('PairingView', () => {
  it('shows the QR with a countdown and swaps in each pushed rotation', async () => {
    const b = setup()
    const img = await screen.findByRole('img', { name: 'QR code to link this instance' })
    expect(img).toHaveAttribute('src', PNG_A)
    expect(screen.getByText(/Refreshes in (1[5-9]|20) s/)).toBeInTheDocument()
    act(() => b.emit('instance.qr', { instanceId: 'ABCDEF123456', image: PNG_B, issuedAt: Date.now(), expiresAt: Date.now() + 20_000 }))
    expect(screen.getByRole('img', { name: 'QR code to link this instance' })).toHaveAttribute('src', PNG_B)
    // Another instance's QR does not replace ours.
    act(() => b.emit('instance.qr', { instanceId: 'OTHER0000000', image: PNG_A, issuedAt: Date.now(), expiresAt: Date.now() + 20_000 }))
    expect(screen.getByRole('img', { name: 'QR code to link this instance' })).toHaveAttribute('src', PNG_B)
  })

  it('in sandbox mode, points to the Sandbox view where a simulated phone scans the QR', async () => {
    setup()
    useAppStore.setState({ info: appInfo({ network: 'sandbox' }) })
    await userEvent.click(await screen.findByRole('button', { name: 'Open the Sandbox view' }))
    expect(useAppStore.getState().view).toBe('sandbox')
  })

  it('guides while the instance is still starting (no QR yet), then shows the QR once it is pushed live', async () => {
    const b = setup({ status: 'STARTING' })
    expect(await screen.findByTestId('pairing-guidance')).toHaveTextContent('Still starting: the QR code appears in a few seconds')
    expect(b.callsTo('pairing.qr')).toEqual([])
    act(() => b.emit('instance.status', { instanceId: 'ABCDEF123456', status: 'SCAN_QR_CODE', previous: 'STARTING', reason: 'engine:qr', me: null, at: 1 }))
    expect(await screen.findByRole('img', { name: 'QR code to link this instance' })).toBeInTheDocument()
  })

  it('says so when the instance on screen is deleted elsewhere, instead of silently showing another one', async () => {
    const b = installMemoryBridge({
      'instances.list': () => overview([instance(), instance({ id: 'SALES0000000', name: 'Sales', status: 'WORKING', number: '15550000002' })]),
      'pairing.qr': () => ({ instanceId: 'ABCDEF123456', image: PNG_A, issuedAt: Date.now(), expiresAt: Date.now() + 20_000 }),
      'pairing.tempLink': () => ({ link: null, expiresAt: null, qrImage: null })
    })
    wireLiveUpdates(b.bridge)
    useAppStore.setState({ instanceId: 'ABCDEF123456' })
    render(<PairingView />)
    await screen.findByRole('img', { name: 'QR code to link this instance' })
    act(() => b.emit('instance.status', { instanceId: 'ABCDEF123456', status: 'DELETED', previous: 'SCAN_QR_CODE', reason: 'api:delete', me: null, at: 1 }))
    expect(await screen.findByRole('status', { name: '' })).toHaveTextContent('Front desk (ABCDEF123456) was deleted; now showing Sales.')
    expect(screen.getByLabelText('Instance')).toHaveValue('SALES0000000')
    expect(screen.getByTestId('pairing-guidance')).toHaveTextContent('Paired with 15550000002')
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }))
    expect(screen.queryByText(/was deleted/)).not.toBeInTheDocument()
  })

  it('offers to start a stopped instance', async () => {
    const b = setup({ status: 'STOPPED' }, { 'instances.start': () => instance({ status: 'STARTING' }) })
    await userEvent.click(await screen.findByRole('button', { name: 'Start instance' }))
    expect(b.callsTo('instances.start')).toEqual([{ instanceId: 'ABCDEF123456' }])
    expect(await screen.findByText(/Still starting/)).toBeInTheDocument()
  })

  it('says the instance is paired once WORKING is pushed', async () => {
    const b = setup()
    await screen.findByRole('img', { name: 'QR code to link this instance' })
    act(() => b.emit('instance.status', { instanceId: 'ABCDEF123456', status: 'WORKING', previous: 'SCAN_QR_CODE', reason: 'engine:open', me: { id: '15550000001@c.us', lid: null, pushName: 'Alice', platform: null }, at: 1 }))
    expect(await screen.findByTestId('pairing-guidance')).toHaveTextContent('Paired with 15550000001 (Alice)')
    expect(screen.queryByRole('img')).not.toBeInTheDocument()
  })

  it('validates the phone number before asking, then shows the code big as XXXX-XXXX', async () => {
    const b = setup({}, { 'pairing.requestCode': () => ({ code: 'ABCD1234' }) })
    const input = await screen.findByLabelText('Phone number with country code')
    await userEvent.type(input, '+1 555 000')
    await userEvent.click(screen.getByRole('button', { name: 'Get pairing code' }))
    expect(screen.getByText(/not a possible phone number/)).toBeInTheDocument()
    expect(input).toHaveAttribute('aria-invalid', 'true')
    expect(b.callsTo('pairing.requestCode')).toEqual([])

    await userEvent.clear(input)
    // The same input as New chat: "+1 …" (and the digits the API takes) are read alike and sent as digits.
    await userEvent.type(input, '+1 (555) 000-0001')
    await userEvent.click(screen.getByRole('button', { name: 'Get pairing code' }))
    expect(await screen.findByTestId('pairing-code')).toHaveTextContent('ABCD-1234')
    expect(b.callsTo('pairing.requestCode')).toEqual([{ instanceId: 'ABCDEF123456', phoneNumber: '15550000001' }])
  })

  it('drops a shown code once the instance pairs: after a logout the old code is not offered again', async () => {
    const b = setup({}, { 'pairing.requestCode': () => ({ code: 'ZH11YYSA' }) })
    await userEvent.type(await screen.findByLabelText('Phone number with country code'), '15550000002')
    await userEvent.click(screen.getByRole('button', { name: 'Get pairing code' }))
    expect(await screen.findByTestId('pairing-code')).toHaveTextContent('ZH11-YYSA')
    const status = (status: 'WORKING' | 'SCAN_QR_CODE', previous: 'WORKING' | 'SCAN_QR_CODE') =>
      act(() => b.emit('instance.status', { instanceId: 'ABCDEF123456', status, previous, reason: 'engine:open', me: status === 'WORKING' ? { id: '15550000002@c.us', lid: null, pushName: 'Bob', platform: null } : null, at: 1 }))
    status('WORKING', 'SCAN_QR_CODE')
    expect(await screen.findByTestId('pairing-guidance')).toHaveTextContent('Paired with 15550000002')
    status('SCAN_QR_CODE', 'WORKING')
    expect(await screen.findByRole('img', { name: 'QR code to link this instance' })).toBeInTheDocument()
    expect(screen.queryByTestId('pairing-code')).not.toBeInTheDocument()
  })

  it('explains a throttled or too-early code request in words', async () => {
    setup({}, {
      'pairing.requestCode': () => {
        throw new FakeError('pairing_code_throttled', 'Too many pairing codes were requested for this phone number', 'Wait 540 s (the network blocks pairing after a few codes) or scan the QR code instead')
      }
    })
    await userEvent.type(await screen.findByLabelText('Phone number with country code'), '15550000001')
    await userEvent.click(screen.getByRole('button', { name: 'Get pairing code' }))
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('Too many pairing codes')
    expect(alert).toHaveTextContent('scan the QR code instead')
  })

  it('creates, copies and revokes a temporary link showing its expiry', async () => {
    let link: { link: string | null; expiresAt: number | null; qrImage: string | null } = { link: null, expiresAt: null, qrImage: null }
    const b = setup({}, {
      'pairing.tempLink': () => link,
      'pairing.createTempLink': () => (link = { link: 'http://192.168.1.20:3000/temp-qr/tok', expiresAt: Date.now() + 30 * 60_000, qrImage: 'data:image/png;base64,iVBORw0KGgo=' }),
      'pairing.revokeTempLink': () => (link = { link: null, expiresAt: null, qrImage: null })
    })
    await userEvent.click(await screen.findByRole('button', { name: /Create link/ }))
    expect(await screen.findByRole('textbox', { name: 'Temporary link' })).toHaveValue('http://192.168.1.20:3000/temp-qr/tok')
    // The link as a QR code to scan across the room (issue 23 item 9).
    expect(screen.getByRole('img', { name: /Temporary link as a QR code/ })).toHaveAttribute('src', 'data:image/png;base64,iVBORw0KGgo=')
    expect(screen.getByTestId('link-expiry')).toHaveTextContent(/Expires in (29 min 59 s|30 min)/)
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Copy' }))
    expect(await navigator.clipboard.readText()).toBe('http://192.168.1.20:3000/temp-qr/tok')
    await user.click(screen.getByRole('button', { name: 'Revoke' }))
    expect(await screen.findByRole('button', { name: /Create link/ })).toBeInTheDocument()
    expect(screen.getByRole('status')).toHaveTextContent('Link revoked: it no longer opens the pairing page.')
    expect(b.callsTo('pairing.revokeTempLink')).toEqual([{ instanceId: 'ABCDEF123456' }])
  })
})
