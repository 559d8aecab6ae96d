// The Baileys implementation of EngineAdapter, plus what the rest of the core uses: socket hooks (subscribe to
// each new socket's events), livePort() (the command port of a WORKING session) and media() (downloads through the
// transport the session's connection was opened with).
import { downloadMediaMessage, type BaileysEventMap, type UserFacingSocketConfig, type WASocket } from '@whiskeysockets/baileys'
import type { Logger } from 'pino'
import type { Db } from '../../db/connection.js'
import { clearAuthState } from '../../db/repositories/auth-state-repo.js'
import type { InstanceMe } from '../../domain/events.js'
import type { EngineAdapter, EngineListener, EngineSession } from '../engine-adapter.js'
import { engineRequest } from '../engine-errors.js'
import type { MediaTransport, SessionPort } from '../session-port.js'
import { meFromCreds, type SocketHook } from './baileys-events.js'
import { BaileysSession } from './baileys-session.js'
import { DEFAULT_RECONNECT, type ReconnectConfig } from './reconnect-policy.js'
import { isPaired, loadStoredCreds } from './sqlite-auth-state.js'
import type { WaVersionSource } from './wa-version.js'

/** Baileys socket options (the sandbox's URL and agents, test timeouts), as the composition root passes them. */
export type EngineSocketConfig = Partial<UserFacingSocketConfig>

export interface BaileysAdapterOptions {
  db: Db
  logger: Logger
  /** Spread into every makeWASocket call (sandbox URL/agents; connect timeouts in tests). */
  socketConfig?: Partial<UserFacingSocketConfig>
  reconnect?: Partial<ReconnectConfig>
  /**
   * More socket options per instance, asked for each new socket: the message store (issue 4) supplies
   * `getMessage` and a `msgRetryCounterCache` that outlives sockets here.
   */
  socketConfigFor?: (instanceId: string) => Partial<UserFacingSocketConfig>
  /** Receives every Baileys event batch (start-core wires it to the bus as `engine.baileys`). */
  publish?: (instanceId: string, events: Partial<BaileysEventMap>, historyChunks?: readonly string[]) => void
  now?: () => number
  random?: () => number
  /** The WhatsApp Web version sockets announce and learn after a 405 (wa-version.ts). */
  version?: WaVersionSource
  /** Window of the aggregated undecryptable-message log line (default 60 s). */
  decryptLogWindowMs?: number
  /** Retry receipts a sender of undecryptable messages gets per minute (default 20). */
  retryReceiptsPerSender?: number
  /** Test seam of the history takeover: awaited once a chunk is recorded, before its decode. */
  afterHistoryChunkRecorded?: (instanceId: string, chunkId: string) => Promise<void> | void
}

/** Media downloads with the fetch options `fetchOptions()` gives at each download (dispatcher, TLS trust). */
export function baileysMediaTransport(fetchOptions: () => RequestInit | undefined): MediaTransport {
  return {
    download: (message, timeoutMs) =>
      engineRequest(() => downloadMediaMessage(message, 'stream', { options: { ...fetchOptions(), signal: AbortSignal.timeout(timeoutMs) } }))
  }
}

export class BaileysAdapter implements EngineAdapter {
  readonly name = 'NOWEB'
  private readonly sessions = new Map<string, BaileysSession>()
  private readonly hooks = new Set<SocketHook>()
  private readonly reconnect: ReconnectConfig

  constructor(private readonly options: BaileysAdapterOptions) {
    this.reconnect = { ...DEFAULT_RECONNECT, ...options.reconnect }
  }

  /** Socket options of the instance's next connection (its proxy among them): read at each new socket. */
  private socketConfigOf(instanceId: string): Partial<UserFacingSocketConfig> {
    return { ...this.options.socketConfig, ...this.options.socketConfigFor?.(instanceId) }
  }

  createSession(instanceId: string, listener: EngineListener): EngineSession {
    const o = this.options
    const session = new BaileysSession({
      db: o.db,
      instanceId,
      listener,
      logger: o.logger,
      socketConfig: () => this.socketConfigOf(instanceId),
      reconnect: this.reconnect,
      socketHooks: this.hooks,
      publish: o.publish ?? (() => {}),
      now: o.now ?? Date.now,
      random: o.random ?? Math.random,
      ...(o.version ? { version: o.version } : {}),
      ...(o.decryptLogWindowMs ? { decryptLogWindowMs: o.decryptLogWindowMs } : {}),
      ...(o.retryReceiptsPerSender ? { retryReceiptsPerSender: o.retryReceiptsPerSender } : {}),
      ...(o.afterHistoryChunkRecorded ? { afterHistoryChunkRecorded: o.afterHistoryChunkRecorded } : {})
    })
    this.sessions.set(instanceId, session)
    return session
  }

  /** Forget a session object once the manager has stopped it for good (delete). */
  releaseSession(instanceId: string): void {
    this.sessions.delete(instanceId)
  }

  hasPairing(instanceId: string): boolean {
    return isPaired(loadStoredCreds(this.options.db, instanceId))
  }

  wipePairing(instanceId: string): void {
    clearAuthState(this.options.db, instanceId)
  }

  storedMe(instanceId: string): InstanceMe | null {
    const creds = loadStoredCreds(this.options.db, instanceId)
    return isPaired(creds) ? meFromCreds(creds) : null
  }

  /**
   * Run `hook` for every socket created from now on (each reconnect makes a new socket). Returns an
   * unsubscribe function. This is how the message store and webhooks attach to Baileys' events.
   */
  onSocket(hook: SocketHook): () => void {
    this.hooks.add(hook)
    return () => void this.hooks.delete(hook)
  }

  /** The instance's socket while it is logged in (tests and engine/ only: the product goes through livePort()). */
  liveSocket(instanceId: string): WASocket | undefined {
    return this.sessions.get(instanceId)?.liveSocket()
  }

  /** The instance's command port while it is logged in (WORKING); undefined otherwise. */
  livePort(instanceId: string): SessionPort | undefined {
    return this.sessions.get(instanceId)?.livePort()
  }

  /**
   * Media downloads of the instance: through the transport its running connection was opened with (a proxy
   * changed since applies at the next start, restart or reconnect), else the one its next connection would use.
   */
  media(instanceId: string): MediaTransport {
    return baileysMediaTransport(() => this.sessions.get(instanceId)?.connectionFetchOptions() ?? this.socketConfigOf(instanceId).options)
  }
}
