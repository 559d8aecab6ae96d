import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { SandboxMessageDto, SandboxPhoneDto, SandboxPhoneSettingsDto } from '../../../src-preload/contract/dto.js'
import { FAULTS } from '../../../src-preload/contract/sandbox-faults.js'
import { useAppStore } from '../../stores/app-store.js'
import { appInfo, instance, overview } from '../../test/fixtures.js'
import { FakeError, installMemoryBridge } from '../../test/memory-bridge.js'
import { SandboxView } from './SandboxView.js'

const alice: SandboxPhoneDto = { phoneNumber: '15550000001', name: 'Alice', jid: '15550000001@s.whatsapp.net', online: true, devices: [{ id: 0, jid: '15550000001@s.whatsapp.net', kind: 'phone', platform: 'android', online: true, linkedAt: 0 }] }

const noSettings: SandboxPhoneSettingsDto = { hideNumber: false, newContacts: 'allow', timelockUntil: null, messageCap: null, newChats: 0, banned: null }

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
    // No other phone to pick: the recipient is typed (as people write numbers), and sent as digits.
    expect(within(card).getByLabelText('Send as Alice to')).toHaveValue('other')
    await userEvent.type(within(card).getByLabelText('Number or chat id'), '+1 (555) 000-0002')
    await userEvent.type(within(card).getByLabelText('Message'), 'hello back')
    await userEvent.click(within(card).getByRole('button', { name: 'Send a message as this person' }))
    expect(await within(list).findByText('hello back')).toBeInTheDocument()
    expect(b.callsTo('sandbox.sendText')).toEqual([{ phoneNumber: '15550000001', to: '15550000002', text: 'hello back' }])
  })

  it('hides the person\'s number (LID only) from the Settings section, and shows it again', async () => {
    let settings: SandboxPhoneSettingsDto = { ...noSettings }
    const b = installMemoryBridge({
      'instances.list': () => overview([]),
      'sandbox.phones': () => [{ ...alice, settings }],
      'sandbox.setPhoneSettings': ({ phoneNumber: _p, ...change }) => (settings = { ...settings, ...change })
    })
    useAppStore.setState({ info: appInfo() })
    render(<SandboxView />)
    const card = await screen.findByRole('listitem', { name: 'Phone Alice' })
    await userEvent.click(within(card).getByRole('button', { name: 'Settings' }))
    const toggle = within(card).getByRole('checkbox', { name: 'Hide number (LID only)' })
    expect(toggle).not.toBeChecked()
    await userEvent.click(toggle)
    expect(await within(card).findByRole('status')).toHaveTextContent('Number hidden: others now reach this phone by LID only')
    expect(within(card).getByRole('checkbox', { name: 'Hide number (LID only)' })).toBeChecked()
    expect(within(card).getByText('Settings: number hidden')).toBeInTheDocument()
    await userEvent.click(within(card).getByRole('checkbox', { name: 'Hide number (LID only)' }))
    expect(await within(card).findByText('Number shown: its next message reveals it')).toBeInTheDocument()
    expect(within(card).getByRole('checkbox', { name: 'Hide number (LID only)' })).not.toBeChecked()
    expect(b.callsTo('sandbox.setPhoneSettings')).toEqual([{ phoneNumber: '15550000001', hideNumber: true }, { phoneNumber: '15550000001', hideNumber: false }])
  })

  it('sets the send limits (463 timelock, 475 cap) and a ban per phone, and says what they do', async () => {
    let settings: SandboxPhoneSettingsDto = { ...noSettings, newChats: 2 }
    const b = installMemoryBridge({
      'instances.list': () => overview([]),
      'sandbox.phones': () => [{ ...alice, settings }],
      'sandbox.setPhoneSettings': ({ phoneNumber: _p, ...change }) => (settings = { ...settings, ...change })
    })
    useAppStore.setState({ info: appInfo() })
    render(<SandboxView />)
    const card = await screen.findByRole('listitem', { name: 'Phone Alice' })
    await userEvent.click(within(card).getByRole('button', { name: 'Settings' }))
    await userEvent.selectOptions(within(card).getByLabelText('New contacts'), 'timelock')
    await userEvent.click(within(card).getByRole('button', { name: 'Apply limit' }))
    expect(await within(card).findByRole('status')).toHaveTextContent('New chats refused with 463 (reach-out timelock)')
    // A cap that is not a number is refused before anything is sent.
    await userEvent.type(within(card).getByLabelText('New-chat cap'), 'x')
    expect(within(card).getByRole('button', { name: 'Apply cap' })).toBeDisabled()
    await userEvent.clear(within(card).getByLabelText('New-chat cap'))
    await userEvent.type(within(card).getByLabelText('New-chat cap'), '3')
    await userEvent.click(within(card).getByRole('button', { name: 'Apply cap' }))
    expect(await within(card).findByText('New chats capped at 3 (475 past it; 2 so far)')).toBeInTheDocument()
    await userEvent.selectOptions(within(card).getByLabelText('Network ban'), '402')
    expect(await within(card).findByText('Account temporarily banned (402): its linked devices are refused at login')).toBeInTheDocument()
    expect(within(card).getByText(/Settings: new chats timelocked, new chats capped at 3 \(2 so far\), banned \(402\)/)).toBeInTheDocument()
    expect(b.callsTo('sandbox.setPhoneSettings')).toEqual([
      { phoneNumber: '15550000001', newContacts: 'timelock', timelockUntil: null },
      { phoneNumber: '15550000001', messageCap: 3 },
      { phoneNumber: '15550000001', banned: 402 }
    ])
  })

  it('seeds a large history for pairing, and reports a refusal in words', async () => {
    let seeded = false
    const b = installMemoryBridge({
      'instances.list': () => overview([]),
      'sandbox.phones': () => [alice],
      'sandbox.seedHistory': ({ chats, messages }) => {
        if (seeded) throw new FakeError('invalid_request', '15550000001 already has a seeded history')
        seeded = true
        return { contacts: 500, chats: chats ?? 0, messages: messages ?? 0, groups: 20, lidChats: 300, chunks: 11 }
      }
    })
    useAppStore.setState({ info: appInfo() })
    render(<SandboxView />)
    const card = await screen.findByRole('listitem', { name: 'Phone Alice' })
    await userEvent.click(within(card).getByRole('button', { name: 'Settings' }))
    await userEvent.click(within(card).getByRole('button', { name: 'Seed history' }))
    expect(await within(card).findByRole('status')).toHaveTextContent('History seeded: 20,000 messages in 1,000 chats (20 groups, 300 by LID)')
    await userEvent.click(within(card).getByRole('button', { name: 'Seed history' }))
    expect(await within(card).findByRole('alert')).toHaveTextContent('already has a seeded history')
    expect(b.callsTo('sandbox.seedHistory')).toEqual([{ phoneNumber: '15550000001', chats: 1000, messages: 20000 }, { phoneNumber: '15550000001', chats: 1000, messages: 20000 }])
  })

  it('offers every fault from its descriptor and applies it with its parameters', async () => {
    const linked: SandboxPhoneDto = { ...alice, devices: [...alice.devices, { id: 1, jid: '15550000001:1@s.whatsapp.net', kind: 'companion', platform: 'Chrome', online: true, linkedAt: 1 }] }
    const b = installMemoryBridge({
      'instances.list': () => overview([]),
      'sandbox.phones': () => [linked],
      'sandbox.fault': (f) => {
        if (f.kind === 'drop') throw new FakeError('invalid_request', '15550000001:1@s.whatsapp.net is not connected')
        return { applied: true }
      }
    })
    useAppStore.setState({ info: appInfo() })
    render(<SandboxView />)
    const panel = await screen.findByRole('form', { name: 'Network faults' })
    expect(within(within(panel).getByLabelText('Fault')).getAllByRole('option').map((o) => (o as HTMLOptionElement).value)).toEqual(FAULTS.map((f) => f.kind))

    // ban: the account and the refusal code.
    await userEvent.selectOptions(within(panel).getByLabelText('Fault'), 'ban')
    await userEvent.click(within(panel).getByRole('button', { name: 'Apply fault' }))
    expect(within(panel).getByRole('alert')).toHaveTextContent('Account is required')
    await userEvent.selectOptions(within(panel).getByLabelText('Account'), '15550000001')
    await userEvent.selectOptions(within(panel).getByLabelText('Refusal'), '406')
    await userEvent.click(within(panel).getByRole('button', { name: 'Apply fault' }))
    expect(await within(panel).findByRole('status')).toHaveTextContent('Account banned: its linked devices are refused at login')

    // network_down: a linked device (listed first) and a duration.
    await userEvent.selectOptions(within(panel).getByLabelText('Fault'), 'network_down')
    const devices = within(within(panel).getByLabelText('Device')).getAllByRole('option').map((o) => o.textContent)
    expect(devices).toEqual(['choose…', 'Alice linked device #1, Online', 'Alice (the phone), Online'])
    await userEvent.selectOptions(within(panel).getByLabelText('Device'), '15550000001:1@s.whatsapp.net')
    await userEvent.type(within(panel).getByLabelText('For (ms)'), '5000')
    await userEvent.click(within(panel).getByRole('button', { name: 'Apply fault' }))
    expect(await within(panel).findByText('Network down for the device: its reconnects are cut')).toBeInTheDocument()

    // corrupt_ciphertext: count and persist.
    await userEvent.selectOptions(within(panel).getByLabelText('Fault'), 'corrupt_ciphertext')
    await userEvent.selectOptions(within(panel).getByLabelText('Device'), '15550000001:1@s.whatsapp.net')
    await userEvent.type(within(panel).getByLabelText('How many'), '0')
    await userEvent.click(within(panel).getByRole('button', { name: 'Apply fault' }))
    expect(within(panel).getByRole('alert')).toHaveTextContent('How many must be a whole number from 1 to 100')
    await userEvent.clear(within(panel).getByLabelText('How many'))
    await userEvent.type(within(panel).getByLabelText('How many'), '2')
    await userEvent.click(within(panel).getByLabelText('Retries fail too'))
    await userEvent.click(within(panel).getByRole('button', { name: 'Apply fault' }))
    expect(await within(panel).findByText('The device’s next messages will arrive corrupted')).toBeInTheDocument()

    // A refusal from the network reads in words.
    await userEvent.selectOptions(within(panel).getByLabelText('Fault'), 'drop')
    await userEvent.selectOptions(within(panel).getByLabelText('Device'), '15550000001:1@s.whatsapp.net')
    await userEvent.click(within(panel).getByRole('button', { name: 'Apply fault' }))
    expect(await within(panel).findByRole('alert')).toHaveTextContent('is not connected')

    expect(b.callsTo('sandbox.fault')).toEqual([
      { kind: 'ban', phone: '15550000001', code: 406 },
      { kind: 'network_down', jid: '15550000001:1@s.whatsapp.net', durationMs: 5000 },
      { kind: 'corrupt_ciphertext', jid: '15550000001:1@s.whatsapp.net', count: 2, persist: true },
      { kind: 'drop', jid: '15550000001:1@s.whatsapp.net' }
    ])
  })

  it('picks the recipient from the other simulated phones, or takes a typed number or chat id', async () => {
    const bob: SandboxPhoneDto = { ...alice, phoneNumber: '15550000002', name: 'Bob', jid: '15550000002@s.whatsapp.net', devices: [{ ...alice.devices[0]!, jid: '15550000002@s.whatsapp.net' }] }
    const b = installMemoryBridge({ 'instances.list': () => overview([]), 'sandbox.phones': () => [alice, bob], 'sandbox.sendText': () => ({ id: 'x' }), 'sandbox.messages': () => [] })
    useAppStore.setState({ info: appInfo() })
    render(<SandboxView />)
    const card = await screen.findByRole('listitem', { name: 'Phone Alice' })
    const to = within(card).getByLabelText('Send as Alice to')
    expect(within(to).getAllByRole('option').map((o) => [(o as HTMLOptionElement).value, o.textContent])).toEqual([
      ['', 'choose a phone…'],
      ['15550000002', 'Bob (15550000002)'],
      ['other', 'another number or chat id…']
    ])
    await userEvent.type(within(card).getByLabelText('Message'), 'hi Bob')
    expect(within(card).getByRole('button', { name: 'Send a message as this person' })).toBeDisabled()
    await userEvent.selectOptions(to, '15550000002')
    expect(to).toHaveAttribute('title', 'Bob (15550000002)')
    await userEvent.click(within(card).getByRole('button', { name: 'Send a message as this person' }))
    await within(card).findByRole('status')
    await userEvent.selectOptions(to, 'other')
    await userEvent.type(within(card).getByLabelText('Number or chat id'), '120363000000000001@g.us')
    await userEvent.type(within(card).getByLabelText('Message'), 'hi group')
    await userEvent.click(within(card).getByRole('button', { name: 'Send a message as this person' }))
    await waitFor(() => expect(b.callsTo('sandbox.sendText')).toHaveLength(2))
    expect(b.callsTo('sandbox.sendText')).toEqual([
      { phoneNumber: '15550000001', to: '15550000002', text: 'hi Bob' },
      { phoneNumber: '15550000001', to: '120363000000000001@g.us', text: 'hi group' }
    ])
  })

  it('accepts numbers as people write them and stores the digits', async () => {
    const b = installMemoryBridge({
      'instances.list': () => overview([]),
      'sandbox.phones': () => [],
      'sandbox.createPhone': ({ phoneNumber, name }) => ({ ...alice, phoneNumber, name: name ?? 'x' })
    })
    useAppStore.setState({ info: appInfo() })
    render(<SandboxView />)
    await screen.findByText(/No simulated phones yet/)
    const field = screen.getByLabelText('Phone number')
    await userEvent.type(field, '+1 555 000 0001')
    expect(field).toHaveAccessibleDescription('Creates +1 555 000 0001')
    await userEvent.click(screen.getByRole('button', { name: 'Create phone' }))
    await waitFor(() => expect(b.callsTo('sandbox.createPhone')).toHaveLength(1))
    await userEvent.type(screen.getByLabelText('Phone number'), '(555) 000-0002')
    await userEvent.click(screen.getByRole('button', { name: 'Create phone' }))
    await waitFor(() => expect(b.callsTo('sandbox.createPhone')).toHaveLength(2))
    await userEvent.type(screen.getByLabelText('Phone number'), '+1 555 abc')
    await userEvent.click(screen.getByRole('button', { name: 'Create phone' }))
    expect(screen.getByRole('alert')).toHaveTextContent('Use digits')
    // "(555) 000-0002" is read in the default country shown beside the field (United States here), as New chat reads it.
    expect(screen.getByLabelText('Numbers without + are read in')).toHaveDisplayValue(/United States \(\+1\)/)
    expect(b.callsTo('sandbox.createPhone')).toEqual([{ phoneNumber: '15550000001' }, { phoneNumber: '15550000002' }])
  })

  it('keeps a number typed while the previous phone is still being created', async () => {
    let release: () => void = () => {}
    let listed = 0
    installMemoryBridge({
      'instances.list': () => overview([]),
      // The first list is the view's own load; the second follows the create and is held until the next number is typed.
      'sandbox.phones': () => (++listed === 1 ? [] : new Promise<SandboxPhoneDto[]>((resolve) => (release = () => resolve([{ ...alice, phoneNumber: '15550000001' }])))),
      'sandbox.createPhone': ({ phoneNumber, name }) => ({ ...alice, phoneNumber, name: name ?? 'x' })
    })
    useAppStore.setState({ info: appInfo() })
    render(<SandboxView />)
    await screen.findByText(/No simulated phones yet/)
    await userEvent.type(screen.getByLabelText('Phone number'), '+1 555 000 0001')
    await userEvent.type(screen.getByLabelText('Name', { exact: true }), 'Al')
    await userEvent.click(screen.getByRole('button', { name: 'Create phone' }))
    await waitFor(() => expect(listed).toBe(2))
    await userEvent.clear(screen.getByLabelText('Phone number'))
    await userEvent.type(screen.getByLabelText('Phone number'), '+1 555 000 0002')
    release()
    await waitFor(() => expect(screen.getByRole('button', { name: 'Create phone' })).toBeEnabled())
    expect(screen.getByLabelText('Phone number')).toHaveValue('+1 555 000 0002')
    // The name was not touched since the submit, so it is cleared for the next phone (once the create's answer is
    // back in the form, a turn after the store re-enables the button).
    await waitFor(() => expect(screen.getByLabelText('Name', { exact: true })).toHaveValue(''))
    expect(screen.getByLabelText('Phone number')).toHaveValue('+1 555 000 0002')
  })

  it('lists phones in number order, with the same presence badge for every phone and device', async () => {
    const mk = (n: string, name: string, online: boolean): SandboxPhoneDto => ({ ...alice, phoneNumber: n, name, online, devices: [{ ...alice.devices[0]!, jid: `${n}@s.whatsapp.net`, online }] })
    installMemoryBridge({
      'instances.list': () => overview([]),
      'sandbox.phones': () => [mk('4915550000001', 'Zoe', false), mk('15550000002', 'Bob', true), mk('15550000001', 'Carl', false)]
    })
    useAppStore.setState({ info: appInfo() })
    render(<SandboxView />)
    await screen.findByRole('listitem', { name: 'Phone Zoe' })
    const cards = within(screen.getByRole('list', { name: 'Simulated phones' })).getAllByRole('listitem')
    expect(cards.map((c) => c.getAttribute('data-phone'))).toEqual(['15550000001', '15550000002', '4915550000001'])
    expect(cards.map((c) => c.querySelector('.card-head .presence')?.textContent)).toEqual(['Offline', 'Online', 'Offline'])
  })

  it('names linked devices by their instance, and shows a pairing code waiting on the phone', async () => {
    const linked: SandboxPhoneDto = {
      ...alice,
      name: 'Alice with a very long name that would never fit on one line of a small window',
      devices: [
        ...alice.devices,
        { id: 3, jid: '15550000001:3@s.whatsapp.net', kind: 'companion', platform: 'Chrome', online: true, linkedAt: 1, instance: { id: 'ABCDEF123456', name: 'Front desk' } },
        { id: 4, jid: '15550000001:4@s.whatsapp.net', kind: 'companion', platform: 'Chrome', online: false, linkedAt: 2, instance: null }
      ],
      pendingCode: { code: 'ABCD1234', instanceId: 'WAITING00000', instanceName: 'Shop', since: Date.now() }
    }
    const b = installMemoryBridge({ 'instances.list': () => overview([]), 'sandbox.phones': () => [linked], 'sandbox.enterCode': () => ({ linked: true }) })
    useAppStore.setState({ info: appInfo() })
    render(<SandboxView />)
    const card = await screen.findByRole('listitem', { name: `Phone ${linked.name}` })
    expect(within(card).getByRole('heading', { level: 2 })).toHaveAttribute('title', `${linked.name} 15550000001`)
    const devices = card.querySelector('.devices')!
    expect(devices.textContent).toBe('Linked devices: #3 Front desk (ABCDEF123456) Online; #4 (instance not known) Offline')
    expect(within(card).getByTestId('pending-code')).toHaveTextContent('Pairing code waiting: ABCD-1234 for Shop (WAITING00000)')
    await userEvent.click(within(card).getByRole('button', { name: 'Type this code on the phone' }))
    expect(await within(card).findByRole('status')).toHaveTextContent('Code accepted')
    expect(b.callsTo('sandbox.enterCode')).toEqual([{ phoneNumber: '15550000001', code: 'ABCD1234' }])
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
    const many = Array.from({ length: 8 }, (_, n): SandboxPhoneDto => ({ ...alice, phoneNumber: `1555000010${n}`, name: n === 5 ? 'Carol' : `Customer ${n}`, devices: [{ ...alice.devices[0]!, jid: `1555000010${n}@s.whatsapp.net` }] }))
    installMemoryBridge({ 'instances.list': () => overview([]), 'sandbox.phones': () => many })
    useAppStore.setState({ info: appInfo() })
    render(<SandboxView />)
    await screen.findByRole('listitem', { name: 'Phone Carol' })
    await userEvent.type(screen.getByLabelText('Find a phone'), 'car')
    expect(screen.getAllByRole('listitem').map((li) => li.getAttribute('aria-label'))).toEqual(['Phone Carol'])
    await userEvent.clear(screen.getByLabelText('Find a phone'))
    await userEvent.type(screen.getByLabelText('Find a phone'), '+1 555 000 0107')
    expect(screen.getAllByRole('listitem').map((li) => li.getAttribute('aria-label'))).toEqual(['Phone Customer 7'])
  })
})
