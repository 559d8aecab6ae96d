// One instance's Baileys connection: makes sockets, persists auth state, follows the reconnect policy and
// reports progress as EngineSignals. Single-flight: at most one live socket per session, ever; events of a
// retired socket are ignored (generation check).
import makeWASocket, { Browsers, INITIAL_PREKEY_COUNT, type BaileysEventMap, type UserFacingSocketConfig, type WASocket } from '@whiskeysockets/baileys'
import type { Logger } from 'pino'
import type { Db } from '../../db/connection.js'
import { clearAuthState } from '../../db/repositories/auth-state-repo.js'
import type { EngineListener, EngineSession } from '../engine-adapter.js'
import { retryAppStateConflicts } from './app-state-retry.js'
import { meFromCreds, type SocketHook } from './baileys-events.js'
import { baileysLogger } from './baileys-logger.js'
import { isProxyFailure, proxyFailureOf } from '../proxy/proxy-transport.js'
import type { SessionPort } from '../session-port.js'
import { accountOf, baileysPort } from './baileys-port.js'
import { backgroundRetryDelay, decideReconnect, freshHistory, type ReconnectConfig } from './reconnect-policy.js'
import { durableSignalRepository } from './durable-signal-keys.js'
import { isPaired, useSqliteAuthState, type SqliteAuthState } from './sqlite-auth-state.js'
import type { WaVersionSource } from './wa-version.js'
import { DecryptFailureLog } from './decrypt-failures.js'
import { boundedLidMappingCache } from './lid-mapping-cache.js'
import { withSharedAsyncLocalStorage } from '../../runtime/shared-async-local-storage.js'
import { lazyRetryCaches, type RetryCachesLike } from './lazy-retry-caches.js'
import { UserDevicesCache } from './user-devices-cache.js'
import { takeOverHistorySync, type HistoryChunkRecords } from './history-takeover.js'
import { historyChunkRecords } from './history-chunk-records.js'
import { fillKeyPairPool } from './key-pair-pool.js'
import { installSignatureVerify } from '../../runtime/baileys-signature-verify.js'
import { budgetedRetryCache, budgetRetryManager, RetryBudget, type RetryManagerLike } from './retry-budget.js'

/** The network refused the client version at the handshake (outdated WhatsApp Web). */
const CLIENT_OUTDATED = 405

export interface BaileysSessionDeps {
  db: Db
  instanceId: string
  listener: EngineListener
  logger: Logger
  /** Spread into makeWASocket (the sandbox's URL and agents, test timeouts); asked again for each socket. */
  socketConfig: () => Partial<UserFacingSocketConfig>
  reconnect: ReconnectConfig
  socketHooks: ReadonlySet<SocketHook>
  /** A batch of the socket's events; `historyChunks`: recorded history chunks whose ingest is this batch's. */
  publish: (instanceId: string, events: Partial<BaileysEventMap>, historyChunks?: readonly string[]) => void
  now: () => number
  random: () => number
  /** The WhatsApp Web version sockets announce, and where a current one is learned after a 405 (wa-version.ts). */
  version?: WaVersionSource
  /** Window of the aggregated undecryptable-message log line (default 60 s). */
  decryptLogWindowMs?: number
  /** Retry receipts a sender of undecryptable messages gets per minute (default 20). */
  retryReceiptsPerSender?: number
  /** Test seam of the history takeover: awaited once a chunk is recorded, before its decode. */
  afterHistoryChunkRecorded?: (instanceId: string, chunkId: string) => Promise<void> | void
}

const statusCodeOf = (error: unknown): number | undefined => {
  const output = (error as { output?: { statusCode?: unknown } } | undefined)?.output
  return typeof output?.statusCode === 'number' ? output.statusCode : undefined
}

/**
 * How long Baileys shows the QR of ref number `index` of one socket (Socket/socket.js, pair-device): the socket
 * config's qrTimeout when set, else 60 s for the first ref and 20 s for each later one.
 */
export const qrLifetimeMs = (index: number, qrTimeout: number | undefined): number => qrTimeout || (index === 0 ? 60_000 : 20_000)

/** What failed, for the status reason while retrying: the proxy (host:port) and its error code, or the network's code. */
function causeOf(error: Error | undefined, code: number | undefined): { proxy?: string; error: string } {
  const proxy = proxyFailureOf(error)
  if (proxy) return { proxy: proxy.host, error: proxy.error }
  const errno = (error as { data?: { code?: unknown } } | undefined)?.data?.code
  return { error: typeof errno === 'string' ? errno : code !== undefined ? String(code) : 'unknown' }
}

const formatPairingCode = (code: string) => (code.length === 8 ? `${code.slice(0, 4)}-${code.slice(4)}` : code)

export class BaileysSession implements EngineSession {
  readonly instanceId: string
  private socket: WASocket | undefined
  private port: SessionPort | undefined
  /** The fetch options (transport) the current connection was opened with: media transfers use them too. */
  private connectionFetch: RequestInit | undefined
  private auth: SqliteAuthState | undefined
  private disposers: (() => void)[] = []
  private generation = 0
  private running = false
  private open = false
  private qr: string | undefined
  /** QRs shown by the current socket so far, and its qrTimeout: each QR's lifetime follows from them. */
  private qrCount = 0
  private qrTimeout: number | undefined
  private history = freshHistory()
  /** FAILED for a cause that may pass: still running, but only as slow background attempts. */
  private retryingInBackground = false
  private timer: NodeJS.Timeout | undefined
  /** Stuck-in-STARTING watchdog of the current socket, and its restarts in a row (reconnect-policy.ts). */
  private watchdog: NodeJS.Timeout | undefined
  private watchdogRestarts = 0
  /** A 405 was answered by learning the current version and retrying once; a second 405 is FAILED. */
  private versionRetried = false
  private lastMeKey = ''

  /** Decryption failures of this session's sockets, logged once per window (decrypt-failures.ts). */
  private readonly decryptFailures: DecryptFailureLog
  /** Retry receipts per sender per minute (outlives sockets, like the retry counts it guards). */
  private readonly retryBudget: RetryBudget
  /** History chunks taken over and not yet committed (history-chunk-records.ts); leftovers go to the first socket. */
  private readonly historyRecords: HistoryChunkRecords

  constructor(private readonly deps: BaileysSessionDeps) {
    this.instanceId = deps.instanceId
    this.historyRecords = historyChunkRecords(deps.db, deps.instanceId, deps.logger.child({ instanceId: deps.instanceId, module: 'history' }), deps.now)
    this.retryBudget = new RetryBudget(deps.retryReceiptsPerSender)
    this.decryptFailures = new DecryptFailureLog(deps.logger.child({ instanceId: deps.instanceId, module: 'baileys' }), deps.decryptLogWindowMs)
  }

  start(): void {
    // An explicit start of a FAILED instance connects now, not at the next background attempt.
    if (this.running && !this.retryingInBackground) return
    clearTimeout(this.timer)
    if (this.socket) void this.retireSocket()
    this.running = true
    this.retryingInBackground = false
    this.history = freshHistory()
    this.watchdogRestarts = 0
    this.versionRetried = false
    this.connect(1)
  }

  async stop(): Promise<void> {
    this.running = false
    this.retryingInBackground = false
    clearTimeout(this.timer)
    clearTimeout(this.watchdog)
    this.decryptFailures.flush()
    await this.retireSocket()
  }

  async logout(options: { reconnect?: boolean } = {}): Promise<void> {
    clearTimeout(this.timer)
    clearTimeout(this.watchdog)
    const socket = this.socket
    const wasOpen = this.open
    this.generation++ // the old socket's close (401) must not run the reconnect policy
    if (socket && wasOpen) {
      try {
        await socket.logout()
      } catch (err) {
        this.deps.logger.warn({ err, instanceId: this.instanceId }, 'logout: the network did not confirm the unlink')
      }
    }
    await this.retireSocket(socket)
    this.wipe()
    this.running = options.reconnect !== false
    this.history = freshHistory()
    if (this.running) this.connect(1)
  }

  async requestPairingCode(phoneNumber: string): Promise<string> {
    const socket = this.socket
    if (!socket || !this.qr) throw new Error('no registration in progress: the instance is not showing a QR')
    return formatPairingCode(await socket.requestPairingCode(phoneNumber))
  }

  currentQr = (): string | undefined => this.qr
  isOpen = (): boolean => this.open
  /** The open socket (tests and engine/ only; everything else goes through livePort()). */
  liveSocket = (): WASocket | undefined => (this.open ? this.socket : undefined)
  /** The command port while logged in (WORKING): the one "is it working" check. */
  livePort = (): SessionPort | undefined => (this.open && this.socket && accountOf(this.socket) ? this.port : undefined)
  /**
   * The fetch options of the connection this session runs on (its proxy's dispatcher), so media follow the same
   * exit as the WebSocket until the next start, restart or reconnect; undefined when not running.
   */
  connectionFetchOptions = (): RequestInit | undefined => (this.running ? this.connectionFetch : undefined)

  private connect(attempt: number): void {
    const { deps } = this
    const generation = ++this.generation
    this.deps.listener({ kind: 'connecting', attempt })
    this.auth = useSqliteAuthState(deps.db, deps.instanceId, deps.now)
    const auth = this.auth
    // Not paired yet: the pre-keys its pairing uploads are made off the main thread meanwhile (key-pair-pool.ts).
    if (!isPaired(auth.state.creds)) fillKeyPairPool(INITIAL_PREKEY_COUNT)
    // The server's certificate chain and the phone's account signature checked for real (runtime/baileys-signature-verify.ts).
    installSignatureVerify()
    const config = deps.socketConfig()
    this.qrCount = 0
    this.qrTimeout = config.qrTimeout
    this.connectionFetch = config.options
    const version = deps.version?.current()
    // One AsyncLocalStorage for all sockets' key-store transactions, not one each, and a transaction's key cache not
    // kept alive by the timers started in it (shared-async-local-storage.ts).
    const socket = withSharedAsyncLocalStorage(() => makeWASocket({
      browser: Browsers.ubuntu('Chrome'),
      markOnlineOnConnect: false,
      syncFullHistory: false,
      // Baileys waits this long after each retry receipt while holding the mutex every incoming message takes: a
      // Bad MAC storm then stalls all traffic (4 failures a second at most, the rest queued in memory: Baileys
      // #2234). Retry receipts are bounded per sender instead (retry-budget.ts); WhatsApp Web does not wait.
      retryRequestDelayMs: 0,
      ...(version ? { version: [...version] } : {}),
      ...config,
      auth: auth.state,
      // Session and sender-key state committed before the ciphertext leaves (durable-signal-keys.ts); the LID
      // mapping cache bounded and without a timer per entry (lid-mapping-cache.ts).
      makeSignalRepository: boundedLidMappingCache(durableSignalRepository(auth.commit, config.makeSignalRepository)),
      // Contacts' device lists bounded in number, not only in time (user-devices-cache.ts).
      userDevicesCache: config.userDevicesCache ?? new UserDevicesCache(),
      // Retry receipts bounded per sender (retry-budget.ts): through the retry manager when Baileys has one (the
      // default), else through the counter cache it then decides with.
      ...(config.msgRetryCounterCache ? { msgRetryCounterCache: budgetedRetryCache(config.msgRetryCounterCache, this.retryBudget, { spend: config.enableRecentMessageCache === false }) } : {}),
      logger: baileysLogger(deps.logger.child({ instanceId: deps.instanceId, module: 'baileys' }), this.decryptFailures, this.retryBudget)
    }))
    budgetRetryManager((socket as unknown as { messageRetryManager?: RetryManagerLike | null }).messageRetryManager, this.retryBudget)
    // Its two bounded caches built at their first use instead of ≈ 64 KB of arrays up front (lazy-retry-caches.ts).
    lazyRetryCaches((socket as unknown as { messageRetryManager?: RetryCachesLike | null }).messageRetryManager)
    retryAppStateConflicts(socket)
    // History chunks decoded in turns of the event loop, not in one synchronous step (history-takeover.ts), each
    // recorded until its ingest commits so that a crash in between does not lose it.
    const afterRecorded = deps.afterHistoryChunkRecorded
    const history = takeOverHistorySync(socket, {
      shouldSync: config.shouldSyncHistoryMessage,
      fetchOptions: config.options,
      logger: deps.logger.child({ instanceId: deps.instanceId, module: 'history' }),
      records: this.historyRecords,
      ...(afterRecorded ? { afterRecorded: (chunkId: string) => afterRecorded(deps.instanceId, chunkId) } : {})
    })
    this.socket = socket
    this.port = baileysPort(deps.instanceId, socket)
    this.open = false
    this.armWatchdog(generation, attempt)
    for (const hook of deps.socketHooks) {
      const dispose = hook({ instanceId: deps.instanceId, socket })
      if (dispose) this.disposers.push(dispose)
    }
    socket.ev.process(async (events) => {
      if (generation !== this.generation) return
      if (events['creds.update']) this.onCredsUpdate(auth)
      const update = events['connection.update']
      if (update) this.onConnectionUpdate(generation, update)
      // The ids of the history chunks this batch's history set carries (history-takeover.ts): deleted on its commit.
      deps.publish(deps.instanceId, events, events['messaging-history.set'] ? history.delivered() : undefined)
    })
  }

  private onCredsUpdate(auth: SqliteAuthState): void {
    // Errors propagate into Baileys' event processing, which logs them; they are not swallowed here.
    auth.saveCreds()
    const me = meFromCreds(auth.state.creds)
    const key = JSON.stringify(me)
    if (me && this.open && key !== this.lastMeKey) {
      this.lastMeKey = key
      this.deps.listener({ kind: 'me', me })
    }
  }

  private onConnectionUpdate(generation: number, update: BaileysEventMap['connection.update']): void {
    if (update.qr) {
      clearTimeout(this.watchdog) // showing a QR is waiting for a person, not stuck
      this.qr = update.qr
      this.deps.listener({ kind: 'qr', qr: update.qr, lifetimeMs: qrLifetimeMs(this.qrCount++, this.qrTimeout) })
    }
    if (update.isNewLogin) {
      this.qr = undefined
      const me = meFromCreds(this.auth?.state.creds)
      if (me) this.deps.listener({ kind: 'paired', me })
    }
    if (update.connection === 'open') {
      clearTimeout(this.watchdog)
      this.watchdogRestarts = 0
      this.versionRetried = false
      this.open = true
      this.qr = undefined
      this.history = { ...this.history, failedAttempts: 0, qrCycles: 0 }
      this.retryingInBackground = false
      const me = meFromCreds(this.auth?.state.creds)
      this.lastMeKey = JSON.stringify(me)
      if (me) this.deps.listener({ kind: 'open', me })
    }
    if (update.connection === 'close') this.onClose(generation, update.lastDisconnect?.error)
  }

  /**
   * The service spec's stuck-STARTING rule: a socket that neither opens nor shows a QR within stuckStartMs is
   * restarted, and after stuckStartLimit restarts in a row the instance is FAILED (stuck_starting). A background
   * attempt that hangs just ends; the next one comes at the slow cadence.
   */
  private armWatchdog(generation: number, attempt: number): void {
    clearTimeout(this.watchdog)
    const { stuckStartMs, stuckStartLimit } = this.deps.reconnect
    if (stuckStartMs <= 0) return
    this.watchdog = setTimeout(() => {
      if (!this.running || generation !== this.generation || this.open || this.qr) return
      this.deps.logger.warn({ instanceId: this.instanceId, afterMs: stuckStartMs, restarts: this.watchdogRestarts }, 'connection stuck: no login answer')
      void this.retireSocket()
      if (this.retryingInBackground) {
        this.timer = setTimeout(() => this.running && this.connect(attempt), this.deps.reconnect.backgroundRetryMs)
        return
      }
      if (++this.watchdogRestarts > stuckStartLimit) {
        this.running = false
        this.deps.listener({ kind: 'failed', reason: 'stuck_starting', code: undefined })
        return
      }
      this.deps.listener({ kind: 'watchdog', attempt: this.watchdogRestarts, limit: stuckStartLimit, afterMs: stuckStartMs })
      this.connect(attempt)
    }, stuckStartMs)
    this.watchdog.unref?.()
  }

  private onClose(generation: number, error: Error | undefined): void {
    clearTimeout(this.watchdog)
    const wasShowingQr = this.qr !== undefined
    this.open = false
    this.qr = undefined
    this.runDisposers()
    this.socket = undefined
    this.port = undefined
    if (!this.running || generation !== this.generation) return
    const code = statusCodeOf(error)
    if (code === CLIENT_OUTDATED) return void this.onOutdated()
    const decision = decideReconnect({ code, message: error?.message, wasShowingQr }, this.history, this.deps.now(), this.deps.reconnect, this.deps.random)
    this.history = decision.history
    this.deps.logger.info({ instanceId: this.instanceId, code, reason: error?.message, decision: decision.action }, 'engine connection closed')
    switch (decision.action) {
      case 'reconnect':
        this.deps.listener({ kind: 'reconnecting', code, delayMs: decision.delayMs, attempt: this.history.failedAttempts + 1, cause: causeOf(error, code) })
        this.timer = setTimeout(() => this.running && this.connect(this.history.failedAttempts + 1), decision.delayMs)
        return
      case 'logged_out':
        this.wipe()
        this.deps.listener({ kind: 'logged_out', code })
        this.connect(1)
        return
      case 'fail': {
        const retryInMs = isPaired(this.auth?.state.creds) ? backgroundRetryDelay({ reason: decision.reason, code }, this.deps.reconnect, this.deps.random) : undefined
        // The instance's proxy (config.proxy) is what failed, not the network: say so (retried alike).
        const reason = decision.reason === 'retries_exhausted' && isProxyFailure(error) ? 'proxy_unreachable' : decision.reason
        if (retryInMs === undefined) {
          this.running = false
          this.retryingInBackground = false
          this.deps.listener({ kind: 'failed', reason, code })
          return
        }
        // Announced once; later background attempts that fail change nothing the user sees.
        if (!this.retryingInBackground) this.deps.listener({ kind: 'failed', reason, code, retryInMs })
        this.retryingInBackground = true
        this.timer = setTimeout(() => this.running && this.connect(this.history.failedAttempts + 1), retryInMs)
        return
      }
    }
  }

  /**
   * The network refused our WhatsApp Web version (405): learn the current one and retry once with it; when it
   * cannot be learned (or is pinned) or is refused too, FAILED version_outdated (retrying would change nothing).
   */
  private async onOutdated(): Promise<void> {
    const used = this.deps.version?.current()
    const learned = this.versionRetried ? undefined : await this.deps.version?.learn()
    if (!this.running) return
    const fresh = learned && (!used || learned.join('.') !== used.join('.'))
    if (fresh) {
      this.versionRetried = true
      this.deps.logger.warn({ instanceId: this.instanceId, refused: used?.join('.') ?? 'default', retryWith: learned.join('.') }, 'WhatsApp version outdated: retrying with the current one')
      this.deps.listener({ kind: 'reconnecting', code: CLIENT_OUTDATED, delayMs: 0, attempt: this.history.failedAttempts + 1, cause: { error: 'version_outdated' } })
      this.connect(this.history.failedAttempts + 1)
      return
    }
    this.deps.logger.warn({ instanceId: this.instanceId, version: used?.join('.') ?? 'default', pinned: !!this.deps.version?.pinned }, 'WhatsApp version outdated: the network refuses this client')
    this.running = false
    this.deps.listener({ kind: 'failed', reason: 'version_outdated', code: CLIENT_OUTDATED })
  }

  private wipe(): void {
    this.auth?.revoke()
    clearAuthState(this.deps.db, this.instanceId)
    this.lastMeKey = ''
  }

  private runDisposers(): void {
    for (const dispose of this.disposers.splice(0)) {
      try {
        dispose()
      } catch (err) {
        this.deps.logger.warn({ err, instanceId: this.instanceId }, 'socket hook disposer failed')
      }
    }
  }

  /** Ends the socket (if any) and waits for Baileys to finish closing it. */
  private async retireSocket(socket = this.socket): Promise<void> {
    this.generation++
    this.open = false
    this.qr = undefined
    this.runDisposers()
    if (this.socket === socket) {
      this.socket = undefined
      this.port = undefined
    }
    if (!socket) return
    try {
      await socket.end(undefined)
    } catch (err) {
      this.deps.logger.debug({ err, instanceId: this.instanceId }, 'socket end failed')
    }
  }
}
