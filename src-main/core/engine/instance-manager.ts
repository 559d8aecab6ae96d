// Instance lifecycle: create/start/stop/restart/logout/delete, quota, resume on boot. Owns the status machine
// (domain/instance-status.ts): every change is checked, persisted, then published as `session.status`.
// Engine-agnostic: it drives EngineSessions and reads their EngineSignals. The asynchronous operations of one
// instance run one after another, so none can resurrect an engine session that another is tearing down.
import type { Logger } from 'pino'
import type { Db } from '../db/connection.js'
import { getAccount } from '../db/repositories/accounts-repo.js'
import * as repo from '../db/repositories/instances-repo.js'
import { coreErrors } from '../domain/core-errors.js'
import type { EventPublisher } from '../domain/event-bus.js'
import type { CoreEventMap, InstanceMe, SessionStatusEvent } from '../domain/events.js'
import { generateInstanceId, generateSessionName } from '../domain/ids.js'
import { assertNever, canTransition, isRunningStatus, type InstanceStatus } from '../domain/instance-status.js'
import { instanceQuotaOf, type PlanCatalogue } from '../domain/plans.js'
import type { ProxySetting } from '../domain/proxy.js'
import { DEFAULT_POLICY_SLUG } from '../rate-limit/policies.js'
import type { EngineAdapter, EngineSession, EngineSignal } from './engine-adapter.js'

export interface InstanceView {
  id: string
  accountId: string
  name: string
  status: InstanceStatus
  /** Why the status last changed: a stable code (domain/status-reason.ts puts it in words), when known. */
  statusReason: string | null
  me: InstanceMe | null
  createdAt: number
}

/**
 * Boot resume in bounded concurrency (no reconnect storm): at most `concurrency` instances connect at once; a slot
 * frees when its instance reaches an outcome (WORKING, a QR, a failure, a close) or after `slotTimeoutMs`.
 */
export interface ResumeConfig {
  concurrency: number
  slotTimeoutMs: number
}

export const DEFAULT_RESUME: ResumeConfig = { concurrency: 8, slotTimeoutMs: 5_000 }

/** Run by restart (purge the instance's queued outbound messages) and by delete (drop its data). */
export type InstanceHook = (instanceId: string) => void | Promise<void>

export interface InstanceManagerOptions {
  db: Db
  engine: EngineAdapter
  bus: EventPublisher<CoreEventMap>
  plans: PlanCatalogue
  logger: Logger
  now?: () => number
  /**
   * Called inside the transaction that writes a status change (the session.status webhook event goes to the
   * outbox there), so the status row and what it records commit together; a throw rolls the change back.
   */
  recordStatus?: (change: SessionStatusEvent) => void
  resume?: Partial<ResumeConfig>
}

export class InstanceManager {
  private readonly sessions = new Map<string, EngineSession>()
  private readonly restartHooks = new Set<InstanceHook>()
  private readonly deleteHooks = new Set<InstanceHook>()
  private readonly qrSeen = new Map<string, { qr: string; at: number; expiresAt: number }>()
  /** Tail of each instance's queue of lifecycle operations (never rejects). */
  private readonly ops = new Map<string, Promise<void>>()
  /** Instances whose delete is under way: nothing may start an engine session for them. */
  private readonly deleting = new Set<string>()
  private readonly now: () => number
  private readonly resume: ResumeConfig
  /** Instances resumeAll left STARTING that wait for a slot, and those holding one (with the slot's timeout). */
  private readonly resumeQueue: string[] = []
  private readonly resumeSlots = new Map<string, NodeJS.Timeout>()

  constructor(private readonly o: InstanceManagerOptions) {
    this.now = o.now ?? Date.now
    this.resume = { ...DEFAULT_RESUME, ...o.resume }
  }

  /** Issue 4's outbound queue registers its purge here; restart awaits every hook before reconnecting. */
  onRestart(hook: InstanceHook): () => void {
    this.restartHooks.add(hook)
    return () => void this.restartHooks.delete(hook)
  }

  onDelete(hook: InstanceHook): () => void {
    this.deleteHooks.add(hook)
    return () => void this.deleteHooks.delete(hook)
  }

  get engineName(): string {
    return this.o.engine.name
  }

  view(id: string): InstanceView | undefined {
    const row = repo.getInstance(this.o.db, id)
    return row && toView(row)
  }

  /** The view of a row the caller already read in this turn (the API's auth did): no second query. */
  viewOf(row: repo.InstanceRow): InstanceView {
    return toView(row)
  }

  /** Like view(), but an instance that is gone (deleted meanwhile) is the API's invalid_session. */
  mustView(id: string): InstanceView {
    return toView(this.mustGet(id))
  }

  listForAccount(accountId: string): InstanceView[] {
    return repo.listAccountInstances(this.o.db, accountId).map(toView)
  }

  /** Creates the instance and starts it at once (so the answer's STARTING is true; a following start is a no-op). */
  create(accountId: string, sessionName?: string, settings: { proxy?: ProxySetting | null } = {}): InstanceView {
    const { db } = this.o
    const account = getAccount(db, accountId)
    if (!account) throw coreErrors.invalidAccessToken()
    // The account's own quota when the owner set one (accounts add/set --quota), else its plan's.
    const quota = instanceQuotaOf(this.o.plans, account)
    const id = generateInstanceId()
    const now = this.now()
    db.transaction(() => {
      // Count and insert in one transaction so two concurrent creates cannot both take the last slot.
      if (quota !== null && repo.countAccountInstances(db, accountId) >= quota) throw coreErrors.quotaReached(quota)
      repo.insertInstance(db, { id, accountId, sessionName: sessionName || generateSessionName(), status: 'STOPPED', desiredRunning: false, ratePolicy: DEFAULT_POLICY_SLUG, now })
      // Before the first start: its very first connection already goes through the proxy.
      if (settings.proxy) repo.setInstanceProxy(db, id, settings.proxy, now)
    })()
    this.o.bus.emit('instance.created', { instanceId: id, accountId, at: now })
    this.start(id)
    return this.mustView(id)
  }

  /** Synchronous (it sets STARTING and lets the engine connect); an instance being deleted is invalid_session. */
  start(id: string): InstanceView {
    const row = this.mustGet(id)
    if (!isRunningStatus(row.status)) {
      repo.setDesiredRunning(this.o.db, id, true, this.now())
      this.setStatus(id, 'STARTING', 'start')
      this.sessionOf(id).start()
    }
    return this.mustView(id)
  }

  stop(id: string): Promise<InstanceView> {
    return this.serial(id, async () => {
      this.mustGet(id)
      repo.setDesiredRunning(this.o.db, id, false, this.now())
      await this.sessions.get(id)?.stop()
      this.releaseResumeSlot(id)
      this.setStatus(id, 'STOPPED', 'stop')
      return this.mustView(id)
    })
  }

  restart(id: string): Promise<InstanceView> {
    return this.serial(id, async () => {
      const row = this.mustGet(id)
      await this.sessions.get(id)?.stop()
      for (const hook of this.restartHooks) await hook(id)
      this.o.bus.emit('instance.restarted', { instanceId: id, accountId: row.account_id, at: this.now() })
      repo.setDesiredRunning(this.o.db, id, true, this.now())
      this.setStatus(id, 'STARTING', 'restart')
      this.sessionOf(id).start()
      return this.mustView(id)
    })
  }

  /** WORKING -> SCAN_QR_CODE: unlink the device, forget the pairing, show a fresh QR. */
  logout(id: string): Promise<InstanceView> {
    return this.serial(id, () => this.logoutNow(id))
  }

  private async logoutNow(id: string): Promise<InstanceView> {
    const row = this.mustGet(id)
    if (row.status === 'SCAN_QR_CODE') return toView(row)
    if (row.status !== 'WORKING') {
      throw coreErrors.statusMismatch(row.status, ['WORKING'], 'Start the session and wait for WORKING before logging out')
    }
    repo.setInstanceMe(this.o.db, id, null, this.now())
    this.setStatus(id, 'SCAN_QR_CODE', 'logout')
    await this.sessionOf(id).logout()
    return this.mustView(id)
  }

  /** Irreversible: closes the engine, deletes every row of the instance, frees the quota slot. */
  delete(id: string): Promise<InstanceView> {
    return this.serial(id, async () => {
      const row = this.mustGet(id)
      this.deleting.add(id)
      try {
        const session = this.sessions.get(id)
        this.sessions.delete(id)
        // A logged-in device is unlinked on the network too; a stopped one can only be forgotten locally.
        if (session?.isOpen()) await session.logout({ reconnect: false })
        await session?.stop()
        this.releaseResumeSlot(id)
        for (const hook of this.deleteHooks) await hook(id)
        repo.deleteInstance(this.o.db, id)
      } finally {
        this.deleting.delete(id)
      }
      const at = this.now()
      this.o.bus.emit('session.status', { instanceId: id, accountId: row.account_id, name: row.session_name, status: 'DELETED', previous: row.status, reason: 'delete', me: repo.rowMe(row), at })
      this.o.bus.emit('instance.deleted', { instanceId: id, accountId: row.account_id, at })
      return { ...toView(row), status: 'DELETED' as const, statusReason: 'delete' }
    })
  }

  /**
   * Runs the instance's lifecycle operations one at a time, in call order: a delete that arrives while a restart
   * awaits its hooks waits for the restart to finish, then closes the session the restart started.
   */
  private serial<T>(id: string, op: () => Promise<T>): Promise<T> {
    const result = (this.ops.get(id) ?? Promise.resolve()).then(op)
    const tail = result.then(
      () => undefined,
      () => undefined
    )
    this.ops.set(id, tail)
    void tail.then(() => {
      if (this.ops.get(id) === tail) this.ops.delete(id)
    })
    return result
  }

  /** The QR the instance shows now, when it appeared and when it rotates (the first after 60 s, then every 20 s). */
  qr(id: string): { qr: string; issuedAt: number; expiresAt: number } | undefined {
    const qr = this.sessions.get(id)?.currentQr()
    if (!qr) return undefined
    const seen = this.qrSeen.get(id)
    if (seen?.qr === qr) return { qr, issuedAt: seen.at, expiresAt: seen.expiresAt }
    const now = this.now()
    return { qr, issuedAt: now, expiresAt: now + 20_000 }
  }

  async requestPairingCode(id: string, phoneNumber: string): Promise<string> {
    const row = this.mustGet(id)
    const session = this.sessions.get(id)
    if (row.status !== 'SCAN_QR_CODE' || !session?.currentQr()) {
      throw coreErrors.statusMismatch(row.status, ['SCAN_QR_CODE'], 'Wait until the session shows a QR code (status SCAN_QR_CODE), then retry after about 10 s')
    }
    return session.requestPairingCode(phoneNumber)
  }

  /**
   * Boot: fix statuses left by the previous process and resume the instances the user left running. All of them
   * show STARTING at once; their engines connect a few at a time (ResumeConfig), so fifty accounts do not open
   * fifty handshakes (and fifty Signal/app-state syncs) in the same second.
   */
  resumeAll(): void {
    for (const row of repo.listInstances(this.o.db)) {
      if (row.desired_running) {
        this.setStatus(row.id, 'STARTING', 'resume')
        this.resumeQueue.push(row.id)
      } else if (row.status !== 'STOPPED') {
        this.setStatus(row.id, 'STOPPED', 'boot')
      }
    }
    this.pumpResume()
  }

  /** Instances resumeAll has not started yet (waiting for a slot). */
  get resumePending(): number {
    return this.resumeQueue.length
  }

  private pumpResume(): void {
    while (this.resumeSlots.size < Math.max(1, this.resume.concurrency) && this.resumeQueue.length) {
      const id = this.resumeQueue.shift()!
      const row = repo.getInstance(this.o.db, id)
      // Stopped, deleted or started by the user meanwhile (start/restart made its session): nothing to resume.
      if (!row || this.deleting.has(id) || !row.desired_running || this.sessions.has(id)) continue
      const timer = setTimeout(() => this.releaseResumeSlot(id), this.resume.slotTimeoutMs)
      timer.unref()
      this.resumeSlots.set(id, timer)
      try {
        this.sessionOf(id).start()
      } catch (err) {
        this.o.logger.warn({ err, instanceId: id }, 'resume: the engine did not start')
        this.releaseResumeSlot(id)
      }
    }
  }

  private releaseResumeSlot(id: string): void {
    const timer = this.resumeSlots.get(id)
    if (!timer) return
    clearTimeout(timer)
    this.resumeSlots.delete(id)
    this.pumpResume()
  }

  /** Shutdown: close every engine; desired states stay so the next boot resumes the same instances. */
  async closeAll(): Promise<void> {
    this.resumeQueue.length = 0
    for (const timer of this.resumeSlots.values()) clearTimeout(timer)
    this.resumeSlots.clear()
    const sessions = [...this.sessions.values()]
    this.sessions.clear()
    await Promise.allSettled(sessions.map((s) => s.stop()))
  }

  private mustGet(id: string): repo.InstanceRow {
    const row = repo.getInstance(this.o.db, id)
    if (!row || this.deleting.has(id)) throw coreErrors.invalidSession()
    return row
  }

  private sessionOf(id: string): EngineSession {
    let session = this.sessions.get(id)
    if (!session) {
      // Never a new engine session for an instance that is gone or going.
      this.mustGet(id)
      session = this.o.engine.createSession(id, (signal) => this.onSignal(id, signal))
      this.sessions.set(id, session)
    }
    return session
  }

  private onSignal(id: string, signal: EngineSignal): void {
    // Any outcome of a resumed instance's connection frees its resume slot for the next one.
    if (signal.kind !== 'connecting' && signal.kind !== 'me') this.releaseResumeSlot(id)
    const row = repo.getInstance(this.o.db, id)
    if (!row) return // deleted while the engine was still closing
    const at = this.now()
    switch (signal.kind) {
      case 'connecting':
        return
      case 'qr':
        this.qrSeen.set(id, { qr: signal.qr, at, expiresAt: at + signal.lifetimeMs })
        this.setStatus(id, 'SCAN_QR_CODE', 'engine:qr')
        this.o.bus.emit('session.qr', { instanceId: id, qr: signal.qr, at, expiresAt: at + signal.lifetimeMs })
        return
      case 'paired':
        repo.setInstanceMe(this.o.db, id, signal.me, at)
        this.o.bus.emit('session.qr', { instanceId: id, qr: null, at, expiresAt: null })
        this.setStatus(id, 'STARTING', 'engine:paired')
        return
      case 'open':
        repo.setInstanceMe(this.o.db, id, signal.me, at)
        this.setStatus(id, 'WORKING', 'engine:open')
        return
      case 'me':
        repo.setInstanceMe(this.o.db, id, signal.me, at)
        return
      case 'reconnecting':
        if (row.status === 'WORKING') this.setStatus(id, 'STARTING', `disconnect:${signal.code ?? 'unknown'}`)
        // Still connecting: the reason says what is retried and when (no status change, so no event).
        else if (row.status === 'STARTING') repo.setInstanceStatusReason(this.o.db, id, retryReason(signal), at)
        return
      case 'logged_out':
        repo.setInstanceMe(this.o.db, id, null, at)
        this.setStatus(id, 'SCAN_QR_CODE', `disconnect:${signal.code ?? 401}`)
        return
      case 'failed':
        this.setStatus(id, 'FAILED', `failed:${signal.reason}`)
        if (signal.retryInMs !== undefined) this.o.logger.info({ instanceId: id, reason: signal.reason, retryInMs: signal.retryInMs }, 'engine keeps retrying in the background')
        return
      default:
        assertNever(signal, 'engine signal')
    }
  }

  private setStatus(id: string, status: repo.PersistedStatus, reason: string): void {
    const row = repo.getInstance(this.o.db, id)
    if (!row || row.status === status) return
    if (!canTransition(row.status, status)) {
      this.o.logger.error({ instanceId: id, from: row.status, to: status, reason }, 'refused an invalid status transition')
      return
    }
    const at = this.now()
    const { db } = this.o
    const change = db.transaction((): SessionStatusEvent => {
      repo.setInstanceStatus(db, id, status, reason, at)
      const e: SessionStatusEvent = {
        instanceId: id,
        accountId: row.account_id,
        name: row.session_name,
        status,
        previous: row.status,
        reason,
        me: status === 'WORKING' ? repo.rowMe(repo.getInstance(db, id)!) : repo.rowMe(row),
        at
      }
      this.o.recordStatus?.(e)
      return e
    })()
    this.o.bus.emit('session.status', change)
  }
}

/** retry:<attempt>:<delayMs>:<error>[@<proxy host:port>] (domain/status-reason.ts puts it in words). */
const retryReason = (s: Extract<EngineSignal, { kind: 'reconnecting' }>): string =>
  `retry:${s.attempt}:${s.delayMs}:${s.cause.error}${s.cause.proxy ? `@${s.cause.proxy}` : ''}`

const toView = (row: repo.InstanceRow): InstanceView => ({
  id: row.id,
  accountId: row.account_id,
  name: row.session_name,
  status: row.status,
  statusReason: row.status_reason,
  me: repo.rowMe(row),
  createdAt: row.created_at
})
