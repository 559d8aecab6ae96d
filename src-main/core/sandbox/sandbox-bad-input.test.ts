// Bad input after a completed Noise handshake — garbage frames, stanzas without the attributes routing needs,
// oversized frames — ends only the offending connection, as a protocol error; the paired clients on the same
// sandbox never notice and keep messaging.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { randomBytes } from 'node:crypto'
import type { AuthenticationCreds, BinaryNode } from '@whiskeysockets/baileys'
import { CLOSE } from './server/connection.js'
import { MAX_WS_PAYLOAD } from './transport/ws-listener.js'
import { RawNoiseClient } from './testing/raw-noise-client.js'
import { openPairedSandbox, TestClient, textOf, waitFor } from './testing/test-client.js'

const frame = (payload: Buffer) => Buffer.concat([Buffer.from([(payload.length >> 16) & 255, (payload.length >> 8) & 255, payload.length & 255]), payload])
const ping = (id?: string): BinaryNode => ({ tag: 'iq', attrs: { ...(id ? { id } : {}), to: '@s.whatsapp.net', xmlns: 'w:p', type: 'get' }, content: [{ tag: 'ping', attrs: {} }] })

describe.sequential('sandbox: bad input after the handshake', () => {
  let ctx: Awaited<ReturnType<typeof openPairedSandbox>>
  /** Saved creds of a linked device that is not connected otherwise: raw clients log in with them. */
  let creds: AuthenticationCreds
  let closesBefore: number[]

  /** A raw client logged in as the spare device (the server said <success>). */
  const login = async () => {
    const raw = await RawNoiseClient.connect(ctx.net.wsUrl, creds)
    await raw.next('success')
    return raw
  }

  beforeAll(async () => {
    ctx = await openPairedSandbox({ handshakeTimeoutMs: 1000 })
    const spare = new TestClient(ctx.net, 'spare')
    await spare.pairByQr('15550000001')
    spare.stop()
    await waitFor(() => spare.state === 'close', 5000, 'spare closed')
    creds = spare.auth.creds
    closesBefore = [ctx.A.closes.length, ctx.B.closes.length]
  })
  afterAll(async () => ctx?.close())

  it('a raw client that completed the handshake is served (so the closes below are about the input)', async () => {
    const raw = await login()
    raw.sendNode(ping('raw-ping-1'))
    const answer = await raw.next('iq', (n) => n.attrs.id === 'raw-ping-1')
    expect(answer.attrs.type).toBe('result')
    expect(raw.open).toBe(true)
    raw.close()
  })

  it('garbage after the handshake: a frame failing authentication, an authentic frame with no stanza inside', async () => {
    const registering = await RawNoiseClient.connect(ctx.net.wsUrl)
    await registering.next('iq') // pair-device: the transport is up
    registering.sendRaw(frame(randomBytes(48)))
    expect(await registering.closed).toBe(CLOSE.protocolError)
    const loggedIn = await login()
    loggedIn.sendPlaintext(Buffer.from([2, 1, 2, 3, 4])) // "compressed" flag, but not zlib
    expect(await loggedIn.closed).toBe(CLOSE.protocolError)
  })

  it.each([
    ['an iq without id', ping()],
    ['a message without to', { tag: 'message', attrs: { id: '3EB0BADBADBAD', type: 'text' }, content: [{ tag: 'enc', attrs: { v: '2', type: 'msg' }, content: randomBytes(32) }] }],
    ['a receipt without id', { tag: 'receipt', attrs: { to: '15550000002@s.whatsapp.net' } }]
  ] as [string, BinaryNode][])('a malformed stanza after login closes that connection: %s', async (_what, bad) => {
    const raw = await login()
    raw.sendNode(bad)
    expect(await raw.closed).toBe(CLOSE.protocolError)
  })

  it('oversized after login: a frame announced beyond the limit, a websocket message beyond it', async () => {
    const announced = await login()
    const n = MAX_WS_PAYLOAD + 1
    announced.sendRaw(Buffer.concat([Buffer.from([n >> 16, (n >> 8) & 255, n & 255]), randomBytes(16)]))
    expect(await announced.closed).toBe(CLOSE.protocolError)
    const huge = await login()
    huge.sendRaw(Buffer.alloc(MAX_WS_PAYLOAD + 1))
    expect(await huge.closed).toBe(1009)
  })

  it('the paired clients never noticed: still connected, and still messaging both ways', async () => {
    const { A, B, Ajid, Bjid } = ctx
    expect([A.state, B.state]).toEqual(['open', 'open'])
    expect([A.closes.length, B.closes.length]).toEqual(closesBefore)
    const m1 = await A.sock.sendMessage(Bjid, { text: 'still here?' })
    await waitFor(() => B.ev('messages.upsert', (v) => v.messages.some((m) => m.key.id === m1!.key.id && textOf(m) === 'still here?')).length, 8000, 'B got it')
    const m2 = await B.sock.sendMessage(Ajid, { text: 'still here.' })
    await waitFor(() => A.ev('messages.upsert', (v) => v.messages.some((m) => m.key.id === m2!.key.id && textOf(m) === 'still here.')).length, 8000, 'A got it')
  })
})
