// Test harness: a bare client that does the real Noise handshake with Baileys' own initiator (registration, or
// login with saved creds) and then lets a test put on the wire what no real client sends: garbage frames,
// malformed stanzas, oversized frames.
import WebSocket from 'ws'
import pino from 'pino'
import {
  Curve, DEFAULT_CONNECTION_CONFIG, NOISE_WA_HEADER, encodeBinaryNode, generateLoginNode, generateRegistrationNode, initAuthCreds,
  makeNoiseHandler, proto, type AuthenticationCreds, type BinaryNode
} from '@whiskeysockets/baileys'

type Noise = ReturnType<typeof makeNoiseHandler>

export class RawNoiseClient {
  readonly received: BinaryNode[] = []
  /** Resolves with the close code once the server (or the client) ends the connection. */
  readonly closed: Promise<number>
  private readonly noise: Noise
  private readonly waiters: { match: (n: BinaryNode) => boolean; resolve: (n: BinaryNode) => void }[] = []
  private readonly ephemeral: Uint8Array
  private handshakeFrame: ((frame: Uint8Array) => void) | undefined
  private isClosed = false

  private constructor(private readonly ws: WebSocket) {
    const keyPair = Curve.generateKeyPair()
    this.ephemeral = keyPair.public
    this.noise = makeNoiseHandler({ keyPair, NOISE_HEADER: NOISE_WA_HEADER, logger: pino({ level: 'silent' }) as never })
    this.closed = new Promise((resolve) =>
      ws.on('close', (code) => {
        this.isClosed = true
        resolve(code)
      })
    )
    ws.on('error', () => undefined)
    ws.on('message', (data: Buffer) => {
      void this.noise.decodeFrame(data, (frame) => {
        if (frame instanceof Uint8Array) this.handshakeFrame?.(frame)
        else this.onNode(frame)
      })
    })
  }

  get open(): boolean {
    return !this.isClosed && this.ws.readyState === WebSocket.OPEN
  }

  /** Connects and completes the handshake: a login when `creds.me` is set, else a registration (fresh creds by default). */
  static async connect(url: string, creds: AuthenticationCreds = initAuthCreds()): Promise<RawNoiseClient> {
    const ws = new WebSocket(url, { headers: { Origin: 'https://web.whatsapp.com' } })
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve())
      ws.once('error', reject)
    })
    const c = new RawNoiseClient(ws)
    const serverHello = new Promise<Uint8Array>((resolve) => (c.handshakeFrame = resolve))
    ws.send(c.noise.encodeFrame(proto.HandshakeMessage.encode({ clientHello: { ephemeral: c.ephemeral } }).finish()))
    const keyEnc = c.noise.processHandshake(proto.HandshakeMessage.decode(await serverHello), creds.noiseKey)
    const config = DEFAULT_CONNECTION_CONFIG
    const payload = creds.me ? generateLoginNode(creds.me.id, config) : generateRegistrationNode(creds, config)
    const payloadEnc = c.noise.encrypt(proto.ClientPayload.encode(payload).finish())
    ws.send(c.noise.encodeFrame(proto.HandshakeMessage.encode({ clientFinish: { static: keyEnc, payload: payloadEnc } }).finish()))
    await c.noise.finishInit()
    return c
  }

  private onNode(n: BinaryNode): void {
    this.received.push(n)
    for (const w of [...this.waiters]) {
      if (!w.match(n)) continue
      this.waiters.splice(this.waiters.indexOf(w), 1)
      w.resolve(n)
    }
  }

  /** The first stanza (already received or still to come) with this tag, and matching `where` if given. */
  next(tag: string, where: (n: BinaryNode) => boolean = () => true): Promise<BinaryNode> {
    const match = (n: BinaryNode) => n.tag === tag && where(n)
    const seen = this.received.find(match)
    if (seen) return Promise.resolve(seen)
    return new Promise((resolve) => this.waiters.push({ match, resolve }))
  }

  /** A well-formed, encrypted frame carrying this stanza. */
  sendNode(n: BinaryNode): void {
    this.sendPlaintext(encodeBinaryNode(n))
  }

  /** An encrypted frame with arbitrary plaintext (the transport accepts it; the stanza decoder may not). */
  sendPlaintext(bytes: Uint8Array): void {
    this.ws.send(this.noise.encodeFrame(bytes))
  }

  /** Bytes exactly as given, no framing or encryption. */
  sendRaw(bytes: Uint8Array): void {
    this.ws.send(bytes)
  }

  close(): void {
    this.ws.terminate()
  }
}
