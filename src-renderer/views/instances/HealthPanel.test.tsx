// Issue 23 item 5: the instance card's health panel reads the figures GET /metrics reports when it is opened.
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { health, instance, overview } from '../../test/fixtures.js'
import { installMemoryBridge } from '../../test/memory-bridge.js'
import { InstancesView } from './InstancesView.js'

const figures = health({
  queueDepth: 2,
  oldestQueuedSeconds: 75,
  sends: { queued: 2, sending: 0, sent: 14, failed: 1, purged: 0 },
  newContactsPaused: true,
  heldNewContactSends: 3,
  inboundMessages: 42,
  webhookDeliveries: { pending: 4, in_flight: 0, delivered: 90, dead: 1 },
  outboxPending: 4,
  outboxOldestPendingSeconds: 30,
  eventStreamClients: 1
})

describe('instance health panel', () => {
  it('reads the figures only when opened, and refreshes them', async () => {
    let reads = 0
    const b = installMemoryBridge({
      'instances.list': () => overview([instance({ status: 'WORKING' })]),
      'instances.health': () => (reads++, { ...figures, inboundMessages: 42 + reads - 1 })
    })
    render(<InstancesView />)
    const card = await screen.findByRole('listitem', { name: 'Instance Front desk' })
    expect(b.callsTo('instances.health')).toEqual([])
    await userEvent.click(within(card).getByText('Health'))
    const dl = await within(card).findByLabelText('Health figures')
    expect(dl).toHaveTextContent('2 waiting, oldest 1 min 15 s')
    expect(dl).toHaveTextContent('2 queued · 14 sent · 1 failed')
    expect(dl).toHaveTextContent('paused by the network (3 held)')
    expect(dl).toHaveTextContent('4 pending · 90 delivered · 1 dead')
    expect(dl).toHaveTextContent('4 pending, oldest 30 s')
    expect(dl).toHaveTextContent('42')
    await userEvent.click(within(card).getByRole('button', { name: 'Refresh' }))
    expect(await within(card).findByText('43')).toBeInTheDocument()
    expect(b.callsTo('instances.health')).toEqual([{ instanceId: 'ABCDEF123456' }, { instanceId: 'ABCDEF123456' }])
  })
})
