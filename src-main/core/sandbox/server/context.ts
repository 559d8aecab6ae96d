// Shared state of one running sandbox server: the world database, live connections, pending pairings,
// presence, delivery and the stanza inventory. Handlers receive this instead of reaching for globals.
import { EventEmitter } from 'node:events'
import type { BinaryNode } from '@whiskeysockets/baileys'
import type { Logger } from 'pino'
import type { Db } from '../../db/connection.js'
import type { KeyPair } from '../transport/cert-authority.js'
import type { AddressingMode } from '../store/groups-repo.js'
import { Delivery, deviceKey, type DeviceAddr } from './delivery.js'
import { PresenceHub } from './presence-hub.js'
import { StanzaInventory } from './inventory.js'
import { Faults } from './faults.js'
import { AppStateSnapshots } from './app-state-snapshots.js'

export interface Registration {
  regId: number
  identityKey: Buffer
  signedPreKey: { id: number; pub: Buffer; sig: Buffer }
  platform: string
  noiseKey: Buffer
  refs: string[]
}

/**
 * One client connection as the server and the handlers use it (server/connection.ts implements it). Declared here
 * beside the server it points back to, so the server's state needs nothing from the connection's module.
 */
export interface Connection {
  readonly id: number
  readonly server: SandboxServer
  closed: boolean
  /** Set once a login succeeded. */
  device: DeviceAddr | undefined
  /** Set while a not-yet-linked companion waits for a phone. */
  registration: Registration | undefined
  readonly online: boolean
  readonly label: string
  send(stanza: BinaryNode): void
  /** Server-initiated iq; resolves with the client's result (or error) stanza. */
  query(stanza: BinaryNode, timeoutMs?: number): Promise<BinaryNode>
  result(req: BinaryNode, content?: BinaryNode[], extra?: Record<string, string>): void
  error(req: BinaryNode, code: number, text: string): void
  streamError(attrs: Record<string, string>, content?: BinaryNode[], closeAfterMs?: number): void
  close(reason: string, code?: number): void
  drop(): void
}

export interface PendingLinkCode {
  conn: Connection
  ref: string
  wrappedCompanionEphemeral: Buffer
  noiseKey: Buffer
  createdAt: number
  finish?: (f: { wrappedKeyBundle: Buffer; companionIdentity: Buffer }) => void
}

export interface SandboxEvents {
  /** A companion finished linking to an account. */
  linked: [{ phone: string; deviceId: number }]
  /** A device logged in (its queue was flushed). */
  online: [{ phone: string; deviceId: number }]
  offline: [{ phone: string; deviceId: number }]
  unlinked: [{ phone: string; deviceId: number }]
}

export interface ServerOptions {
  /** Addressing mode of newly created groups. */
  groupAddressingMode: AddressingMode
  /** host:port the media_conn iq advertises to clients. */
  mediaHost: () => string
  /** A connection that has not finished the Noise handshake by then is closed. */
  handshakeTimeoutMs: number
}

export class SandboxServer {
  readonly conns = new Map<string, Connection>()
  readonly pendingQr = new Map<string, Connection>()
  /** Refs that were valid once (their connection went away or linked): a scan of them is "expired", not "unknown". */
  readonly spentQr = new Set<string>()
  readonly pendingLinkCode = new Map<string, PendingLinkCode>()
  readonly faults = new Faults()
  readonly delivery: Delivery
  readonly presence: PresenceHub
  readonly inventory = new StanzaInventory()
  readonly events = new EventEmitter<SandboxEvents>()
  readonly connections = new Set<Connection>()
  /** Login attempts per device key since the server started (refused ones too): how tests see a reconnect storm. */
  readonly logins = new Map<string, number>()
  /** Retry receipts each device was sent (a reader asking it to resend): how tests see a client's retry storm. */
  readonly retryReceipts = new Map<string, number>()
  /** App-state snapshots served to devices syncing a collection from scratch (app-state-snapshots.ts). */
  readonly appStateSnapshots: AppStateSnapshots

  constructor(
    readonly db: Db,
    readonly log: Logger,
    readonly staticKey: KeyPair,
    readonly certChain: Buffer,
    readonly options: ServerOptions
  ) {
    this.delivery = new Delivery(db, this.faults)
    this.presence = new PresenceHub(db)
    this.appStateSnapshots = new AppStateSnapshots(db, this.faults.media)
  }

  connOf(d: DeviceAddr): Connection | undefined {
    return this.conns.get(deviceKey(d))
  }

  spendQrRefs(conn: Connection): void {
    for (const [ref, c] of this.pendingQr) {
      if (c !== conn) continue
      this.pendingQr.delete(ref)
      this.spentQr.add(ref)
    }
    // Bounded memory: forget the oldest spent refs.
    while (this.spentQr.size > 10_000) this.spentQr.delete(this.spentQr.values().next().value!)
  }
}
