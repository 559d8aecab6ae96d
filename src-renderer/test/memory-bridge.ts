// An in-memory bridge for component tests: the real contract client over a transport that answers from handler
// functions (a throw of FakeError becomes an error envelope) and lets the test push events.
import { createBridgeClient, type Bridge, type ConnectionState, type TransportHandlers } from '../../src-preload/contract/client.js'
import type { ChannelName, RequestOf, ResponseOf } from '../../src-preload/contract/channels.js'
import type { BridgeEventName, BridgeEvents } from '../../src-preload/contract/events.js'
import { setBridge } from '../lib/bridge.js'

export type FakeHandlers = { [K in ChannelName]?: (request: RequestOf<K>) => ResponseOf<K> | Promise<ResponseOf<K>> }

export class FakeError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly recommendation?: string,
    readonly details?: Record<string, unknown>
  ) {
    super(message)
  }
}

export interface MemoryBridge {
  bridge: Bridge
  /** Every request, in order. */
  calls: { channel: string; payload: unknown }[]
  callsTo(channel: ChannelName): unknown[]
  emit<E extends BridgeEventName>(event: E, payload: BridgeEvents[E]): void
  setState(state: ConnectionState): void
  handlers: FakeHandlers
}

/** Creates the bridge and installs it as the renderer's bridge. */
export function installMemoryBridge(handlers: FakeHandlers = {}): MemoryBridge {
  let hooks: TransportHandlers | undefined
  const calls: MemoryBridge['calls'] = []
  const bridge = createBridgeClient({
    connect(h) {
      hooks = h
      h.onState('open')
    },
    send(message) {
      calls.push({ channel: message.channel, payload: message.payload })
      const handler = handlers[message.channel as ChannelName] as ((r: unknown) => unknown) | undefined
      void (async () => {
        try {
          if (!handler) throw new FakeError('not_available', `No fake handler for ${message.channel}`)
          const data = await handler(message.payload)
          hooks?.onMessage({ type: 'response', id: message.id, result: { ok: true, data } })
        } catch (e) {
          const f = e instanceof FakeError ? e : new FakeError('server_error', String(e))
          hooks?.onMessage({ type: 'response', id: message.id, result: { ok: false, error: { code: f.code, message: f.message, ...(f.recommendation ? { recommendation: f.recommendation } : {}), ...(f.details ? { details: f.details } : {}) } } })
        }
      })()
    }
  })
  setBridge(bridge)
  return {
    bridge,
    calls,
    handlers,
    callsTo: (channel) => calls.filter((c) => c.channel === channel).map((c) => c.payload),
    emit: (event, payload) => hooks?.onMessage({ type: 'event', event, payload }),
    setState: (state) => hooks?.onState(state)
  }
}
