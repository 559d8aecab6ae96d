// The person behind a simulated phone: a real Baileys socket logged in as the phone's own device (device 0),
// inside the sandbox process. It decrypts what the person receives, keeps a log of it (with media), and sends
// end-to-end-encrypted messages on the person's behalf. With `idleMs` the person is online on demand: it connects when
// woken (the network holds something for it, or someone acts as it) and logs off after idleMs without traffic and
// with nothing left queued for it, as a phone in a pocket does (a live Baileys socket costs ~2 MB; 30,000 don't fit).
import { createHash } from 'node:crypto'
import makeWASocket, {
  DisconnectReason, NO_MESSAGE_FOUND_ERROR_TEXT, downloadMediaMessage, getContentType, normalizeMessageContent, proto, Browsers,
  type AnyMessageContent, type WAMessage, type WASocket
} from '@whiskeysockets/baileys'
import type { Logger } from 'pino'
import type { Db } from '../../db/connection.js'
import { getAccountByLid } from '../store/accounts-repo.js'
import { recordDecryptFailure, recordPersonMessage, savePersonMedia } from '../store/person-repo.js'
import { queueDepth } from '../store/queue-repo.js'
import { mintDeviceIdentity, personAuthState } from './person-auth.js'
import { getAccount } from '../store/accounts-repo.js'
import type { LoginGate, Release } from './login-gate.js'
import { withSharedAsyncLocalStorage } from '../../runtime/shared-async-local-storage.js'
import { reactToIncoming } from './behaviours.js'
import type { SocketTrust } from '../client-trust.js'
import { parseJid, pnJid } from '../wire/jid.js'

/** A login that neither opened nor closed by then gives its gate slot up anyway (Baileys' connect timeout is 20 s). */
const LOGIN_SLOT_MS = 30_000
/** A message stanza Baileys has not emitted after this long is taken as never to be emitted (doze may go on). */
const IN_FLIGHT_GIVE_UP_MS = 120_000
const MEDIA_TYPES = new Set(['imageMessage', 'videoMessage', 'audioMessage', 'documentMessage', 'stickerMessage', 'ptvMessage'])

export interface PersonCensus {
  /** waiting: woken, in line for a login slot (or a reconnect timer); connecting: logging in. */
  state: 'offline' | 'waiting' | 'connecting' | 'online'
  busy: number
  inFlight: number
  pendingWork: number
  waiters: number
  /** Stanzas the network holds for this phone (counted only for a person with a socket). */
  queued: number
}

export class PersonDevice {
  private sock: WASocket | undefined
  /** The live socket's creds and their saver (ensureDeviceIdentity completes them before a send). */
  private auth: ReturnType<typeof personAuthState> | undefined
  private stopped = false
  private ready = false
  private readyWaiters: (() => void)[] = []
  private retryMs = 200
  private readonly sent = new Map<string, proto.IMessage>()
  /** Senders this person answered automatically (behaviours.ts). */
  private readonly answered = new Set<string>()
  private readonly pendingWork = new Set<Promise<unknown>>()
  private idleTimer: NodeJS.Timeout | undefined
  /**
   * Message stanzas this socket took in and Baileys has not yet handed over (id -> when). Baileys sends the receipt
   * (which clears the network's queue) before it emits the message, and holds emits in a buffer until the offline
   * batch is done; ending the socket in between would drop the message, so a person never logs off with one here.
   */
  private readonly inFlight = new Map<string, number>()
  /** Sends and presence updates under way (a person never logs off in the middle of one). */
  private busy = 0
  /** A start is pending: in line at the login gate, or a reconnect timer. */
  private startPending = false
  /** The socket logging in (holding a login slot) until it opens or closes. */
  private loginSock: WASocket | undefined

  constructor(
    private readonly db: Db,
    readonly phone: string,
    private readonly trust: SocketTrust,
    private readonly log: Logger,
    /** Online on demand: log off after this long idle (undefined: always online, reconnecting by itself). */
    private readonly idleMs?: number,
    /** Bounds how many persons log in at once (on-demand networks); none: log in at once. */
    private readonly gate?: LoginGate
  ) {}

  get online(): boolean {
    return this.ready
  }

  /** Where this person is and what keeps it from logging off (bench census of on-demand persons). */
  census(): PersonCensus {
    return {
      state: this.ready ? 'online' : this.loginSock ? 'connecting' : this.startPending ? 'waiting' : 'offline',
      busy: this.busy,
      inFlight: this.inFlight.size,
      pendingWork: this.pendingWork.size,
      waiters: this.readyWaiters.length,
      queued: this.sock ? queueDepth(this.db, this.phone, 0) : 0
    }
  }

  /** Connects now (always-online persons at start; on-demand ones through requestStart, holding a login slot). */
  start(release: Release = () => undefined): void {
    if (this.stopped) return release()
    this.auth = personAuthState(this.db, this.phone)
    const { state, saveCreds } = this.auth
    // Built over the process's one shared AsyncLocalStorage: each Baileys socket otherwise enables one of its own for
    // good, and every promise the process creates afterwards pays for all of them (an on-demand person logs in anew
    // each time it wakes: after a few hundred logins the sandbox's every await cost ~100x; the campaign bench's later
    // phases then ran on a slower sandbox than its first).
    const sock = withSharedAsyncLocalStorage(() => makeWASocket({
      ...this.trust,
      auth: state,
      logger: this.log.child({ person: this.phone }) as never,
      browser: Browsers.ubuntu('Sandbox phone'),
      markOnlineOnConnect: false,
      syncFullHistory: false,
      connectTimeoutMs: 20_000,
      defaultQueryTimeoutMs: 20_000,
      keepAliveIntervalMs: 25_000,
      getMessage: async (key) => (key.id ? this.sent.get(key.id) : undefined)
    }))
    this.sock = sock
    this.loginSock = sock
    let loginOver = false
    // The slot is held until this login opens or closes (ended by doze or stop included), or gives up.
    const endLogin = () => {
      if (loginOver) return
      loginOver = true
      clearTimeout(slotTimer)
      if (this.loginSock === sock) this.loginSock = undefined
      release()
    }
    const slotTimer = setTimeout(endLogin, LOGIN_SLOT_MS)
    slotTimer.unref()
    this.inFlight.clear()
    sock.ws.on('CB:message', (n: { attrs: { id?: string } }) => {
      if (n.attrs.id) this.inFlight.set(n.attrs.id, Date.now())
      this.touch()
    })
    sock.ev.on('creds.update', saveCreds)
    sock.ev.on('connection.update', (u) => {
      if (u.connection === 'open' || u.connection === 'close') endLogin()
      // A socket this person let go of (logged off while idle) has nothing more to say.
      if (this.sock !== sock) return
      if (u.connection === 'open') {
        this.ready = true
        this.retryMs = 200
        for (const w of this.readyWaiters.splice(0)) w()
        this.touch()
      }
      if (u.connection === 'close') {
        this.ready = false
        const code = (u.lastDisconnect?.error as { output?: { statusCode?: number } } | undefined)?.output?.statusCode
        if (this.stopped || code === DisconnectReason.loggedOut) return
        const wait = code === DisconnectReason.restartRequired ? 0 : this.retryMs
        this.retryMs = Math.min(this.retryMs * 2, 5_000)
        this.requestStart(wait)
      }
    })
    sock.ev.on('messages.upsert', ({ messages }) => {
      for (const m of messages) {
        if (m.key.id) this.inFlight.delete(m.key.id)
        this.track(this.record(m))
      }
      this.touch()
    })
  }

  /** Connects an on-demand person that is logged off (no-op when connected, connecting, in line or stopped). */
  wake(): void {
    if (!this.stopped && !this.sock) this.requestStart(0)
  }

  /** Starts after `delayMs`, through the login gate when there is one; at most one start pending. */
  private requestStart(delayMs: number): void {
    if (this.stopped || this.startPending) return
    this.startPending = true
    const go = (release: Release) => {
      this.startPending = false
      this.start(release)
    }
    const enter = () => (this.gate ? this.gate.enter(go) : go(() => undefined))
    if (delayMs > 0) setTimeout(enter, delayMs).unref()
    else enter()
  }

  /** Traffic: an on-demand person stays online idleMs longer. */
  private touch(): void {
    if (this.idleMs === undefined || this.stopped) return
    clearTimeout(this.idleTimer)
    this.idleTimer = setTimeout(() => this.doze(), this.idleMs).unref()
  }

  /**
   * Logs off once idle: no message Baileys has yet to hand over, nothing being recorded, the network holds nothing
   * more for this phone. (A stanza the network sends while the socket closes stays queued: the network wakes the
   * person again when it sees the connection gone with something queued, server/session.ts.)
   */
  private doze(): void {
    const sock = this.sock
    if (!sock || this.stopped) return
    // A stanza Baileys never emits (nacked as unparseable) must not keep the person online forever.
    for (const [id, at] of this.inFlight) if (Date.now() - at > IN_FLIGHT_GIVE_UP_MS) this.inFlight.delete(id)
    if (this.busy || this.inFlight.size || this.pendingWork.size || this.readyWaiters.length || queueDepth(this.db, this.phone, 0) > 0) return this.touch()
    this.sock = undefined
    this.ready = false
    sock.end(undefined)
  }

  private track(p: Promise<unknown>): void {
    this.pendingWork.add(p)
    p.catch((e: unknown) => this.log.warn({ err: e, person: this.phone }, 'person could not record a message')).finally(() => this.pendingWork.delete(p))
  }

  async whenOnline(timeoutMs = 15_000): Promise<boolean> {
    this.wake()
    if (this.ready) return true
    return new Promise((resolve) => {
      const t = setTimeout(() => resolve(false), timeoutMs)
      this.readyWaiters.push(() => {
        clearTimeout(t)
        resolve(true)
      })
    })
  }

  /** Sends as the person; `to` is a PN, LID or group JID. */
  async send(to: string, content: AnyMessageContent): Promise<WAMessage> {
    return this.whileBusy(async (sock) => {
      const msg = await sock.sendMessage(to, content)
      if (!msg) throw new Error('message not sent')
      if (msg.key.id && msg.message) this.sent.set(msg.key.id, msg.message)
      await this.record(msg)
      return msg
    })
  }

  /** A phone created in bulk signs its device identity before it first sends (Baileys puts it in pre-key messages). */
  private ensureDeviceIdentity(): void {
    if (!this.auth || this.auth.state.creds.account) return
    const acc = getAccount(this.db, this.phone)
    if (!acc) return
    this.auth.state.creds.account = mintDeviceIdentity(acc)
    this.auth.saveCreds()
  }

  /** Runs `op` on the online socket; the person stays online until it is done. */
  private async whileBusy<T>(op: (sock: WASocket) => Promise<T>): Promise<T> {
    if (!(await this.whenOnline()) || !this.sock) throw new Error('person offline')
    this.ensureDeviceIdentity()
    this.busy++
    try {
      return await op(this.sock)
    } finally {
      this.busy--
      this.touch()
    }
  }

  /** The live Baileys socket of the person's phone, for tests that need the full client API. */
  async socket(): Promise<WASocket> {
    if (!(await this.whenOnline()) || !this.sock) throw new Error('person offline')
    this.ensureDeviceIdentity()
    this.touch()
    return this.sock
  }

  async presence(type: 'available' | 'unavailable' | 'composing' | 'recording' | 'paused', to?: string): Promise<void> {
    await this.whileBusy((sock) => sock.sendPresenceUpdate(type, to))
  }

  /** Phone-number JID of a sender/recipient, whatever addressing the stanza used. */
  private toPn(jid: string | null | undefined): string {
    const p = parseJid(jid ?? undefined)
    if (!p) return jid ?? ''
    if (p.server === 'lid') {
      const acc = getAccountByLid(this.db, p.user)
      return acc ? pnJid(acc.phone) : `${p.user}@lid`
    }
    if (p.server === 'g.us' || p.server === 'broadcast') return `${p.user}@${p.server}`
    return pnJid(p.user)
  }

  private async record(m: WAMessage): Promise<void> {
    // A message this phone could not decrypt (Baileys asks the sender for a retry): counted per phone for tests.
    if (m.messageStubType === proto.WebMessageInfo.StubType.CIPHERTEXT && m.key.id) {
      const error = String(m.messageStubParameters?.[0] ?? '')
      if (error !== NO_MESSAGE_FOUND_ERROR_TEXT) {
        recordDecryptFailure(this.db, this.phone, { id: m.key.id, from: this.toPn(m.key.participant ?? m.key.remoteJid), error, at: Date.now() })
        this.log.warn({ person: this.phone, id: m.key.id, error }, 'person could not decrypt a message')
      }
      return
    }
    const content = normalizeMessageContent(m.message)
    const type = content ? getContentType(content) : undefined
    if (!m.key.id || !content || !type || type === 'protocolMessage' || type === 'senderKeyDistributionMessage') return
    const me = pnJid(this.phone)
    const chat = this.toPn(m.key.remoteJid)
    const isGroup = chat.endsWith('@g.us') || chat === 'status@broadcast'
    const fromMe = !!m.key.fromMe
    const from = fromMe ? me : isGroup ? this.toPn(m.key.participant) : chat
    const to = fromMe ? chat : isGroup ? chat : me
    const text =
      content.conversation ?? content.extendedTextMessage?.text ?? content.imageMessage?.caption ?? content.videoMessage?.caption ??
      content.documentMessage?.caption ?? content.reactionMessage?.text ?? content.pollCreationMessageV3?.name ?? content.pollCreationMessage?.name ??
      content.locationMessage?.name ?? content.contactMessage?.displayName ?? content.listMessage?.description ?? content.eventMessage?.name ?? null
    let mediaMimetype: string | null = null
    let mediaSha256: string | null = null
    if (MEDIA_TYPES.has(type)) {
      const media = (content as Record<string, { mimetype?: string | null } | undefined>)[type]
      mediaMimetype = media?.mimetype ?? null
      try {
        const body = (await downloadMediaMessage(m, 'buffer', { options: { dispatcher: this.trust.options.dispatcher } as never })) as Buffer
        mediaSha256 = createHash('sha256').update(body).digest('hex')
        savePersonMedia(this.db, this.phone, m.key.id, mediaMimetype, body)
      } catch (e) {
        this.log.warn({ err: e, person: this.phone, id: m.key.id }, 'person could not download media')
      }
    }
    recordPersonMessage(this.db, this.phone, {
      id: m.key.id,
      chat,
      from,
      to,
      type: type.replace(/Message(V\d)?$/, ''),
      text,
      mediaMimetype,
      mediaSha256,
      content: proto.Message.toObject(proto.Message.fromObject(content), { longs: Number, bytes: String }),
      fromMe,
      timestamp: Number(m.messageTimestamp ?? Math.floor(Date.now() / 1000))
    })
    if (!fromMe && !isGroup && from.endsWith('@s.whatsapp.net')) {
      const replying = reactToIncoming(this.db, this.phone, from, this.answered, (to, text) => this.send(to, { text }))
      if (replying) this.track(replying)
    }
  }

  /** Waits for in-flight recording (e.g. a media download) to finish. */
  async settle(): Promise<void> {
    while (this.pendingWork.size) await Promise.allSettled([...this.pendingWork])
  }

  async stop(): Promise<void> {
    this.stopped = true
    this.ready = false
    clearTimeout(this.idleTimer)
    await this.settle()
    this.sock?.end(undefined)
    this.sock = undefined
  }
}
