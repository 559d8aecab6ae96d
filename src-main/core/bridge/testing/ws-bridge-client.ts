// Test helper: the contract's bridge client over a real WebSocket (the `ws` package), as the headless renderer
// connects: subprotocol `switchboard-bridge.v1` plus `token.<token>`.
import WebSocket from 'ws'
import { createBridgeClient, type Bridge, type BridgeTransport } from '../../../../src-preload/contract/client.js'
import { BRIDGE_WS_PATH, BRIDGE_WS_PROTOCOL, BRIDGE_WS_TOKEN_PREFIX } from '../../../../src-preload/contract/protocol.js'

export interface TestBridge {
  bridge: Bridge
  socket: WebSocket
  /** Every push event received, in order. */
  events: { event: string; payload: unknown }[]
  close(): void
}

export async function connectTestBridge(baseUrl: string, token: string): Promise<TestBridge> {
  const url = `${baseUrl.replace(/^http/, 'ws')}${BRIDGE_WS_PATH}`
  const socket = new WebSocket(url, [BRIDGE_WS_PROTOCOL, `${BRIDGE_WS_TOKEN_PREFIX}${token}`], { headers: { origin: baseUrl } })
  const events: TestBridge['events'] = []
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve())
    socket.once('error', reject)
    socket.once('unexpected-response', (_req, res) => reject(new Error(`upgrade refused: ${res.statusCode}`)))
  })
  const transport: BridgeTransport = {
    connect(handlers) {
      socket.on('message', (data) => {
        const text = data.toString()
        const parsed = JSON.parse(text) as { type: string; event?: string; payload?: unknown }
        if (parsed.type === 'event') events.push({ event: parsed.event!, payload: parsed.payload })
        handlers.onMessage(text)
      })
      socket.on('close', () => handlers.onState('closed'))
      handlers.onState('open')
    },
    send: (message) => socket.send(JSON.stringify(message))
  }
  const bridge = createBridgeClient(transport, { timeoutMs: 30_000 })
  return { bridge, socket, events, close: () => socket.close() }
}

/** Opens a WebSocket to the bridge with the given subprotocols and reports the HTTP status of a refused upgrade. */
export function upgradeStatus(baseUrl: string, protocols: string[], origin?: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}${BRIDGE_WS_PATH}`, protocols, origin ? { headers: { origin } } : {})
    socket.once('open', () => {
      socket.close()
      resolve(101)
    })
    socket.once('unexpected-response', (_req, res) => {
      resolve(res.statusCode ?? 0)
      socket.terminate()
    })
    socket.once('error', (e) => reject(e))
  })
}
