// One client connection: Noise handshake (bounded by a timeout), then stanzas in and out, processed strictly in
// arrival order. Malformed input — garbage, oversized frames, stanzas without id/to — closes this connection
// only; it never reaches the rest of the server.
import type { WebSocket } from 'ws'
import { binaryNodeToString, type BinaryNode } from '@whiskeysockets/baileys'
import { NoiseResponder, decodeStanza } from '../transport/noise-responder.js'
import { MAX_WS_PAYLOAD } from '../transport/ws-listener.js'
import { ProtocolError } from '../wire/protocol-error.js'
import { envelopeProblem } from '../wire/envelope.js'
import type { Connection, Registration, SandboxServer } from './context.js'
import { deviceKey, type DeviceAddr } from './delivery.js'
import { genId, node, tstr } from '../wire/nodes.js'
import { SERVER_JID } from '../wire/jid.js'

export type StanzaHandler = (conn: Connection, stanza: BinaryNode) => Promise<void> | void
export type AuthenticatedHandler = (conn: Connection, clientStatic: Buffer, payload: import('@whiskeysockets/baileys').proto.ClientPayload) => Promise<void>

let nextConnId = 1

/** Websocket close codes, so a peer (or a test) can tell why the sandbox hung up. */
export const CLOSE = { normal: 1000, protocolError: 1002, handshakeTimeout: 1008, internalError: 1011 } as const

export type { Connection }

export class ClientConnection implements Connection {
  readonly id = nextConnId++
  private readonly noise: NoiseResponder
  private chain: Promise<void> = Promise.resolve()
  private readonly pendingIq = new Map<string, { resolve: (n: BinaryNode) => void; reject: (e: Error) => void; timer: NodeJS.Timeout }>()
  private handshakeTimer: NodeJS.Timeout | undefined
  closed = false
  /** Set once a login succeeded. */
  device: DeviceAddr | undefined
  /** Set while a not-yet-linked companion waits for a phone. */
  registration: Registration | undefined

  constructor(
    readonly server: SandboxServer,
    private readonly ws: WebSocket,
    private readonly onAuthenticated: AuthenticatedHandler,
    private readonly onStanza: StanzaHandler,
    private readonly onClosed: (conn: Connection) => void
  ) {
    // A stanza is never larger than one websocket message, so neither is a frame.
    this.noise = new NoiseResponder(server.staticKey, server.certChain, MAX_WS_PAYLOAD)
    this.handshakeTimer = setTimeout(() => this.close('handshake timeout', CLOSE.handshakeTimeout), server.options.handshakeTimeoutMs)
    this.handshakeTimer.unref()
    ws.on('message', (data: Buffer) => {
      this.chain = this.chain.then(() => this.onData(data)).catch((e: unknown) => this.fail(e))
    })
    ws.on('close', () => this.handleClose())
    ws.on('error', (e) => this.server.log.debug({ err: e, conn: this.id }, 'sandbox socket error'))
  }

  get online(): boolean {
    return !this.closed && !!this.device && this.ws.readyState === this.ws.OPEN
  }

  get label(): string {
    return this.device ? deviceKey(this.device) : `conn#${this.id}`
  }

  private async onData(data: Buffer): Promise<void> {
    if (this.closed) return
    for (const frame of this.noise.feed(Buffer.isBuffer(data) ? data : Buffer.from(data))) {
      if (this.noise.phase === 'hello') {
        this.ws.send(this.noise.serverHello(frame))
      } else if (this.noise.phase === 'finish') {
        const { clientStatic, payload } = this.noise.clientFinish(frame)
        clearTimeout(this.handshakeTimer)
        await this.onAuthenticated(this, clientStatic, payload)
      } else {
        let stanza: BinaryNode
        try {
          stanza = await decodeStanza(frame)
        } catch {
          throw new ProtocolError('undecodable stanza')
        }
        const problem = envelopeProblem(stanza)
        if (problem) throw new ProtocolError(`malformed stanza: ${problem}`)
        if (this.server.log.isLevelEnabled('trace')) this.server.log.trace({ conn: this.label }, `<< ${binaryNodeToString(stanza).slice(0, 2000)}`)
        if (stanza.tag === 'iq' && (stanza.attrs.type === 'result' || stanza.attrs.type === 'error') && this.pendingIq.has(stanza.attrs.id ?? '')) {
          const p = this.pendingIq.get(stanza.attrs.id!)!
          this.pendingIq.delete(stanza.attrs.id!)
          clearTimeout(p.timer)
          p.resolve(stanza)
          continue
        }
        await this.onStanza(this, stanza)
      }
    }
  }

  private fail(e: unknown): void {
    const protocol = e instanceof ProtocolError
    this.server.log[protocol ? 'debug' : 'warn']({ err: e, conn: this.label }, protocol ? 'closing connection: bad input' : 'closing connection: handler failed')
    this.close(protocol ? 'protocol error' : 'internal error', protocol ? CLOSE.protocolError : CLOSE.internalError)
  }

  send(stanza: BinaryNode): void {
    if (this.closed || this.ws.readyState !== this.ws.OPEN) return
    if (this.server.log.isLevelEnabled('trace')) this.server.log.trace({ conn: this.label }, `>> ${binaryNodeToString(stanza).slice(0, 2000)}`)
    this.ws.send(this.noise.encodeNode(stanza))
  }

  /** Server-initiated iq; resolves with the client's result (or error) stanza. */
  query(stanza: BinaryNode, timeoutMs = 15_000): Promise<BinaryNode> {
    const id = (stanza.attrs.id ||= genId())
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pendingIq.delete(id)
        reject(new Error(`client did not answer iq ${id}`))
      }, timeoutMs)
      timer.unref()
      this.pendingIq.set(id, { resolve, reject, timer })
      this.send(stanza)
    })
  }

  result(req: BinaryNode, content?: BinaryNode[], extra: Record<string, string> = {}): void {
    this.send(node('iq', { id: req.attrs.id, type: 'result', from: req.attrs.to || SERVER_JID, t: tstr(), ...extra }, content))
  }

  error(req: BinaryNode, code: number, text: string): void {
    this.send(node('iq', { id: req.attrs.id, type: 'error', from: req.attrs.to || SERVER_JID }, [node('error', { code: String(code), text })]))
  }

  /** Sends a stream error (e.g. 515 restart, 401 logout, conflict) and closes shortly after. */
  streamError(attrs: Record<string, string>, content?: BinaryNode[], closeAfterMs = 50): void {
    this.send(node('stream:error', attrs, content))
    setTimeout(() => this.close('stream error'), closeAfterMs).unref()
  }

  close(reason: string, code: number = CLOSE.normal): void {
    if (this.closed) return
    this.server.log.debug({ conn: this.label, reason }, 'sandbox connection closing')
    try {
      this.ws.close(code, reason)
    } catch {
      this.ws.terminate()
    }
    // Make sure the socket goes away even if the peer never completes the close handshake.
    setTimeout(() => this.ws.terminate(), 1000).unref()
    this.handleClose()
  }

  /** Drop the TCP connection without any goodbye (fault injection). */
  drop(): void {
    this.ws.terminate()
    this.handleClose()
  }

  private handleClose(): void {
    if (this.closed) return
    this.closed = true
    clearTimeout(this.handshakeTimer)
    for (const p of this.pendingIq.values()) {
      clearTimeout(p.timer)
      p.reject(new Error('connection closed'))
    }
    this.pendingIq.clear()
    this.onClosed(this)
  }
}
