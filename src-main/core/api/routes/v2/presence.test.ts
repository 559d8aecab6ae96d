// /v2/presence on the sandbox with real Baileys: the instance goes online/offline and types in a chat while a
// simulated person watches its presence; the instance subscribes to people and reads what they do.
import type { BaileysEventMap, WASocket } from '@whiskeysockets/baileys'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { expectNotWorking, pn, startAccountCore, stopSession, waitUntil, type AccountCore } from '../../../testing/account-core.js'

const ME = '15550103001'
const BOB = '15550103002'
const CAROL = '15550103003'

type PresenceUpdate = BaileysEventMap['presence.update']

function record(sock: WASocket): PresenceUpdate[] {
  const seen: PresenceUpdate[] = []
  sock.ev.on('presence.update', (u) => seen.push(u))
  return seen
}

const stateOf = (seen: PresenceUpdate[], jid: string) => seen.filter((u) => u.presences[jid]).map((u) => u.presences[jid]!.lastKnownPresence)

describe.sequential('/v2/presence', () => {
  let c: AccountCore
  let bob: WASocket
  let bobSaw: PresenceUpdate[]
  beforeAll(async () => {
    c = await startAccountCore(ME, [BOB, CAROL])
    bob = await c.person(BOB)
    bobSaw = record(bob)
    await bob.presenceSubscribe(pn(ME))
  })
  afterAll(async () => c?.close())

  it('online and offline: a subscriber sees the account come and go', async () => {
    const on = await c.api('POST', '/v2/presence', { presence: 'online' })
    expect(on.statusCode).toBe(200)
    expect(on.json()).toEqual({ success: true, presence: 'online', chatId: null })
    await waitUntil(() => stateOf(bobSaw, pn(ME)).at(-1) === 'available', 5000, 'online')
    await c.api('POST', '/v2/presence', undefined, { presence: 'offline' })
    await waitUntil(() => stateOf(bobSaw, pn(ME)).at(-1) === 'unavailable', 5000, 'offline')
    const last = bobSaw.filter((u) => u.presences[pn(ME)]).at(-1)!
    expect(last.presences[pn(ME)]!.lastSeen).toBeGreaterThan(0)
  })

  it('typing, recording and paused in a chat: the person sees each', async () => {
    const typing = await c.api('POST', '/v2/presence', { presence: 'typing', chatId: `${BOB}@c.us` })
    expect(typing.json()).toEqual({ success: true, presence: 'typing', chatId: `${BOB}@c.us` })
    await waitUntil(() => stateOf(bobSaw, pn(ME)).at(-1) === 'composing', 5000, 'typing')
    await c.api('POST', '/v2/presence', { presence: 'recording', chatId: BOB })
    await waitUntil(() => stateOf(bobSaw, pn(ME)).at(-1) === 'recording', 5000, 'recording')
    await c.api('POST', '/v2/presence', { presence: 'paused', chatId: BOB })
    // Baileys reports a paused chat state as "available".
    await waitUntil(() => stateOf(bobSaw, pn(ME)).at(-1) === 'available', 5000, 'paused')
  })

  it('GET /v2/presence/{chatId}: subscribes on first read and answers the contact\'s state; later changes arrive', async () => {
    await c.t.core.sandbox!.setPresence(BOB, 'available')
    const first = await c.api('GET', `/v2/presence/${BOB}@c.us`)
    expect(first.statusCode).toBe(200)
    expect(first.json()).toEqual({ id: `${BOB}@c.us`, presences: [{ participant: `${BOB}@c.us`, lastKnownPresence: 'online', lastSeen: null }] })
    await c.t.core.sandbox!.setPresence(BOB, 'unavailable')
    const offline = await waitUntil(async () => {
      const p = (await c.api('GET', `/v2/presence/${encodeURIComponent(`${BOB}@c.us`)}`)).json().presences[0]
      return p?.lastKnownPresence === 'offline' && p
    }, 5000, 'bob offline')
    expect(offline.lastSeen).toBeGreaterThan(0)
  })

  it('subscribe, then the person types: the instance knows; GET /v2/presence lists every chat', async () => {
    const sub = await c.api('POST', `/v2/presence/${CAROL}/subscribe`)
    expect(sub.json()).toEqual({ success: true, id: `${CAROL}@c.us` })
    await c.t.core.sandbox!.chatState(CAROL, ME, 'composing')
    await waitUntil(async () => (await c.api('GET', `/v2/presence/${CAROL}@c.us`)).json().presences.some((p: { lastKnownPresence: string }) => p.lastKnownPresence === 'typing'), 5000, 'carol typing')
    const all = (await c.api('GET', '/v2/presence')).json() as { id: string }[]
    expect(all.map((p) => p.id)).toEqual(expect.arrayContaining([`${BOB}@c.us`, `${CAROL}@c.us`]))
  })

  it('subscriptions are renewed when the connection reopens', async () => {
    await c.api('POST', '/v2/session/restart')
    await c.t.waitForStatus(c.id, 'WORKING')
    await c.t.core.sandbox!.setPresence(CAROL, 'available')
    await c.t.core.sandbox!.setPresence(CAROL, 'unavailable')
    await waitUntil(async () => (await c.api('GET', `/v2/presence/${CAROL}@c.us`)).json().presences[0]?.lastKnownPresence === 'offline', 8000, 'carol offline after restart')
  })

  it('bad input answers 400 naming the parameter', async () => {
    const none = await c.api('POST', '/v2/presence', {})
    expect(none.json()).toMatchObject({ code: 'missing_param', details: { missing: ['presence'] } })
    const wrong = await c.api('POST', '/v2/presence', { presence: 'asleep' })
    expect(wrong.statusCode).toBe(400)
    expect(wrong.json().code).toBe('invalid_param')
    expect(wrong.json().message).toContain('presence')
    const noChat = await c.api('POST', '/v2/presence', { presence: 'typing' })
    expect(noChat.json()).toMatchObject({ code: 'missing_param', details: { missing: ['chatId'] } })
    const badChat = await c.api('GET', '/v2/presence/not-a-chat')
    expect(badChat.json()).toMatchObject({ code: 'invalid_chat_id', details: { invalid: ['chatId'] } })
  })

  it('a stopped session answers 422 for network operations; the remembered list still answers', async () => {
    await stopSession(c)
    await expectNotWorking(c, 'POST', '/v2/presence', { presence: 'online' })
    expect((await c.api('GET', '/v2/presence')).statusCode).toBe(200)
  })
})
