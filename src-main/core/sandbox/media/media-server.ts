// HTTPS media service on 127.0.0.1: clients upload encrypted media (as to WhatsApp's media hosts) and download
// it back by direct path; profile pictures are served here too. Bodies are opaque ciphertext.
import { createServer, type Server } from 'node:https'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { randomBytes } from 'node:crypto'
import type { AddressInfo } from 'node:net'
import type { Logger } from 'pino'
import type { Db } from '../../db/connection.js'
import { getMediaEntry, putMedia } from '../store/media-repo.js'
import type { MediaExpiry } from './media-expiry.js'
import { getPicture } from '../store/profile-repo.js'
import type { TlsIdentity } from './tls.js'

export const MAX_MEDIA_BYTES = 100 * 1024 * 1024
/** How long the media server keeps an idle keep-alive connection (see listen). */
export const MEDIA_KEEP_ALIVE_MS = 120_000

export class MediaServer {
  private server: Server | undefined
  private port = 0
  /** Expired media (the media_expired fault), answered with its status instead of the bytes. */
  expiry: MediaExpiry | undefined

  constructor(private readonly db: Db, private readonly tls: TlsIdentity, private readonly log: Logger) {}

  /** The body of /sw.js (the sandbox's announced client version), once the network wires it. */
  serviceWorker: (() => string) | undefined

  get host(): string {
    return `127.0.0.1:${this.port}`
  }

  async listen(preferredPort: number): Promise<number> {
    const tryListen = (port: number) =>
      new Promise<Server>((resolve, reject) => {
        const srv = createServer({ cert: this.tls.cert, key: this.tls.key }, (req, res) => {
          this.handle(req, res).catch((e: unknown) => {
            this.log.warn({ err: e }, 'sandbox media request failed')
            if (!res.headersSent) res.writeHead(500).end()
          })
        })
        // Idle keep-alive connections stay open longer than any client keeps them (undici: 4 s), so the client always
        // closes first. With Node's default 5 s, a client whose event loop lags (fifty accounts syncing history)
        // reused a socket the server had just closed: "fetch failed: other side closed", and Baileys, which has
        // receipted the history notification already, lost that chunk for good.
        srv.keepAliveTimeout = MEDIA_KEEP_ALIVE_MS
        srv.headersTimeout = MEDIA_KEEP_ALIVE_MS + 5_000
        srv.once('error', reject)
        srv.listen(port, '127.0.0.1', () => resolve(srv))
      })
    try {
      this.server = await tryListen(preferredPort)
    } catch {
      this.server = await tryListen(0)
    }
    this.port = (this.server.address() as AddressInfo).port
    return this.port
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'https://127.0.0.1')
    if (req.method === 'POST' && url.pathname.startsWith('/mms/')) return this.upload(req, res)
    if (req.method === 'GET' && url.pathname === '/sw.js' && this.serviceWorker) {
      // WhatsApp Web's service worker stand-in: where clients learn the current version (issue 22 item 1).
      const body = Buffer.from(this.serviceWorker())
      return void res.writeHead(200, { 'content-type': 'application/javascript', 'content-length': body.length }).end(body)
    }
    if (req.method === 'GET' && url.pathname.startsWith('/m/')) {
      const entry = getMediaEntry(this.db, url.pathname)
      if (!entry) return void res.writeHead(404).end()
      const expired = this.expiry?.statusOf(url.pathname, entry.createdAt)
      if (expired) return void res.writeHead(expired).end()
      const body = entry.body
      return void res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': body.length }).end(body)
    }
    if (req.method === 'GET' && url.pathname.startsWith('/pp/')) {
      const [, , owner, id] = url.pathname.split('/')
      const pic = owner ? getPicture(this.db, decodeURIComponent(owner)) : undefined
      if (!pic || pic.pictureId !== id) return void res.writeHead(404).end()
      return void res.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': pic.image.length }).end(pic.image)
    }
    res.writeHead(404).end()
  }

  private async upload(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = []
    let size = 0
    for await (const chunk of req as AsyncIterable<Buffer>) {
      size += chunk.length
      if (size > MAX_MEDIA_BYTES) return void res.writeHead(413).end()
      chunks.push(chunk)
    }
    const directPath = `/m/${randomBytes(16).toString('hex')}`
    putMedia(this.db, directPath, Buffer.concat(chunks))
    res.writeHead(200, { 'content-type': 'application/json' })
    res.end(JSON.stringify({ url: `https://${this.host}${directPath}`, direct_path: directPath }))
  }

  async close(): Promise<void> {
    const srv = this.server
    if (!srv) return
    srv.closeAllConnections()
    await new Promise<void>((r) => srv.close(() => r()))
  }
}
