import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { useAppStore } from '../../stores/app-store.js'
import { useInstancesStore } from '../../stores/instances-store.js'
import { instance, overview, policies } from '../../test/fixtures.js'
import { FakeError, installMemoryBridge } from '../../test/memory-bridge.js'
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
    expect(within(pause).getAllByRole('cell').map((c) => c.textContent)).toEqual(['60 s', '60 s', 'No pause'])
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
})
