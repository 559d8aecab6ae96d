// Composition root of the core: opens storage, the event bus, the engine (and the sandbox network in sandbox
// mode), the instance manager and the HTTP API, listens, resumes instances; close() undoes it in reverse.
// It wires modules together and implements nothing itself. Hosts: src-main/cli.ts and the Electron utility process.
import { join } from 'node:path'
import type { FastifyInstance, FastifyPluginAsync } from 'fastify'
import type { Logger } from 'pino'
import { buildApiApp } from './api/app.js'
import { EXPOSED_WARNING, isLoopbackHost } from './domain/host-policy.js'
import { registerUiBridge, type UiBridge } from './bridge/index.js'
import type { AuthFailureLimiterConfig } from './api/auth-failure-limiter.js'
import { createFileLogger } from './logging/logger.js'
import { checkpointAndClose, openDatabase, type Db } from './db/connection.js'
import { startWalCheckpointer } from './db/wal-checkpointer.js'
import { sealAuthStateAtRest } from './db/repositories/auth-state-repo.js'
import { resolveDataKey, secretToolKeyring } from './secrets/data-key.js'
import { ensurePrivateDataDir } from './secrets/private-files.js'
import { ensureDefaultAccount, revealDefaultToken, rotateDefaultToken } from './db/default-account.js'
import { migrate } from './db/migrate.js'
import { appMigrations } from './db/migrations/index.js'
import { createEventBus, type EventBus } from './domain/event-bus.js'
import type { CoreEventMap } from './domain/events.js'
import { DEFAULT_PLANS, type PlanCatalogue, type PlanTier } from './domain/plans.js'
import { BaileysAdapter, type EngineSocketConfig } from './engine/baileys/baileys-adapter.js'
import { installLibsignalConsoleFilter } from './engine/baileys/libsignal-console.js'
import type { BaileysBusEvents } from './engine/baileys/baileys-events.js'
import type { ReconnectConfig } from './engine/baileys/reconnect-policy.js'
import { InstanceManager, type ResumeConfig } from './engine/instance-manager.js'
import { sessionStatusOutbox } from './messaging/ingest/session-status.js'
import { mainHold, mainTurns, newWriteTurns } from './messaging/ingest/write-turns.js'
import { createRetryCounterCaches, storeGetMessage } from './messaging/store/index.js'
import type { WebhookService } from './webhooks/index.js'
import { assembleWebhooksModule } from './webhooks/webhooks-module.js'
import { UiDeviceService } from './services/ui-device-service.js'
import { SavedReplyService } from './services/saved-reply-service.js'
import { DEFAULT_PAIRING_THROTTLE, PairingCodes, type PairingThrottleConfig } from './engine/pairing-codes.js'
import type { SandboxNetwork } from './sandbox/index.js'
import { openSandboxModule } from './sandbox/sandbox-module.js'
import { InstanceProxies } from './engine/proxy/instance-proxies.js'
import { sessionPorts } from './engine/session-ports.js'
import { SandboxControl } from './services/sandbox-control.js'
import type { Clock, RateLimiter, SendQueue } from './rate-limit/index.js'
import { assembleRateLimitModule } from './rate-limit/rate-limit-module.js'
import type { MediaLimits } from './messaging/send/media-input.js'
import { assembleMessagingModule } from './messaging/messaging-module.js'
import type { DeliverabilityOptions } from './messaging/send/deliverability.js'
import { FREE_POLICY_SLUGS } from './rate-limit/policies.js'
import { assembleAccountModule } from './account/account-module.js'
import { parseWaVersion, WaVersionSource } from './engine/baileys/wa-version.js'
import type { CoreServices } from './services/core-services.js'
import type { NetworkMode } from './domain/network-mode.js'
import { InstanceService } from './services/instance-service.js'
import { TempLinkService } from './services/temp-link-service.js'
import { HealthService } from './services/health-service.js'
import { MetricsService } from './services/metrics-service.js'
import { QrImages } from './services/qr-images.js'
import { Backups } from './backup/backups.js'
import { AccountService } from './services/account-service.js'
import { LiveChannels } from './services/live-channels.js'
import { ApiKeyService } from './services/api-key-service.js'
import { deleteInstanceRows } from './services/instance-data.js'
import { PolicyService } from './rate-limit/policy-service.js'
import { DEFAULT_ACCOUNT_ID } from './db/repositories/accounts-repo.js'
import { readAppSettings } from './settings/app-settings-repo.js'
import { pinnedByGivenOptions, resolveStartValues, type PinnedSettings } from './settings/app-settings.js'
import { AppSettingsService, type DesktopHost } from './settings/app-settings-service.js'
import { localUrl, removeRunningServer, writeRunningServer } from './settings/running-server.js'
import { Campaigns } from './campaigns/campaign-service.js'
import { campaignPorts } from './services/campaign-ports.js'
import { createChatsService } from './services/chats-service.js'
import { createSubscriptions } from './services/subscriptions.js'

/** Declared once, in domain/network-mode.ts. */
export type { NetworkMode }
export type CoreBusEvents = CoreEventMap & BaileysBusEvents

export interface CoreOptions {
  /** SQLite file, secrets, logs (and sandbox/ in sandbox mode). */
  dataDir: string
  /** 0 = any free port. Default 3000. */
  port?: number
  /**
   * Default 127.0.0.1. Any other address (a LAN address, 0.0.0.0) makes every route need the access token from
   * peers that are not this machine's loopback, and logs a warning (api/plugins/security.ts).
   */
  host?: string
  /** Extra Host header names the API accepts besides loopback (--allow-host), e.g. host.docker.internal. */
  allowHosts?: string[]
  /** The address others reach the API at (--public-url, e.g. a tunnel's), used in temporary links. */
  publicUrl?: string
  network?: NetworkMode
  /** Token of the default account; otherwise the kept one, or a new random one on first run. */
  accessToken?: string
  /** Plan tier of the default account; when absent the kept one (free for a new data dir). */
  plan?: PlanTier
  /** Instance quotas per plan (null = unlimited). Default free 2, paid unlimited. */
  instanceQuota?: Partial<PlanCatalogue['instanceQuota']>
  /** Default: info to <dataDir>/logs/switchboard.log, warnings and errors also to stderr. */
  logger?: Logger
  /** Level of the default logger (else SWITCHBOARD_LOG_LEVEL, else the Settings choice, else info). */
  logLevel?: string
  /**
   * Which of host, port, allowHosts, plan, logLevel and the quotas a flag or environment variable set (named, for
   * the Settings view): those win over the choices stored in Settings; the others are defaults. Absent: every
   * option given is pinned (settings/app-settings.ts).
   */
  pinned?: PinnedSettings
  /** The desktop app's hooks for Settings (start at login, open the data folder); absent headless. */
  desktop?: DesktopHost
  /** better-sqlite3 binary built for Electron's ABI (see db/connection.ts). */
  nativeBinding?: string
  /**
   * Key (32 bytes) of the session keys at rest, from the host (desktop: unwrapped with Electron safeStorage). Default:
   * the OS keyring where one is available, else <dataDir>/keys/data.key (secrets/data-key.ts).
   */
  dataKey?: Uint8Array
  /** Headless: the passphrase that keeps the data key file wrapped (SWITCHBOARD_PASSPHRASE, --passphrase-file). */
  passphrase?: string | undefined
  engine?: {
    socketConfig?: EngineSocketConfig
    /** Per-instance socket options (getMessage, retry caches) for the message store. */
    socketConfigFor?: (instanceId: string) => EngineSocketConfig
    reconnect?: Partial<ReconnectConfig>
    /** Pins the WhatsApp Web version sockets announce, "2.3000.1043857760" (default: env SWITCHBOARD_WA_VERSION, else Baileys' own, replaced by the current one learned after a 405). */
    waWebVersion?: string
    /** Window of the aggregated "N undecryptable from M senders" log line (default 60 s). */
    decryptLogWindowMs?: number
    /** Retry receipts a sender of undecryptable messages gets per minute (default 20; retry-budget.ts). */
    retryReceiptsPerSender?: number
    /** Boot resume: instances connecting at once and how long one may hold its slot (default 8, 5 s). */
    resume?: Partial<ResumeConfig>
    /** Test seam: awaited once a history chunk taken over from Baileys is recorded, before its decode. */
    afterHistoryChunkRecorded?: (instanceId: string, chunkId: string) => Promise<void> | void
  }
  pairingThrottle?: Partial<PairingThrottleConfig>
  authFailureLimit?: Partial<AuthFailureLimiterConfig>
  /** Route plugins of later modules (webhooks, messaging), registered with the core's hooks. */
  extraRoutes?: FastifyPluginAsync[]
  /** UI bridge: the one-time link token printed at start (default random; POST /ui/link mints more) and the renderer build served at /ui/. */
  uiToken?: string
  uiRendererDir?: string
  /**
   * Replaces the account protection window (no sends for this long after WORKING) of the policies that have one
   * (strict 60 s, standard 30 s). Default: env SWITCHBOARD_ACCOUNT_PROTECTION_SECONDS, else the policy's own.
   */
  accountProtectionSeconds?: number
  /** Clock of the rate limiter and the send queue (tests: ManualClock). Default: the system clock. */
  clock?: Clock
  /** Limits of files of media sends (maxBytes, timeoutMs); loopback URLs are allowed in sandbox mode only. */
  sendMedia?: Partial<MediaLimits>
  /** How long the retry flow may take to recover a message that could not be decrypted before message.undecryptable (default 30 s). */
  undecryptableGraceMs?: number
  /** Cool-downs of the network's send holds when it gave no end (default 1 h for 463 and a restriction, 24 h for 475); tests shorten them. */
  deliverability?: DeliverabilityOptions
  /**
   * A history sync's ingest on a worker thread (messaging/ingest/history-ingest-thread.ts) and the thread's niceness
   * (default 10). Default on; `{ on: false }` stores history on the main thread in slices. The process entries read
   * SWITCHBOARD_HISTORY_THREAD=off / SWITCHBOARD_HISTORY_THREAD_NICE (historyThreadFromEnv).
   */
  historyThread?: HistoryThreadOption
}

export interface HistoryThreadOption {
  on: boolean
  nice?: number
}

/** For a process's entry: SWITCHBOARD_HISTORY_THREAD=off turns the thread off; SWITCHBOARD_HISTORY_THREAD_NICE (an integer) sets its niceness. */
export function historyThreadFromEnv(env: NodeJS.ProcessEnv): HistoryThreadOption {
  const nice = Number(env.SWITCHBOARD_HISTORY_THREAD_NICE)
  return { on: env.SWITCHBOARD_HISTORY_THREAD !== 'off', ...(env.SWITCHBOARD_HISTORY_THREAD_NICE && Number.isInteger(nice) ? { nice } : {}) }
}

export interface CoreHandle {
  /** http://HOST:PORT as bound. */
  url: string
  host: string
  port: number
  network: NetworkMode
  dataDir: string
  db: Db
  bus: EventBus<CoreBusEvents>
  instances: InstanceManager
  engine: BaileysAdapter
  app: FastifyInstance
  sandbox: SandboxNetwork | undefined
  /** Webhook configs, delivery log (events, deliveries, attempts), replay and the delivery worker (webhooks/webhook-service.ts). */
  webhooks: WebhookService
  /** The limiter and the queue that pace sends, group operations and number checks (plumbing: tests read its counters). */
  rateLimit: { limiter: RateLimiter; queue: SendQueue }
  logger: Logger
  /** The UI bridge (desktop: attach MessagePorts; headless: WebSocket at /ui/bridge). */
  ui: UiBridge
  /** The service layer both front doors use (tests and hosts call it directly, e.g. services.settings). */
  services: CoreServices
  /** http://HOST:PORT/ui/#token=... (the one-time UI URL). */
  uiUrl: string
  /** The default account's token in plaintext (desktop UI "reveal"). */
  revealDefaultToken(): string | undefined
  /** A new default token; the old one stops working at once. */
  rotateDefaultToken(): string
  /** Stops the API, closes every engine and the sandbox, checkpoints the WAL and closes the database. */
  close(): Promise<void>
}

export async function startCore(options: CoreOptions): Promise<CoreHandle> {
  const network = options.network ?? 'whatsapp'
  // Owner-only: 0700 folder, 0600 files (an older install is tightened here).
  ensurePrivateDataDir(options.dataDir)
  const givenLogLevel = options.logLevel ?? process.env.SWITCHBOARD_LOG_LEVEL
  const fileLogger = options.logger ? undefined : createFileLogger(join(options.dataDir, 'logs', 'switchboard.log'), givenLogLevel ?? 'info')
  const logger = options.logger ?? fileLogger!.logger
  /** Third-party and simulated parts log to the file only (issue 20 item 10). */
  const quietLogger = fileLogger?.fileOnly ?? logger
  const cleanups: (() => Promise<void> | void)[] = []
  const unwind = async () => {
    for (const c of cleanups.splice(0).reverse()) await c()
    // Last: the host may exit right after (see FileLogger.settled).
    await fileLogger?.settled()
  }
  try {
    const dataKey = resolveDataKey(options.dataDir, { hostKey: options.dataKey, keyring: options.dataKey ? undefined : secretToolKeyring(), passphrase: options.passphrase })
    logger.info({ source: dataKey.source, where: dataKey.where }, 'data key of the store at rest')
    const dbFile = join(options.dataDir, 'switchboard.db')
    const historyThread = options.historyThread ?? { on: true }
    // The history ingest thread writes the same file: this connection's transactions take the write lock at BEGIN,
    // and the two take turns through shared flags (write-turns.ts): the thread, at a lower priority, begins none
    // while one of this connection's is under way and ends its own as soon as this one waits (the main thread
    // waiting behind it was the sync's longest stall, up to 640 ms).
    const writeTurns = historyThread.on ? newWriteTurns() : undefined
    const db = openDatabase(dbFile, {
      nativeBinding: options.nativeBinding,
      dataKey: dataKey.key,
      onEncrypted: (file) => logger.info({ file }, 'the database stored in clear by an older version is now encrypted'),
      ...(writeTurns ? { sharedWriter: { onTopLevel: mainTurns(writeTurns), hold: mainHold(writeTurns) } } : {})
    })
    cleanups.push(() => checkpointAndClose(db))
    migrate(db, appMigrations)
    // WAL checkpoints on a thread: no commit on the event loop waits for a checkpoint's copies and fsyncs.
    const checkpointer = startWalCheckpointer(db, {
      file: dbFile,
      dataKey: dataKey.key,
      nativeBinding: options.nativeBinding,
      onFailure: (err) => logger.warn({ err }, 'the WAL checkpoint thread failed; SQLite checkpoints inside commits again')
    })
    cleanups.push(() => checkpointer.stop())
    const sealed = sealAuthStateAtRest(db)
    if (sealed) logger.info({ rows: sealed }, 'session keys stored in clear by an older version are now encrypted')
    ensureDefaultAccount(db, { dataDir: options.dataDir, accessToken: options.accessToken, plan: options.plan, now: Date.now() })
    // Settings (settings/): a flag or variable given at start wins, else the choice stored in Settings, else the default.
    const pinned = options.pinned ?? { ...pinnedByGivenOptions(options), ...(options.logLevel === undefined && process.env.SWITCHBOARD_LOG_LEVEL ? { logLevel: 'SWITCHBOARD_LOG_LEVEL' } : {}) }
    const started = resolveStartValues({
      host: options.host ?? '127.0.0.1',
      port: options.port ?? 3000,
      allowHosts: options.allowHosts ?? [],
      logLevel: givenLogLevel ?? 'info',
      freeInstanceQuota: options.instanceQuota?.free !== undefined ? options.instanceQuota.free : DEFAULT_PLANS.instanceQuota.free,
      paidInstanceQuota: options.instanceQuota?.paid !== undefined ? options.instanceQuota.paid : DEFAULT_PLANS.instanceQuota.paid,
      publicUrl: options.publicUrl ?? null
    }, readAppSettings(db), pinned)
    const host = started.host
    const setLogLevel = (level: string) => (fileLogger ? fileLogger.setLevel(level) : (logger.level = level))
    if (started.logLevel !== (givenLogLevel ?? 'info')) setLogLevel(started.logLevel)
    // libsignal prints Signal session records (private keys) with console.info and has no logger option; this is
    // the one place the core touches the global console (engine/baileys/libsignal-console.ts).
    installLibsignalConsoleFilter(logger.child({ module: 'libsignal' }))
    const bus = createEventBus<CoreBusEvents>((err, name) => logger.error({ err, event: String(name) }, 'event listener failed'))

    // The simulated network (sandbox/sandbox-module.ts): what the engines, proxies and version check reach instead of WhatsApp.
    const sandbox = network === 'sandbox' ? await openSandboxModule({ dataDir: options.dataDir, logger: quietLogger }) : undefined
    if (sandbox) cleanups.push(() => sandbox.close())
    const engineSocketConfig: EngineSocketConfig = { ...sandbox?.socketTrust, ...options.engine?.socketConfig }
    // Overrides come last, so the loopback rule is checked on the URL the engines will really use.
    sandbox?.assertEngineUrl(engineSocketConfig.waWebSocketUrl)
    const retryCounters = createRetryCounterCaches()
    // config.proxy of each instance (engine/proxy/): its WebSocket, media uploads and downloads go through it; in
    // sandbox mode the proxy's TLS trusts the sandbox media CA and media hosts still map to the sandbox's.
    const proxies = new InstanceProxies({
      db,
      tls: sandbox?.proxyTls ?? {},
      logger: logger.child({ module: 'proxy' })
    })
    cleanups.push(() => proxies.close())
    const engine = new BaileysAdapter({
      db,
      // Baileys' own lines go to the log file only (never raw JSON on a redirected console).
      logger: quietLogger.child({ name: 'baileys', module: 'engine' }, { level: process.env.SWITCHBOARD_ENGINE_LOG_LEVEL ?? 'warn' }),
      socketConfig: engineSocketConfig,
      reconnect: options.engine?.reconnect,
      // getMessage from the message store: answers peers' retry requests and lets Baileys decrypt event responses;
      // retry counters outlive reconnects.
      socketConfigFor: (id) => ({ getMessage: storeGetMessage(db, id), msgRetryCounterCache: retryCounters.for(id), ...proxies.socketConfigFor(id), ...options.engine?.socketConfigFor?.(id) }),
      publish: (instanceId, events, historyChunks) => bus.emit('engine.baileys', { instanceId, events, ...(historyChunks?.length ? { historyChunks } : {}) }),
      decryptLogWindowMs: options.engine?.decryptLogWindowMs,
      retryReceiptsPerSender: options.engine?.retryReceiptsPerSender,
      afterHistoryChunkRecorded: options.engine?.afterHistoryChunkRecorded,
      // Issue 22 item 1: learned after a 405 from WhatsApp Web's service worker (in sandbox mode, the sandbox's).
      version: new WaVersionSource({
        db,
        logger: logger.child({ module: 'engine' }),
        ...(sandbox?.versionSource ?? { url: 'https://web.whatsapp.com/sw.js' }),
        pinned: parseWaVersion(options.engine?.waWebVersion ?? process.env.SWITCHBOARD_WA_VERSION)
      })
    })
    const plans: PlanCatalogue = { instanceQuota: { free: started.freeInstanceQuota, paid: started.paidInstanceQuota } }
    // Webhooks (webhooks/webhooks-module.ts): the delivery worker holds a STOPPED instance's deliveries; the outbox
    // producers below (status recorder, ingestor) get its wake. Created before them, started once they exist;
    // stopped after the engines (cleanups run in reverse).
    const { webhooks, events: eventStream, wakeDeliveries } = assembleWebhooksModule({ db, bus, isInstanceDeliverable: (id) => instances.view(id)?.status !== 'STOPPED', logger })
    // session.status webhook events are written in the transaction of the status row itself.
    const instances = new InstanceManager({ db, engine, bus, plans, logger, resume: options.engine?.resume, recordStatus: sessionStatusOutbox({ db, engineName: engine.name, wakeDeliveries }) })
    let port: number | undefined
    const urlHost = host.includes(':') ? `[${host}]` : host
    const apiUrl = () => `http://${urlHost}:${port}`
    // Each session's command port (engine/session-port.ts): every WhatsApp verb outside engine/ goes through it.
    const ports = sessionPorts(engine, (id) => instances.view(id)?.status)
    instances.onDelete((id) => {
      deleteInstanceRows(db, id)
      retryCounters.drop(id)
      proxies.forget(id)
    })
    // One limiter and queue for the whole core (rate-limit/rate-limit-module.ts).
    const { clock, limiter, queue } = assembleRateLimitModule({ db, clock: options.clock, accountProtectionSeconds: options.accountProtectionSeconds })
    // The messaging module (messaging/messaging-module.ts): media files, the ingestor, the send pipeline, the read side.
    const messaging = assembleMessagingModule({
      db, bus, instances, engine, ports, apiUrl, undecryptableGraceMs: options.undecryptableGraceMs, rate: { limiter, queue }, clock, logger, network,
      sendMedia: options.sendMedia, deliverability: options.deliverability, dataDir: options.dataDir, engineName: engine.name, wakeDeliveries,
      // Without the history thread: history stored on the main thread in slices. Opt-in until two writers on one
      // file have run longer than a day: see docs/testing-and-performance.md, "The history ingest on a thread".
      ...(!writeTurns ? {} : { historyStore: { file: dbFile, dataKey: dataKey.key, nativeBinding: options.nativeBinding, writeTurns, ...(historyThread.nice !== undefined ? { nice: historyThread.nice } : {}) } })
    })
    const { media, send: sender, reads } = messaging
    webhooks.start()
    // Shutdown (reverse order): the queue, then the engines, then the ingestor stores what they last emitted, then
    // the delivery worker.
    cleanups.push(() => webhooks.stop(), () => messaging.stopIngest())
    cleanups.push(() => instances.closeAll())
    const pairingCodes = new PairingCodes(db, instances, bus, { ...DEFAULT_PAIRING_THROTTLE, ...options.pairingThrottle })
    cleanups.push(() => queue.close())

    // The service layer both front doors share (services/core-services.ts); the core's clock goes to the modules.
    const now = () => clock.now()
    // The account module: groups, channels, labels, profile, presence, statuses, calls (account/account-module.ts).
    const account = assembleAccountModule({ db, bus, ports, sender, rate: { limiter, queue }, logger, now, network })
    cleanups.push(() => account.close())
    instances.onDelete((id) => account.forget(id))
    cleanups.push(() => eventStream.close())
    // The owner's account management (CLI `accounts`, Settings view); removal deletes instances like the API does.
    // Event streams, MCP exchanges and UI bridge connections close when their credential stops authenticating (issue 21).
    const liveChannels = new LiveChannels({ db, logger: logger.child({ module: 'live-channels' }) })
    cleanups.push(() => liveChannels.close())
    const accounts = new AccountService({ db, plans, dataDir: options.dataDir, deleteInstance: (id) => instances.delete(id), now: Date.now, credentialsChanged: () => liveChannels.recheck() })
    const apiKeys = new ApiKeyService({ db, now: Date.now, credentialsChanged: () => liveChannels.recheck() })
    // The app settings of the Settings view: quotas, allowed hosts and the log level apply live, host and port at the next start.
    const settings = new AppSettingsService({
      db, dataDir: options.dataDir, started, boundPort: () => port, pinned, plans, accounts, freePolicies: FREE_POLICY_SLUGS, onAllowHostsChanged: (hosts) => logger.info({ hosts }, 'allowed hosts changed in Settings'),
      setLogLevel, desktop: options.desktop, now: Date.now
    })
    // Campaigns send through the send pipeline and check numbers through check-exists (services/campaign-ports.ts).
    const campaigns = new Campaigns({ db, clock, logger: logger.child({ module: 'campaigns' }), events: bus, ports: campaignPorts({ db, sender, reads, queue, manager: instances, engineName: engine.name, wakeDeliveries, logger: logger.child({ module: 'campaigns' }) }) })
    cleanups.push(() => campaigns.close())
    const instanceService = new InstanceService({ db, manager: instances, plans, webhooksOf: (id) => webhooks.listWire(id), events: bus, deliverabilityOf: (id) => sender.deliverabilityOf(id) })
    // Health figures read at scrape / panel time from the store (GET /metrics, the UI's health panel).
    const health = new HealthService({ db, instances: instanceService, send: sender, events: eventStream })
    const sandboxControl = new SandboxControl(sandbox?.network)
    // The front doors' one way to subscribe: domain events and the services' own feeds, by kind.
    const subscriptions = createSubscriptions(bus, {
      'webhook.attempt': (listener) => webhooks.onAttempt(listener),
      'campaign.changed': (listener) => campaigns.subscribe(listener),
      'sandbox.phone': (listener) => sandboxControl.onPhoneChange(listener)
    })
    const services: CoreServices = {
      instances: instanceService,
      health,
      metrics: new MetricsService(health),
      qrImages: new QrImages(),
      backups: new Backups({ db, dataDir: options.dataDir, dataKey: dataKey.key, appVersion: process.env.SWITCHBOARD_VERSION ?? process.env.npm_package_version ?? '0.0.0', now: Date.now }),
      pairingCodes,
      send: sender,
      statuses: account.statuses,
      media,
      groups: account.groups,
      channels: account.channels,
      labels: account.labels,
      profile: account.profile,
      presence: account.presence,
      webhooks,
      events: eventStream,
      // Choices and links are stamped with the wall clock, as before; the limiter's clock (tests: ManualClock) paces sends only.
      policies: new PolicyService({ db, counters: queue, now: Date.now }),
      tempLinks: new TempLinkService({ db, now: Date.now, publicUrl: () => settings.publicUrl(), boundHost: host, port: () => port }),
      accounts,
      settings,
      reads,
      chats: createChatsService({ db, sender, ports, media }),
      subscriptions,
      campaigns,
      sandbox: sandboxControl,
      liveChannels,
      apiKeys,
      uiDevices: new UiDeviceService({ db, now: Date.now }),
      calls: account.calls,
      savedReplies: new SavedReplyService({ db, now: Date.now })
    }
    const app = await buildApiApp({
      services,
      db,
      logger,
      boundHost: host,
      allowHosts: () => settings.allowHosts(),
      port: () => port,
      sandboxRoutes: sandbox?.routes((accountId, instanceId) => instanceService.ownedQr(accountId, instanceId)),
      extraRoutes: options.extraRoutes,
      authFailureLimit: options.authFailureLimit,
      uploadDir: join(options.dataDir, 'uploads')
    })
    cleanups.push(() => app.close())
    const ui = await registerUiBridge(app, services, {
      accountId: DEFAULT_ACCOUNT_ID,
      logger,
      apiUrl,
      apiAccess: {
        host,
        get allowHosts() {
          return settings.allowHosts()
        }
      },
      revealToken: () => revealDefaultToken(options.dataDir),
      rotateToken: () => accounts.rotate(DEFAULT_ACCOUNT_ID).token,
      version: process.env.SWITCHBOARD_VERSION ?? process.env.npm_package_version ?? '0.0.0',
      network
    }, { uiToken: options.uiToken, rendererDir: options.uiRendererDir })
    cleanups.push(() => ui.close())
    await app.listen({ port: started.port, host })
    if (!isLoopbackHost(host)) logger.warn({ host }, EXPOSED_WARNING)
    const address = app.server.address()
    port = typeof address === 'object' && address ? address.port : started.port
    // For `npm run ui-link` (settings/running-server.ts): which server uses this data dir, reachable how.
    writeRunningServer(options.dataDir, { url: localUrl(host, port), pid: process.pid, startedAt: Date.now() })
    cleanups.push(() => removeRunningServer(options.dataDir))
    instances.resumeAll()
    campaigns.run()

    return {
      url: apiUrl(),
      host,
      port,
      network,
      dataDir: options.dataDir,
      db,
      bus,
      instances,
      engine,
      app,
      sandbox: sandbox?.network,
      webhooks,
      rateLimit: { limiter, queue },
      logger,
      ui,
      services,
      uiUrl: `${apiUrl()}${ui.path}`,
      revealDefaultToken: () => revealDefaultToken(options.dataDir),
      rotateDefaultToken: () => accounts.rotate(DEFAULT_ACCOUNT_ID).token,
      close: async () => {
        await unwind()
        logger.flush?.()
      }
    }
  } catch (e) {
    await unwind()
    throw e
  }
}

