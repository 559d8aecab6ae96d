// The contract's bridge client over a scripted transport: namespaced methods from CHANNELS, correlation by id,
// queueing before the first open, time-outs, failure of calls in flight on a drop and of calls made during an outage,
// event fan-out and unsubscribe.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { CHANNEL_NAMES } from './channels.js'
import { createBridgeClient, type TransportHandlers } from './client.js'
import type { RequestMessage } from './protocol.js'

function scripted() {
  let hooks: TransportHandlers | undefined
  const sent: RequestMessage[] = []
  const bridge = createBridgeClient({ connect: (h) => void (hooks = h), send: (m) => void sent.push(m) }, { timeoutMs: 1_000 })
  return { bridge, sent, hooks: () => hooks! }
}

afterEach(() => vi.useRealTimers())

describe('createBridgeClient', () => {
  it('builds one method per channel, grouped by namespace, and nothing generic', () => {
    const { bridge } = scripted()
    for (const name of CHANNEL_NAMES) {
      const [ns, method] = name.split('.') as [keyof typeof bridge, string]
      expect(typeof (bridge[ns] as unknown as Record<string, unknown>)[method]).toBe('function')
    }
    expect('invoke' in bridge).toBe(false)
    expect(Object.keys(bridge).sort()).toEqual(['accounts', 'api', 'app', 'campaigns', 'chats', 'connectionState', 'devices', 'instances', 'keys', 'on', 'onConnection', 'pairing', 'policies', 'queue', 'replies', 'sandbox', 'settings', 'webhooks'])
  })

  it('queues calls until the transport opens, then matches answers by id whatever their order', async () => {
    const { bridge, sent, hooks } = scripted()
    const a = bridge.instances.get({ instanceId: 'AAA' })
    const b = bridge.instances.get({ instanceId: 'BBB' })
    expect(sent).toEqual([])
    hooks().onState('open')
    expect(sent.map((m) => m.payload)).toEqual([{ instanceId: 'AAA' }, { instanceId: 'BBB' }])
    hooks().onMessage({ type: 'response', id: sent[1]!.id, result: { ok: true, data: 'B' } })
    hooks().onMessage('not json')
    hooks().onMessage({ type: 'response', id: sent[0]!.id, result: { ok: false, error: { code: 'invalid_session', message: 'gone' } } })
    expect(await a).toEqual({ ok: false, error: { code: 'invalid_session', message: 'gone' } })
    expect(await b).toEqual({ ok: true, data: 'B' })
  })

  it('times out a call the core never answers', async () => {
    vi.useFakeTimers()
    const { bridge, hooks } = scripted()
    hooks().onState('open')
    const r = bridge.app.info()
    await vi.advanceTimersByTimeAsync(1_001)
    expect(await r).toMatchObject({ ok: false, error: { code: 'bridge_timeout' } })
  })

  it('fails sent calls when the connection drops, and refuses new ones at once until it is back', async () => {
    const { bridge, sent, hooks } = scripted()
    hooks().onState('open')
    const inFlight = bridge.app.info()
    hooks().onState('closed')
    expect(await inFlight).toMatchObject({ ok: false, error: { code: 'bridge_disconnected', recommendation: expect.stringMatching(/may or may not have been done/) } })
    // A click during the outage is answered now, never sent minutes later when the core is back.
    const sentBefore = sent.length
    hooks().onState('connecting')
    const during = await bridge.instances.stop({ instanceId: 'AAA' })
    expect(during).toMatchObject({ ok: false, error: { code: 'bridge_disconnected', message: expect.stringMatching(/not reachable/) } })
    hooks().onState('open')
    expect(sent.length).toBe(sentBefore)
    const later = bridge.app.info()
    hooks().onMessage({ type: 'response', id: sent.at(-1)!.id, result: { ok: true, data: 1 } })
    expect(await later).toEqual({ ok: true, data: 1 })
  })

  it('queues calls made during an outage when the transport asks for it (Electron: the restarted core comes at once)', async () => {
    let hooks: TransportHandlers | undefined
    const sent: RequestMessage[] = []
    const bridge = createBridgeClient({ connect: (h) => void (hooks = h), send: (m) => void sent.push(m) }, { timeoutMs: 1_000, queueWhileReconnecting: true })
    hooks!.onState('open')
    hooks!.onState('closed')
    const during = bridge.app.info()
    expect(sent).toEqual([])
    hooks!.onState('open')
    hooks!.onMessage({ type: 'response', id: sent.at(-1)!.id, result: { ok: true, data: 2 } })
    expect(await during).toEqual({ ok: true, data: 2 })
  })

  it('fans push events out to their listeners until they unsubscribe', () => {
    const { bridge, hooks } = scripted()
    const got: unknown[] = []
    const off = bridge.on('instances.changed', (e) => got.push(e))
    bridge.on('instance.qr', () => got.push('wrong event'))
    hooks().onMessage({ type: 'event', event: 'instances.changed', payload: { instanceId: 'X', change: 'created' } })
    off()
    hooks().onMessage({ type: 'event', event: 'instances.changed', payload: { instanceId: 'Y', change: 'deleted' } })
    expect(got).toEqual([{ instanceId: 'X', change: 'created' }])
  })
})
