// WebSocket upgrades with @fastify/websocket registered only in the contexts of the WebSocket routes (the event
// stream, the UI bridge): those routes still upgrade; an upgrade anywhere else, or refused by the Host check, is
// answered over HTTP and its socket closed by the server (it would otherwise stay open and block shutdown).
import { request } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { startTestCore, type TestCore } from '../testing/core-harness.js'

/** An upgrade request over plain HTTP: the status the server answered and whether it then closed the socket. */
function upgrade(url: string, headers: Record<string, string> = {}): Promise<{ status: number; closedByServer: boolean }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { connection: 'Upgrade', upgrade: 'websocket', 'sec-websocket-version': '13', 'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==', ...headers } })
    req.on('upgrade', (res, socket) => {
      socket.destroy()
      resolve({ status: res.statusCode ?? 0, closedByServer: false })
    })
    req.on('response', (res) => {
      res.resume()
      const socket = res.socket
      // Never closed from this side: only the server's close ends the wait (the test's timeout otherwise).
      const timer = setTimeout(() => resolve({ status: res.statusCode ?? 0, closedByServer: false }), 5_000)
      socket.once('close', () => {
        clearTimeout(timer)
        resolve({ status: res.statusCode ?? 0, closedByServer: true })
      })
    })
    req.on('error', reject)
    req.end()
  })
}

describe('WebSocket contexts', () => {
  let t: TestCore
  let base: string
  beforeAll(async () => {
    t = await startTestCore('offline')
    base = t.core.url
  }, 60_000)
  afterAll(async () => t?.close())

  it('upgrades the event stream; an upgrade of a plain API route or a foreign Host is answered and closed', async () => {
    const ws = new WebSocket(`${base.replace('http', 'ws')}/v2/events?access_token=${t.token}`)
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve())
      ws.once('error', reject)
    })
    ws.close()

    const plain = await upgrade(`${base}/v2/session/info?access_token=${t.token}`)
    expect(plain.status).toBe(400) // instance_id missing: answered over HTTP as any request
    expect(plain.closedByServer).toBe(true)

    const foreign = await upgrade(`${base}/v2/events?access_token=${t.token}`, { host: 'evil.example' })
    expect(foreign.status).toBe(403)
    expect(foreign.closedByServer).toBe(true)

    const unknown = await upgrade(`${base}/no/such/path`)
    expect(unknown.status).toBe(404)
    expect(unknown.closedByServer).toBe(true)

    // The event stream's WebSocket server is still the app's (no stream left open by the refusals).
    await new Promise((r) => setTimeout(r, 50))
    expect(t.core.app.websocketServer.clients.size).toBe(0)
  })
})
