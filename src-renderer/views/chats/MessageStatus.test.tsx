// A waiting message says why and when (the core's queue.info, counted down), and a message a restart dropped says
// "Not sent" with Resend: a new message with the same content joins the thread, confirmed in a toast; a refused
// resend stays on screen as an error until dismissed.
import { act, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { ChatDto, MessageDto, QueueInfoDto } from '../../../src-preload/contract/dto.js'
import { Toasts } from '../../components/Toasts.js'
import { formatClock } from '../../lib/format.js'
import { wireLiveUpdates } from '../../lib/live.js'
import { useAppStore } from '../../stores/app-store.js'
import { instance, overview } from '../../test/fixtures.js'
import { FakeError, installMemoryBridge, type FakeHandlers } from '../../test/memory-bridge.js'
import { ChatsView } from './ChatsView.js'

const chat: ChatDto = { id: 'alice@c.us', name: 'Alice', unreadCount: 0, timestamp: 1_700_000_000_000, lastMessage: null }
const mine = (id: string, text: string, ack: MessageDto['ack']): MessageDto => ({ id, chatId: 'alice@c.us', fromMe: true, sender: null, text, timestamp: 1_700_000_000_000, ack, media: null })
const strict: QueueInfoDto['policy'] = { slug: 'strict', name: 'Strict', perMinute: 8, spacingMs: 7500, protectionSeconds: 60, concurrentLimit: 1 }

async function openThread(messages: MessageDto[], handlers: FakeHandlers) {
  const b = installMemoryBridge({
    'instances.list': () => overview([instance({ status: 'WORKING' })]),
    'chats.list': () => ({ chats: [chat], hasMore: false }),
    'chats.messages': () => ({ messages, hasMore: false, cursor: null }),
    'chats.markRead': () => ({ read: true }),
    ...handlers
  })
  wireLiveUpdates(b.bridge)
  useAppStore.setState({ instanceId: 'ABCDEF123456' })
  render(
    <>
      <ChatsView />
      <Toasts />
    </>
  )
  await userEvent.click(await screen.findByRole('button', { name: /Alice/ }))
  return { b, thread: await screen.findByLabelText('Messages') }
}

describe('MessageStatus', () => {
  it('says why and when each waiting message goes: the Strict spacing, the protection after connecting, a stopped instance', async () => {
    const at = Date.now()
    let status: QueueInfoDto['status'] = 'WORKING'
    const { b, thread } = await openThread([mine('q1', 'first', 'pending'), mine('q2', 'second', 'pending'), mine('s1', 'done', 'sent')], {
      'queue.info': () => ({
        instanceId: 'ABCDEF123456',
        status,
        policy: strict,
        at,
        resendable: [],
        waiting: [
          { messageId: 'q1', chatId: 'alice@c.us', position: 1, reason: 'protection', notBefore: at + 42_000 },
          { messageId: 'q2', chatId: 'alice@c.us', position: 2, reason: 'per_minute', notBefore: at + 7_000 }
        ]
      })
    })
    const first = await within(thread).findByText(/^protection after connecting/)
    expect(first).toHaveTextContent(`protection after connecting: sends start at ${formatClock(at + 42_000)} (in 42 s) — Strict pauses 1 min after each connection`)
    expect(within(thread).getByText(/^sends in \d s/)).toHaveTextContent(/^sends in [67] s — Strict spaces messages 7\.5 s apart$/)
    // Each bubble keeps its tick; a sent one has no reason.
    expect(within(thread).getAllByRole('img', { name: 'Waiting to be sent' })).toHaveLength(2)
    expect(within(thread).getByRole('img', { name: 'Sent' }).parentElement).not.toHaveTextContent(/sends/)
    expect(b.callsTo('queue.info')[0]).toEqual({ instanceId: 'ABCDEF123456' })

    // The instance stopped meanwhile: the reason says what that means for the message.
    status = 'STOPPED'
    expect(await within(thread).findAllByText(/the instance is STOPPED: start it, or the message fails when its turn comes/, {}, { timeout: 5_000 })).toHaveLength(2)
  })

  it('shows "Not sent" with Resend; the resent message joins the thread and a toast confirms it', async () => {
    const { b, thread } = await openThread([mine('gone1', 'lost text', 'failed')], {
      'queue.resend': ({ messageId }) => {
        expect(messageId).toBe('gone1')
        return mine('new1', 'lost text', 'pending')
      },
      'queue.info': () => ({ instanceId: 'ABCDEF123456', status: 'WORKING', policy: strict, at: Date.now(), waiting: [], resendable: ['gone1'] })
    })
    expect(await within(thread).findByRole('img', { name: 'Not sent' })).toHaveTextContent('Not sent')
    await userEvent.click(within(thread).getByRole('button', { name: 'Resend this message' }))
    expect(await screen.findByRole('status')).toHaveTextContent('Resent as a new message; it waits its turn in the queue.')
    expect(within(thread).getAllByText('lost text')).toHaveLength(2)
    expect(within(thread).getByText('Resent')).toBeInTheDocument()
    expect(within(thread).queryByRole('button', { name: 'Resend this message' })).not.toBeInTheDocument()
    expect(b.callsTo('queue.resend')).toEqual([{ instanceId: 'ABCDEF123456', messageId: 'gone1' }])
    // The new message's ticks follow it live.
    act(() => b.emit('chat.ack', { instanceId: 'ABCDEF123456', chatId: 'alice@c.us', messageId: 'new1', ack: 'sent' }))
    expect(within(thread).getByRole('img', { name: 'Sent' })).toBeInTheDocument()
  })

  it('a refused resend stays as an error until dismissed, and Resend stays offered', async () => {
    await openThread([mine('gone2', 'old', 'failed')], {
      'queue.info': () => ({ instanceId: 'ABCDEF123456', status: 'WORKING', policy: strict, at: Date.now(), waiting: [], resendable: ['gone2'] }),
      'queue.resend': () => {
        throw new FakeError('not_resendable', 'Message gone2 cannot be resent: it was resent already', 'Write the message again')
      }
    })
    await userEvent.click(await screen.findByRole('button', { name: 'Resend this message' }))
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('Message gone2 cannot be resent: it was resent already')
    expect(alert).toHaveTextContent('Write the message again')
    expect(screen.getByRole('button', { name: 'Resend this message' })).toBeEnabled()
    await userEvent.click(within(alert).getByRole('button', { name: 'Dismiss' }))
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })

  it('a message the network refused (not dropped by a restart) says Not sent without Resend', async () => {
    const { thread } = await openThread([mine('refused1', 'cold one', 'failed')], {
      'queue.info': () => ({ instanceId: 'ABCDEF123456', status: 'WORKING', policy: strict, at: Date.now(), waiting: [], resendable: ['other'] })
    })
    expect(await within(thread).findByRole('img', { name: 'Not sent' })).toBeInTheDocument()
    await new Promise((r) => setTimeout(r, 300))
    expect(within(thread).queryByRole('button', { name: 'Resend this message' })).not.toBeInTheDocument()
  })
})
