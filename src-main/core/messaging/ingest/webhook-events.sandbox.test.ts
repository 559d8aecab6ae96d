// Every event kind the sandbox can produce, end to end: the simulated person acts, real Baileys receives,
// the store and the outbox commit together, and a real local receiver gets a correctly signed POST.
import { generateMessageID, jidNormalizedUser, proto, type WASocket } from '@whiskeysockets/baileys'
import { Jimp } from 'jimp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { pairInstance, startTestCore, waitUntil, type TestCore } from '../../testing/core-harness.js'
import { enqueueEvent, listDeliveries } from '../../webhooks/index.js'
import { findMessage, getChat, listPollVotes, listReactions, getLabel, labelsOfChat } from '../store/index.js'
import { eventResponseMessage, pollVoteMessage, startVerifyingReceiver, type VerifyingReceiver } from './testing.js'

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

  it('media: an image arrives as type image with its media metadata', async () => {
    const img = await new Jimp({ width: 32, height: 32, color: 0x3366ffff }).getBuffer('image/jpeg')
    await t.core.sandbox!.sendMessage(P2, P1, { image: img, caption: 'a picture' })
    const env = await rx.waitFor('message', (p) => p.body === 'a picture')
    expect(env.payload).toMatchObject({ type: 'image', hasMedia: true, media: { mimetype: 'image/jpeg' } })
  })
})
