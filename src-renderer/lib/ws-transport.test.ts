import { afterEach, describe, expect, it, vi } from 'vitest'
import { createBridgeClient } from '../../src-preload/contract/client.js'
import { webSocketTransport } from './ws-transport.js'

/** A WebSocket double: records constructions and lets the test drive open/message/close. */
class FakeSocket {
  static all: FakeSocket[] = []
  onopen: (() => void) | null = null
  onmessage: ((e: { data: unknown }) => void) | null = null
  onclose: (() => void) | null = null
  sent: string[] = []
  constructor(
    readonly url: string,
    readonly protocols: string[]
  ) {
    FakeSocket.all.push(this)
  }
  send(data: string) {
    this.sent.push(data)
  }
}

afterEach(() => {
  FakeSocket.all = []
  vi.useRealTimers()
})

describe('webSocketTransport', () => {
  it('offers the bridge subprotocol with the token, sends requests once open, and resolves answers', async () => {
    const bridge = createBridgeClient(webSocketTransport({ origin: 'ws://127.0.0.1:3000', token: 'T0K', WebSocketImpl: FakeSocket as unknown as typeof WebSocket }))
    const ws = FakeSocket.all[0]!
    expect(ws.url).toBe('ws://127.0.0.1:3000/ui/bridge')
    expect(ws.protocols).toEqual(['switchboard-bridge.v1', 'token.T0K'])
    const answer = bridge.app.info()
    expect(ws.sent).toEqual([])
    ws.onopen!()
    const request = JSON.parse(ws.sent[0]!) as { id: number; channel: string }
    expect(request.channel).toBe('app.info')
    ws.onmessage!({ data: JSON.stringify({ type: 'response', id: request.id, result: { ok: true, data: { version: '1' } } }) })
    expect(await answer).toEqual({ ok: true, data: { version: '1' } })
  })

  it('fails calls in flight when the socket drops and reconnects with back-off', async () => {
    vi.useFakeTimers()
    const bridge = createBridgeClient(webSocketTransport({ origin: 'ws://h', token: 't', WebSocketImpl: FakeSocket as unknown as typeof WebSocket }))
    const states: string[] = []
    bridge.onConnection((s) => states.push(s))
    FakeSocket.all[0]!.onopen!()
    const pending = bridge.instances.list()
    FakeSocket.all[0]!.onclose!()
    expect(await pending).toMatchObject({ ok: false, error: { code: 'bridge_disconnected' } })
    expect(FakeSocket.all).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(500)
    expect(FakeSocket.all).toHaveLength(2)
    FakeSocket.all[1]!.onopen!()
    expect(states).toEqual(['open', 'closed', 'connecting', 'open'])
  })
})
