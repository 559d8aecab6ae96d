// The sandbox network as one object: opens the world database, the websocket and media endpoints, wires the
// server, runs a person device per simulated phone, and offers the operations tests, testers and the admin
// routes use (create phones, link devices, talk as a person, inject faults).
import { join } from 'node:path'
import { randomBytes, randomInt } from 'node:crypto'
import pino, { type Logger } from 'pino'
import type { AnyMessageContent } from '@whiskeysockets/baileys'
import { openDatabase, checkpointAndClose, type Db } from '../db/connection.js'
import { migrate } from '../db/migrate.js'
import { sandboxMigrations } from './store/schema.js'
import { getMeta, setMeta } from './store/meta-repo.js'
import { getAccount, getAccountByLid, insertAccount, insertDevice, listAccounts, listDevices, type Account } from './store/accounts-repo.js'
import { getGroup, roleOf } from './store/groups-repo.js'
import { getPersonMedia, personMessages, type PersonMessage } from './store/person-repo.js'
import { queueDepth } from './store/queue-repo.js'
import { collectionVersion } from './store/app-state-repo.js'
import { generateKeyPair, issueCertChain, type KeyPair } from './transport/cert-authority.js'
import { listenWs, type WsListener } from './transport/ws-listener.js'
import { MediaServer } from './media/media-server.js'
import { loadOrCreateTls } from './media/tls.js'
import { SandboxServer } from './server/context.js'
import { Connection } from './server/connection.js'
import { handleClosed, makeAuthenticatedHandler } from './server/session.js'
import { deviceKey } from './server/delivery.js'
import { routeStanza } from './handlers/router.js'
import { unlink } from './handlers/misc.js'
import { offerCall, terminateCall } from './handlers/calls.js'
import { bootstrapCompanion, enterPairingCode, scanQr, type LinkResult } from './phone/pairing.js'
import { mintPersonCreds, storeMintedCreds } from './phone/person-auth.js'
import { PersonDevice } from './phone/person-device.js'
import { makeSocketTrust, trustSandboxRoot, type SocketTrust } from './client-trust.js'
import { sandboxErrors } from './errors.js'
import { groupJid, lidJid, parseJid, phoneDigits, pnJid, S_WA } from './wire/jid.js'
import { nowSeconds } from './wire/nodes.js'
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
}

export interface SandboxPhone {
  phone_number: string
  name: string
  jid: string
  lid: string
  person_online: boolean
  devices: SandboxDeviceInfo[]
}

export type { LinkResult, PersonMessage }

const DEFAULT_PRIVACY = { readreceipts: 'all', last: 'all', online: 'all', profile: 'all', status: 'all', groupadd: 'all', calladd: 'all', messages: 'all' }

export class SandboxNetwork {
  private readonly persons = new Map<string, PersonDevice>()
  private closed = false

  private constructor(
    private readonly db: Db,
    readonly server: SandboxServer,
    private readonly ws: WsListener,
    private readonly media: MediaServer,
    readonly rootPublicKey: Buffer,
    readonly mediaCaPem: string,
    private readonly log: Logger
  ) {}

  static async open(options: SandboxNetworkOptions): Promise<SandboxNetwork> {
    const log = options.logger ?? pino({ level: 'silent' })
    const db = openDatabase(join(options.dataDir, 'sandbox.db'))
    try {
      migrate(db, sandboxMigrations)
      const root = keyPairMeta(db, 'noise_root')
      const staticKey = keyPairMeta(db, 'noise_static')
      const tls = await loadOrCreateTls(db)
      const media = new MediaServer(db, tls, log)
      const mediaPort = await media.listen(Number(getMeta(db, 'media_port')?.toString() ?? 0))
      setMeta(db, 'media_port', Buffer.from(String(mediaPort)))
      const server = new SandboxServer(db, log, staticKey, issueCertChain(root, staticKey.public), {
        groupAddressingMode: options.groupAddressingMode ?? 'pn',
        mediaHost: () => media.host,
        handshakeTimeoutMs: options.handshakeTimeoutMs ?? 20_000
      })
      const onAuthenticated = makeAuthenticatedHandler(bootstrapCompanion)
      const ws = await listenWs(options.port ?? Number(getMeta(db, 'ws_port')?.toString() ?? 0), (socket) => {
        server.connections.add(new Connection(server, socket, onAuthenticated, routeStanza, handleClosed))
      })
      setMeta(db, 'ws_port', Buffer.from(String(ws.port)))
      // Person devices are Baileys clients in this very process: this process must trust the sandbox root.
      trustSandboxRoot(root.public, ws.url)
      const network = new SandboxNetwork(db, server, ws, media, root.public, tls.cert, log)
      for (const acc of listAccounts(db)) network.startPerson(acc.phone)
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
    return makeSocketTrust(this.ws.url, this.mediaCaPem)
  }

  get events() {
    return this.server.events
  }

  // ---- phones -------------------------------------------------------------------------------------------

  async createPhone(input: { phoneNumber: string; name?: string }): Promise<SandboxPhone> {
    const phone = phoneDigits(String(input.phoneNumber ?? ''))
    if (!phone || !/^[0-9]+$/.test(String(input.phoneNumber).replace(/^\+/, ''))) throw sandboxErrors.invalidPhoneNumber(String(input.phoneNumber))
    if (getAccount(this.db, phone)) throw sandboxErrors.phoneExists(phone)
    const name = (input.name ?? '').trim() || `User ${phone.slice(-4)}`
    const acc: Account = {
      phone,
      lid: this.freshLid(),
      pushName: name,
      identity: generateKeyPair(),
      rawId: randomInt(1, 2 ** 31 - 1),
      keyIndex: 0,
      nextDeviceId: 1,
      statusText: 'Hey there! I am using WhatsApp.',
      statusT: nowSeconds(),
      appStateKey: { keyId: randomBytes(6), keyData: randomBytes(32), t: Date.now() },
      privacy: { ...DEFAULT_PRIVACY },
      lastSeen: null,
      createdAt: nowSeconds()
    }
    const creds = mintPersonCreds(acc)
    this.db.transaction(() => {
      insertAccount(this.db, acc)
      insertDevice(this.db, {
        phone, deviceId: 0, kind: 'phone', noiseKey: Buffer.from(creds.noiseKey.public), regId: creds.registrationId,
        identityKey: acc.identity.public,
        signedPreKey: { id: creds.signedPreKey.keyId, pub: Buffer.from(creds.signedPreKey.keyPair.public), sig: Buffer.from(creds.signedPreKey.signature) },
        keyIndex: 0, platform: 'android', signedIdentity: null, bootstrapped: true, createdAt: nowSeconds()
      })
      storeMintedCreds(this.db, acc, creds)
    })()
    this.startPerson(phone)
    return this.phoneInfo(acc)
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
      person_online: !!this.persons.get(a.phone)?.online,
      devices: listDevices(this.db, a.phone).map((d) => ({
        id: d.deviceId,
        jid: pnJid(a.phone, d.deviceId),
        lid: lidJid(a.lid, d.deviceId),
        kind: d.kind,
        platform: d.platform,
        online: !!this.server.connOf({ phone: a.phone, deviceId: d.deviceId })?.online,
        linked_at: d.createdAt,
        pending_stanzas: queueDepth(this.db, a.phone, d.deviceId)
      }))
    }
  }

  private freshLid(): string {
    for (;;) {
      const lid = String(randomInt(10 ** 13, 10 ** 14 - 1)) + String(randomInt(0, 10))
      if (!getAccountByLid(this.db, lid)) return lid
    }
  }

  private requirePhone(phoneNumber: string): Account {
    const digits = phoneDigits(String(phoneNumber ?? ''))
    if (!digits) throw sandboxErrors.invalidPhoneNumber(String(phoneNumber))
    const acc = getAccount(this.db, digits)
    if (!acc) throw sandboxErrors.phoneNotFound(digits)
    return acc
  }

  // ---- linking ------------------------------------------------------------------------------------------

  async scanQr(phoneNumber: string, qr: string): Promise<LinkResult> {
    const acc = this.requirePhone(phoneNumber)
    if (typeof qr !== 'string' || !qr.trim()) throw sandboxErrors.invalidRequest('qr is required', ['qr'])
    return scanQr(this.server, acc.phone, qr)
  }

  async enterPairingCode(phoneNumber: string, code: string): Promise<LinkResult> {
    const acc = this.requirePhone(phoneNumber)
    if (typeof code !== 'string' || !code.trim()) throw sandboxErrors.invalidRequest('code is required', ['code'])
    return enterPairingCode(this.server, acc.phone, code)
  }

  /** The phone removes a linked device (Settings > Linked devices > Log out). */
  unlinkDevice(phoneNumber: string, deviceId: number): boolean {
    const acc = this.requirePhone(phoneNumber)
    if (!deviceId) throw sandboxErrors.invalidRequest('the phone itself (device 0) cannot be unlinked')
    return unlink(this.server, acc.phone, deviceId)
  }

  // ---- the person behind the phone ---------------------------------------------------------------------

  private startPerson(phone: string): void {
    const person = new PersonDevice(this.db, phone, this.socketTrust(), this.log)
    this.persons.set(phone, person)
    person.start()
  }

  private person(acc: Account): PersonDevice {
    const p = this.persons.get(acc.phone)
    if (!p) throw sandboxErrors.personOffline(acc.phone)
    return p
  }

  /** Resolves digits, PN/LID/c.us JIDs or a group id to the JID the person's client should address. */
  private resolveTarget(from: Account, to: string): string {
    const raw = String(to ?? '').trim()
    if (!raw) throw sandboxErrors.invalidRequest('to is required', ['to'])
    if (raw.endsWith('@g.us')) {
      const g = getGroup(this.db, parseJid(raw)?.user ?? '')
      if (!g || roleOf(this.db, g.id, from.phone) === undefined) throw sandboxErrors.invalidRequest(`${from.phone} is not in group ${raw}`)
      return groupJid(g.id)
    }
    const p = parseJid(raw.includes('@') ? raw.replace('@c.us', `@${S_WA}`) : undefined)
    const target = p?.server === 'lid' ? getAccountByLid(this.db, p.user) : getAccount(this.db, p?.user ?? phoneDigits(raw) ?? '')
    if (!target) throw sandboxErrors.phoneNotFound(p?.user ?? raw)
    return pnJid(target.phone)
  }

  async sendText(phoneNumber: string, to: string, text: string): Promise<{ id: string }> {
    if (typeof text !== 'string' || !text.length) throw sandboxErrors.invalidRequest('text is required', ['text'])
    return this.sendMessage(phoneNumber, to, { text })
  }

  /** Any Baileys message content, for tests (images, voice notes, reactions, polls...). */
  async sendMessage(phoneNumber: string, to: string, content: AnyMessageContent): Promise<{ id: string }> {
    const acc = this.requirePhone(phoneNumber)
    const jid = this.resolveTarget(acc, to)
    const person = this.person(acc)
    if (!(await person.whenOnline())) throw sandboxErrors.personOffline(acc.phone)
    const msg = await person.send(jid, content)
    return { id: msg.key.id! }
  }

  /**
   * The person's own Baileys socket (device 0), for tests that need more than text: reactions, polls, edits,
   * revokes, chat archive/labels (app-state patches the instances then sync), and so on.
   */
  async personSocket(phoneNumber: string): Promise<import('@whiskeysockets/baileys').WASocket> {
    const acc = this.requirePhone(phoneNumber)
    try {
      return await this.person(acc).socket()
    } catch {
      throw sandboxErrors.personOffline(acc.phone)
    }
  }

  async setPresence(phoneNumber: string, state: 'available' | 'unavailable'): Promise<void> {
    await this.person(this.requirePhone(phoneNumber)).presence(state)
  }

  async chatState(phoneNumber: string, to: string, state: 'composing' | 'recording' | 'paused'): Promise<void> {
    const acc = this.requirePhone(phoneNumber)
    await this.person(acc).presence(state, this.resolveTarget(acc, to))
  }

  /** Rings `to` from this phone (signalling only); returns the call id. */
  placeCall(phoneNumber: string, to: string, opts: { video?: boolean } = {}): string {
    const acc = this.requirePhone(phoneNumber)
    const target = this.requirePhone(parseJid(this.resolveTarget(acc, to))!.user)
    const callId = randomBytes(16).toString('hex').toUpperCase()
    offerCall(this.server, acc.phone, target.phone, callId, !!opts.video)
    return callId
  }

  endCall(phoneNumber: string, to: string, callId: string): void {
    const acc = this.requirePhone(phoneNumber)
    const target = this.requirePhone(parseJid(this.resolveTarget(acc, to))!.user)
    terminateCall(this.server, acc.phone, target.phone, callId)
  }

  async messages(phoneNumber: string): Promise<PersonMessage[]> {
    const acc = this.requirePhone(phoneNumber)
    await this.persons.get(acc.phone)?.settle()
    return personMessages(this.db, acc.phone)
  }

  /** Decrypted media of a message the person sent or received. */
  async mediaOf(phoneNumber: string, messageId: string): Promise<{ mimetype: string | null; body: Buffer } | undefined> {
    const acc = this.requirePhone(phoneNumber)
    await this.persons.get(acc.phone)?.settle()
    return getPersonMedia(this.db, acc.phone, messageId)
  }

  // ---- faults and introspection -------------------------------------------------------------------------

  readonly faults = {
    /** Cut a device's connection without a goodbye (as a network drop). */
    dropConnection: (jid: string): boolean => {
      const c = this.connFor(jid)
      c?.drop()
      return !!c
    },
    /** Tell a device another client took over its session (stream conflict, Baileys 440). */
    streamConflict: (jid: string): boolean => {
      const c = this.connFor(jid)
      c?.streamError({}, [{ tag: 'conflict', attrs: { type: 'replaced' } }])
      return !!c
    },
    /** Hold live delivery to one device (or everyone) for `ms`; stanzas stay queued meanwhile. */
    setDeliveryDelay: (ms: number, jid?: string): void => {
      const key = jid ? this.deviceKeyOf(jid) : undefined
      this.server.faults.setDeliveryDelay(ms, key)
    },
    clear: (): void => this.server.faults.clear()
  }

  private deviceKeyOf(jid: string): string {
    const p = parseJid(jid)
    const acc = p && (p.server === 'lid' ? getAccountByLid(this.db, p.user) : getAccount(this.db, p.user))
    if (!p || !acc) throw sandboxErrors.phoneNotFound(jid)
    return deviceKey({ phone: acc.phone, deviceId: p.device })
  }

  private connFor(jid: string) {
    return this.server.conns.get(this.deviceKeyOf(jid))
  }

  /** Stanzas waiting for a device's ack. */
  queueDepth(jid: string): number {
    const [phone, device] = this.deviceKeyOf(jid).split('.')
    return queueDepth(this.db, phone!, Number(device))
  }

  /** Version of an account's app-state collection (0 before the first patch), e.g. "regular_low". */
  appStateVersion(phoneNumber: string, collection: string): number {
    return collectionVersion(this.db, this.requirePhone(phoneNumber).phone, collection)
  }

  stanzaInventory(): { handled: string[]; unhandled: string[] } {
    return this.server.inventory.snapshot()
  }

  async close(): Promise<void> {
    if (this.closed) return
    this.closed = true
    await Promise.allSettled([...this.persons.values()].map((p) => p.stop()))
    for (const c of [...this.server.connections]) c.close('sandbox shutting down')
    await this.ws.close()
    await this.media.close()
    checkpointAndClose(this.db)
  }
}

/** A persisted key pair: the root must survive restarts so paired clients keep trusting the sandbox. */
function keyPairMeta(db: Db, name: string): KeyPair {
  const pub = getMeta(db, `${name}_pub`)
  const priv = getMeta(db, `${name}_key`)
  if (pub && priv) return { public: pub, private: priv }
  const k = generateKeyPair()
  db.transaction(() => {
    setMeta(db, `${name}_pub`, k.public)
    setMeta(db, `${name}_key`, k.private)
  })()
  return k
}
