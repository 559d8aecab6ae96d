// The sandbox network as one object: opens the world database, the websocket and media endpoints, wires the
// server, and offers the operations tests, testers and the admin routes use: create phones, link and unlink
// devices, introspection. The people behind the phones live in sandbox-persons.ts, fault injection in
// sandbox-faults.ts; the person operations are re-exposed here so callers keep one entry point.
import { join } from 'node:path'
import pino, { type Logger } from 'pino'
import type { AnyMessageContent, WASocket } from '@whiskeysockets/baileys'
import { openDatabase, checkpointAndClose, type Db } from '../db/connection.js'
import { migrate } from '../db/migrate.js'
import { sandboxMigrations } from './store/schema.js'
import { getMeta, persistedKeyPair, setMeta } from './store/meta-repo.js'
import { countPreKeys, getAccount, listAccounts, listDevices, type Account } from './store/accounts-repo.js'
import type { DecryptFailures, PersonMessage } from './store/person-repo.js'
import { queueDepth } from './store/queue-repo.js'
import { hidesNumber, setHidesNumber } from './store/identity-privacy-repo.js'
import { countNewChats } from './store/settings-repo.js'
import { sendLimitsOf, sendLimitsPatch, setSendLimits, type TimelockRule } from './server/send-limits.js'
import { behavioursOf, setBehaviours } from './phone/behaviours.js'
import { collectionVersion } from './store/app-state-repo.js'
import { generateKeyPair, issueCertChain } from './transport/cert-authority.js'
import { listenWs, type WsListener } from './transport/ws-listener.js'
import { MediaServer } from './media/media-server.js'
import { loadOrCreateTls } from './media/tls.js'
import { SandboxServer } from './server/context.js'
import { ClientConnection } from './server/connection.js'
import { deviceKey } from './server/delivery.js'
import { banOf, type BanCode } from './store/ban-repo.js'
import { handleClosed, makeAuthenticatedHandler } from './server/session.js'
import { routeStanza } from './handlers/router.js'
import { unlink } from './handlers/misc.js'
import { bootstrapCompanion, enterPairingCode, PAIRING_CODE_TTL_MS, scanQr, type LinkResult } from './phone/pairing.js'
import { provisionPhone, type ProvisionInput } from './phone/provision.js'
import { seedAccount, seedSummary, type SeedSummary } from './phone/history-sync.js'
import { makeSocketTrust, trustSandboxRoot, type SocketTrust } from './client-trust.js'
import { sandboxErrors } from './errors.js'
import { deviceOfJid, requirePhone } from './lookup.js'
import { badMacStorm, type StormOptions } from './phone/bad-mac-storm.js'
import { NetworkFaults } from './sandbox-faults.js'
import { Persons, type PersonsCensus } from './sandbox-persons.js'
import { installSignatureVerify } from '../runtime/baileys-signature-verify.js'
import { lidJid, phoneDigits, pnJid } from './wire/jid.js'
import type { AddressingMode } from './store/groups-repo.js'

export interface SandboxNetworkOptions {
  /** Folder for sandbox.db (created if missing). */
  dataDir: string
  /** Websocket port; default: the port used last time if free, else any. */
  port?: number
  logger?: Logger
  /** Addressing of newly created groups (real WhatsApp has moved to LID). Default 'pn'. */
  groupAddressingMode?: AddressingMode
  /** Close connections that have not finished the Noise handshake within this. Default 20 s (Baileys' connect timeout). */
  handshakeTimeoutMs?: number
  /**
   * Persons online on demand (networks of thousands of phones: a live person socket is ~2 MB): a phone's person
   * connects when the network queues something for it or someone acts as it, and logs off after this many ms idle
   * with nothing queued. Default: every person always online.
   */
  personIdleMs?: number
  /** With personIdleMs: how many persons may be logging in at once (the rest wait their turn). Default 4. */
  personLoginsAtOnce?: number
}

export interface SandboxDeviceInfo {
  id: number
  jid: string
  lid: string
  kind: 'phone' | 'companion'
  platform: string | null
  online: boolean
  linked_at: number
  pending_stanzas: number
  /** Login attempts since the sandbox started, refused ones included. */
  logins: number
  /** Retry receipts this device was sent since the sandbox started (readers asking it to resend a message). */
  retry_receipts: number
}

export interface SandboxPhone {
  phone_number: string
  name: string
  jid: string
  lid: string
  person_online: boolean
  devices: SandboxDeviceInfo[]
}

/** Per-phone settings (PATCH /sandbox/phones/{phone}/settings). */
export interface SandboxPhoneSettings {
  /** The phone hides its number: others get its 1:1 messages from its LID without sender_pn, LID groups show no phone_number. */
  hide_number: boolean
  /** Reach-out timelock: `timelock` refuses messages that open a new chat with ack error 463 until `timelock_until`. */
  new_contacts: 'allow' | 'timelock'
  /** When the timelock ends, ISO 8601; null = until `new_contacts` is set back to `allow`. */
  timelock_until: string | null
  /** New chats the account may open; the next ones are refused with ack error 475 (message capping). null = no cap. */
  message_cap: number | null
  /** New chats opened so far (what the cap counts). */
  new_chats: number
  /** The network refuses the account's linked devices at login with this `<failure reason>` (403 locked, 402/406 banned); null = not banned. */
  banned: BanCode | null
  /** After N new chats within a window the network sets a timelock (463) for lock_seconds; null = no such rule. */
  timelock_after: TimelockRule | null
  /** The person answers each new sender once with this text (e.g. "STOP"); null = no answer. */
  auto_reply: string | null
  /** The person blocks whoever writes to it (their later messages are accepted, never delivered). */
  block_on_receive: boolean
}

export type { LinkResult, PersonMessage, SeedSummary }

export class SandboxNetwork {
  /** Fault injection: drop a connection, stream conflict, delivery delay, pre-key exhaustion. */
  readonly faults: NetworkFaults
  private readonly persons: Persons
  private closed = false

  private constructor(
    private readonly db: Db,
    readonly server: SandboxServer,
    private readonly ws: WsListener,
    private readonly media: MediaServer,
    readonly rootPublicKey: Buffer,
    readonly mediaCaPem: string,
    log: Logger,
    personIdleMs: number | undefined,
    personLoginsAtOnce: number | undefined
  ) {
    this.faults = new NetworkFaults(db, server)
    this.persons = new Persons(db, server, () => this.socketTrust(), log, personIdleMs, personLoginsAtOnce)
    if (personIdleMs !== undefined) server.delivery.onQueuedOffline = (to) => this.persons.wake(to.phone, to.deviceId)
  }

  static async open(options: SandboxNetworkOptions): Promise<SandboxNetwork> {
    const log = options.logger ?? pino({ level: 'silent' })
    // Its phones' Baileys check this network's certificate chain at each login, and pairing checks the companion's
    // device signature: real checks, natively (Baileys' own accepted anything, in ~50 ms of pure JS each).
    installSignatureVerify()
    const db = openDatabase(join(options.dataDir, 'sandbox.db'))
    try {
      migrate(db, sandboxMigrations)
      const root = persistedKeyPair(db, 'noise_root', generateKeyPair)
      const staticKey = persistedKeyPair(db, 'noise_static', generateKeyPair)
      const tls = await loadOrCreateTls(db)
      const media = new MediaServer(db, tls, log)
      const mediaPort = await media.listen(Number(getMeta(db, 'media_port')?.toString() ?? 0))
      setMeta(db, 'media_port', Buffer.from(String(mediaPort)))
      const server = new SandboxServer(db, log, staticKey, issueCertChain(root, staticKey.public), {
        groupAddressingMode: options.groupAddressingMode ?? 'pn',
        mediaHost: () => media.host,
        handshakeTimeoutMs: options.handshakeTimeoutMs ?? 20_000
      })
      media.expiry = server.faults.media
      media.serviceWorker = () => server.faults.versions.serviceWorker()
      const onAuthenticated = makeAuthenticatedHandler(bootstrapCompanion)
      const ws = await listenWs(options.port ?? Number(getMeta(db, 'ws_port')?.toString() ?? 0), (socket) => {
        server.connections.add(new ClientConnection(server, socket, onAuthenticated, routeStanza, handleClosed))
      })
      setMeta(db, 'ws_port', Buffer.from(String(ws.port)))
      // Person devices are Baileys clients in this very process: this process must trust the sandbox root.
      trustSandboxRoot(root.public, ws.url)
      const network = new SandboxNetwork(db, server, ws, media, root.public, tls.cert, log, options.personIdleMs, options.personLoginsAtOnce)
      for (const acc of listAccounts(db)) network.persons.start(acc.phone)
      log.info({ url: ws.url, media: media.host }, 'sandbox network listening')
      return network
    } catch (e) {
      db.close()
      throw e
    }
  }

  get wsUrl(): string {
    return this.ws.url
  }

  get mediaHost(): string {
    return this.media.host
  }

  /** Spread into makeWASocket(...) for a client of this sandbox (after trustSandboxRoot in that process). */
  socketTrust(): SocketTrust {
    return makeSocketTrust(this.ws.url, this.mediaCaPem, this.media.host)
  }

  get events() {
    return this.server.events
  }

  // ---- phones -------------------------------------------------------------------------------------------

  /** A new phone; `preKeys`: one-time pre-keys already on the server (phone/provision.ts; > 5 skips the first upload). */
  async createPhone(input: ProvisionInput): Promise<SandboxPhone> {
    const acc = provisionPhone(this.db, input)
    this.persons.start(acc.phone)
    return this.phoneInfo(acc)
  }

  /** On-demand persons: how many are connected and what keeps them from logging off (summed over them). */
  personsCensus(): PersonsCensus {
    return this.persons.census()
  }

  /** On-demand persons: hold their login line (a woken person waits in line) or let it go (benches: logins in no measured phase). */
  holdPersonLogins(held: boolean): void {
    this.persons.holdLogins(held)
  }

  listPhones(): SandboxPhone[] {
    return listAccounts(this.db).map((a) => this.phoneInfo(a))
  }

  getPhone(phoneNumber: string): SandboxPhone | undefined {
    const acc = getAccount(this.db, phoneDigits(phoneNumber) ?? '')
    return acc && this.phoneInfo(acc)
  }

  private phoneInfo(a: Account): SandboxPhone {
    return {
      phone_number: a.phone,
      name: getAccount(this.db, a.phone)?.pushName ?? a.pushName,
      jid: pnJid(a.phone),
      lid: lidJid(a.lid),
      person_online: this.persons.isOnline(a.phone),
      devices: listDevices(this.db, a.phone).map((d) => ({
        id: d.deviceId,
        jid: pnJid(a.phone, d.deviceId),
        lid: lidJid(a.lid, d.deviceId),
        kind: d.kind,
        platform: d.platform,
        online: !!this.server.connOf({ phone: a.phone, deviceId: d.deviceId })?.online,
        linked_at: d.createdAt,
        pending_stanzas: queueDepth(this.db, a.phone, d.deviceId),
        logins: this.server.logins.get(deviceKey({ phone: a.phone, deviceId: d.deviceId })) ?? 0,
        retry_receipts: this.server.retryReceipts.get(deviceKey({ phone: a.phone, deviceId: d.deviceId })) ?? 0
      }))
    }
  }

  /**
   * Seeds the phone's account (once): contacts, chats addressed by PN or LID, groups (in the group store) and
   * labels (app-state), with `messages` spread over the chats. Generated deterministically from `seed` (default:
   * from the number); every device linked afterwards gets it as history sync chunks. Counts in snake_case as the
   * admin route takes them: {contacts, chats, messages, groups, labels, lid_share, seed}.
   */
  seedHistory(phoneNumber: string, input: Record<string, unknown>): Promise<SeedSummary> {
    return seedAccount(this.server, requirePhone(this.db, phoneNumber).phone, input)
  }

  /** What a phone was seeded with, if it was. */
  historySeed(phoneNumber: string): SeedSummary | undefined {
    return seedSummary(this.server, requirePhone(this.db, phoneNumber).phone)
  }

  /** The phone's privacy settings the sandbox models per phone (hide_number: reach others by LID only). */
  phoneSettings(phoneNumber: string): SandboxPhoneSettings {
    const phone = requirePhone(this.db, phoneNumber).phone
    const limits = sendLimitsOf(this.db, phone)
    return {
      hide_number: hidesNumber(this.db, phone),
      new_contacts: limits.new_contacts,
      timelock_until: limits.timelock_until === null ? null : new Date(limits.timelock_until).toISOString(),
      message_cap: limits.message_cap,
      new_chats: countNewChats(this.db, phone),
      banned: banOf(this.db, phone) ?? null,
      timelock_after: limits.timelock_after,
      ...behavioursOf(this.db, phone)
    }
  }

  /** Changes the given settings; the others stay. Takes effect on the phone's next stanza. */
  setPhoneSettings(phoneNumber: string, patch: Partial<Omit<SandboxPhoneSettings, 'new_chats'>>): SandboxPhoneSettings {
    const phone = requirePhone(this.db, phoneNumber).phone
    if (patch.hide_number !== undefined) setHidesNumber(this.db, phone, patch.hide_number)
    if (patch.auto_reply !== undefined || patch.block_on_receive !== undefined) {
      setBehaviours(this.db, phone, { ...(patch.auto_reply !== undefined ? { auto_reply: patch.auto_reply } : {}), ...(patch.block_on_receive !== undefined ? { block_on_receive: patch.block_on_receive } : {}) })
    }
    const limits = sendLimitsPatch(patch)
    if (limits) setSendLimits(this.server, phone, limits)
    if (patch.banned !== undefined) {
      if (patch.banned === null) this.faults.unban(phone)
      else this.faults.ban(phone, patch.banned)
    }
    return this.phoneSettings(phone)
  }

  // ---- linking ------------------------------------------------------------------------------------------

  async scanQr(phoneNumber: string, qr: string): Promise<LinkResult> {
    const acc = requirePhone(this.db, phoneNumber)
    if (typeof qr !== 'string' || !qr.trim()) throw sandboxErrors.invalidRequest('qr is required', ['qr'])
    return scanQr(this.server, acc.phone, qr)
  }

  async enterPairingCode(phoneNumber: string, code: string): Promise<LinkResult> {
    const acc = requirePhone(this.db, phoneNumber)
    if (typeof code !== 'string' || !code.trim()) throw sandboxErrors.invalidRequest('code is required', ['code'])
    return enterPairingCode(this.server, acc.phone, code)
  }

  /**
   * When a device asked to be linked to this phone by pairing code and still waits for it to be typed (the code
   * itself is only on that device's screen: the network keeps a key wrapped with it). Undefined when none waits.
   */
  pendingLinkCodeSince(phoneNumber: string): number | undefined {
    const pending = this.server.pendingLinkCode.get(requirePhone(this.db, phoneNumber).phone)
    return pending && Date.now() - pending.createdAt < PAIRING_CODE_TTL_MS ? pending.createdAt : undefined
  }

  /** The phone removes a linked device (Settings > Linked devices > Log out). */
  unlinkDevice(phoneNumber: string, deviceId: number): boolean {
    const acc = requirePhone(this.db, phoneNumber)
    if (!deviceId) throw sandboxErrors.invalidRequest('the phone itself (device 0) cannot be unlinked')
    return unlink(this.server, acc.phone, deviceId)
  }

  // ---- the person behind the phone (sandbox-persons.ts) ------------------------------------------------

  sendText(phoneNumber: string, to: string, text: string): Promise<{ id: string }> {
    if (typeof text !== 'string' || !text.length) throw sandboxErrors.invalidRequest('text is required', ['text'])
    return this.persons.sendMessage(phoneNumber, to, { text })
  }

  /** Any Baileys message content, for tests (images, voice notes, reactions, polls...). */
  sendMessage(phoneNumber: string, to: string, content: AnyMessageContent): Promise<{ id: string }> {
    return this.persons.sendMessage(phoneNumber, to, content)
  }

  /**
   * The person's own Baileys socket (device 0), for tests that need more than text: reactions, polls, edits,
   * revokes, chat archive/labels (app-state patches the instances then sync), and so on.
   */
  personSocket(phoneNumber: string): Promise<WASocket> {
    return this.persons.socket(phoneNumber)
  }

  /** What the person's phone failed to decrypt (e.g. a reused Signal message key after a crash of a linked device). */
  decryptFailures(phoneNumber: string): Promise<DecryptFailures> {
    return this.persons.decryptFailures(phoneNumber)
  }

  setPresence(phoneNumber: string, state: 'available' | 'unavailable'): Promise<void> {
    return this.persons.setPresence(phoneNumber, state)
  }

  chatState(phoneNumber: string, to: string, state: 'composing' | 'recording' | 'paused'): Promise<void> {
    return this.persons.chatState(phoneNumber, to, state)
  }

  /** Rings `to` from this phone (signalling only); returns the call id. */
  placeCall(phoneNumber: string, to: string, opts: { video?: boolean } = {}): string {
    return this.persons.placeCall(phoneNumber, to, opts)
  }

  endCall(phoneNumber: string, to: string, callId: string, reason: 'timeout' | 'hangup' = 'timeout'): void {
    this.persons.endCall(phoneNumber, to, callId, reason)
  }

  /** A Bad MAC storm on one device (phone/bad-mac-storm.ts); `done` resolves once the last message went. */
  badMacStorm(o: StormOptions): Promise<{ total: number; done: Promise<number> }> {
    return badMacStorm(this, o)
  }

  /**
   * A person rings `to` (issue 22): an offer, then after `ringMs` the call ends by itself — `timeout` (nobody
   * answered: a missed call) or `cancel` (the caller hangs up). Returns the call id.
   */
  ring(phoneNumber: string, to: string, o: { video?: boolean; ringMs?: number; outcome?: 'timeout' | 'cancel' } = {}): string {
    const callId = this.placeCall(phoneNumber, to, { video: o.video })
    const end = () => {
      try {
        this.endCall(phoneNumber, to, callId, o.outcome === 'cancel' ? 'hangup' : 'timeout')
      } catch {
        // The sandbox closed while it rang.
      }
    }
    setTimeout(end, Math.max(0, o.ringMs ?? 30_000)).unref()
    return callId
  }

  messages(phoneNumber: string): Promise<PersonMessage[]> {
    return this.persons.messages(phoneNumber)
  }

  /** Decrypted media of a message the person sent or received. */
  mediaOf(phoneNumber: string, messageId: string): Promise<{ mimetype: string | null; body: Buffer } | undefined> {
    return this.persons.mediaOf(phoneNumber, messageId)
  }

  // ---- introspection ------------------------------------------------------------------------------------

  /** Stanzas waiting for a device's ack. */
  queueDepth(jid: string): number {
    const d = deviceOfJid(this.db, jid)
    return queueDepth(this.db, d.phone, d.deviceId)
  }

  /** One-time pre-keys the server still holds for a device. */
  preKeyCount(jid: string): number {
    const d = deviceOfJid(this.db, jid)
    return countPreKeys(this.db, d.phone, d.deviceId)
  }

  /** Version of an account's app-state collection (0 before the first patch), e.g. "regular_low". */
  appStateVersion(phoneNumber: string, collection: string): number {
    return collectionVersion(this.db, requirePhone(this.db, phoneNumber).phone, collection)
  }

  /** App-state snapshots of a collection served to a device (e.g. "15550000001:1@s.whatsapp.net") since the network started. */
  appStateSnapshotsServed(jid: string, collection: string): number {
    return this.server.appStateSnapshots.servedCount(deviceOfJid(this.db, jid), collection)
  }

  /** Operations clients sent ("iq:<xmlns>/<type>/<first child tag>", "stanza:<tag>", "usync:<protocol>"), split by whether the sandbox models them. */
  stanzaInventory(): { handled: string[]; unhandled: string[] } {
    return this.server.inventory.snapshot()
  }

  async close(): Promise<void> {
    if (this.closed) return
    this.closed = true
    await this.persons.stopAll()
    for (const c of [...this.server.connections]) c.close('sandbox shutting down')
    await this.ws.close()
    await this.media.close()
    checkpointAndClose(this.db)
  }
}
