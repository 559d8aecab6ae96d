// The sandbox's websocket endpoint (what Baileys knows as web.whatsapp.com/ws/chat), on loopback only.
import { WebSocketServer, type WebSocket } from 'ws'
import type { AddressInfo } from 'node:net'

/** Stanzas are small (media travels over HTTPS); this bounds memory per frame. */
export const MAX_WS_PAYLOAD = 8 * 1024 * 1024

export interface WsListener {
  url: string
  port: number
  clients(): Set<WebSocket>
  close(): Promise<void>
}

export async function listenWs(preferredPort: number, onConnection: (ws: WebSocket) => void): Promise<WsListener> {
  const open = (port: number) =>
    new Promise<WebSocketServer>((resolve, reject) => {
      const wss = new WebSocketServer({ host: '127.0.0.1', port, maxPayload: MAX_WS_PAYLOAD, perMessageDeflate: false })
      wss.once('error', reject)
      wss.once('listening', () => resolve(wss))
    })
  let wss: WebSocketServer
  try {
    wss = await open(preferredPort)
  } catch {
    wss = await open(0)
  }
  wss.on('connection', onConnection)
  const port = (wss.address() as AddressInfo).port
  return {
    url: `ws://127.0.0.1:${port}/ws/chat`,
    port,
    clients: () => wss.clients,
    close: () =>
      new Promise<void>((resolve) => {
        for (const c of wss.clients) c.terminate()
        wss.close(() => resolve())
      })
  }
}
