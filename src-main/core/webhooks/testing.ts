// Test support (tests, the crash-test child, the benchmark): a temp SQLite file with this module's tables,
// and a real local HTTP receiver whose answers a test can script and that can go down and come back.
import { mkdtempSync } from 'node:fs'
import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openDatabase, type Db } from '../db/connection.js'
import { migrate } from '../db/migrate.js'
import { migration0100Webhooks } from '../db/migrations/0100-webhooks.js'
import { migration0101RateLimits } from '../db/migrations/0101-rate-limits.js'
import { migration0500WebhookDeliveriesLeanIndex } from '../db/migrations/0500-webhook-deliveries-lean-index.js'
import { migration0590WebhookEventsLeanIndex } from '../db/migrations/0590-webhook-events-lean-index.js'

export const ownMigrations = [migration0100Webhooks, migration0101RateLimits, migration0500WebhookDeliveriesLeanIndex, migration0590WebhookEventsLeanIndex] as const

export function openTestDb(file = join(mkdtempSync(join(tmpdir(), 'sb-wh-')), 'app.db')): { db: Db; file: string } {
  const db = openDatabase(file)
  migrate(db, ownMigrations)
  return { db, file }
}

export interface ReceivedRequest {
  path: string
  headers: IncomingHttpHeaders
  body: string
  at: number
}

/** Answers one request; the default answers 200. */
export type ReceiverHandler = (req: ReceivedRequest, res: ServerResponse) => void | Promise<void>

export interface TestReceiver {
  readonly url: string
  readonly port: number
  readonly requests: ReceivedRequest[]
  handler: ReceiverHandler
  /** Resolves once `predicate(requests)` holds; rejects after timeoutMs. */
  waitFor(predicate: (requests: ReceivedRequest[]) => boolean, timeoutMs?: number): Promise<void>
  /** Closes the listener and drops open connections (the receiver is "down"). */
  down(): Promise<void>
  /** Listens again on the same port. */
  up(): Promise<void>
  close(): Promise<void>
}

export async function startReceiver(handler: ReceiverHandler = (_req, res) => void res.end('ok'), port = 0): Promise<TestReceiver> {
  const requests: ReceivedRequest[] = []
  const waiters = new Set<() => void>()
  const sockets = new Set<Socket>()
  let server: Server | null = null
  let boundPort = port

  const listen = async (): Promise<void> => {
    const s = createServer((req, res) => {
      const chunks: Buffer[] = []
      req.on('data', (c: Buffer) => chunks.push(c))
      req.on('end', () => {
        const r: ReceivedRequest = { path: req.url ?? '/', headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), at: Date.now() }
        requests.push(r)
        Promise.resolve(receiver.handler(r, res)).catch(() => res.destroy())
        // After the handler ran, so conditions on the handler's own state see this request.
        for (const w of [...waiters]) w()
      })
    })
    s.on('connection', (sock: Socket) => {
      sockets.add(sock)
      sock.on('close', () => sockets.delete(sock))
    })
    await new Promise<void>((resolve, reject) => {
      s.once('error', reject)
      s.listen(boundPort, '127.0.0.1', () => resolve())
    })
    boundPort = (s.address() as AddressInfo).port
    server = s
  }

  const down = async (): Promise<void> => {
    const s = server
    server = null
    if (!s) return
    for (const sock of sockets) sock.destroy()
    await new Promise<void>((resolve) => s.close(() => resolve()))
  }

  await listen()
  const receiver: TestReceiver = {
    get url() {
      return `http://127.0.0.1:${boundPort}/hook`
    },
    get port() {
      return boundPort
    },
    requests,
    handler,
    waitFor(predicate, timeoutMs = 10_000) {
      return new Promise<void>((resolve, reject) => {
        const check = () => {
          if (!predicate(requests)) return
          clearTimeout(timer)
          waiters.delete(check)
          resolve()
        }
        const timer = setTimeout(() => {
          waiters.delete(check)
          reject(new Error(`receiver condition not met within ${timeoutMs} ms (${requests.length} requests)`))
        }, timeoutMs)
        waiters.add(check)
        check()
      })
    },
    down,
    up: listen,
    close: down
  }
  return receiver
}

/** Ids (webhook-id header) of the requests received so far. */
export const receivedIds = (r: TestReceiver): string[] => r.requests.map((q) => String(q.headers['webhook-id']))
