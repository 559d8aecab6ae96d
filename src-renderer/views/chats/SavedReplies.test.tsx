// Saved replies (issue 20 item 7): typing "/" and a shortcut in the composer offers the account's replies; arrows
// choose, Enter inserts the text in place of "/word" (without sending), Escape closes the list and Enter then sends
// what was typed; a click inserts too. Settings adds, edits and deletes them through the core.
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { SavedReplyDto } from '../../../src-preload/contract/index.js'
import { useAppStore } from '../../stores/app-store.js'
import { instance, overview } from '../../test/fixtures.js'
import { FakeError, installMemoryBridge } from '../../test/memory-bridge.js'
import { SavedRepliesSection } from '../settings/SavedRepliesSection.js'
import { ChatsView } from './ChatsView.js'

const REPLIES: SavedReplyDto[] = [
  { id: 1, shortcut: 'address', text: 'Rua Augusta 100, São Paulo', updatedAt: 1 },
  { id: 2, shortcut: 'hours', text: 'We open 9:00 to 18:00.', updatedAt: 1 },
  { id: 3, shortcut: 'holiday', text: 'Closed on Monday for the holiday.', updatedAt: 1 }
]

describe('saved replies', () => {
  it('are offered by /shortcut in the composer and inserted with the keyboard or a click', async () => {
    const b = installMemoryBridge({
      'instances.list': () => overview([instance({ status: 'WORKING' })]),
      'chats.list': () => ({ chats: [{ id: '15550000001@c.us', name: 'Ana', unreadCount: 0, timestamp: 1, lastMessage: null }], hasMore: false }),
      'chats.messages': () => ({ messages: [], hasMore: false, cursor: null }),
      'chats.markRead': () => ({ read: true }),
      'chats.sendText': ({ text }) => ({ id: 'm1', chatId: '15550000001@c.us', fromMe: true, sender: null, text, timestamp: 2, ack: null, media: null }),
      'replies.list': () => ({ replies: REPLIES })
    })
    useAppStore.setState({ instanceId: 'ABCDEF123456' })
    render(<ChatsView />)
    await userEvent.click(await within(await screen.findByRole('navigation', { name: 'Chats' })).findByRole('button', { name: /Ana/ }))
    const box = await screen.findByLabelText('Message')
    await userEvent.type(box, 'Hi! /ho')
    const options = () => within(screen.getByRole('listbox', { name: 'Saved replies' })).getAllByRole('option')
    expect(options().map((o) => o.textContent)).toEqual(['/hours We open 9:00 to 18:00.', '/holiday Closed on Monday for the holiday.'])
    expect(options()[0]).toHaveAttribute('aria-selected', 'true')
    expect(box).toHaveAttribute('aria-expanded', 'true')
    await userEvent.keyboard('{ArrowDown}')
    expect(options()[1]).toHaveAttribute('aria-selected', 'true')
    expect(box).toHaveAttribute('aria-activedescendant', 'reply-option-3')
    await userEvent.keyboard('{ArrowDown}')
    expect(options()[0]).toHaveAttribute('aria-selected', 'true')
    await userEvent.keyboard('{ArrowUp}{Enter}')
    expect(box).toHaveValue('Hi! Closed on Monday for the holiday.')
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument()
    expect(b.callsTo('chats.sendText')).toEqual([])

    // Escape closes the list; Enter then sends the text as typed.
    await userEvent.clear(box)
    await userEvent.type(box, 'see /addr')
    expect(options()).toHaveLength(1)
    await userEvent.keyboard('{Escape}')
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument()
    await userEvent.keyboard('{Enter}')
    expect(b.callsTo('chats.sendText')).toEqual([{ instanceId: 'ABCDEF123456', chatId: '15550000001@c.us', text: 'see /addr' }])

    // A click inserts; a shortcut nothing matches says where replies are added; a slash inside a word offers nothing.
    await userEvent.type(box, '/')
    expect(options()).toHaveLength(3)
    await userEvent.pointer({ keys: '[MouseLeft]', target: options()[0]! })
    expect(box).toHaveValue('Rua Augusta 100, São Paulo')
    await userEvent.type(box, ' /zz')
    expect(screen.getByRole('status')).toHaveTextContent('No saved reply starts with /zz. Add them in Settings › Saved replies.')
    await userEvent.clear(box)
    await userEvent.type(box, 'and/or')
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument()
  })

  it('are added, edited and deleted in Settings, and a taken shortcut is explained', async () => {
    let replies: SavedReplyDto[] = []
    const b = installMemoryBridge({
      'replies.list': () => ({ replies }),
      'replies.save': ({ id, shortcut, text }) => {
        if (replies.some((r) => r.shortcut === shortcut && r.id !== id)) throw new FakeError('conflict', `/${shortcut} is already a saved reply`)
        const saved = { id: id ?? replies.length + 1, shortcut, text, updatedAt: 1 }
        replies = [...replies.filter((r) => r.id !== saved.id), saved]
        return saved
      },
      'replies.remove': ({ id }) => {
        replies = replies.filter((r) => r.id !== id)
        return { removed: true }
      }
    })
    render(<SavedRepliesSection />)
    const region = await screen.findByRole('region', { name: 'Saved replies' })
    expect(within(region).getByText('No saved replies yet.')).toBeInTheDocument()
    await userEvent.type(within(region).getByLabelText('Shortcut'), 'hours')
    await userEvent.type(within(region).getByLabelText('Reply'), 'We open at 9.')
    await userEvent.click(within(region).getByRole('button', { name: 'Add reply' }))
    expect(await within(region).findByText('/hours')).toBeInTheDocument()
    expect(within(region).getByLabelText('Shortcut')).toHaveValue('')

    await userEvent.type(within(region).getByLabelText('Shortcut'), 'hours')
    await userEvent.type(within(region).getByLabelText('Reply'), 'again')
    await userEvent.click(within(region).getByRole('button', { name: 'Add reply' }))
    expect(await within(region).findByText('/hours is already a saved reply')).toBeInTheDocument()

    await userEvent.click(within(region).getByRole('button', { name: 'Edit /hours' }))
    expect(within(region).getByLabelText('Reply')).toHaveValue('We open at 9.')
    await userEvent.clear(within(region).getByLabelText('Reply'))
    await userEvent.type(within(region).getByLabelText('Reply'), 'We open at 10.')
    await userEvent.click(within(region).getByRole('button', { name: 'Save changes' }))
    expect(await within(region).findByText('We open at 10.')).toBeInTheDocument()
    expect(b.callsTo('replies.save').at(-1)).toEqual({ id: 1, shortcut: 'hours', text: 'We open at 10.' })

    await userEvent.click(within(region).getByRole('button', { name: 'Delete /hours' }))
    expect(await within(region).findByText('No saved replies yet.')).toBeInTheDocument()
    expect(b.callsTo('replies.remove')).toEqual([{ id: 1 }])
  })
})
