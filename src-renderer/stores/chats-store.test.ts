// The chats store's live logic against an in-memory bridge: unread counts (not for the thread on screen, which
// is marked read in the core too), the active search, ticks that only move forward in the thread and the list.
import { beforeEach, describe, expect, it } from 'vitest'
import type { ChatDto, MessageDto } from '../../src-preload/contract/dto.js'
import { installMemoryBridge, type MemoryBridge } from '../test/memory-bridge.js'
import { useChatsStore } from './chats-store.js'

const ID = 'ABCDEF123456'
const chat = (id: string, name: string, over: Partial<ChatDto> = {}): ChatDto => ({ id, name, unreadCount: 0, timestamp: 1, lastMessage: null, ...over })
const msg = (id: string, chatId: string, over: Partial<MessageDto> = {}): MessageDto => ({ id, chatId, fromMe: false, sender: null, text: id, timestamp: Number(id.replace(/\D/g, '')) || 1, ack: null, media: null, ...over })
const store = () => useChatsStore.getState()

let b: MemoryBridge
beforeEach(async () => {
  b = installMemoryBridge({
    'chats.list': ({ search }) => ({ chats: [chat('alice@c.us', 'Alice', { unreadCount: 2 }), chat('bob@c.us', 'Bob')].filter((c) => !search || c.name.toLowerCase().includes(search)), hasMore: false }),
    'chats.messages': () => ({ messages: [msg('m1', 'alice@c.us')], hasMore: false, cursor: null }),
    'chats.markRead': () => ({ read: true })
  })
  await store().loadChats(ID)
})

describe('chats store: applyMessage', () => {
  it('counts an incoming message as unread in its chat, moves the chat to the top, and shows it as the last message', () => {
    store().applyMessage({ instanceId: ID, message: msg('m5', 'bob@c.us', { text: 'ping' }) })
    expect(store().chats.map((c) => [c.id, c.unreadCount, c.lastMessage?.text ?? null])).toEqual([
      ['bob@c.us', 1, 'ping'],
      ['alice@c.us', 2, null]
    ])
    // Our own message is never unread.
    store().applyMessage({ instanceId: ID, message: msg('m6', 'bob@c.us', { fromMe: true, ack: 'sent', text: 'pong' }) })
    expect(store().chats[0]).toMatchObject({ unreadCount: 1, lastMessage: { id: 'm6', text: 'pong', fromMe: true, ack: 'sent' } })
  })

  it('reads what arrives in the thread on screen, in the core too', async () => {
    store().setViewing(true)
    await store().openChat('alice@c.us')
    expect(b.callsTo('chats.markRead')).toHaveLength(1)
    store().applyMessage({ instanceId: ID, message: msg('m7', 'alice@c.us', { text: 'are you there?' }) })
    expect(store().thread?.messages.map((m) => m.id)).toEqual(['m1', 'm7'])
    expect(store().chats.find((c) => c.id === 'alice@c.us')?.unreadCount).toBe(0)
    expect(b.callsTo('chats.markRead')).toEqual([{ instanceId: ID, chatId: 'alice@c.us' }, { instanceId: ID, chatId: 'alice@c.us' }])
  })

  it('keeps messages unread while the view is off screen, and reads them when it comes back', async () => {
    store().setViewing(true)
    await store().openChat('alice@c.us')
    store().setViewing(false)
    store().applyMessage({ instanceId: ID, message: msg('m8', 'alice@c.us') })
    expect(store().chats.find((c) => c.id === 'alice@c.us')?.unreadCount).toBe(1)
    expect(b.callsTo('chats.markRead')).toHaveLength(1)
    store().setViewing(true)
    expect(store().chats.find((c) => c.id === 'alice@c.us')?.unreadCount).toBe(0)
    expect(b.callsTo('chats.markRead')).toHaveLength(2)
  })

  it('does not add a new chat the active search would not list, but adds one it would', async () => {
    await store().loadChats(ID, 'bo')
    expect(store().chats.map((c) => c.id)).toEqual(['bob@c.us'])
    store().applyMessage({ instanceId: ID, message: msg('m9', 'carol@c.us', { sender: 'Carol' }) })
    expect(store().chats.map((c) => c.id)).toEqual(['bob@c.us'])
    store().applyMessage({ instanceId: ID, message: msg('m10', '15550000001@c.us', { sender: 'Bobby' }) })
    store().applyMessage({ instanceId: ID, message: msg('m11', '4915550000002@c.us', { fromMe: true, text: 'hi' }) })
    expect(store().chats.map((c) => c.id)).toEqual(['15550000001@c.us', 'bob@c.us'])
    // Searching by number matches the chat id, as the core does.
    await store().loadChats(ID, '')
    await store().loadChats(ID, '49155')
    store().applyMessage({ instanceId: ID, message: msg('m12', '4915550000002@c.us', { fromMe: true, text: 'hi' }) })
    expect(store().chats.map((c) => c.id)).toEqual(['4915550000002@c.us'])
  })

  it('ignores messages of another instance', () => {
    store().applyMessage({ instanceId: 'OTHER0000000', message: msg('m13', 'bob@c.us') })
    expect(store().chats.find((c) => c.id === 'bob@c.us')?.unreadCount).toBe(0)
  })
})

describe('chats store: ticks', () => {
  it('moves the tick of the thread and of the list’s last message forward only', async () => {
    await store().openChat('alice@c.us')
    store().applyMessage({ instanceId: ID, message: msg('m20', 'alice@c.us', { fromMe: true, ack: 'pending' }) })
    store().applyAck({ instanceId: ID, chatId: 'alice@c.us', messageId: 'm20', ack: 'delivered' })
    const alice = () => store().chats.find((c) => c.id === 'alice@c.us')!
    expect(alice().lastMessage).toMatchObject({ id: 'm20', ack: 'delivered' })
    expect(store().thread?.messages.find((m) => m.id === 'm20')?.ack).toBe('delivered')
    // The send's own answer ("sent") arriving after the push must not take the tick back.
    store().applyMessage({ instanceId: ID, message: msg('m20', 'alice@c.us', { fromMe: true, ack: 'sent' }) })
    store().applyAck({ instanceId: ID, chatId: 'alice@c.us', messageId: 'm20', ack: 'sent' })
    expect(store().thread?.messages.find((m) => m.id === 'm20')?.ack).toBe('delivered')
    store().applyAck({ instanceId: ID, chatId: 'alice@c.us', messageId: 'm20', ack: 'read' })
    expect(alice().lastMessage?.ack).toBe('read')
    expect(store().thread?.messages.find((m) => m.id === 'm20')?.ack).toBe('read')
  })

  it('leaves the list alone for an ack of an older message', () => {
    store().applyMessage({ instanceId: ID, message: msg('m30', 'bob@c.us', { fromMe: true, ack: 'sent' }) })
    store().applyAck({ instanceId: ID, chatId: 'bob@c.us', messageId: 'm29', ack: 'read' })
    expect(store().chats.find((c) => c.id === 'bob@c.us')?.lastMessage?.ack).toBe('sent')
  })
})

describe('chats store: live messages and paging', () => {
  // The core's list, newest first: 60 chats one second apart (t = 1000 down to 941).
  const server = Array.from({ length: 60 }, (_, i) => chat(`c${i}@c.us`, `Customer ${i}`, { timestamp: 1000 - i }))
  const served = [...server]
  const page = ({ limit = 50, offset = 0 }: { limit?: number; offset?: number }) => ({ chats: served.slice(offset, offset + limit), hasMore: offset + limit < served.length })

  beforeEach(async () => {
    served.splice(0, served.length, ...server)
    b = installMemoryBridge({ 'chats.list': page, 'chats.messages': () => ({ messages: [], hasMore: false, cursor: null }), 'chats.markRead': () => ({ read: true }) })
    await store().loadChats('PAGED0000001')
  })

  it('a late message of a new chat older than the loaded page waits for its page, and the next page skips no chat', async () => {
    expect(store().chats).toHaveLength(50)
    // Delivered late, sent at t = 945: the core lists it among the chats not loaded yet.
    const late = chat('late@c.us', 'Late', { timestamp: 945 })
    served.splice(55, 0, late)
    store().applyMessage({ instanceId: 'PAGED0000001', message: msg('m945', 'late@c.us', { sender: 'Late', timestamp: 945 }) })
    expect(store().chats.map((c) => c.id)).not.toContain('late@c.us')
    await store().loadMoreChats()
    expect(store().chats.map((c) => c.id)).toEqual(served.map((c) => c.id))
  })

  it('a chat the live list placed where the core does not list it shifts no chat out of the next page', async () => {
    // A live message put c55 on top here, while the core still lists it among the chats not loaded (its stored
    // order and the message's disagree, e.g. a message delivered late that carries its sender's time). 51 chats
    // here: a next page from offset 51 would start past c50, which would never show.
    store().applyMessage({ instanceId: 'PAGED0000001', message: msg('m-late', 'c55@c.us', { sender: 'Customer 55', timestamp: 2000 }) })
    expect(store().chats).toHaveLength(51)
    await store().loadMoreChats()
    expect(b.callsTo('chats.list').at(-1)).toMatchObject({ offset: 41, limit: 60 })
    expect(new Set(store().chats.map((c) => c.id))).toEqual(new Set(server.map((c) => c.id)))
    expect(store().chats).toHaveLength(60)
  })

  /** The core reads the page at once and answers when `release` is called: messages stored meanwhile are not in it. */
  const slowPages = () => {
    const waiting: (() => void)[] = []
    b.handlers['chats.list'] = (args) => {
      const answer = page(args)
      return new Promise((resolve) => waiting.push(() => resolve(answer)))
    }
    return { release: () => waiting.splice(0).forEach((go) => go()) }
  }

  it('a chat older than the loaded page that comes while the last page is read shows once that page is in', async () => {
    const slow = slowPages()
    const more = store().loadMoreChats()
    // Stored after the core read the last page: "its page" has already been read without it.
    const late = chat('late@c.us', 'Late', { timestamp: 945 })
    store().applyMessage({ instanceId: 'PAGED0000001', message: msg('m945', 'late@c.us', { sender: 'Late', timestamp: 945 }) })
    served.splice(55, 0, late)
    slow.release()
    await more
    expect(store().hasMoreChats).toBe(false)
    expect(store().chats.map((c) => c.id)).toEqual(served.map((c) => c.id))
    expect(store().chats.find((c) => c.id === 'late@c.us')).toMatchObject({ unreadCount: 1 })
  })

  it('a new chat that comes while the list is reloaded stays on top, and a message the page has is not counted twice', async () => {
    // c0's new message was stored before the core read the page (the page has it, unread); "new" came after.
    served[0] = { ...served[0]!, timestamp: 1000, unreadCount: 1, lastMessage: { id: 'm1000', text: 'hi', timestamp: 1000, fromMe: false, ack: null } }
    const slow = slowPages()
    const reload = store().loadChats('PAGED0000001')
    store().applyMessage({ instanceId: 'PAGED0000001', message: msg('m1000', 'c0@c.us', { timestamp: 1000, text: 'hi' }) })
    store().applyMessage({ instanceId: 'PAGED0000001', message: msg('m1005', 'new@c.us', { sender: 'New', timestamp: 1005 }) })
    slow.release()
    await reload
    expect(store().chats.map((c) => c.id).slice(0, 2)).toEqual(['new@c.us', 'c0@c.us'])
    expect(store().chats[0]).toMatchObject({ unreadCount: 1, timestamp: 1005 })
    expect(store().chats[1]).toMatchObject({ unreadCount: 1 })
    expect(store().chats).toHaveLength(51)
  })

  it('a new chat inside the loaded page goes where a reload lists it', () => {
    store().applyMessage({ instanceId: 'PAGED0000001', message: msg('m990', 'mid@c.us', { sender: 'Mid', timestamp: 990 }) })
    const ids = store().chats.map((c) => c.id)
    expect(ids.indexOf('mid@c.us')).toBe(10) // after t = 991, ahead of the chat of the same second (a newer arrival)
    expect(ids[11]).toBe('c10@c.us')
  })

  it('a late message of a loaded chat counts as unread but keeps the chat and its last message where they are', () => {
    store().applyMessage({ instanceId: 'PAGED0000001', message: msg('m900', 'c3@c.us', { timestamp: 900, text: 'old news' }) })
    expect(store().chats[3]).toMatchObject({ id: 'c3@c.us', unreadCount: 1, lastMessage: null, timestamp: 997 })
  })
})
