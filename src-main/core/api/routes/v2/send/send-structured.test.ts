// Location, poll, poll vote, contacts, list, event and reaction round trips (the recipient's decrypted proto
// content), plus seen, typing and star as the person's own Baileys socket sees them.
import { decryptPollVote, jidNormalizedUser, sha256, type BaileysEventMap } from '@whiskeysockets/baileys'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { waitUntil } from '../../../../testing/core-harness.js'
import { keyIdOf, openSendCore, type SendCtx } from '../../../../testing/send-core.js'

const ME = '15551250001'
const PEER = '15551250002'
type Content = Record<string, Record<string, unknown>>

describe('/v2/send structured kinds and actions', () => {
  let s: SendCtx
  const peerEvents: { name: string; value: unknown }[] = []
  const upserted = new Set<string>()
  beforeAll(async () => {
    s = await openSendCore(ME, PEER)
    s.t.core.bus.on('engine.baileys', ({ events }) => {
      for (const m of events['messages.upsert']?.messages ?? []) if (m.key.id) upserted.add(m.key.id)
    })
    await s.setPolicy('unlimited')
  })
  afterAll(async () => s?.close())

  /** Listens on the person's current socket (a reconnect makes a new one, so tests attach right before use). */
  const watchPeer = async () => {
    const sock = await s.t.core.sandbox!.personSocket(PEER)
    for (const name of ['presence.update', 'messages.update', 'message-receipt.update', 'messages.upsert'] as const) {
      sock.ev.on(name, (value: BaileysEventMap[typeof name]) => peerEvents.push({ name, value }))
    }
  }

  /** The person writes to the instance; resolves once the instance's Baileys has it. */
  const personSays = async (text: string) => {
    const { id } = await s.t.core.sandbox!.sendText(PEER, ME, text)
    await waitUntil(() => upserted.has(id), 10_000, `instance received ${id}`)
    return id
  }

  const content = async (res: { statusCode: number; body: string; json(): unknown }) => {
    expect(res.statusCode, res.body).toBe(200)
    return (await s.received(keyIdOf(res as never))).content as Content
  }

  it('location from string coordinates (GET)', async () => {
    const c = await content(await s.call('GET', '/v2/send/location', { chatId: PEER, latitude: '38.8937255', longitude: '-77.0969763', title: 'The Office', message: '1 Main St' }))
    expect(c.locationMessage).toMatchObject({ degreesLatitude: 38.8937255, degreesLongitude: -77.0969763, name: 'The Office', address: '1 Main St' })
    const bad = await s.call('POST', '/v2/send/location', {}, { chatId: PEER, latitude: '91', longitude: '0' })
    expect([bad.statusCode, bad.json().code]).toEqual([400, 'invalid_param'])
    const missing = await s.call('POST', '/v2/send/location', {}, { chatId: PEER })
    expect(missing.json().details.missing).toEqual(['latitude', 'longitude'])
  })

  type Quote = { stanzaId?: string; participant?: string; quotedMessage?: { conversation?: string; extendedTextMessage?: { text: string } } }
  const quoteOf = (inner: Record<string, unknown> | undefined): Quote => (inner?.contextInfo ?? {}) as Quote
  const quotedText = (q: Quote) => q.quotedMessage?.conversation ?? q.quotedMessage?.extendedTextMessage?.text

  it('location and poll with reply_to quote the person\'s message', async () => {
    const asked = await personSays('where and when?')
    const replyTo = `false_${PEER}@c.us_${asked}`
    const loc = await content(await s.call('POST', '/v2/send/location', {}, { chatId: PEER, latitude: '48.8584', longitude: '2.2945', title: 'Here', reply_to: replyTo }))
    expect(loc.locationMessage).toMatchObject({ degreesLatitude: 48.8584, name: 'Here' })
    expect(quoteOf(loc.locationMessage)).toMatchObject({ stanzaId: asked, participant: `${PEER}@s.whatsapp.net` })
    expect(quotedText(quoteOf(loc.locationMessage))).toBe('where and when?')
    const poll = await content(await s.call('POST', '/v2/send/poll', {}, { chatId: PEER, poll: { name: 'When?', options: ['Mon', 'Tue'] }, reply_to: replyTo }))
    const created = poll.pollCreationMessageV3 ?? poll.pollCreationMessage
    expect(created).toMatchObject({ name: 'When?' })
    expect(quoteOf(created)).toMatchObject({ stanzaId: asked, participant: `${PEER}@s.whatsapp.net` })
    expect(quotedText(quoteOf(created))).toBe('where and when?')
  })

  let pollId = ''
  it('poll as JSON text in the query; then vote in it, and the creator decrypts the vote', async () => {
    const poll = JSON.stringify({ name: 'How are you?', options: ['Awesome!', 'Good!', 'Not bad!'], multipleAnswers: true })
    const res = await s.call('POST', '/v2/send/poll', { chatId: PEER, poll })
    const c = await content(res)
    const created = c.pollCreationMessageV3 ?? c.pollCreationMessage
    expect(created).toMatchObject({ name: 'How are you?', selectableOptionsCount: 3 })
    expect((created!.options as { optionName: string }[]).map((o) => o.optionName)).toEqual(['Awesome!', 'Good!', 'Not bad!'])
    pollId = res.json().id._serialized

    const tooFew = await s.call('POST', '/v2/send/poll', {}, { chatId: PEER, poll: { name: 'x', options: ['only one'] } })
    expect([tooFew.statusCode, tooFew.json().code]).toEqual([400, 'invalid_param'])
  })

  it('poll vote on a poll the person sent: option names and indexes, encrypted for the creator', async () => {
    const sock = await s.t.core.sandbox!.personSocket(PEER)
    const sent = await sock.sendMessage(`${ME}@s.whatsapp.net`, { poll: { name: 'Lunch?', values: ['Pizza', 'Sushi', 'Salad'], selectableCount: 2 } })
    const pollKey = sent!.key
    const secret = sent!.message!.messageContextInfo!.messageSecret!
    // The instance must know the poll: through the message store once it ingests, else the vote is 404.
    const vote = async () =>
      s.call('POST', '/v2/send/poll/vote', {}, { chatId: PEER, messageId: `false_${PEER}@c.us_${pollKey.id}`, votes: ['Sushi', 2] })
    const res = await waitUntil(async () => {
      const r = await vote()
      return r.statusCode === 404 ? undefined : r
    }, 10_000, 'the poll reaches the store')
    expect(res.statusCode, res.body).toBe(200)
    const got = await s.received(keyIdOf(res))
    const update = (got.content as { pollUpdateMessage: { pollCreationMessageKey: { id: string }; vote: { encPayload: string; encIv: string } } }).pollUpdateMessage
    expect(update.pollCreationMessageKey.id).toBe(pollKey.id)
    const decrypted = decryptPollVote(
      { encPayload: Buffer.from(update.vote.encPayload, 'base64'), encIv: Buffer.from(update.vote.encIv, 'base64') },
      { pollCreatorJid: jidNormalizedUser(sock.user!.id), pollMsgId: pollKey.id!, pollEncKey: secret, voterJid: `${ME}@s.whatsapp.net` }
    )
    const hashes = decrypted.selectedOptions.map((b) => Buffer.from(b).toString('hex'))
    expect(hashes.sort()).toEqual(['Sushi', 'Salad'].map((o) => sha256(Buffer.from(o)).toString('hex')).sort())

    const unknown = await s.call('POST', '/v2/send/poll/vote', {}, { chatId: PEER, messageId: `false_${PEER}@c.us_3EB0000000000000000000`, votes: ['x'] })
    expect([unknown.statusCode, unknown.json().code]).toEqual([404, 'poll_not_found'])
  })

  it('poll vote on our own poll (known from the outbound rows); a bad option is 400', async () => {
    const bad = await s.call('POST', '/v2/send/poll/vote', {}, { chatId: PEER, messageId: pollId, votes: ['Terrible'] })
    expect([bad.statusCode, bad.json().code]).toEqual([400, 'invalid_poll_option'])
    const res = await s.call('POST', '/v2/send/poll/vote', { votes: '["Good!"]' }, { chatId: PEER, messageId: pollId })
    expect(res.statusCode, res.body).toBe(200)
    expect((await s.received(keyIdOf(res))).type).toBe('pollUpdate')
  })

  it('contacts: several vCards in one bubble; contacts[0][fullName] bracket keys in a form body', async () => {
    const c = await content(
      await s.call('POST', '/v2/send/contact', {}, {
        chatId: PEER,
        contacts: [
          { fullName: 'Wawp Support', organization: 'Wawp HQ', phoneNumber: '+201111111111', whatsappId: '201111111111' },
          { fullName: 'Second, Person', phoneNumber: '+15550000000' }
        ]
      })
    )
    const arr = c.contactsArrayMessage as { contacts: { displayName: string; vcard: string }[] }
    expect(arr.contacts).toHaveLength(2)
    expect(arr.contacts[0]!.vcard).toContain('FN:Wawp Support')
    expect(arr.contacts[0]!.vcard).toContain('ORG:Wawp HQ;')
    expect(arr.contacts[0]!.vcard).toContain('TEL;type=CELL;type=VOICE;waid=201111111111:+201111111111')
    expect(arr.contacts[1]!.vcard).toContain('FN:Second\\, Person')

    const form = new URLSearchParams({ chatId: PEER, 'contacts[0][fullName]': 'Form Person', 'contacts[0][phoneNumber]': '+15551112222' }).toString()
    const single = await content(await s.call('POST', '/v2/send/contact', {}, form))
    expect((single.contactMessage as { displayName: string; vcard: string }).vcard).toContain('waid=15551112222')
  })

  it('list: dotted keys (message.title, message.sections as JSON text) in a GET', async () => {
    const sections = JSON.stringify([{ title: 'Main Options', rows: [{ title: 'Option 1', rowId: 'opt1', description: 'First' }, { title: 'Option 2' }] }])
    const c = await content(
      await s.call('GET', '/v2/send/list', {
        chatId: PEER,
        'message.title': 'Simple Menu',
        'message.description': 'Please choose an option',
        'message.footer': 'Thank you!',
        'message.button': 'Open Menu',
        'message.sections': sections
      })
    )
    expect(c.listMessage).toMatchObject({ title: 'Simple Menu', description: 'Please choose an option', footerText: 'Thank you!', buttonText: 'Open Menu' })
    const rows = (c.listMessage!.sections as { rows: { title: string; rowId: string }[] }[])[0]!.rows
    expect(rows.map((r) => [r.title, r.rowId])).toEqual([['Option 1', 'opt1'], ['Option 2', 'row2']])
    const noButton = await s.call('POST', '/v2/send/list', {}, { chatId: PEER, message: { description: 'x', sections: [] } })
    expect(noButton.json().details.missing).toEqual(['message.button'])
    // WAHA makes description optional: a title alone becomes the list's body (not a 400, not a doubled header).
    const titleOnly = await content(
      await s.call('POST', '/v2/send/list', {}, { chatId: PEER, message: { title: 'Only a title', button: 'Open', sections: [{ title: 'S', rows: [{ title: 'R' }] }] } })
    )
    expect(titleOnly.listMessage).toMatchObject({ description: 'Only a title', buttonText: 'Open' })
    expect(titleOnly.listMessage?.title || '').toBe('')
  })

  it('event: dotted keys with a nested location, Unix-second times and string booleans', async () => {
    const c = await content(
      await s.call('POST', '/v2/send/event', {}, {
        chatId: PEER,
        'event.name': 'Team Meeting 📅',
        'event.description': 'Weekly sync',
        'event.startTime': '1767225600',
        'event.endTime': 1767229200,
        'event.location.name': 'Room 1',
        'event.extraGuestsAllowed': 'true'
      })
    )
    expect(c.eventMessage).toMatchObject({ name: 'Team Meeting 📅', description: 'Weekly sync', startTime: 1767225600, endTime: 1767229200, extraGuestsAllowed: true })
    expect((c.eventMessage!.location as { name: string }).name).toBe('Room 1')
  })

  it('reaction (PUT and POST) on the person\'s message; "" removes it', async () => {
    const id = await personSays('react to me')
    const serialized = `false_${PEER}@c.us_${id}`
    const put = await s.call('PUT', '/v2/send/reaction', {}, { messageId: serialized, reaction: '👍' })
    const c = await content(put)
    expect(c.reactionMessage).toMatchObject({ text: '👍', key: { id } })
    // Seen from the person's side, the reacted message is their own.
    expect((c.reactionMessage!.key as { fromMe?: boolean }).fromMe).toBe(true)
    const removed = await content(await s.call('POST', '/v2/send/reaction', {}, { messageId: serialized, reaction: '' }))
    expect(removed.reactionMessage!.text ?? '').toBe('')
    const missing = await s.call('POST', '/v2/send/reaction', {}, { messageId: serialized })
    expect(missing.json().details.missing).toEqual(['reaction'])
  })

  /**
   * The person's phone saw "read" for its message `id`. Baileys folds a status update into a still-buffered upsert
   * of the same message (the person's own send of it, when the machine is busy), so it shows either as an update
   * or as the upsert's status.
   */
  const peerSawRead = (id: string) =>
    peerEvents.some(
      (e) =>
        (e.name === 'messages.update' && (e.value as BaileysEventMap['messages.update']).some((u) => u.key.id === id && u.update.status === 4)) ||
        (e.name === 'messages.upsert' && (e.value as BaileysEventMap['messages.upsert']).messages.some((m) => m.key.id === id && m.status === 4))
    )

  it('seen: the person sees a read receipt for their message', async () => {
    await watchPeer()
    const id = await personSays('please read')
    const res = await s.call('POST', '/v2/send/seen', {}, { chatId: `${PEER}@c.us`, messageIds: [`false_${PEER}@c.us_${id}`], participant: 'null' })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().messageIds).toEqual([id])
    await waitUntil(() => peerSawRead(id), 10_000, 'read receipt')
  })

  it('seen without messageIds marks the latest received messages of the chat (from the message store)', async () => {
    await watchPeer()
    const a = await personSays('unread one')
    const b = await personSays('unread two')
    const stored = () => s.t.core.db.prepare('SELECT count(*) FROM store_messages WHERE instance_id = ? AND id IN (?, ?)').pluck().get(s.id, a, b)
    await waitUntil(() => stored() === 2, 10_000, 'stored')
    const res = await s.call('POST', '/v2/send/seen', { chatId: PEER })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().messageIds).toEqual(expect.arrayContaining([a, b]))
    await waitUntil(() => peerSawRead(a) && peerSawRead(b), 10_000, 'both read')
  })

  it('a group chat: text to <id>@g.us reaches a member', async () => {
    const sock = s.t.core.engine.liveSocket(s.id)!
    const group = await sock.groupCreate('Send test group', [`${PEER}@s.whatsapp.net`])
    const res = await s.call('POST', '/v2/send/text', {}, { chatId: group.id, message: 'hello group' })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().id._serialized).toMatch(new RegExp(`^true_${group.id}_`))
    const got = await s.received(keyIdOf(res))
    expect([got.chat, got.text]).toEqual([group.id, 'hello group'])
  })

  it('typing: start-typing and stop-typing reach the person as composing and paused', async () => {
    const composing = (state: string) =>
      peerEvents.some((e) => e.name === 'presence.update' && Object.values((e.value as BaileysEventMap['presence.update']).presences).some((p) => p.lastKnownPresence === state))
    await watchPeer()
    expect((await s.call('POST', '/v2/send/start-typing', {}, { chatId: PEER })).statusCode).toBe(200)
    await waitUntil(() => composing('composing'), 10_000, 'composing')
    expect((await s.call('POST', '/v2/send/stop-typing', { chatId: PEER })).statusCode).toBe(200)
    // Baileys reports a "paused" chat state as available.
    await waitUntil(() => composing('available'), 10_000, 'paused')
  })

  it('star: an app-state patch the account\'s own phone applies (messages.update starred)', async () => {
    const phone = await s.t.core.sandbox!.personSocket(ME)
    const starred: { id: string; starred: boolean }[] = []
    phone.ev.on('messages.update', (updates) => {
      for (const u of updates) if (u.update.starred !== undefined && u.update.starred !== null) starred.push({ id: u.key.id!, starred: u.update.starred })
    })
    const id = await personSays('star me')
    const res = await s.call('PUT', '/v2/send/star', {}, { messageId: `false_${PEER}@c.us_${id}`, star: 'true' })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toMatchObject({ status: 'success', star: true })
    await waitUntil(() => starred.some((x) => x.id === id && x.starred), 10_000, 'starred on the phone')
    const un = await s.call('POST', '/v2/send/star', {}, { chatId: PEER, messageId: id, star: false })
    expect(un.json()).toMatchObject({ status: 'success', star: false })
    await waitUntil(() => starred.some((x) => x.id === id && !x.starred), 10_000, 'unstarred on the phone')
  })
})
