import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { useAppStore } from '../../stores/app-store.js'
import { useInstancesStore } from '../../stores/instances-store.js'
import { instance, overview, policies } from '../../test/fixtures.js'
import { FakeError, installMemoryBridge } from '../../test/memory-bridge.js'
import { Toasts } from '../../components/Toasts.js'
import { formatClock } from '../../lib/format.js'
import { timeWithZone } from '../../lib/time-zone.js'
import type { QueueInfoDto } from '../../../src-preload/contract/dto.js'
import { PoliciesView } from './PoliciesView.js'

describe('PoliciesView', () => {
  it('shows every policy with its limits, the current one, paid ones locked, and the live counters', async () => {
    installMemoryBridge({ 'instances.list': () => overview([instance()]), 'policies.get': () => policies() })
    useAppStore.setState({ instanceId: 'ABCDEF123456' })
    render(<PoliciesView />)
    const table = await screen.findByRole('table')
    const header = within(table).getAllByRole('columnheader')
    expect(header.map((h) => h.textContent)).toEqual([
      'Limit',
      expect.stringContaining('StrictCurrent'),
      expect.stringContaining('Standard'),
      expect.stringContaining('Unlimited Paid plan')
    ])
    const perMinute = within(table).getByRole('row', { name: /Messages per minute/ })
    expect(within(perMinute).getAllByRole('cell').map((c) => c.textContent)).toEqual(['8', '20', 'No limit'])
    // No pause is not "No limit" of a pause.
    const pause = within(table).getByRole('row', { name: /Pause after connecting/ })
    expect(within(pause).getAllByRole('cell').map((c) => c.textContent)).toEqual(['1 min', '1 min', 'No pause'])
    expect(screen.getByRole('button', { name: 'Use the Unlimited policy' })).toBeDisabled()
    expect(screen.getByTestId('sent-minute')).toHaveTextContent('3')
    expect(screen.getByTestId('sent-today')).toHaveTextContent('42')
    expect(screen.getByTestId('queue-length')).toHaveTextContent('1')
    const counters = screen.getByLabelText('Live counters')
    expect(counters).toHaveTextContent('sent this minute (limit 8)')
    expect(counters).toHaveTextContent('sent today (daily cap 200)')
  })

  it('words the counters of a policy without limits properly', async () => {
    installMemoryBridge({ 'instances.list': () => overview([instance()]), 'policies.get': () => policies({ current: 'unlimited' }) })
    useAppStore.setState({ instanceId: 'ABCDEF123456' })
    render(<PoliciesView />)
    const counters = await screen.findByLabelText('Live counters')
    expect(counters).toHaveTextContent('sent this minute (no limit)')
    expect(counters).toHaveTextContent('sent today (no daily cap)')
    expect(counters).not.toHaveTextContent(/limit No limit|cap No limit/)
  })

  it('switches the policy, marks the new one current, and the instance list learns it', async () => {
    let current = 'strict'
    const b = installMemoryBridge({
      'instances.list': () => overview([instance(current === 'strict' ? {} : { policy: current, policyName: 'Standard' })]),
      'policies.get': () => policies({ current }),
      'policies.set': ({ slug }) => policies({ current: (current = slug) })
    })
    useAppStore.setState({ instanceId: 'ABCDEF123456' })
    render(<PoliciesView />)
    await userEvent.click(await screen.findByRole('button', { name: 'Use the Standard policy' }))
    expect(await screen.findByRole('columnheader', { name: /StandardCurrent/ })).toBeInTheDocument()
    expect(b.callsTo('policies.set')).toEqual([{ instanceId: 'ABCDEF123456', slug: 'standard_policy' }])
    expect(screen.getByRole('button', { name: 'Use the Strict policy' })).toBeEnabled()
    await waitFor(() => expect(useInstancesStore.getState().overview?.instances[0]?.policyName).toBe('Standard'))
  })

  it('explains a refused change in words', async () => {
    installMemoryBridge({
      'instances.list': () => overview([instance()]),
      'policies.get': () => policies(),
      'policies.set': () => {
        throw new FakeError('invalid_session', 'The instance does not exist', 'Check instance_id')
      }
    })
    useAppStore.setState({ instanceId: 'ABCDEF123456' })
    render(<PoliciesView />)
    await userEvent.click(await screen.findByRole('button', { name: 'Use the Standard policy' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('The instance does not exist')
  })

  it('says what each counter counts, when the waiting ones go, and the daily reset in local time with the zone', async () => {
    const midnight = new Date()
    midnight.setHours(24, 0, 0, 0)
    const at = Date.now()
    const q: QueueInfoDto = {
      instanceId: 'ABCDEF123456',
      status: 'WORKING',
      policy: { slug: 'strict', name: 'Strict', perMinute: 8, spacingMs: 7500, protectionSeconds: 60, concurrentLimit: 1 },
      at,
      resendable: [],
      waiting: [1, 2, 3, 4, 5].map((n) => ({ messageId: `m${n}`, chatId: 'alice@c.us', position: n, reason: 'per_minute' as const, notBefore: at + n * 7500 }))
    }
    installMemoryBridge({
      'instances.list': () => overview([instance()]),
      'policies.get': () => policies({ counters: { sentLastMinute: 5, sentToday: 42, queueLength: 5, resetsAt: midnight.getTime(), protectionUntil: null } }),
      'queue.info': () => q
    })
    useAppStore.setState({ instanceId: 'ABCDEF123456' })
    render(<PoliciesView />)
    const counters = await screen.findByLabelText('Live counters')
    // "5 sent" and "5 waiting" are different messages: each counter says which.
    expect(within(counters).getByText(/^Messages that left in the last 60 s; Strict lets one go every 7\.5 s\.$/)).toBeInTheDocument()
    const waiting = await within(counters).findByTestId('waiting-hint')
    expect(waiting).toHaveTextContent('Accepted, not sent yet (not in the counts beside until they leave). They go one every 7.5 s (Strict).')
    await waitFor(() => expect(screen.getByTestId('waiting-hint')).toHaveTextContent(`The last goes at about ${formatClock(at + 5 * 7500)}.`))
    // The wording of the zone itself is covered in lib/time-zone.test.ts.
    expect(screen.getByTestId('daily-reset')).toHaveTextContent(`Since local midnight; resets at ${timeWithZone(midnight.getTime())}.`)
    expect(screen.getByTestId('daily-reset')).toHaveTextContent(/resets at (00:00|12:00 AM) .*UTC/)
  })

  it('explains waiting messages held by the protection after connecting, and confirms a policy change in a toast', async () => {
    const until = Date.now() + 40_000
    installMemoryBridge({
      'instances.list': () => overview([instance()]),
      'policies.get': () => policies({ counters: { sentLastMinute: 0, sentToday: 0, queueLength: 2, resetsAt: null, protectionUntil: until } }),
      'policies.set': ({ slug }) => policies({ current: slug })
    })
    useAppStore.setState({ instanceId: 'ABCDEF123456' })
    render(
      <>
        <PoliciesView />
        <Toasts />
      </>
    )
    expect(await screen.findByTestId('waiting-hint')).toHaveTextContent(`They start at ${formatClock(until)}, after the protection, then one every 7.5 s.`)
    await userEvent.click(screen.getByRole('button', { name: 'Use the Standard policy' }))
    expect(await screen.findByRole('status', {}, { timeout: 3_000 })).toHaveTextContent('ABCDEF123456 now uses the Standard policy; it applies to the next message.')
  })
})
