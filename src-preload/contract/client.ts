// The bridge client: builds `bridge.<namespace>.<method>(request)` from CHANNELS over any transport (the
// preload's MessagePort, the renderer's WebSocket, a test double). Correlates answers by id, queues calls made
// before the connection first opens, fails calls in flight when it drops, fails new calls at once while it is down
// (never runs a stop or a delete long after the click; a transport whose reconnect is prompt and certain may ask to
// queue them instead), and fans push events out to listeners.
// PURE: no DOM, Node or Electron API (only timers).
import { CHANNEL_NAMES, type ChannelName, type Namespace, type RequestOf, type ResponseOf } from './channels.js'
import { BRIDGE_ERROR_CODES, type BridgeResult } from './envelope.js'
import type { BridgeEventName, BridgeEvents } from './events.js'
import { parseServerMessage, type RequestMessage } from './protocol.js'

export type ConnectionState = 'connecting' | 'open' | 'closed'

export interface TransportHandlers {
  onMessage(data: unknown): void
  onState(state: ConnectionState): void
}

/** A way to reach the core. connect() is called once; the transport reports open/closed (and reconnects if it can). */
export interface BridgeTransport {
  connect(handlers: TransportHandlers): void
  send(message: RequestMessage): void
}

type Method<K extends ChannelName> = {} extends RequestOf<K>
  ? (request?: RequestOf<K>) => Promise<BridgeResult<ResponseOf<K>>>
  : (request: RequestOf<K>) => Promise<BridgeResult<ResponseOf<K>>>

export type BridgeApi = {
  [N in Namespace]: { [K in ChannelName as K extends `${N}.${infer M}` ? M : never]: Method<K> }
}

export interface BridgeControls {
  on<E extends BridgeEventName>(event: E, listener: (payload: BridgeEvents[E]) => void): () => void
  onConnection(listener: (state: ConnectionState) => void): () => void
  connectionState(): ConnectionState
}

/** What `window.bridge` is, in Electron and in the browser alike. */
export type Bridge = BridgeApi & BridgeControls

export interface BridgeClientOptions {
  /** Per-call limit; pairing and sandbox links can take several seconds. Default 60 s. */
  timeoutMs?: number
  /**
   * Queue calls made while a dropped connection comes back, instead of refusing them. For Electron's MessagePort,
   * where main restarts a crashed core at once and hands out the new port; not for the headless WebSocket, whose core
   * may be gone for minutes (or come back as a new run that refuses the tab).
   */
  queueWhileReconnecting?: boolean
}

interface Pending {
  resolve(result: BridgeResult<unknown>): void
  timer: ReturnType<typeof setTimeout>
}

export function createBridgeClient(transport: BridgeTransport, options: BridgeClientOptions = {}): Bridge {
  const timeoutMs = options.timeoutMs ?? 60_000
  const pending = new Map<number, Pending>()
  const queued: RequestMessage[] = []
  const eventListeners = new Map<string, Set<(payload: unknown) => void>>()
  const stateListeners = new Set<(state: ConnectionState) => void>()
  let state: ConnectionState = 'connecting'
  /** Once open, a later drop is an outage: calls made during it are refused instead of queued. */
  let wasOpen = false
  let nextId = 1

  const settle = (id: number, result: BridgeResult<unknown>) => {
    const p = pending.get(id)
    if (!p) return
    pending.delete(id)
    clearTimeout(p.timer)
    p.resolve(result)
  }

  transport.connect({
    onMessage(data) {
      const message = parseServerMessage(data)
      if (!message) return
      if (message.type === 'response') settle(message.id, message.result)
      else if (message.type === 'event') for (const l of [...(eventListeners.get(message.event) ?? [])]) l(message.payload)
    },
    onState(next) {
      state = next
      if (next === 'open') {
        wasOpen = true
        for (const m of queued.splice(0)) transport.send(m)
      }
      if (next === 'closed') {
        // Answers to calls already sent can no longer arrive; queued ones wait for a reconnect.
        for (const id of [...pending.keys()]) {
          if (queued.some((m) => m.id === id)) continue
          settle(id, { ok: false, error: { code: BRIDGE_ERROR_CODES.disconnected, message: 'The connection to Switchboard was lost before it answered', recommendation: 'It may or may not have been done: check once Switchboard is reachable again' } })
        }
      }
      for (const l of [...stateListeners]) l(next)
    }
  })

  const call = (channel: ChannelName, payload: unknown): Promise<BridgeResult<unknown>> =>
    new Promise((resolve) => {
      if (wasOpen && state !== 'open' && !options.queueWhileReconnecting) {
        resolve({ ok: false, error: { code: BRIDGE_ERROR_CODES.disconnected, message: 'Switchboard is not reachable right now, so nothing was done', recommendation: 'Try again once it is reachable (the page reconnects by itself)' } })
        return
      }
      const id = nextId++
      const timer = setTimeout(() => {
        const i = queued.findIndex((m) => m.id === id)
        if (i >= 0) queued.splice(i, 1)
        settle(id, { ok: false, error: { code: BRIDGE_ERROR_CODES.timeout, message: `Switchboard did not answer ${channel} in time` } })
      }, timeoutMs)
      pending.set(id, { resolve, timer })
      const message: RequestMessage = { type: 'request', id, channel, payload }
      if (state === 'open') transport.send(message)
      else queued.push(message)
    })

  const api: Record<string, Record<string, (request?: unknown) => Promise<BridgeResult<unknown>>>> = {}
  for (const name of CHANNEL_NAMES) {
    const [ns, method] = name.split('.') as [string, string]
    ;(api[ns] ??= {})[method] = (request?: unknown) => call(name, request ?? {})
  }

  const controls: BridgeControls = {
    on(event, listener) {
      let set = eventListeners.get(event)
      if (!set) eventListeners.set(event, (set = new Set()))
      const l = listener as (payload: unknown) => void
      set.add(l)
      return () => void set.delete(l)
    },
    onConnection(listener) {
      stateListeners.add(listener)
      return () => void stateListeners.delete(listener)
    },
    connectionState: () => state
  }
  return { ...(api as unknown as BridgeApi), ...controls }
}
