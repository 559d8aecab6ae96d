// Headless transport: the bridge protocol over a WebSocket to /ui/bridge on the page's own origin, with the UI
// token as a subprotocol (never in a URL the server logs). Reconnects with back-off while the core is reachable.
import type { BridgeTransport } from '../../src-preload/contract/client.js'
import { BRIDGE_WS_PATH, BRIDGE_WS_PROTOCOL, BRIDGE_WS_TOKEN_PREFIX } from '../../src-preload/contract/protocol.js'

export interface WsTransportOptions {
  /** ws://HOST:PORT (default: the page's origin). */
  origin?: string
  token: string
  /** Injected for tests. */
  WebSocketImpl?: typeof WebSocket
}

export function webSocketTransport(o: WsTransportOptions): BridgeTransport {
  const Impl = o.WebSocketImpl ?? WebSocket
  const origin = o.origin ?? `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}`
  let socket: WebSocket | undefined
  let delay = 500

  return {
    connect(handlers) {
      const open = () => {
        handlers.onState('connecting')
        const ws = new Impl(`${origin}${BRIDGE_WS_PATH}`, [BRIDGE_WS_PROTOCOL, `${BRIDGE_WS_TOKEN_PREFIX}${o.token}`])
        socket = ws
        ws.onopen = () => {
          delay = 500
          handlers.onState('open')
        }
        ws.onmessage = (e: MessageEvent) => handlers.onMessage(e.data)
        ws.onclose = () => {
          if (socket !== ws) return
          socket = undefined
          handlers.onState('closed')
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
