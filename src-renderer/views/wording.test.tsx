// Words that used to contradict the app (issue 20 item 8): the plan is chosen in Settings (no --plan), the header's
// plan follows a switch at once, a status badge says its state once, the held count follows our sends while new
// contacts are paused.
import { act, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { AppSettingsDto, InstanceDto } from '../../src-preload/contract/dto.js'
import { StatusBadge } from '../components/StatusBadge.js'
import { TopBar } from '../components/TopBar.js'
import { wireLiveUpdates } from '../lib/live.js'
import { useAppStore } from '../stores/app-store.js'
import { useInstancesStore } from '../stores/instances-store.js'
import { useSettingsStore } from '../stores/settings-store.js'
import { appInfo, instance, overview, webhooks } from '../test/fixtures.js'
import { installMemoryBridge } from '../test/memory-bridge.js'
import { InstanceStateNote } from './chats/InstanceStateNote.js'
import { BreakableUrl } from './webhooks/DeliveryLog.js'
import { WebhooksView } from './webhooks/WebhooksView.js'

describe('words that match the app', () => {
  it('Webhooks on the free plan point to Settings, not to a start flag', async () => {
    installMemoryBridge({ 'instances.list': () => overview([instance()]), 'webhooks.get': () => webhooks({ allowed: false }), 'webhooks.deliveries': () => [] })
    useAppStore.setState({ instanceId: 'ABCDEF123456' })
    render(<WebhooksView />)
    const lock = await screen.findByTestId('webhooks-locked')
    expect(lock).toHaveTextContent('Choose the paid plan in Settings')
    expect(lock).not.toHaveTextContent('--plan')
    await userEvent.click(screen.getByRole('button', { name: 'Open Settings' }))
    expect(useAppStore.getState().view).toBe('settings')
  })

  it('the header shows the new plan as soon as Settings switches it', async () => {
    let plan: 'free' | 'paid' = 'free'
    installMemoryBridge({ 'app.info': () => appInfo({ plan }), 'settings.set': (c) => ((plan = c.plan ?? plan), { plan: { value: plan } } as AppSettingsDto) })
    await act(() => useAppStore.getState().loadInfo())
    render(<TopBar />)
    expect(screen.getByText(/free plan/)).toBeInTheDocument()
    await act(() => useSettingsStore.getState().save('plan', { plan: 'paid' }, 'Plan: paid'))
    await waitFor(() => expect(screen.getByText(/paid plan/)).toBeInTheDocument())
  })

  it('a status badge says its state once (the API name is its tooltip)', () => {
    render(<StatusBadge status="WORKING" />)
    const badge = screen.getByText('Working')
    expect(badge).toHaveTextContent(/^Working$/)
    expect(badge).toHaveAttribute('title', 'WORKING')
  })

  it('the held count follows our sends while new contacts are paused', async () => {
    let held = 0
    const paused = (): InstanceDto => instance({ status: 'WORKING', deliverability: { newContacts: 'paused', until: Date.now() + 3_600_000, reason: 'reachout_timelock', held } })
    const b = installMemoryBridge({ 'instances.list': () => overview([paused()]) })
    const unwire = wireLiveUpdates(b.bridge)
    await act(() => useInstancesStore.getState().load())
    const Note = () => {
      const i = useInstancesStore((s) => s.overview?.instances[0])
      return i ? <InstanceStateNote instance={i} /> : null
    }
    render(<Note />)
    expect(screen.getByRole('status')).toHaveTextContent('0 held')
    held = 2
    act(() => b.emit('chat.message', { instanceId: 'ABCDEF123456', message: { id: 'h1', chatId: '15550000009@c.us', fromMe: true, sender: null, text: 'hi', timestamp: Date.now(), ack: 'pending', media: null } }))
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('2 held'))
    unwire()
  })

  it('a delivery URL breaks only after / ? & — never inside the host, port or a number', () => {
    const { container } = render(<BreakableUrl url="http://127.0.0.1:56789/hooks/orders?shop=12345&x=1" />)
    expect(container).toHaveTextContent('http://127.0.0.1:56789/hooks/orders?shop=12345&x=1')
    expect([...container.querySelectorAll('span')].map((s) => s.textContent)).toEqual(['http:/', '/', '127.0.0.1:56789/', 'hooks/', 'orders?', 'shop=12345&', 'x=1'])
    expect(container.querySelectorAll('wbr')).toHaveLength(6)
  })
})
