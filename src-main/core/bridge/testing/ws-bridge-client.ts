// Test helpers: the contract's bridge client over a real WebSocket (the `ws` package), as the headless renderer
// connects (subprotocol `switchboard-bridge.v1` plus `token.<token>`), and the outcome of a bare connection attempt.
import WebSocket from 'ws'
import { createBridgeClient, type Bridge, type TransportHandlers } from '../../../../src-preload/contract/client.js'
import { BRIDGE_WS_PATH, BRIDGE_WS_PROTOCOL, BRIDGE_WS_TOKEN_PREFIX } from '../../../../src-preload/contract/protocol.js'

export interface TestBridge {
  bridge: Bridge
  socket: WebSocket
  /** Every push event received, in order. */
  events: { event: string; payload: unknown }[]
  /** The session token the core handed over when a one-time link token was used. */
  session: string | undefined
  close(): void
}

const open = (baseUrl: string, token: string, origin = baseUrl) =>
  new WebSocket(`${baseUrl.replace(/^http/, 'ws')}${BRIDGE_WS_PATH}`, [BRIDGE_WS_PROTOCOL, `${BRIDGE_WS_TOKEN_PREFIX}${token}`], { headers: { origin } })

/** Connects with a link or session token; resolves once the core said hello, rejects with the refusal. */
export async function connectTestBridge(baseUrl: string, token: string): Promise<TestBridge> {
  const socket = open(baseUrl, token)
  const events: TestBridge['events'] = []
  let session: string | undefined
  let handlers: TransportHandlers | undefined
  await new Promise<void>((resolve, reject) => {
    socket.on('message', (data) => {
      const text = data.toString()
      const parsed = JSON.parse(text) as { type: string; event?: string; payload?: unknown; token?: string }
      if (parsed.type === 'session') session = parsed.token
      if (parsed.type === 'hello') resolve()
      if (parsed.type === 'event') events.push({ event: parsed.event!, payload: parsed.payload })
      handlers?.onMessage(text)
    })
    socket.once('close', (code, reason) => reject(new Error(`refused: ${code} ${reason.toString()}`)))
    socket.once('error', reject)
    socket.once('unexpected-response', (_req, res) => reject(new Error(`upgrade refused: ${res.statusCode}`)))
  })
  const bridge = createBridgeClient(
    {
      connect(h) {
        handlers = h
        socket.on('close', () => h.onState('closed'))
        h.onState('open')
      },
      send: (message) => socket.send(JSON.stringify(message))
    },
    { timeoutMs: 30_000 }
  )
  return { bridge, socket, events, session, close: () => socket.close() }
}

/**
 * What happens to a connection attempt: `accepted` (hello received), `refused <code> <reason>` (closed by the
 * core before hello), `http <status>` (the upgrade itself was refused) or `error <message>` (a broken handshake).
 */
export function connectOutcome(baseUrl: string, protocols: string[], origin?: string): Promise<string> {
  return new Promise((resolve) => {
    const socket = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}${BRIDGE_WS_PATH}`, protocols, origin ? { headers: { origin } } : {})
    socket.on('message', (data) => {
      if ((JSON.parse(data.toString()) as { type: string }).type !== 'hello') return
      resolve('accepted')
      socket.close()
    })
    socket.once('close', (code, reason) => resolve(`refused ${code} ${reason.toString()}`))
    socket.once('unexpected-response', (_req, res) => {
      resolve(`http ${res.statusCode ?? 0}`)
      socket.terminate()
    })
    socket.once('error', (e) => resolve(`error ${e.message}`))
  })
}

/** The token protocols of a browser tab holding `token`. */
export const tokenProtocols = (token: string): string[] => [BRIDGE_WS_PROTOCOL, `${BRIDGE_WS_TOKEN_PREFIX}${token}`]
