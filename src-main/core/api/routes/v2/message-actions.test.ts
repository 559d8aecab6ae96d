// Message and chat operations through the whole core on the sandbox, checked where they land: on the other
// person's phone (edits, revokes, pins, read receipts), on the account's own phone (app-state: archive,
// unread, delete for me, chat delete) and in the store the read endpoints answer from.
import type { BinaryNode, WAMessage, WASocket } from '@whiskeysockets/baileys'
import { Jimp } from 'jimp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { pairInstance, startTestCore, waitUntil, type TestCore } from '../../../testing/core-harness.js'

const A = '15550401001' // the instance's phone (admin of a group in the last tests)
const B = '15550401002' // Bob: the instance writes to him
const C = '15550401003' // Carol: writes to the instance
const jid = (p: string) => `${p}@s.whatsapp.net`

type Recorded = { name: string; value: unknown }

describe('message and chat operations', () => {
  let t: TestCore
  let id: string
  let phoneA: WASocket
  let bob: WASocket
  let carol: WASocket
  const seen = new Map<WASocket, Recorded[]>()
  const readReceipts = new Set<string>()
  const record = (s: WASocket, names: string[]) => {
    const list: Recorded[] = []
    seen.set(s, list)
    for (const name of names) s.ev.on(name as 'messages.update', (value) => list.push({ name, value }))
  }
  /**
   * Waits for an event on a person's socket. Baileys folds updates into a still-buffered upsert of the same
   * message, so 'messages.update' also matches a 'messages.upsert' carrying the change.
   */
  const waitSeen = (s: WASocket, name: string, match: (v: string) => boolean, what: string) => {
    const names = name === 'messages.update' ? [name, 'messages.upsert'] : [name]
    return waitUntil(() => seen.get(s)!.some((r) => names.includes(r.name) && match(JSON.stringify(r.value))), 10_000, what)
  }

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body: Record<string, unknown>) => t.call(method, path, { instance_id: id }, body)
  const ok = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body: Record<string, unknown>) => {
    const r = await call(method, path, body)
    expect(r.statusCode, `${path} ${r.body}`).toBe(200)
    return r.json() as Record<string, unknown>
  }
  const failure = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body: Record<string, unknown>) => {
    const r = await call(method, path, body)
    return { status: r.statusCode, code: (r.json() as { code: string }).code }
  }
  const stored = async (serialized: string) => {
    const r = await t.call('GET', '/v2/messages/get', { instance_id: id, messageId: serialized, downloadMedia: 'false' })
    return r.statusCode === 200 ? (r.json() as { body: string; type: string; isEdited: boolean }) : undefined
  }
  /** The instance sends (through its engine socket) and waits until the store has the message. */
  const send = async (to: string, content: Parameters<WASocket['sendMessage']>[1]) => {
    const m = (await t.core.engine.liveSocket(id)!.sendMessage(jid(to), content)) as WAMessage
    const serialized = `true_${to}@c.us_${m.key.id}`
    await waitUntil(() => stored(serialized), 10_000, `stored ${serialized}`)
    return { key: m.key, serialized }
  }
  const receive = async (from: string, text: string) => {
    const { id: msgId } = await t.core.sandbox!.sendText(from, A, text)
    const serialized = `false_${from}@c.us_${msgId}`
    await waitUntil(() => stored(serialized), 10_000, `stored ${serialized}`)
    return { id: msgId, serialized }
  }
  /** A chat of the list by phone number or full id. */
  const chat = async (p: string) =>
    ((await t.call('GET', '/v2/chats', { instance_id: id })).json() as { id: string; name: string | null; isGroup: boolean; archived: boolean; unreadCount: number; markedUnread: boolean }[]).find(
      (c) => c.id === (p.includes('@') ? p : `${p}@c.us`)
    )

  beforeAll(async () => {
    t = await startTestCore('sandbox', { plan: 'paid' })
    const sb = t.core.sandbox!
    await sb.createPhone({ phoneNumber: B, name: 'Bob' })
    await sb.createPhone({ phoneNumber: C, name: 'Carol' })
    id = await pairInstance(t, A, 'Alice')
    phoneA = await sb.personSocket(A)
    bob = await sb.personSocket(B)
    carol = await sb.personSocket(C)
    record(phoneA, ['chats.update', 'chats.delete', 'messages.delete'])
    record(bob, ['messages.update', 'messages.upsert'])
    carol.ws.on('CB:receipt', (node: BinaryNode) => {
      if (node.attrs.type !== 'read') return
      const items = Array.isArray(node.content) ? node.content.filter((c) => c.tag === 'list').flatMap((l) => (Array.isArray(l.content) ? l.content : [])) : []
      for (const receiptId of [node.attrs.id, ...items.map((i) => i.attrs.id)]) if (receiptId) readReceipts.add(receiptId)
    })
  })
  afterAll(() => t?.close())

  it('edit: the recipient sees the new text and the store marks the message edited', async () => {
    const m = await send(B, { text: 'first draft' })
    const r = await ok('POST', '/v2/messages/edit', { chatId: `${B}@c.us`, messageId: m.serialized, text: 'final text' })
    expect(r).toEqual({ success: true, id: m.serialized, body: 'final text' })
    await waitSeen(bob, 'messages.update', (v) => v.includes(m.key.id!) && v.includes('final text'), 'edit on the phone')
    await waitUntil(async () => (await stored(m.serialized))?.isEdited, 10_000, 'edit in the store')
    expect(await stored(m.serialized)).toMatchObject({ body: 'final text', isEdited: true })
    // PUT with `message` as the text parameter, and a bare id with chatId
    expect(await ok('PUT', '/v2/messages/edit', { chatId: B, messageId: m.key.id, message: 'final text, again' })).toMatchObject({ success: true })
    await waitSeen(bob, 'messages.update', (v) => v.includes('final text, again'), 'second edit')
  })

  it('edit refuses others\' messages, non-text messages, old messages and missing text', async () => {
    const theirs = await receive(C, 'not yours to edit')
    expect(await failure('POST', '/v2/messages/edit', { messageId: theirs.serialized, text: 'x' })).toEqual({ status: 422, code: 'not_own_message' })
    const image = await new Jimp({ width: 16, height: 16, color: 0x00ff00ff }).getBuffer('image/jpeg')
    const pic = await send(B, { image, caption: 'a caption' })
    expect(await failure('POST', '/v2/messages/edit', { messageId: pic.serialized, text: 'x' })).toEqual({ status: 422, code: 'message_not_editable' })
    const old = await send(B, { text: 'long ago' })
    t.core.db.prepare('UPDATE store_messages SET timestamp = timestamp - 3600 WHERE instance_id = ? AND id = ?').run(id, old.key.id)
    expect(await failure('POST', '/v2/messages/edit', { messageId: old.serialized, text: 'x' })).toEqual({ status: 422, code: 'edit_window_expired' })
    expect(await failure('POST', '/v2/messages/edit', { messageId: old.serialized })).toEqual({ status: 400, code: 'missing_param' })
  })

  it('pin and unpin: the recipient gets the pin for everyone, then the unpin', async () => {
    const m = await send(B, { text: 'pin me' })
    expect(await ok('POST', '/v2/messages/pin', { chatId: B, messageId: m.serialized, duration: 86400 })).toEqual({ success: true, id: m.serialized, pinned: true, duration: 86400 })
    const pinsOf = async (type: number) =>
      (await t.core.sandbox!.messages(B)).filter((x) => {
        const pin = (x.content as { pinInChatMessage?: { key?: { id?: string }; type?: number } }).pinInChatMessage
        return pin?.key?.id === m.key.id && pin?.type === type
      })
    await waitUntil(async () => (await pinsOf(1)).length, 10_000, 'pin on the phone')
    expect(await ok('POST', '/v2/messages/unpin', { messageId: m.serialized })).toEqual({ success: true, id: m.serialized, pinned: false })
    await waitUntil(async () => (await pinsOf(2)).length, 10_000, 'unpin on the phone')
    expect(await ok('POST', '/v2/messages/pin', { messageId: m.serialized, duration: '30d' })).toMatchObject({ duration: 2592000 })
    expect(await ok('POST', '/v2/messages/pin', { messageId: m.serialized })).toMatchObject({ duration: 604800 })
    expect(await failure('POST', '/v2/messages/pin', { messageId: m.serialized, duration: 60 })).toEqual({ status: 400, code: 'invalid_param' })
  })

  it('delete for everyone: the recipient\'s copy is revoked and the store shows it revoked', async () => {
    const m = await send(B, { text: 'oops, wrong chat' })
    expect(await ok('DELETE', '/v2/messages/delete', { chatId: `${B}@c.us`, messageId: m.serialized })).toEqual({ success: true, id: m.serialized, forEveryone: true })
    await waitSeen(bob, 'messages.update', (v) => v.includes(m.key.id!) && v.includes('"messageStubType":1'), 'revoke on the phone')
    await waitUntil(async () => (await stored(m.serialized))?.type === 'revoked', 10_000, 'revoked in the store')
    expect(await stored(m.serialized)).toMatchObject({ body: '', type: 'revoked' })
    const theirs = await receive(C, 'mine, not yours')
    expect(await failure('POST', '/v2/messages/delete', { messageId: theirs.serialized })).toEqual({ status: 422, code: 'not_own_message' })
  })

  it('delete for me: gone from the store and from the account\'s phone, the sender keeps it', async () => {
    const theirs = await receive(C, 'forget this')
    expect(await ok('POST', '/v2/messages/delete', { messageId: theirs.serialized, forEveryone: 'false' })).toEqual({ success: true, id: theirs.serialized, forEveryone: false })
    expect(await stored(theirs.serialized)).toBeUndefined()
    await waitSeen(phoneA, 'messages.delete', (v) => v.includes(theirs.id), 'delete for me on the own phone')
    expect((await t.core.sandbox!.messages(C)).some((x) => x.id === theirs.id)).toBe(true)
    expect(await failure('POST', '/v2/messages/delete', { messageId: theirs.serialized, forMe: true })).toEqual({ status: 404, code: 'message_not_found' })
  })

  it('read: read receipts reach the sender and the chat is no longer unread; unread marks it again', async () => {
    const one = await receive(C, 'are you there?')
    const two = await receive(C, 'hello?')
    expect((await chat(C))!.unreadCount).toBeGreaterThanOrEqual(2)
    const r = await ok('POST', '/v2/chats/read', { chatId: `${C}@c.us` })
    expect(r.readMessages).toEqual(expect.arrayContaining([one.serialized, two.serialized]))
    // Receipts as Carol's device receives them (her Baileys folds status updates into buffered events, so
    // messages.update is not a reliable witness).
    for (const m of [one, two]) await waitUntil(() => readReceipts.has(m.id), 10_000, `read receipt of ${m.id} at Carol's phone`)
    expect(await chat(C)).toMatchObject({ unreadCount: 0, markedUnread: false })
    await waitSeen(phoneA, 'chats.update', (v) => v.includes(jid(C)) && v.includes('"unreadCount":0'), 'read on the own phone')

    expect(await ok('POST', '/v2/chats/unread', { chatId: C })).toEqual({ success: true, chatId: `${C}@c.us`, markedUnread: true })
    expect(await chat(C)).toMatchObject({ markedUnread: true })
    await waitSeen(phoneA, 'chats.update', (v) => v.includes(jid(C)) && v.includes('"unreadCount":-1'), 'unread on the own phone')
  })

  it('archive and unarchive sync to the phone and show in the chat list', async () => {
    expect(await ok('POST', '/v2/chats/archive', { chatId: `${C}@c.us` })).toEqual({ success: true, chatId: `${C}@c.us`, archived: true })
    expect(await chat(C)).toMatchObject({ archived: true })
    await waitSeen(phoneA, 'chats.update', (v) => v.includes(jid(C)) && v.includes('"archived":true'), 'archive on the phone')
    expect(await ok('PUT', '/v2/chats/unarchive', { chatId: C })).toMatchObject({ archived: false })
    expect(await chat(C)).toMatchObject({ archived: false })
    await waitSeen(phoneA, 'chats.update', (v) => v.includes(jid(C)) && v.includes('"archived":false'), 'unarchive on the phone')
  })

  it('clear keeps the chat without its messages (and their media files); delete removes the chat everywhere', async () => {
    await receive(C, 'one more')
    const image = await new Jimp({ width: 16, height: 16, color: 0x0000ffff }).getBuffer('image/jpeg')
    const { id: picId } = await t.core.sandbox!.sendMessage(C, A, { image })
    await waitUntil(() => stored(`false_${C}@c.us_${picId}`), 10_000, 'image stored')
    const downloaded = (await t.call('GET', '/v2/messages/get', { instance_id: id, messageId: `false_${C}@c.us_${picId}` })).json() as { media: { url: string } }
    const fileUrl = `${downloaded.media.url}?access_token=${t.token}`
    expect((await fetch(fileUrl)).status).toBe(200)
    const cleared = await ok('POST', '/v2/chats/clear', { chatId: C })
    expect(cleared).toMatchObject({ success: true, chatId: `${C}@c.us` })
    expect(cleared.cleared).toBeGreaterThan(0)
    expect((await t.call('GET', '/v2/chats/messages', { instance_id: id, chatId: C })).json()).toEqual([])
    expect(await chat(C)).toBeDefined()
    expect((await fetch(fileUrl)).status).toBe(404)

    await receive(B, 'a reply from Bob')
    const deleted = await ok('DELETE', '/v2/chats/delete', { chatId: `${B}@c.us` })
    expect(deleted, JSON.stringify({ deleted, chats: t.core.db.prepare('SELECT chat_id FROM store_chats WHERE instance_id = ?').all(id) })).toEqual({ success: true, chatId: `${B}@c.us`, deleted: true })
    expect(await chat(B)).toBeUndefined()
    expect((await t.call('GET', '/v2/chats/messages', { instance_id: id, chatId: B })).json()).toEqual([])
    await waitSeen(phoneA, 'chats.delete', (v) => v.includes(jid(B)), 'chat delete on the phone')
  })

  it('group chats: listed with their subject, authors and participant ids; archive; only admins revoke others\' messages', async () => {
    const group = await bob.groupCreate('Weekend trip', [jid(A), jid(C)])
    const gid = group.id.replace('@g.us', '')
    const { id: msgId } = await t.core.sandbox!.sendText(B, group.id, 'who brings the tent?')
    const serialized = `false_${gid}@g.us_${msgId}_${B}@c.us`
    await waitUntil(() => stored(serialized), 10_000, 'group message stored')
    const g = await waitUntil(() => chat(`${gid}@g.us`), 10_000, 'group chat listed')
    expect(g).toMatchObject({ id: `${gid}@g.us`, isGroup: true, name: 'Weekend trip' })
    const messages = (await t.call('GET', '/v2/chats/messages', { instance_id: id, chatId: `${gid}@g.us` })).json() as { id: string; author: string; participant: string; from: string; body: string }[]
    expect(messages[0]).toMatchObject({ id: serialized, from: `${gid}@g.us`, participant: `${B}@c.us`, author: `${B}@c.us`, body: 'who brings the tent?' })
    expect(await ok('POST', '/v2/chats/archive', { chatId: `${gid}@g.us` })).toMatchObject({ archived: true })
    await waitSeen(phoneA, 'chats.update', (v) => v.includes(group.id) && v.includes('"archived":true'), 'group archive on the phone')
    expect((await t.call('GET', '/v2/chats/picture', { instance_id: id, chatId: `${gid}@g.us` })).json()).toMatchObject({ id: `${gid}@g.us`, url: null })
    // others' messages in a group: delete for everyone needs admin rights
    expect(await failure('POST', '/v2/messages/delete', { messageId: serialized })).toEqual({ status: 403, code: 'not_group_admin' })
    await bob.groupParticipantsUpdate(group.id, [jid(A)], 'promote')
    expect(await ok('POST', '/v2/messages/delete', { messageId: serialized })).toMatchObject({ forEveryone: true })
    await waitSeen(bob, 'messages.update', (v) => v.includes(msgId) && v.includes('"messageStubType":1'), 'admin revoke on the sender phone')
  })

  it('bad input is 4xx, and every operation is 422 while the session is stopped', async () => {
    expect(await failure('POST', '/v2/chats/archive', {})).toEqual({ status: 400, code: 'missing_param' })
    expect(await failure('POST', '/v2/chats/archive', { chatId: 'nope' })).toEqual({ status: 400, code: 'invalid_chat_id' })
    expect(await failure('POST', '/v2/messages/pin', { messageId: 'nope' })).toEqual({ status: 400, code: 'invalid_message_id' })
    expect(await failure('POST', '/v2/chats/read', { chatId: C, messages: 'many' })).toEqual({ status: 400, code: 'invalid_param' })
    await t.call('POST', '/v2/session/stop', { instance_id: id })
    for (const [path, body] of [
      ['/v2/chats/archive', { chatId: C }],
      ['/v2/chats/read', { chatId: C }],
      ['/v2/chats/delete', { chatId: C }],
      ['/v2/messages/edit', { messageId: `true_${B}@c.us_3EB0AAAAAAAAAAAAAAAA`, text: 'x' }],
      ['/v2/messages/delete', { messageId: `true_${B}@c.us_3EB0AAAAAAAAAAAAAAAA` }],
      ['/v2/messages/unpin', { messageId: `true_${B}@c.us_3EB0AAAAAAAAAAAAAAAA` }]
    ] as const) {
      expect(await failure('POST', path, body), path).toEqual({ status: 422, code: 'session_status_mismatch' })
    }
  })
})
