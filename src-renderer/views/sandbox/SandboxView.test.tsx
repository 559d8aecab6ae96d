import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { SandboxMessageDto, SandboxPhoneDto } from '../../../src-preload/contract/dto.js'
import { useAppStore } from '../../stores/app-store.js'
import { appInfo, instance, overview } from '../../test/fixtures.js'
import { FakeError, installMemoryBridge } from '../../test/memory-bridge.js'
import { SandboxView } from './SandboxView.js'

const alice: SandboxPhoneDto = { phoneNumber: '15550000001', name: 'Alice', jid: '15550000001@s.whatsapp.net', online: true, devices: [{ id: 0, kind: 'phone', platform: 'android', online: true, linkedAt: 0 }] }

describe('SandboxView', () => {
  it('explains itself outside sandbox mode and calls nothing', () => {
    const b = installMemoryBridge({})
    useAppStore.setState({ info: appInfo({ network: 'whatsapp' }) })
    render(<SandboxView />)
    expect(screen.getByText(/--network sandbox/)).toBeInTheDocument()
    expect(b.calls).toEqual([])
  })

  it('creates a phone after validating the number', async () => {
    let phones: SandboxPhoneDto[] = []
    const b = installMemoryBridge({
      'instances.list': () => overview([]),
      'sandbox.phones': () => phones,
      'sandbox.createPhone': ({ phoneNumber, name }) => {
        const p = { ...alice, phoneNumber, name: name ?? 'x' }
        phones = [p]
        return p
      }
    })
    useAppStore.setState({ info: appInfo() })
    render(<SandboxView />)
    expect(await screen.findByText(/No simulated phones yet/)).toBeInTheDocument()
    await userEvent.type(screen.getByLabelText('Phone number'), '0123')
    await userEvent.click(screen.getByRole('button', { name: 'Create phone' }))
    expect(screen.getByRole('alert')).toHaveTextContent('country code')
    await userEvent.clear(screen.getByLabelText('Phone number'))
    await userEvent.type(screen.getByLabelText('Phone number'), '15550000001')
    await userEvent.type(screen.getByLabelText('Name'), 'Alice')
    await userEvent.click(screen.getByRole('button', { name: 'Create phone' }))
    expect(await screen.findByRole('listitem', { name: 'Phone Alice' })).toBeInTheDocument()
    expect(b.callsTo('sandbox.createPhone')).toEqual([{ phoneNumber: '15550000001', name: 'Alice' }])
  })

  it("scans an instance's QR, enters a pairing code, and reports refusals in words", async () => {
    const b = installMemoryBridge({
      'instances.list': () => overview([instance(), instance({ id: 'WORKING00000', name: 'Busy', status: 'WORKING' })]),
      'sandbox.phones': () => [alice],
      'sandbox.scanQr': () => ({ linked: true }),
      'sandbox.enterCode': () => {
        throw new FakeError('invalid_pairing_code', 'The pairing code is wrong for the device waiting to be linked to this phone', 'Enter the 8-character code exactly as the device shows it')
      }
    })
    useAppStore.setState({ info: appInfo() })
    render(<SandboxView />)
    const card = await screen.findByRole('listitem', { name: 'Phone Alice' })
    // Only instances showing a QR can be scanned.
    const select = within(card).getByLabelText('Scan the QR of')
    expect(within(select).getAllByRole('option').map((o) => o.textContent)).toEqual(['Front desk (ABCDEF123456)'])
    await userEvent.click(within(card).getByRole('button', { name: 'Scan this instance’s QR' }))
    const notice = await within(card).findByRole('status')
    expect(notice).toHaveTextContent('Scanned: the phone linked the instance')
    expect(b.callsTo('sandbox.scanQr')).toEqual([{ phoneNumber: '15550000001', instanceId: 'ABCDEF123456' }])
    // Notices can be dismissed (they also go with the next action, or after a few seconds).
    await userEvent.click(within(notice).getByRole('button', { name: 'Dismiss' }))
    expect(within(card).queryByText('Scanned: the phone linked the instance')).not.toBeInTheDocument()

    await userEvent.type(within(card).getByLabelText('Pairing code'), 'zzzz-zzzz')
    await userEvent.click(within(card).getByRole('button', { name: 'Enter pairing code' }))
    expect(await within(card).findByRole('alert')).toHaveTextContent('The pairing code is wrong')
    expect(b.callsTo('sandbox.enterCode')).toEqual([{ phoneNumber: '15550000001', code: 'ZZZZ-ZZZZ' }])
  })

  it('sends a message as the person and shows the inbox', async () => {
    const inbox: SandboxMessageDto[] = [{ id: 'm1', from: '15550000002@s.whatsapp.net', to: '15550000001@s.whatsapp.net', type: 'text', text: 'hi Alice', timestamp: Date.now(), fromMe: false }]
    const b = installMemoryBridge({
      'instances.list': () => overview([]),
      'sandbox.phones': () => [alice],
      'sandbox.messages': () => inbox,
      'sandbox.sendText': ({ to, text }) => {
        inbox.push({ id: 'm2', from: '15550000001@s.whatsapp.net', to: `${to}@s.whatsapp.net`, type: 'text', text, timestamp: Date.now(), fromMe: true })
        return { id: 'm2' }
      }
    })
    useAppStore.setState({ info: appInfo() })
    render(<SandboxView />)
    const card = await screen.findByRole('listitem', { name: 'Phone Alice' })
    await userEvent.click(within(card).getByRole('button', { name: 'Show inbox' }))
    const list = await within(card).findByRole('list', { name: 'Inbox of 15550000001' })
    expect(within(list).getByText('hi Alice')).toBeInTheDocument()
    await userEvent.type(within(card).getByLabelText('Send as Alice to'), '15550000002')
    await userEvent.type(within(card).getByLabelText('Message'), 'hello back')
    await userEvent.click(within(card).getByRole('button', { name: 'Send a message as this person' }))
    expect(await within(list).findByText('hello back')).toBeInTheDocument()
    expect(b.callsTo('sandbox.sendText')).toEqual([{ phoneNumber: '15550000001', to: '15550000002', text: 'hello back' }])
  })

  it('hides the person\'s number (LID only) with a per-phone toggle, and shows it again', async () => {
    let hidden = false
    const b = installMemoryBridge({
      'instances.list': () => overview([]),
      'sandbox.phones': () => [{ ...alice, hideNumber: hidden }],
      'sandbox.setHideNumber': ({ hide }) => {
        hidden = hide
        return { hideNumber: hide }
      }
    })
    useAppStore.setState({ info: appInfo() })
    render(<SandboxView />)
    const card = await screen.findByRole('listitem', { name: 'Phone Alice' })
    const toggle = within(card).getByRole('checkbox', { name: 'Hide number (LID only)' })
    expect(toggle).not.toBeChecked()
    await userEvent.click(toggle)
    expect(await within(card).findByRole('status')).toHaveTextContent('Number hidden: others now reach this phone by LID only')
    expect(within(card).getByRole('checkbox', { name: 'Hide number (LID only)' })).toBeChecked()
    await userEvent.click(within(card).getByRole('checkbox', { name: 'Hide number (LID only)' }))
    expect(await within(card).findByText('Number shown: its next message reveals it')).toBeInTheDocument()
    expect(within(card).getByRole('checkbox', { name: 'Hide number (LID only)' })).not.toBeChecked()
    expect(b.callsTo('sandbox.setHideNumber')).toEqual([{ phoneNumber: '15550000001', hide: true }, { phoneNumber: '15550000001', hide: false }])
  })

  it('suggests the other simulated phones as recipients', async () => {
    const bob: SandboxPhoneDto = { ...alice, phoneNumber: '15550000002', name: 'Bob', jid: '15550000002@s.whatsapp.net' }
    installMemoryBridge({ 'instances.list': () => overview([]), 'sandbox.phones': () => [alice, bob] })
    useAppStore.setState({ info: appInfo() })
    render(<SandboxView />)
    const card = await screen.findByRole('listitem', { name: 'Phone Alice' })
    const to = within(card).getByLabelText('Send as Alice to')
    const choices = document.getElementById(to.getAttribute('list')!)!
    expect([...choices.querySelectorAll('option')].map((o) => [o.value, o.textContent])).toEqual([['15550000002', 'Bob']])
  })

  it('lets the person read what they received, so the senders see Read', async () => {
    const b = installMemoryBridge({ 'instances.list': () => overview([]), 'sandbox.phones': () => [alice], 'sandbox.readInbox': () => ({ read: 3 }) })
    useAppStore.setState({ info: appInfo() })
    render(<SandboxView />)
    const card = await screen.findByRole('listitem', { name: 'Phone Alice' })
    await userEvent.click(within(card).getByRole('button', { name: 'Read received messages' }))
    expect(await within(card).findByRole('status')).toHaveTextContent('Read 3 messages: the senders see Read.')
    expect(b.callsTo('sandbox.readInbox')).toEqual([{ phoneNumber: '15550000001' }])
  })

  it('filters a long list of phones by name or number', async () => {
    const many = Array.from({ length: 8 }, (_, n): SandboxPhoneDto => ({ ...alice, phoneNumber: `1555000010${n}`, name: n === 5 ? 'Carol' : `Customer ${n}` }))
    installMemoryBridge({ 'instances.list': () => overview([]), 'sandbox.phones': () => many })
    useAppStore.setState({ info: appInfo() })
    render(<SandboxView />)
    await screen.findByRole('listitem', { name: 'Phone Carol' })
    await userEvent.type(screen.getByLabelText('Find a phone'), 'car')
    expect(screen.getAllByRole('listitem').map((li) => li.getAttribute('aria-label'))).toEqual(['Phone Carol'])
    await userEvent.clear(screen.getByLabelText('Find a phone'))
    await userEvent.type(screen.getByLabelText('Find a phone'), '15550000107')
    expect(screen.getAllByRole('listitem').map((li) => li.getAttribute('aria-label'))).toEqual(['Phone Customer 7'])
  })
})
