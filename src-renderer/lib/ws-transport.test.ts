// The headless transport over a scripted socket: subprotocols with the credential, open at the core's hello, the
// link token swapped for the session token (used by reconnects), back-off after drops, no retry once refused.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createBridgeClient } from '../../src-preload/contract/client.js'
import { FakeSocket, FakeWebSocket } from '../test/fake-socket.js'
import { webSocketTransport } from './ws-transport.js'

afterEach(() => {
  FakeSocket.all = []
  vi.useRealTimers()
})

describe('webSocketTransport', () => {
  it('offers the bridge subprotocol with the token, sends requests once the core says hello, and resolves answers', async () => {
    const bridge = createBridgeClient(webSocketTransport({ origin: 'ws://127.0.0.1:3000', token: 'T0K', WebSocketImpl: FakeWebSocket }))
    const ws = FakeSocket.latest()
    expect(ws.url).toBe('ws://127.0.0.1:3000/ui/bridge')
    expect(ws.protocols).toEqual(['switchboard-bridge.v1', 'token.T0K'])
    const answer = bridge.app.info()
    ws.onopen?.()
    // Open socket, no hello yet: a refusal may still follow, so nothing is sent.
    expect(ws.sent).toEqual([])
    expect(bridge.connectionState()).toBe('connecting')
    ws.push({ type: 'hello', version: 1 })
    expect(bridge.connectionState()).toBe('open')
    const request = JSON.parse(ws.sent[0]!) as { id: number; channel: string }
    expect(request.channel).toBe('app.info')
    ws.push({ type: 'response', id: request.id, result: { ok: true, data: { version: '1' } } })
    expect(await answer).toEqual({ ok: true, data: { version: '1' } })
  })

  it('keeps the session token the core hands over and reconnects with it, with back-off', async () => {
    vi.useFakeTimers()
    const sessions: string[] = []
    const bridge = createBridgeClient(webSocketTransport({ origin: 'ws://h', token: 'link', onSession: (t) => sessions.push(t), WebSocketImpl: FakeWebSocket }))
    const states: string[] = []
    bridge.onConnection((s) => states.push(s))
    FakeSocket.latest().accept('sess-1')
    expect(sessions).toEqual(['sess-1'])
    const pending = bridge.instances.list()
    FakeSocket.latest().drop()
    expect(await pending).toMatchObject({ ok: false, error: { code: 'bridge_disconnected' } })
    expect(FakeSocket.all).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(500)
    expect(FakeSocket.all).toHaveLength(2)
    expect(FakeSocket.latest().protocols).toEqual(['switchboard-bridge.v1', 'token.sess-1'])
    FakeSocket.latest().accept()
    expect(states).toEqual(['open', 'closed', 'connecting', 'open'])
  })

  it('stops at a refusal (close code 4401) and reports its reason', async () => {
    vi.useFakeTimers()
    const refused: string[] = []
    const bridge = createBridgeClient(webSocketTransport({ origin: 'ws://h', token: 'used', onRefused: (r) => refused.push(r), WebSocketImpl: FakeWebSocket }))
    const pending = bridge.app.info()
    FakeSocket.latest().onopen?.()
    FakeSocket.latest().drop(4401, 'ui_link_used')
    expect(refused).toEqual(['ui_link_used'])
    expect(bridge.connectionState()).toBe('closed')
    await vi.advanceTimersByTimeAsync(60_000)
    expect(FakeSocket.all).toHaveLength(1)
    // The queued call never reached a core: it times out rather than being sent anywhere.
    expect(FakeSocket.all[0]!.sent).toEqual([])
    expect(await pending).toMatchObject({ ok: false })
  })

  it('treats an unknown refusal reason as an invalid token', () => {
    const refused: string[] = []
    createBridgeClient(webSocketTransport({ origin: 'ws://h', token: 'x', onRefused: (r) => refused.push(r), WebSocketImpl: FakeWebSocket }))
    FakeSocket.latest().drop(4401, 'something new')
    expect(refused).toEqual(['ui_token_invalid'])
  })
})
