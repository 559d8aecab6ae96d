// Feedback for every action (issue 12 item 5): a confirmation is announced politely and goes by itself after a few
// seconds; an error is an alert that stays until dismissed. Webhook saved/deleted and the token rotation say so.
import { act, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { useApiStore } from '../stores/api-store.js'
import { TOAST_MS, useToastsStore } from '../stores/toasts-store.js'
import { useWebhooksStore } from '../stores/webhooks-store.js'
import { webhooks } from '../test/fixtures.js'
import { installMemoryBridge } from '../test/memory-bridge.js'
import { Toasts } from './Toasts.js'

afterEach(() => vi.useRealTimers())

describe('Toasts', () => {
  it('a confirmation is in the polite status region and goes after a few seconds; an error stays until dismissed', async () => {
    vi.useFakeTimers()
    render(<Toasts />)
    const status = screen.getByRole('status')
    expect(status).toHaveAttribute('aria-live', 'polite')
    act(() => {
      useToastsStore.getState().show('success', 'Webhook saved')
      useToastsStore.getState().show('error', 'The core refused it', 'Try again')
    })
    expect(status).toHaveTextContent('Webhook saved')
    expect(screen.getByRole('alert')).toHaveTextContent('The core refused itTry again')
    act(() => vi.advanceTimersByTime(TOAST_MS - 100))
    expect(status).toHaveTextContent('Webhook saved')
    act(() => vi.advanceTimersByTime(200))
    expect(status).toBeEmptyDOMElement()
    act(() => vi.advanceTimersByTime(60_000))
    const alert = screen.getByRole('alert')
    vi.useRealTimers()
    await userEvent.click(within(alert).getByRole('button', { name: 'Dismiss' }))
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })

  it('the same words again replace the older toast instead of stacking', () => {
    render(<Toasts />)
    act(() => {
      useToastsStore.getState().show('success', 'Shop restarted.')
      useToastsStore.getState().show('success', 'Shop restarted.')
    })
    expect(within(screen.getByRole('status')).getAllByText('Shop restarted.')).toHaveLength(1)
  })

  it('webhook saved and deleted are confirmed; the token rotation is confirmed by the API view itself, not twice', async () => {
    installMemoryBridge({
      'webhooks.save': ({ url }) => webhooks({ webhooks: [{ id: 1, url, name: null, events: ['message'], isActive: true, retries: { delay: 10, attempts: 5 }, hasSecret: false, disabledReason: null }] }),
      'webhooks.delete': () => webhooks(),
      'webhooks.deliveries': () => [],
      'api.rotateToken': () => ({ token: 'new-token' })
    })
    render(<Toasts />)
    await act(() => useWebhooksStore.getState().save({ instanceId: 'ABCDEF123456', url: 'https://example.test/hook', events: ['message'] }))
    expect(screen.getByRole('status')).toHaveTextContent('Webhook saved: https://example.test/hook')
    await act(() => useWebhooksStore.getState().remove('ABCDEF123456', 'https://example.test/hook'))
    expect(screen.getByRole('status')).toHaveTextContent('Webhook deleted: https://example.test/hook')
    await act(() => useApiStore.getState().rotate())
    expect(useApiStore.getState().rotated).toBe(true)
    expect(screen.getByRole('status')).not.toHaveTextContent('rotated')
  })
})
