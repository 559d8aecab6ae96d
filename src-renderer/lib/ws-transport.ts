// Headless transport: the bridge protocol over a WebSocket to /ui/bridge on the page's own origin, with the UI
// credential as a subprotocol (never in a URL the server logs). A one-time link token is swapped for the session
// token the core sends first; reconnects use that, with back-off. The connection counts as open at the core's
// hello (a refused credential gets none: the socket opens, then closes with code 4401, which ends it).
import type { BridgeTransport } from '../../src-preload/contract/client.js'
import { BRIDGE_REFUSALS, BRIDGE_WS_PATH, BRIDGE_WS_PROTOCOL, BRIDGE_WS_REFUSED, BRIDGE_WS_TOKEN_PREFIX, parseServerMessage, type BridgeRefusal } from '../../src-preload/contract/protocol.js'

export interface WsTransportOptions {
  /** ws://HOST:PORT (default: the page's origin). */
  origin?: string
  /** A one-time link token or the tab's session token. */
  token: string
  /** The core exchanged the link token for this session token: keep it for reloads. */
  onSession?(token: string): void
  /** The core refused the credential; no reconnect follows. */
  onRefused?(reason: BridgeRefusal): void
  /** Injected for tests. */
  WebSocketImpl?: typeof WebSocket
}

const refusal = (reason: string): BridgeRefusal => (BRIDGE_REFUSALS as readonly string[]).includes(reason) ? (reason as BridgeRefusal) : 'ui_token_invalid'

export function webSocketTransport(o: WsTransportOptions): BridgeTransport {
  const Impl = o.WebSocketImpl ?? WebSocket
  const origin = o.origin ?? `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}`
  let token = o.token
  let socket: WebSocket | undefined
  let delay = 500

  return {
    connect(handlers) {
      const open = () => {
        handlers.onState('connecting')
        const ws = new Impl(`${origin}${BRIDGE_WS_PATH}`, [BRIDGE_WS_PROTOCOL, `${BRIDGE_WS_TOKEN_PREFIX}${token}`])
        socket = ws
        ws.onmessage = (e: MessageEvent) => {
          // Parsed once here; the client accepts the parsed message as it is.
          const message = parseServerMessage(e.data)
          if (message?.type === 'session') {
            token = message.token
            o.onSession?.(token)
          } else if (message?.type === 'hello') {
            delay = 500
            handlers.onState('open')
          } else {
            handlers.onMessage(message)
          }
        }
        ws.onclose = (e: CloseEvent) => {
          if (socket !== ws) return
          socket = undefined
          handlers.onState('closed')
          if (e.code === BRIDGE_WS_REFUSED) {
            o.onRefused?.(refusal(e.reason))
            return
          }
          setTimeout(open, delay)
          delay = Math.min(delay * 2, 10_000)
        }
      }
      open()
    },
    send(message) {
      socket?.send(JSON.stringify(message))
    }
  }
}
