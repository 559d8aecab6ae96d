// A real local HTTP receiver for webhook deliveries: records every POST (headers and JSON body), answers 200, or
// the status a test sets (`answer`) to play a receiver that is down or gone.
import { createServer, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface Received {
  headers: IncomingHttpHeaders
  body: { id: string; event: string; instance_id: string; payload: Record<string, unknown> }
  /** The body as received, byte for byte (what signatures cover). */
  raw: string
}

export interface Receiver {
  url: string
  received: Received[]
  /** The HTTP status the next deliveries get (200 by default). */
  answer: number
  close(): Promise<void>
}

export async function startReceiver(): Promise<Receiver> {
  const received: Received[] = []
  let receiver: Receiver | undefined
  const server = createServer((req, res) => {
    let raw = ''
    req.on('data', (c: Buffer) => (raw += c.toString()))
    req.on('end', () => {
      try {
        received.push({ headers: req.headers, body: JSON.parse(raw) as Received['body'], raw })
      } catch {
        // not JSON: not a delivery
      }
      const status = receiver?.answer ?? 200
      res.writeHead(status, { 'content-type': 'text/plain' }).end(status === 200 ? 'ok' : 'down for maintenance')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  receiver = { url: `http://127.0.0.1:${port}/hook`, received, answer: 200, close: () => new Promise((resolve) => server.close(() => resolve())) }
  return receiver
}
