import { act, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import type { DeliveryDto, DeliveryPayloadDto, WebhookDto } from '../../../src-preload/contract/dto.js'
import { wireLiveUpdates } from '../../lib/live.js'
import { useAppStore } from '../../stores/app-store.js'
import { instance, overview, webhooks } from '../../test/fixtures.js'
import { FakeError, installMemoryBridge } from '../../test/memory-bridge.js'
import { WebhooksView } from './WebhooksView.js'

const delivery = (over: Partial<DeliveryDto> = {}): DeliveryDto => ({
  id: 1, eventId: 'evt_01', event: 'session.status', webhookId: 7, url: 'http://127.0.0.1:5678/hook', state: 'delivered', attempts: 1,
  lastStatus: 200, lastError: null, createdAt: Date.now(), deliveredAt: Date.now(), deadAt: null, nextAttemptAt: null, ...over
})
const hook: WebhookDto = { id: 7, url: 'http://127.0.0.1:5678/hook', name: null, events: ['session.status'], isActive: true, retries: { delay: 2, attempts: 15 }, hasSecret: true, disabledReason: null }

describe('WebhooksView', () => {
  it('is locked on the free plan', async () => {
    installMemoryBridge({ 'instances.list': () => overview([instance()]), 'webhooks.get': () => webhooks({ allowed: false }), 'webhooks.deliveries': () => [] })
    useAppStore.setState({ instanceId: 'ABCDEF123456' })
    render(<WebhooksView />)
    expect(await screen.findByTestId('webhooks-locked')).toHaveTextContent('Webhooks need the paid plan')
    expect(screen.queryByRole('form', { name: 'Add a webhook' })).not.toBeInTheDocument()
  })

  it('validates the URL, then saves the webhook with its events and secret', async () => {
    let list: WebhookDto[] = []
    const b = installMemoryBridge({
      'instances.list': () => overview([instance()]),
      'webhooks.get': () => webhooks({ webhooks: list }),
      'webhooks.deliveries': () => [],
      'webhooks.save': (r) => webhooks({ webhooks: (list = [{ ...hook, url: r.url, events: r.events }]) })
    })
    useAppStore.setState({ instanceId: 'ABCDEF123456' })
    render(<WebhooksView />)
    const form = await screen.findByRole('form', { name: 'Add a webhook' })
    await userEvent.type(within(form).getByLabelText('URL'), 'ftp://example')
    await userEvent.click(within(form).getByRole('button', { name: 'Save webhook' }))
    expect(within(form).getByRole('alert')).toHaveTextContent('must start with http:// or https://')
    expect(b.callsTo('webhooks.save')).toEqual([])

    await userEvent.clear(within(form).getByLabelText('URL'))
    await userEvent.type(within(form).getByLabelText('URL'), 'http://127.0.0.1:5678/hook')
    await userEvent.click(within(form).getByLabelText('message.ack'))
    await userEvent.type(within(form).getByLabelText('Signing secret (optional)'), 's3cret')
    await userEvent.click(within(form).getByRole('button', { name: 'Save webhook' }))
    const saved = await screen.findByRole('list', { name: 'Configured webhooks' })
    expect(within(saved).getByText('http://127.0.0.1:5678/hook')).toBeInTheDocument()
    expect(b.callsTo('webhooks.save')).toEqual([
      { instanceId: 'ABCDEF123456', url: 'http://127.0.0.1:5678/hook', events: ['message', 'session.status', 'message.ack'], isActive: true, secret: 's3cret', retries: { delay: 2, attempts: 15 } }
    ])
  })

  it('folds the add form behind a button once there are webhooks, and shows a 410-paused webhook as paused at once', async () => {
    let hooks = [hook]
    const b = installMemoryBridge({
      'instances.list': () => overview([instance()]),
      'webhooks.get': () => webhooks({ webhooks: hooks }),
      'webhooks.deliveries': () => [],
      'webhooks.save': (r) => webhooks({ webhooks: (hooks = [...hooks, { ...hook, id: 8, url: r.url, events: r.events }]) })
    })
    wireLiveUpdates(b.bridge)
    useAppStore.setState({ instanceId: 'ABCDEF123456' })
    render(<WebhooksView />)
    const item = await screen.findByRole('listitem', { name: 'Webhook http://127.0.0.1:5678/hook' })
    expect(screen.queryByRole('form', { name: 'Add a webhook' })).not.toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Add another webhook' }))
    const form = screen.getByRole('form', { name: 'Add a webhook' })
    await userEvent.click(within(form).getByRole('button', { name: 'Cancel' }))
    expect(screen.queryByRole('form', { name: 'Add a webhook' })).not.toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Add another webhook' }))
    await userEvent.type(within(screen.getByRole('form', { name: 'Add a webhook' })).getByLabelText('URL'), 'http://127.0.0.1:9999/crm')
    await userEvent.click(screen.getByRole('button', { name: 'Save webhook' }))
    expect(await screen.findByRole('listitem', { name: 'Webhook http://127.0.0.1:9999/crm' })).toBeInTheDocument()
    expect(screen.queryByRole('form', { name: 'Add a webhook' })).not.toBeInTheDocument()

    // The receiver answers 410: the core pauses the webhook, and the list says so without a reload.
    expect(within(item).getByText('Active')).toBeInTheDocument()
    hooks = hooks.map((h) => (h.id === 7 ? { ...h, isActive: false, disabledReason: 'http_410' } : h))
    act(() => b.emit('webhook.attempt', { instanceId: 'ABCDEF123456', deliveryId: 1, eventId: 'evt_01', webhookId: 7, attempt: { id: 0, attempt: 1, outcome: 'gone', statusCode: 410, error: 'HTTP 410: gone', durationMs: 3, at: Date.now() }, nextAttemptAt: null }))
    expect(await within(item).findByText('Paused')).toBeInTheDocument()
    expect(within(item).getByText(/Switchboard paused it: the receiver answered HTTP 410/)).toBeInTheDocument()
  })

  it('shows the delivery log with status codes and attempts, refreshes on a pushed attempt, and replays', async () => {
    let deliveries = [delivery({ id: 1, state: 'dead', lastStatus: 500, attempts: 3, deadAt: Date.now() })]
    const b = installMemoryBridge({
      'instances.list': () => overview([instance()]),
      'webhooks.get': () => webhooks({ webhooks: [hook] }),
      'webhooks.deliveries': () => deliveries,
      'webhooks.attempts': () => [
        { id: 1, attempt: 1, outcome: 'retry', statusCode: 500, error: null, durationMs: 12, at: Date.now() },
        { id: 2, attempt: 3, outcome: 'dead', statusCode: 500, error: null, durationMs: 9, at: Date.now() }
      ],
      'webhooks.replay': () => {
        deliveries = [delivery({ id: 1, state: 'pending', lastStatus: 500, attempts: 3 })]
        return { replayed: 1 }
      }
    })
    wireLiveUpdates(b.bridge)
    useAppStore.setState({ instanceId: 'ABCDEF123456' })
    render(<WebhooksView />)
    const row = (await screen.findAllByRole('row')).find((r) => r.getAttribute('data-state') === 'dead')!
    expect(within(row).getByTestId('delivery-status')).toHaveTextContent('500')
    expect(within(row).getByText('Failed')).toBeInTheDocument()
    await userEvent.click(within(row).getByRole('button', { name: 'Attempts' }))
    expect(await screen.findByText(/#3 Failed, gave up · 500/)).toBeInTheDocument()
    expect(screen.getByText(/#1 Failed, tried again later · 500/)).toBeInTheDocument()

    await userEvent.click(within(row).getByRole('button', { name: 'Replay' }))
    expect(await screen.findByText('Waiting')).toBeInTheDocument()
    expect(b.callsTo('webhooks.replay')).toEqual([{ instanceId: 'ABCDEF123456', eventId: 'evt_01', webhookId: 7 }])

    deliveries = [delivery({ id: 2, eventId: 'evt_02', lastStatus: 204 }), ...deliveries]
    act(() => b.emit('webhook.attempt', { instanceId: 'ABCDEF123456', deliveryId: 2, eventId: 'evt_02', webhookId: 7, attempt: { id: 0, attempt: 1, outcome: 'delivered', statusCode: 204, error: null, durationMs: 3, at: Date.now() }, nextAttemptAt: null }))
    expect(await screen.findByText('204')).toBeInTheDocument()
  })

  it('edits a webhook in place: events, active flag and retries, keeping its URL and secret', async () => {
    let current: WebhookDto = { ...hook, events: ['session.status'] }
    const b = installMemoryBridge({
      'instances.list': () => overview([instance()]),
      'webhooks.get': () => webhooks({ webhooks: [current] }),
      'webhooks.deliveries': () => [],
      'webhooks.save': (r) => webhooks({ webhooks: [(current = { ...current, events: r.events, isActive: r.isActive ?? current.isActive, retries: r.retries ?? current.retries })] })
    })
    useAppStore.setState({ instanceId: 'ABCDEF123456' })
    render(<WebhooksView />)
    const item = await screen.findByRole('listitem', { name: 'Webhook http://127.0.0.1:5678/hook' })
    await userEvent.click(within(item).getByRole('button', { name: 'Edit' }))
    const editor = within(item).getByRole('form', { name: 'Edit webhook http://127.0.0.1:5678/hook' })
    expect(within(editor).getByLabelText('session.status')).toBeChecked()
    await userEvent.click(within(editor).getByLabelText('message'))
    await userEvent.click(within(editor).getByLabelText('Active (deliver events to this URL)'))
    await userEvent.clear(within(editor).getByLabelText('Attempts'))
    await userEvent.type(within(editor).getByLabelText('Attempts'), '5')
    await userEvent.clear(within(editor).getByLabelText('First retry after (s)'))
    await userEvent.type(within(editor).getByLabelText('First retry after (s)'), '10')
    await userEvent.click(within(editor).getByRole('button', { name: 'Save changes' }))
    expect(b.callsTo('webhooks.save')).toEqual([{ instanceId: 'ABCDEF123456', url: 'http://127.0.0.1:5678/hook', events: ['session.status', 'message'], isActive: false, retries: { delay: 10, attempts: 5 } }])
    expect(await within(item).findByText(/Events: session.status, message · retries: 5 attempts from 10 s/)).toBeInTheDocument()
    expect(within(item).getByText('Paused')).toBeInTheDocument()
    expect(within(item).queryByRole('form')).not.toBeInTheDocument()
    // Cancel leaves everything as it was.
    await userEvent.click(within(item).getByRole('button', { name: 'Edit' }))
    await userEvent.click(within(item).getByLabelText('message.ack'))
    await userEvent.click(within(item).getByRole('button', { name: 'Cancel' }))
    expect(b.callsTo('webhooks.save')).toHaveLength(1)
  })

  it('shows why a delivery failed and when it is tried again; replay shows its progress and outcome', async () => {
    const next = new Date(2030, 0, 1, 12, 34, 56).getTime()
    let finishReplay: (() => void) | undefined
    const b = installMemoryBridge({
      'instances.list': () => overview([instance()]),
      'webhooks.get': () => webhooks({ webhooks: [hook] }),
      'webhooks.deliveries': () => [delivery({ id: 3, state: 'pending', attempts: 2, lastStatus: null, lastError: 'connect ECONNREFUSED 127.0.0.1:5678', nextAttemptAt: next, deliveredAt: null })],
      'webhooks.replay': () => new Promise((resolve) => (finishReplay = () => resolve({ replayed: 1 })))
    })
    useAppStore.setState({ instanceId: 'ABCDEF123456' })
    render(<WebhooksView />)
    const row = (await screen.findAllByRole('row')).find((r) => r.getAttribute('data-state') === 'pending')!
    expect(within(row).getByTestId('delivery-status')).toHaveTextContent('error')
    expect(within(row).getByTestId('delivery-error')).toHaveTextContent('connect ECONNREFUSED 127.0.0.1:5678')
    expect(within(row).getByTestId('next-attempt')).toHaveTextContent(/next try 12:34:56/)

    await userEvent.click(within(row).getByRole('button', { name: 'Replay' }))
    expect(within(row).getByRole('button', { name: 'Replaying…' })).toBeDisabled()
    act(() => finishReplay!())
    expect(await screen.findByRole('status')).toHaveTextContent('Event evt_01 is queued again (1 delivery)')
    expect(within(row).getByRole('button', { name: 'Replay' })).toBeEnabled()
    expect(b.callsTo('webhooks.replay')).toHaveLength(1)
  })

  it('deletes a webhook after confirmation and shows save errors in words', async () => {
    const b = installMemoryBridge({
      'instances.list': () => overview([instance()]),
      'webhooks.get': () => webhooks({ webhooks: [hook] }),
      'webhooks.deliveries': () => [],
      'webhooks.delete': () => webhooks({ webhooks: [] }),
      'webhooks.save': () => {
        throw new FakeError('invalid_webhook_url', 'url must use http or https')
      }
    })
    useAppStore.setState({ instanceId: 'ABCDEF123456' })
    render(<WebhooksView />)
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }))
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete webhook' }))
    expect(await screen.findByText(/No webhooks yet/)).toBeInTheDocument()
    expect(b.callsTo('webhooks.delete')).toEqual([{ instanceId: 'ABCDEF123456', url: 'http://127.0.0.1:5678/hook' }])

    await userEvent.type(screen.getByLabelText('URL'), 'http://localhost/x')
    await userEvent.click(screen.getByRole('button', { name: 'Save webhook' }))
    expect(await screen.findByText('url must use http or https')).toBeInTheDocument()
  })

  it('explains every event in the picker and in the log, with the core\'s one-line descriptions', async () => {
    const eventDescriptions = { 'session.status': 'The session status changed', message: 'A new incoming message', 'message.any': 'Every new message', 'message.ack': 'An own message reached a new state', 'webhook.test': 'A test delivery' }
    installMemoryBridge({
      'instances.list': () => overview([instance()]),
      'webhooks.get': () => webhooks({ webhooks: [hook], eventDescriptions }),
      'webhooks.deliveries': () => [delivery({ event: 'webhook.test' })]
    })
    useAppStore.setState({ instanceId: 'ABCDEF123456' })
    render(<WebhooksView />)
    const item = await screen.findByRole('listitem', { name: `Webhook ${hook.url}` })
    await userEvent.click(within(item).getByRole('button', { name: 'Edit' }))
    // Each checkbox keeps its plain name and is described by the one-line text.
    expect(within(item).getByRole('checkbox', { name: 'message.ack' })).toHaveAccessibleDescription('An own message reached a new state')
    expect(within(item).getByRole('checkbox', { name: 'message' })).toHaveAccessibleDescription('A new incoming message')
    const row = (await screen.findAllByRole('row')).find((r) => r.getAttribute('data-event-id') === 'evt_01')!
    expect(within(row).getByText('A test delivery')).toHaveAttribute('title', 'A test delivery')
  })

  it('sends a test event for one webhook and shows the outcome; the log refreshes with it', async () => {
    let log: DeliveryDto[] = []
    const b = installMemoryBridge({
      'instances.list': () => overview([instance()]),
      'webhooks.get': () => webhooks({ webhooks: [hook, { ...hook, id: 8, url: 'http://127.0.0.1:5678/paused', isActive: false }] }),
      'webhooks.deliveries': () => log,
      'webhooks.sendTest': ({ webhookId }) => {
        if (webhookId === 8) throw new FakeError('webhook_not_found', 'This instance has no webhook with that id')
        log = [delivery({ id: 5, eventId: 'evt_TEST', event: 'webhook.test', state: 'pending', attempts: 0, lastStatus: null, deliveredAt: null })]
        return { eventId: 'evt_TEST' }
      }
    })
    useAppStore.setState({ instanceId: 'ABCDEF123456' })
    render(<WebhooksView />)
    const item = await screen.findByRole('listitem', { name: `Webhook ${hook.url}` })
    await userEvent.click(within(item).getByRole('button', { name: 'Send test event' }))
    expect(await within(item).findByRole('status')).toHaveTextContent('Test event evt_TEST queued; it appears in the delivery log below.')
    expect(b.callsTo('webhooks.sendTest')).toEqual([{ instanceId: 'ABCDEF123456', webhookId: 7 }])
    const row = (await screen.findAllByRole('row')).find((r) => r.getAttribute('data-event-id') === 'evt_TEST')!
    expect(within(row).getByText('webhook.test')).toBeInTheDocument()
    // A refusal shows on the webhook it was for, in words.
    const paused = screen.getByRole('listitem', { name: 'Webhook http://127.0.0.1:5678/paused' })
    expect(within(paused).getByRole('button', { name: 'Send test event' })).toHaveAttribute('title', expect.stringContaining('waits until you resume'))
    await userEvent.click(within(paused).getByRole('button', { name: 'Send test event' }))
    expect(await within(paused).findByRole('alert')).toHaveTextContent('This instance has no webhook with that id')
    expect(within(item).queryByRole('alert')).not.toBeInTheDocument()
  })

  it('sends a sample of the event kind picked (issue 23 item 7), flagged as a sample in the notice', async () => {
    const b = installMemoryBridge({
      'instances.list': () => overview([instance()]),
      'webhooks.get': () => webhooks({ webhooks: [hook], testEvents: ['webhook.test', 'message', 'message.ack'] }),
      'webhooks.deliveries': () => [],
      'webhooks.sendTest': () => ({ eventId: 'evt_SAMPLE' })
    })
    useAppStore.setState({ instanceId: 'ABCDEF123456' })
    render(<WebhooksView />)
    const item = await screen.findByRole('listitem', { name: `Webhook ${hook.url}` })
    const picker = within(item).getByRole('combobox', { name: 'Test event kind' })
    expect(within(picker).getAllByRole('option').map((o) => o.textContent)).toEqual(['webhook.test', 'message (sample)', 'message.ack (sample)'])
    await userEvent.selectOptions(picker, 'message')
    await userEvent.click(within(item).getByRole('button', { name: 'Send test event' }))
    expect(await within(item).findByRole('status')).toHaveTextContent('Sample message event evt_SAMPLE queued')
    expect(b.callsTo('webhooks.sendTest')).toEqual([{ instanceId: 'ABCDEF123456', webhookId: 7, event: 'message' }])
  })

  it('shows a delivery\'s exact body pretty-printed with its signature headers, and copies the exact bytes', async () => {
    const body = '{"id":"evt_01","timestamp":1,"event":"webhook.test","payload":{"test":true}}'
    const payload: DeliveryPayloadDto = {
      deliveryId: 1, eventId: 'evt_01', event: 'webhook.test', url: hook.url, body, attempt: 2, headersAt: Date.now(), signed: true,
      headers: { 'content-type': 'application/json', 'webhook-id': 'evt_01', 'webhook-timestamp': '1700000000', 'webhook-signature': 'v1,abc=', 'x-webhook-hmac': 'ff00' }
    }
    const writeText = vi.fn(async () => undefined)
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true })
    const b = installMemoryBridge({
      'instances.list': () => overview([instance()]),
      'webhooks.get': () => webhooks({ webhooks: [hook] }),
      'webhooks.deliveries': () => [delivery({ event: 'webhook.test' })],
      'webhooks.payload': () => payload
    })
    useAppStore.setState({ instanceId: 'ABCDEF123456' })
    render(<WebhooksView />)
    const row = (await screen.findAllByRole('row')).find((r) => r.getAttribute('data-event-id') === 'evt_01')!
    await userEvent.click(within(row).getByRole('button', { name: 'Payload' }))
    const viewer = await screen.findByRole('region', { name: `Payload of webhook.test to ${hook.url}` })
    expect(within(viewer).getByLabelText('Body (pretty-printed)').textContent).toBe(JSON.stringify(JSON.parse(body), null, 2))
    expect(within(viewer).getByText('webhook-signature')).toBeInTheDocument()
    expect(within(viewer).getByText('v1,abc=')).toBeInTheDocument()
    expect(within(viewer).getByText(/Of attempt #2/)).toBeInTheDocument()
    expect(within(viewer).getByText(/Signed with the webhook’s secret/)).toBeInTheDocument()
    await userEvent.click(within(viewer).getByRole('button', { name: 'Copy body' }))
    expect(writeText).toHaveBeenCalledWith(body)
    expect(within(viewer).getByRole('status')).toHaveTextContent('Body copied (the exact bytes sent)')
    expect(b.callsTo('webhooks.payload')).toEqual([{ instanceId: 'ABCDEF123456', deliveryId: 1 }])
    // Toggling closes it.
    await userEvent.click(within(row).getByRole('button', { name: 'Payload' }))
    expect(screen.queryByRole('region', { name: /Payload of/ })).not.toBeInTheDocument()
  })
})
