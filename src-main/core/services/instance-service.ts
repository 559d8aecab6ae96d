// Instances as both front doors see them: the lifecycle (InstanceManager), the ownership rule (an instance of
// another account "does not exist"), the policy in force and the DTOs built from one row. One place, so the API
// and the UI can never disagree about an instance (the bug of 23906e3).
import type { Db } from '../db/connection.js'
import { getAccount, type AccountRow } from '../db/repositories/accounts-repo.js'
import { getInstanceProxyShown, getOwnedInstance, listAccountInstances, rowMe, setInstanceProxy, type InstanceRow } from '../db/repositories/instances-repo.js'
import { coreErrors } from '../domain/core-errors.js'
import type { EventSubscriber } from '../domain/event-bus.js'
import type { CoreEventMap, InstanceMe } from '../domain/events.js'
import type { PlanCatalogue, PlanTier } from '../domain/plans.js'
import type { ProxySetting, ProxyView } from '../domain/proxy.js'
import type { InstanceManager, InstanceView } from '../engine/instance-manager.js'
import { policyInForce } from '../rate-limit/policies.js'
import type { DeliverabilityView } from '../messaging/send/deliverability.js'

/** config.proxy of a row as answers show it (the password masked, never opened). */
const shownProxyOf = (row: InstanceRow): ProxyView | null =>
  row.proxy_server ? { server: row.proxy_server, username: row.proxy_username, password: row.proxy_password === null ? null : '***' } : null

/** The one local server every instance runs on (the hosted API's server_name). */
export const SERVER_NAME = 'switchboard-local'

/** The QR an instance shows while it waits for a scan, with the engine's own timing. */
export interface CurrentQr {
  qr: string
  issuedAt: number
  expiresAt: number
}

/** An instance as a view shows it: its row, who it is paired as, the policy in force and the send holds. */
export interface InstanceSummary {
  row: InstanceRow
  me: InstanceMe | null
  policy: { slug: string; name: string }
  deliverability: DeliverabilityView
}

/** `config` of session answers: the instance's webhooks and its proxy (password masked; null = direct). */
export interface SessionConfigView {
  webhooks: unknown[]
  proxy: ProxyView | null
}

export interface InstanceServiceDeps {
  db: Db
  manager: InstanceManager
  plans: PlanCatalogue
  /** The instance's webhooks as session answers show them. */
  webhooksOf(instanceId: string): unknown[]
  /** session.qr / session.status: waitForQr() wakes on them instead of polling. */
  events: EventSubscriber<Pick<CoreEventMap, 'session.qr' | 'session.status'>>
  /** Whether the network lets the instance start new chats now (the send pipeline's hold, GET /v2/session/info). */
  deliverabilityOf(instanceId: string): DeliverabilityView
}

export class InstanceService {
  readonly manager: InstanceManager

  constructor(private readonly deps: InstanceServiceDeps) {
    this.manager = deps.manager
  }

  get plans(): PlanCatalogue {
    return this.deps.plans
  }

  /** The account by id; a removed account is an invalid token. */
  account(accountId: string): AccountRow {
    const account = getAccount(this.deps.db, accountId)
    if (!account) throw coreErrors.invalidAccessToken()
    return account
  }

  /** The instance if it belongs to the account; otherwise it "does not exist", as in the API. */
  owned(accountId: string, instanceId: string): InstanceRow {
    const row = getOwnedInstance(this.deps.db, this.account(accountId).id, instanceId.toUpperCase())
    if (!row) throw coreErrors.invalidSession()
    return row
  }

  /** The instance by id whoever owns it (callers authorised by other means: the API's auth hook, a temp link). */
  view(instanceId: string): InstanceView | undefined {
    return this.deps.manager.view(instanceId)
  }

  /** Like view(); a missing instance is invalid_session. */
  mustView(instanceId: string): InstanceView {
    return this.deps.manager.mustView(instanceId)
  }

  /** The QR to scan, only while the instance (as last read) is in SCAN_QR_CODE. */
  qrOf(instance: { id: string; status: string }): CurrentQr | undefined {
    return instance.status === 'SCAN_QR_CODE' ? this.deps.manager.qr(instance.id) : undefined
  }

  /** The QR string an instance of this account shows now (the sandbox's scan by instance_id); undefined for another account's. */
  ownedQr(accountId: string, instanceId: string): string | undefined {
    const view = this.deps.manager.view(instanceId.toUpperCase())
    return view && view.accountId === accountId ? this.deps.manager.qr(view.id)?.qr : undefined
  }

  /**
   * The QR to scan, waiting up to `timeoutMs` for the first one while the instance is in SCAN_QR_CODE without one
   * yet (right after a logout, or between a 401 and the new connection's first QR). Undefined when there is still
   * none, or when the instance is (or went) in another state: the caller says which.
   */
  async waitForQr(instanceId: string, timeoutMs: number): Promise<CurrentQr | undefined> {
    const first = this.mustView(instanceId)
    const ready = this.qrOf(first)
    if (ready || first.status !== 'SCAN_QR_CODE' || timeoutMs <= 0) return ready
    return new Promise<CurrentQr | undefined>((resolve) => {
      const finish = () => {
        clearTimeout(timer)
        offQr()
        offStatus()
        const view = this.view(instanceId)
        resolve(view ? this.qrOf(view) : undefined)
      }
      const offQr = this.deps.events.on('session.qr', (e) => {
        if (e.instanceId === instanceId && e.qr) finish()
      })
      const offStatus = this.deps.events.on('session.status', (e) => {
        if (e.instanceId === instanceId && e.status !== 'SCAN_QR_CODE') finish()
      })
      const timer = setTimeout(finish, timeoutMs)
      // The QR may have come between the first look and the subscriptions.
      if (this.qrOf(this.mustView(instanceId))) finish()
    })
  }

  /** The account's instances, oldest first; `all` false leaves out the STOPPED ones (WAHA's GET /api/sessions). */
  list(accountId: string, all: boolean): InstanceView[] {
    const views = this.deps.manager.listForAccount(this.account(accountId).id)
    return all ? views : views.filter((v) => v.status !== 'STOPPED')
  }

  listRows(accountId: string): InstanceRow[] {
    return listAccountInstances(this.deps.db, accountId)
  }

  /** One instance's facts for a front door's view of it; `plan` is the owning account's, which decides the policy
   *  in force (a paid choice runs as strict on free). The bridge maps it to the Instances view's DTO. */
  summary(row: InstanceRow, plan: PlanTier): InstanceSummary {
    const policy = policyInForce(row.rate_policy, plan)
    return { row, me: rowMe(row), policy: { slug: policy.slug, name: policy.name }, deliverability: this.deps.deliverabilityOf(row.id) }
  }

  /** `config` of the API's session answers. */
  sessionConfig(instanceId: string, row?: InstanceRow): SessionConfigView {
    return { webhooks: this.deps.webhooksOf(instanceId), proxy: row ? shownProxyOf(row) : this.proxyOf(instanceId) }
  }

  /** The instance's config.proxy as answers show it (password masked). */
  proxyOf(instanceId: string): ProxyView | null {
    return getInstanceProxyShown(this.deps.db, instanceId)
  }

  /**
   * Sets (null: removes) the instance's proxy. Stored at once; the engine reads it for each new connection, so it
   * takes effect at the next (re)start or reconnect of the instance (a running connection keeps its route).
   */
  setProxy(instanceId: string, proxy: ProxySetting | null): ProxyView | null {
    this.mustView(instanceId)
    setInstanceProxy(this.deps.db, instanceId, proxy, Date.now())
    return this.proxyOf(instanceId)
  }
}
