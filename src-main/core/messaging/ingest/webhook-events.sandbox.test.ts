// Every event kind the sandbox can produce, end to end: the simulated person acts, real Baileys receives,
// the store and the outbox commit together, and a real local receiver gets a correctly signed POST.
import { generateMessageID, proto, type WASocket } from '@whiskeysockets/baileys'
import { Jimp } from 'jimp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { pairInstance, startTestCore, waitUntil, type TestCore } from '../../testing/core-harness.js'
import { enqueueEvent, listDeliveries } from '../../webhooks/index.js'
import { findMessage, getChat, listPollVotes, listReactions, getLabel, labelsOfChat } from '../store/index.js'
import { eventResponseMessage, pollVoteMessage, startVerifyingReceiver, type VerifyingReceiver } from '../../testing/event-fixtures.js'

const SECRET = 'events-secret'
const P1 = '15550100001' // the instance's own phone
const P2 = '15550100002' // a contact who writes to the instance
const P3 = '15550100003'
const jid = (p: string) => `${p}@s.whatsapp.net`
const cus = (p: string) => `${p}@c.us`

describe.sequential('webhook events from the sandbox', () => {
  let t: TestCore
  let rx: VerifyingReceiver
  let id: string
  let bob: WASocket // P2's phone
  let own: WASocket // P1's phone (the instance's own account)

  beforeAll(async () => {
    t = await startTestCore('sandbox', { plan: 'paid' })
    rx = await startVerifyingReceiver(SECRET)
    id = await pairInstance(t, P1, 'Alice')
    await t.core.sandbox!.createPhone({ phoneNumber: P2, name: 'Bob' })
    await t.core.sandbox!.createPhone({ phoneNumber: P3, name: 'Carol' })
    const res = await t.call('POST', '/v2/webhook/set', { instance_id: id }, { url: rx.receiver.url, events: ['*'], hmac: SECRET, retries: { delay: 0.2, attempts: 5 } })
    expect(res.statusCode).toBe(200)
    bob = await t.core.sandbox!.personSocket(P2)
    own = await t.core.sandbox!.personSocket(P1)
  })
  afterAll(async () => {
    await t?.close()
    await rx?.close()
  })

  it('message and message.any: an incoming text, with the envelope of ARCHITECTURE §4.4', async () => {
    await t.core.sandbox!.sendText(P2, P1, 'hello instance')
    const env = await rx.waitFor('message', (p) => p.body === 'hello instance')
    expect(env).toMatchObject({ session: t.core.instances.view(id)!.name, instance_id: id, engine: 'NOWEB', me: { id: cus(P1) } })
    expect(env.id).toMatch(/^evt_[0-9a-z]{26}$/)
    expect(env.payload).toMatchObject({ from: cus(P2), to: cus(P1), fromMe: false, type: 'chat', hasMedia: false, ack: expect.any(Number) })
    expect(String(env.payload.id)).toMatch(new RegExp(`^false_${P2}@c\\.us_`))
    await rx.waitFor('message.any', (p) => p.body === 'hello instance')
    // Stored in the same transaction: the chat exists with one unread message.
    const chat = getChat(t.core.db, id, jid(P2))!
    expect(chat.unreadCount).toBeGreaterThanOrEqual(1)
    expect(findMessage(t.core.db, id, jid(P2), String(env.payload.id).split('_')[2]!)!.body).toBe('hello instance')
  })

  it('media: an image arrives as type image with a stable URL that serves the byte-identical file (token required)', async () => {
    const img = await new Jimp({ width: 32, height: 32, color: 0x3366ffff }).getBuffer('image/jpeg')
    const { id: msgId } = await t.core.sandbox!.sendMessage(P2, P1, { image: img, caption: 'a picture' })
    const env = await rx.waitFor('message', (p) => p.body === 'a picture')
    const media = env.payload.media as { url: string; mimetype: string; error: string | null }
    expect(env.payload).toMatchObject({ type: 'image', hasMedia: true, media: { mimetype: 'image/jpeg', error: null } })
    // Absolute, on the API's own address, named after the message; not downloaded when the event was written.
    expect(media.url).toBe(`${t.core.url}/api/files/${id}/${msgId}.jpeg`)
    expect(findMessage(t.core.db, id, jid(P2), msgId)!.media?.path).toBe(`${id}/${msgId}.jpeg`)
    // Real HTTP to the URL as a webhook consumer would: 401 without the token, the file with it (downloaded now).
    expect((await fetch(media.url)).status).toBe(401)
    const res = await fetch(media.url, { headers: { 'access-token': t.token } })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('image/jpeg')
    expect(Buffer.from(await res.arrayBuffer()).equals(img)).toBe(true)
    // The message.any of the same message names the same URL; a second fetch is served from disk.
    expect(((await rx.waitFor('message.any', (p) => p.body === 'a picture')).payload.media as { url: string }).url).toBe(media.url)
    const again = await fetch(`${media.url}?access_token=${t.token}`)
    expect(Buffer.from(await again.arrayBuffer()).equals(img)).toBe(true)
  })

  it('message.ack: an own message goes SERVER/DEVICE, then READ when the person reads it; source app without the send API', async () => {
    const sock = t.core.engine.liveSocket(id)!
    const sent = await sock.sendMessage(jid(P2), { text: 'ack me' })
    const msgId = sent!.key.id!
    const any = await rx.waitFor('message.any', (p) => p.body === 'ack me')
    expect(any.payload).toMatchObject({ fromMe: true, source: 'app', from: cus(P1), to: cus(P2) })
    await rx.waitFor('message.ack', (p) => String(p.id).endsWith(msgId) && (p.ack as number) >= 2)
    await bob.readMessages([{ remoteJid: jid(P1), fromMe: false, id: msgId }])
    const read = await rx.waitFor('message.ack', (p) => String(p.id).endsWith(msgId) && p.ackName === 'READ')
    expect(read.payload).toMatchObject({ id: `true_${cus(P2)}_${msgId}`, chatId: cus(P2), fromMe: true, ack: 3, from: cus(P1), to: cus(P2) })
    expect(findMessage(t.core.db, id, jid(P2), msgId)!.ack).toBe(3)
    // One emission per level: the READ ack arrived once.
    expect(rx.count('message.ack', (p) => String(p.id).endsWith(msgId) && p.ackName === 'READ')).toBe(1)
  })

  it('message.any of a message sent through /v2/send/text says source api', async () => {
    expect((await t.call('PATCH', '/v2/session/rate-limit', { instance_id: id, policy_slug: 'unlimited' })).statusCode).toBe(200)
    const res = await t.call('POST', '/v2/send/text', { instance_id: id }, { chatId: cus(P2), message: 'sent by the API' })
    expect(res.statusCode).toBe(200)
    const any = await rx.waitFor('message.any', (p) => p.body === 'sent by the API')
    expect(any.payload).toMatchObject({ fromMe: true, source: 'api', to: cus(P2) })
  })

  it('message.reaction: the person reacts to an own message, then removes the reaction', async () => {
    const sent = await t.core.engine.liveSocket(id)!.sendMessage(jid(P2), { text: 'react to me' })
    const msgId = sent!.key.id!
    await rx.waitFor('message.any', (p) => p.body === 'react to me')
    const target = { remoteJid: jid(P1), fromMe: false, id: msgId }
    await bob.sendMessage(jid(P1), { react: { text: '👍', key: target } })
    const env = await rx.waitFor('message.reaction', (p) => (p.reaction as { text: string }).text === '👍')
    expect(env.payload).toMatchObject({ reaction: { text: '👍', messageId: `true_${cus(P2)}_${msgId}` }, messageId: `true_${cus(P2)}_${msgId}`, senderId: cus(P2), fromMe: false, chatId: cus(P2) })
    expect(listReactions(t.core.db, id, msgId)).toMatchObject([{ sender: jid(P2), text: '👍' }])
    await bob.sendMessage(jid(P1), { react: { text: '', key: target } })
    await rx.waitFor('message.reaction', (p) => (p.reaction as { text: string }).text === '' && p.messageId === `true_${cus(P2)}_${msgId}`)
    expect(listReactions(t.core.db, id, msgId)).toEqual([])
  })

  it('message.edited and message.revoked: the person edits, then deletes for everyone', async () => {
    const sent = await bob.sendMessage(jid(P1), { text: 'first version' })
    await rx.waitFor('message', (p) => p.body === 'first version')
    await bob.sendMessage(jid(P1), { text: 'second version', edit: sent!.key })
    const edited = await rx.waitFor('message.edited', (p) => p.newBody === 'second version')
    expect(edited.payload).toMatchObject({ id: `false_${cus(P2)}_${sent!.key.id}`, body: 'second version', prevBody: 'first version', editedMessageId: `false_${cus(P2)}_${sent!.key.id}` })
    const stored = findMessage(t.core.db, id, jid(P2), sent!.key.id!)!
    expect(stored.body).toBe('second version')
    expect(stored.editedAt).not.toBeNull()

    await bob.sendMessage(jid(P1), { delete: sent!.key })
    const revoked = await rx.waitFor('message.revoked', (p) => p.id === `false_${cus(P2)}_${sent!.key.id}`)
    expect(revoked.payload).toMatchObject({ revokedBy: cus(P2), revokedMessageId: `false_${cus(P2)}_${sent!.key.id}`, chatId: cus(P2), before: { body: 'second version' }, after: { type: 'revoked', body: '' } })
    const gone = findMessage(t.core.db, id, jid(P2), sent!.key.id!)!
    expect(gone.revokedAt).not.toBeNull()
    expect(gone.type).toBe('revoked')
  })

  it('presence.update: the person types in the chat', async () => {
    await t.core.sandbox!.chatState(P2, P1, 'composing')
    const env = await rx.waitFor('presence.update', (p) => (p.presences as { lastKnownPresence: string }[]).some((x) => x.lastKnownPresence === 'typing'))
    expect(env.payload).toMatchObject({ id: cus(P2), chatId: cus(P2), presences: [{ participant: cus(P2), lastKnownPresence: 'typing' }] })
  })

  it('group.v2.join / update / participants / leave: the person creates a group with the instance and manages it', async () => {
    const g = await bob.groupCreate('Team', [jid(P1)])
    const gid = g.id
    const join = await rx.waitFor('group.v2.join', (p) => p.chatId === gid)
    expect(join.payload).toMatchObject({ group: { id: gid, subject: 'Team' }, type: 'join', isMe: true })
    expect(join.payload.participants).toEqual(expect.arrayContaining([cus(P1), cus(P2)]))

    await bob.groupUpdateSubject(gid, 'Team B')
    const upd = await rx.waitFor('group.v2.update', (p) => p.chatId === gid)
    expect(upd.payload).toMatchObject({ changed: ['subject'], group: { subject: 'Team B' }, by: cus(P2) })

    await bob.groupParticipantsUpdate(gid, [jid(P3)], 'add')
    const added = await rx.waitFor('group.v2.join', (p) => p.chatId === gid && (p.participants as string[]).includes(cus(P3)))
    expect(added.payload).toMatchObject({ type: 'join', participants: [cus(P3)], by: cus(P2), isMe: false })

    await bob.groupParticipantsUpdate(gid, [jid(P1)], 'promote')
    const promoted = await rx.waitFor('group.v2.participants', (p) => p.chatId === gid)
    expect(promoted.payload).toMatchObject({ type: 'promote', participants: [cus(P1)], participantsDetails: [{ id: cus(P1), role: 'admin' }], isMe: true })

    await bob.groupParticipantsUpdate(gid, [jid(P3)], 'remove')
    const left = await rx.waitFor('group.v2.leave', (p) => p.chatId === gid)
    expect(left.payload).toMatchObject({ chatId: gid, participants: [cus(P3)], type: 'leave' })
    expect(rx.count('group.v2.leave', (p) => p.chatId === gid)).toBe(1)
  })

  it('LID-addressed group: members reported by phone number; group messages, receipts (message.ack.group) and reads', async () => {
    t.core.sandbox!.server.options.groupAddressingMode = 'lid'
    try {
      const g = await bob.groupCreate('Lid team', [jid(P1), jid(P3)])
      expect(g.addressingMode).toBe('lid')
      const join = await rx.waitFor('group.v2.join', (p) => p.chatId === g.id)
      expect([...(join.payload.participants as string[])].sort()).toEqual([cus(P1), cus(P2), cus(P3)])
      expect(join.payload.isMe).toBe(true)

      await bob.sendMessage(g.id, { text: 'hello lid group' })
      const msg = await rx.waitFor('message', (p) => p.body === 'hello lid group')
      expect(msg.payload).toMatchObject({ from: g.id, participant: cus(P2), author: cus(P2) })

      const sent = await t.core.engine.liveSocket(id)!.sendMessage(g.id, { text: 'read me, group' })
      await rx.waitFor('message.any', (p) => p.body === 'read me, group')
      await bob.readMessages([{ remoteJid: g.id, fromMe: false, id: sent!.key.id!, participant: jid(P1) }])
      const receipt = await rx.waitFor('message.ack.group', (p) => String(p.id).includes(sent!.key.id!) && p.ackName === 'READ')
      expect(receipt.payload).toMatchObject({ chatId: g.id, participant: cus(P2), fromMe: true })
      const ack = await rx.waitFor('message.ack', (p) => String(p.id).includes(sent!.key.id!) && p.ackName === 'READ')
      expect(ack.payload).toMatchObject({ chatId: g.id, participant: cus(P2) })
    } finally {
      t.core.sandbox!.server.options.groupAddressingMode = 'pn'
    }
  })

  it('chat.archive and label.*: the instance\'s own phone archives the chat and labels it (app-state sync)', async () => {
    const last = (await t.core.sandbox!.messages(P1)).filter((m) => m.from === jid(P2) || m.chat === jid(P2)).at(-1)!
    await own.chatModify({ archive: true, lastMessages: [{ key: { remoteJid: jid(P2), fromMe: false, id: last.id }, messageTimestamp: last.timestamp }] }, jid(P2))
    const archived = await rx.waitFor('chat.archive', (p) => p.id === cus(P2))
    expect(archived.payload).toMatchObject({ id: cus(P2), archived: true })
    expect(getChat(t.core.db, id, jid(P2))!.archived).toBe(true)
    // Through the API too (the chat operation updates the row at once; the event still fires once).
    expect((await t.call('POST', '/v2/chats/unarchive', { instance_id: id }, { chatId: cus(P2) })).statusCode).toBe(200)
    await rx.waitFor('chat.archive', (p) => p.id === cus(P2) && p.archived === false)
    expect(rx.count('chat.archive', (p) => p.id === cus(P2))).toBe(2)

    await own.addLabel(jid(P2), { id: '7', name: 'VIP', color: 3, deleted: false })
    const label = await rx.waitFor('label.upsert', (p) => p.id === '7')
    expect(label.payload).toEqual({ id: '7', name: 'VIP', color: 3, colorHex: '#dfaef0' })
    await own.addChatLabel(jid(P2), '7')
    const added = await rx.waitFor('label.chat.added', (p) => p.labelId === '7')
    expect(added.payload).toMatchObject({ chatId: cus(P2), label: { name: 'VIP' } })
    expect(labelsOfChat(t.core.db, id, jid(P2)).map((l) => l.id)).toEqual(['7'])
    await own.removeChatLabel(jid(P2), '7')
    await rx.waitFor('label.chat.deleted', (p) => p.labelId === '7' && p.chatId === cus(P2))
    await own.addLabel(jid(P2), { id: '7', name: 'VIP', color: 3, deleted: true })
    await rx.waitFor('label.deleted', (p) => p.id === '7')
    expect(getLabel(t.core.db, id, '7')).toBeUndefined()
  })

  it('call.received, call.rejected and call.accepted: the person rings, the own phone declines / picks up', async () => {
    const net = t.core.sandbox!
    const first = net.placeCall(P2, P1, { video: true })
    const received = await rx.waitFor('call.received', (p) => p.id === first)
    expect(received.payload).toMatchObject({ from: cus(P2), isVideo: true, isGroup: false })
    await own.rejectCall(first, jid(P2))
    await rx.waitFor('call.rejected', (p) => p.id === first)

    const second = net.placeCall(P2, P1)
    await rx.waitFor('call.received', (p) => p.id === second)
    // The phone answers: Baileys has no acceptCall, so the phone sends the signalling stanza itself.
    await own.sendNode({
      tag: 'call',
      attrs: { to: jid(P2), id: generateMessageID() },
      content: [{ tag: 'accept', attrs: { 'call-id': second, 'call-creator': jid(P2) }, content: undefined }]
    })
    const accepted = await rx.waitFor('call.accepted', (p) => p.id === second)
    expect(accepted.payload).toMatchObject({ isVideo: false })
    net.endCall(P2, P1, second)
  })

  it('poll.vote and poll.vote.failed: the person votes on the instance\'s poll; a vote for an unknown poll fails', async () => {
    const secret = Buffer.alloc(32, 7)
    const poll = await t.core.engine.liveSocket(id)!.sendMessage(jid(P2), { poll: { name: 'Lunch?', values: ['Pizza', 'Sushi'], selectableCount: 1, messageSecret: secret } })
    await rx.waitFor('message.any', (p) => p.body === 'Lunch?' && p.type === 'poll_creation')
    const vote = pollVoteMessage({ pollId: poll!.key.id!, chatJid: jid(P1), creatorJid: jid(P1), voterJid: jid(P2), secret, options: ['Sushi'] })
    await bob.relayMessage(jid(P1), vote, { messageId: generateMessageID() })
    const env = await rx.waitFor('poll.vote')
    expect(env.payload).toMatchObject({
      vote: { selectedOptions: ['Sushi'], from: cus(P2), fromMe: false },
      poll: { id: `true_${cus(P2)}_${poll!.key.id}`, fromMe: true },
      chatId: cus(P2)
    })
    expect(listPollVotes(t.core.db, id, poll!.key.id!)).toMatchObject([{ voter: jid(P2), options: ['Sushi'] }])

    const stray = pollVoteMessage({ pollId: 'UNKNOWNPOLL0001', chatJid: jid(P1), creatorJid: jid(P1), voterJid: jid(P2), secret, options: ['Pizza'] })
    await bob.relayMessage(jid(P1), stray, { messageId: generateMessageID() })
    const failed = await rx.waitFor('poll.vote.failed')
    expect(failed.payload).toMatchObject({ vote: { selectedOptions: [] }, poll: { id: expect.stringContaining('UNKNOWNPOLL0001') }, error: expect.stringContaining('not found') })
  })

  it('event.response and event.response.failed: the person answers the instance\'s event', async () => {
    const secret = Buffer.alloc(32, 9)
    const ev = await t.core.engine.liveSocket(id)!.sendMessage(jid(P2), { event: { name: 'Standup', startDate: new Date(Date.now() + 3_600_000), messageSecret: secret } })
    await rx.waitFor('message.any', (p) => p.body === 'Standup')
    const answer = eventResponseMessage({ eventId: ev!.key.id!, chatJid: jid(P1), creatorJid: jid(P1), responderJid: jid(P2), secret, response: proto.Message.EventResponseMessage.EventResponseType.GOING })
    await bob.relayMessage(jid(P1), answer, { messageId: generateMessageID() })
    const env = await rx.waitFor('event.response')
    expect(env.payload).toMatchObject({ response: 'GOING', eventMessageId: `true_${cus(P2)}_${ev!.key.id}`, from: cus(P2), chatId: cus(P2) })

    const stray = eventResponseMessage({ eventId: 'UNKNOWNEVENT001', chatJid: jid(P1), creatorJid: jid(P1), responderJid: jid(P2), secret, response: proto.Message.EventResponseMessage.EventResponseType.MAYBE })
    await bob.relayMessage(jid(P1), stray, { messageId: generateMessageID() })
    const failed = await rx.waitFor('event.response.failed')
    expect(failed.payload).toMatchObject({ response: null, error: expect.stringContaining('not found') })
  })

  it('engine.event carries raw engine events, never credentials', async () => {
    await rx.waitFor('engine.event', (p) => p.event === 'messages.upsert')
    expect(rx.count('engine.event', (p) => p.event === 'creds.update')).toBe(0)
  })

  it('session.status, and a STOPPED instance gets nothing delivered until it is started again', async () => {
    // Let earlier events drain first, so anything received below could only be from the stopped period.
    await waitUntil(() => listDeliveries(t.core.db, { instanceId: id, limit: 1000 }).every((d) => d.state === 'delivered'), 10_000, 'drained')
    await t.call('POST', '/v2/session/stop', { instance_id: id })
    const stopped = t.core.webhooks
      .events({ instanceId: id, event: 'session.status', limit: 20 })
      .map((e) => t.core.webhooks.event(e.id)!)
      .find((e) => (e.payload as { status: string }).status === 'STOPPED')!
    // A probe event of another (running) instance proves the worker ran after the stop was recorded.
    t.core.webhooks.set('PROBEPROBE01', { url: rx.receiver.url, events: ['*'], hmac: SECRET })
    t.core.db.transaction(() => enqueueEvent(t.core.db, { instanceId: 'PROBEPROBE01', session: 'probe', me: null, engine: 'NOWEB', event: 'session.status', payload: { probe: true } }))()
    t.core.webhooks.wake()
    await rx.waitFor('session.status', (p) => p.probe === true)
    expect(rx.envelopes().filter((e) => e.instance_id === id && e.timestamp >= stopped.timestamp).map((e) => e.event)).toEqual([])
    const held = listDeliveries(t.core.db, { instanceId: id, state: 'pending' })
    expect(held.some((d) => d.event === 'session.status' && d.attempts === 0)).toBe(true)

    await t.call('POST', '/v2/session/start', { instance_id: id })
    await t.waitForStatus(id, 'WORKING')
    await rx.waitFor('session.status', (p) => p.status === 'STOPPED' && p.instance_id === id)
    const working = await rx.waitFor('session.status', (p) => p.status === 'WORKING' && p.previous === 'STARTING')
    expect(working.payload).toMatchObject({ name: t.core.instances.view(id)!.name, instance_id: id })
  })
})
