// Restart without silent loss and feedback for every action (issue 12 items 4-5): a restart that would drop waiting
// messages asks first with the core's count; one with nothing waiting just restarts; every lifecycle action is
// confirmed in a polite status toast that goes by itself, and a failure stays in words until dismissed.
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { InstanceDto, QueueInfoDto } from '../../../src-preload/contract/dto.js'
import { Toasts } from '../../components/Toasts.js'
import { instance, overview } from '../../test/fixtures.js'
import { FakeError, installMemoryBridge, type FakeHandlers } from '../../test/memory-bridge.js'
import { InstancesView } from './InstancesView.js'

const working = (over: Partial<InstanceDto> = {}) => instance({ status: 'WORKING', number: '15550000001', ...over })
const queue = (waiting: number): QueueInfoDto => ({
  instanceId: 'ABCDEF123456',
  status: 'WORKING',
  policy: { slug: 'strict', name: 'Strict', perMinute: 8, spacingMs: 7500, protectionSeconds: 60, concurrentLimit: 1 },
  at: Date.now(),
  resendable: [],
  waiting: Array.from({ length: waiting }, (_, i) => ({ messageId: `m${i}`, chatId: 'alice@c.us', position: i + 1, reason: 'per_minute' as const, notBefore: Date.now() + i * 7500 }))
})

function setup(handlers: FakeHandlers) {
  const b = installMemoryBridge({ 'instances.list': () => overview([working()]), ...handlers })
  render(
    <>
      <InstancesView />
      <Toasts />
    </>
  )
  return b
}

describe('instance actions: restart asks with the count, every action is confirmed', () => {
  it('Restart with 4 waiting messages asks first, naming the count; Cancel keeps them, Restart drops them and says so', async () => {
    const b = setup({ 'queue.info': () => queue(4), 'instances.restart': () => working({ status: 'STARTING' }) })
    const card = await screen.findByRole('listitem', { name: 'Instance Front desk' })
    await userEvent.click(within(card).getByRole('button', { name: 'Restart' }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Restart Front desk (ABCDEF123456)?' })
    expect(dialog).toHaveTextContent('4 waiting messages will not be sent.')
    expect(dialog).toHaveTextContent('They are marked “Not sent” in their chats, where Resend sends one again')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    expect(b.callsTo('instances.restart')).toEqual([])

    await userEvent.click(within(card).getByRole('button', { name: 'Restart' }))
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Restart' }))
    expect(await screen.findByText('Front desk (ABCDEF123456) restarted. 4 waiting messages were not sent.')).toBeInTheDocument()
    expect(screen.getByRole('status')).toHaveTextContent('restarted')
    expect(b.callsTo('instances.restart')).toEqual([{ instanceId: 'ABCDEF123456' }])
    expect(b.callsTo('queue.info')).toEqual([{ instanceId: 'ABCDEF123456' }, { instanceId: 'ABCDEF123456' }])
  })

  it('Restart with nothing waiting restarts at once (nothing to lose), one message in the singular', async () => {
    let waiting = 0
    const b = setup({ 'queue.info': () => queue(waiting), 'instances.restart': () => working() })
    const card = await screen.findByRole('listitem', { name: 'Instance Front desk' })
    await userEvent.click(within(card).getByRole('button', { name: 'Restart' }))
    expect(await screen.findByRole('status')).toHaveTextContent('Front desk (ABCDEF123456) restarted.')
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument()
    expect(b.callsTo('instances.restart')).toHaveLength(1)
    waiting = 1
    await userEvent.click(within(card).getByRole('button', { name: 'Restart' }))
    expect(await screen.findByRole('alertdialog')).toHaveTextContent('1 waiting message will not be sent.')
  })

  it('Stop is confirmed in the status region and the confirmation goes by itself; a refused Start stays as an error', async () => {
    let status: InstanceDto['status'] = 'WORKING'
    setup({
      'instances.list': () => overview([working({ status })]),
      'instances.stop': () => working({ status: (status = 'STOPPED') }),
      'instances.start': () => {
        throw new FakeError('quota_reached', 'The plan allows 2 running instances', 'Stop another instance first')
      }
    })
    const card = await screen.findByRole('listitem', { name: 'Instance Front desk' })
    await userEvent.click(within(card).getByRole('button', { name: 'Stop' }))
    expect(await screen.findByRole('status')).toHaveTextContent('Front desk (ABCDEF123456) stopped.')
    await userEvent.click(await within(card).findByRole('button', { name: 'Start' }))
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('The plan allows 2 running instances')
    // The confirmation goes by itself after a few seconds; the error stays.
    expect(screen.getByRole('status')).not.toBeEmptyDOMElement()
    await waitFor(() => expect(screen.getByRole('status')).toBeEmptyDOMElement(), { timeout: 7_000 })
    expect(screen.getByRole('alert')).toHaveTextContent('The plan allows 2 running instances')
  }, 15_000)
})
