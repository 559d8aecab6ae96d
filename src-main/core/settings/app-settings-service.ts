// The Settings view's app settings (issue 12 item 6): shown with what pins them, checked, stored in the data dir and
// applied without a command line: plan, quotas, allowed hosts and log level at once; bind address and port at the
// next start (the listener keeps its socket). A setting pinned by a flag or environment variable cannot be changed here.
import { EXPOSED_WARNING, EXPOSED_WARNING_CODE, isLoopbackHost } from '../domain/host-policy.js'
import type { Db } from '../db/connection.js'
import { DEFAULT_ACCOUNT_ID } from '../db/repositories/accounts-repo.js'
import { domainError, type CodedError } from '../domain/errors.js'
import { isPlanTier, type PlanCatalogue, type PlanTier } from '../domain/plans.js'
import { readAppSettings, writeAppSettings, type StoredAppSettings } from './app-settings-repo.js'
import { isLogLevel, isUiLanguage, UI_LANGUAGES, type UiLanguage, normalizeAllowHosts, normalizeBindHost, normalizePublicUrl, planUnlocks, type LogLevel, type PinnableSetting, type PinnedSettings, type StartValues } from './app-settings.js'

export type SettingsErrorCode = 'invalid_param' | 'not_available'
export type SettingsError = CodedError<SettingsErrorCode>
const fail = domainError<SettingsErrorCode>

/** What the desktop host can do for Settings (Electron main, through the utility process); absent headless. */
export interface DesktopHost {
  /** The OS login item (absent where Electron cannot set one: Linux, where the desktop's autostart does it). */
  loginItem?: { get(): boolean; set(value: boolean): void }
  openFolder(path: string): void
}

export interface AppSettingsChanges {
  plan?: PlanTier
  freeInstanceQuota?: number | 'unlimited'
  paidInstanceQuota?: number | 'unlimited'
  allowHosts?: string[]
  host?: string
  port?: number
  logLevel?: string
  startAtLogin?: boolean
  /** null or '' clears it (links use the address each request came in on). */
  publicUrl?: string | null
  mutedInstances?: string[]
  notificationSound?: boolean
  language?: string
}

/** A setting as Settings shows it: the choice for the next start, what runs now, and the flag or environment
 *  variable that pinned it at start (null when the Settings choice applies). */
export interface SettingChoice<T> {
  value: T
  effective: T
  pinnedBy: string | null
}

/** The app settings as the owner sees them; the bridge maps them to the Settings view's AppSettingsDto. */
export interface AppSettingsView {
  /** The owner's plan and what each plan unlocks, in words. */
  plan: SettingChoice<PlanTier> & { unlocks: Record<PlanTier, string[]>; freePolicies: string[] }
  /** Instances per account on each plan (null = unlimited). */
  freeInstanceQuota: SettingChoice<number | null>
  paidInstanceQuota: SettingChoice<number | null>
  allowHosts: SettingChoice<string[]>
  /** Bind address; `exposedWarning` says what binding off loopback means (English), `exposedWarningCode` names it. */
  host: SettingChoice<string> & { loopback: boolean; exposedWarning: string; exposedWarningCode: typeof EXPOSED_WARNING_CODE }
  port: SettingChoice<number>
  publicUrl: SettingChoice<string | null>
  logLevel: SettingChoice<string>
  /** canOpen: the desktop app can open it. */
  dataDir: { path: string; canOpen: boolean }
  startAtLogin: { available: boolean; value: boolean }
  notifications: { mutedInstances: string[]; sound: boolean }
  /** The UI's language (issue 20 item 12): 'system' follows the browser's. */
  language: UiLanguage
}

const INSTANCE_ID = /^[A-Za-z0-9]{1,32}$/

export interface AppSettingsServiceDeps {
  db: Db
  dataDir: string
  /** The values this run started with (start-core.ts resolved them with resolveStartValues). */
  started: StartValues
  /** The port the API listens on (port 0 asks for any free one), once it listens. */
  boundPort(): number | undefined
  pinned: PinnedSettings
  /** The core's plan catalogue: changed in place, so every reader (quota checks, accounts) sees the new quotas. */
  plans: PlanCatalogue
  /** The default account's plan, read and changed through the account service (services/account-service.ts). */
  accounts: { get(id: string): { plan: PlanTier }; update(id: string, changes: { plan: PlanTier }): unknown }
  freePolicies: readonly string[]
  /** The API's Host check reads the allowed hosts through allowHosts() on each new Host value. */
  onAllowHostsChanged(hosts: readonly string[]): void
  setLogLevel(level: string): void
  desktop: DesktopHost | undefined
  now(): number
}

const quotaOf = (q: number | 'unlimited'): number | null => (q === 'unlimited' ? null : q)

export class AppSettingsService {
  private allowHostsNow: string[]
  private logLevelNow: string
  private publicUrlNow: string | null

  constructor(private readonly deps: AppSettingsServiceDeps) {
    this.allowHostsNow = [...deps.started.allowHosts]
    this.publicUrlNow = deps.started.publicUrl
    this.logLevelNow = deps.started.logLevel
  }

  /** The extra Host names accepted now (the API's Host check and the API view read it). */
  allowHosts(): readonly string[] {
    return this.allowHostsNow
  }

  /** The configured public URL (no trailing slash), or null. Live: temporary links read it when they are handed out. */
  publicUrl(): string | null {
    return this.publicUrlNow
  }

  view(): AppSettingsView {
    const { started, pinned, plans, dataDir, desktop } = this.deps
    const stored = readAppSettings(this.deps.db)
    const pin = (key: PinnableSetting) => pinned[key] ?? null
    // The choice is what runs at the next start: the pinned value, else the stored one, else what runs now.
    const choice = <K extends keyof StoredAppSettings & keyof StartValues>(key: K, now: StartValues[K]) =>
      ({ value: pinned[key] !== undefined ? now : ((stored[key] as StartValues[K] | undefined) ?? now), effective: now, pinnedBy: pin(key) })
    const plan = this.deps.accounts.get(DEFAULT_ACCOUNT_ID).plan
    const host = choice('host', started.host)
    return {
      plan: { value: plan, effective: plan, pinnedBy: pin('plan'), unlocks: planUnlocks(plans.instanceQuota, this.deps.freePolicies), freePolicies: [...this.deps.freePolicies] },
      freeInstanceQuota: choice('freeInstanceQuota', plans.instanceQuota.free),
      paidInstanceQuota: choice('paidInstanceQuota', plans.instanceQuota.paid),
      allowHosts: choice('allowHosts', this.allowHostsNow),
      host: { ...host, loopback: isLoopbackHost(host.value), exposedWarning: EXPOSED_WARNING, exposedWarningCode: EXPOSED_WARNING_CODE },
      port: choice('port', this.deps.boundPort() ?? started.port),
      logLevel: choice('logLevel', this.logLevelNow),
      publicUrl: choice('publicUrl', this.publicUrlNow),
      dataDir: { path: dataDir, canOpen: desktop !== undefined },
      startAtLogin: { available: desktop?.loginItem !== undefined, value: desktop?.loginItem?.get() ?? false },
      notifications: { mutedInstances: Array.isArray(stored.mutedInstances) ? stored.mutedInstances.filter((id) => typeof id === 'string') : [], sound: stored.notificationSound === true },
      language: isUiLanguage(stored.language) ? stored.language : 'system'
    }
  }

  /** Checks every change first (nothing is stored when one is refused), then stores and applies them. */
  update(changes: AppSettingsChanges): AppSettingsView {
    const pinnedBy = (key: PinnableSetting) => {
      const by = this.deps.pinned[key]
      if (by) throw fail('invalid_param', `This setting is set by ${by} when Switchboard starts, so it cannot be changed here`, `Start Switchboard without ${by} to choose it in Settings`, { setting: key })
    }
    const toStore: Partial<StoredAppSettings> = {}
    let allowHosts: string[] | undefined
    let logLevel: LogLevel | undefined
    if (changes.plan !== undefined) {
      pinnedBy('plan')
      if (!isPlanTier(changes.plan)) throw fail('invalid_param', `The plan must be free or paid, not "${String(changes.plan)}"`)
    }
    for (const key of ['freeInstanceQuota', 'paidInstanceQuota'] as const) {
      const q = changes[key]
      if (q === undefined) continue
      pinnedBy(key)
      if (q !== 'unlimited' && (!Number.isInteger(q) || q < 0 || q > 100_000)) throw fail('invalid_param', 'An instance quota is a whole number of instances (0 to 100000) or unlimited', undefined, { setting: key })
      toStore[key] = quotaOf(q)
    }
    if (changes.allowHosts !== undefined) {
      pinnedBy('allowHosts')
      const checked = normalizeAllowHosts(changes.allowHosts)
      if ('bad' in checked) throw fail('invalid_param', `"${checked.bad}" is not an allowed host: give a host name or IP address, without a port or wildcard (e.g. host.docker.internal)`, undefined, { setting: 'allowHosts' })
      toStore.allowHosts = allowHosts = checked.hosts
    }
    if (changes.host !== undefined) {
      pinnedBy('host')
      const host = normalizeBindHost(changes.host)
      if (!host) throw fail('invalid_param', `"${changes.host}" is not a bind address: give an IP address of this computer (127.0.0.1 keeps the API on this computer, 0.0.0.0 opens it to the network)`, undefined, { setting: 'host' })
      toStore.host = host
    }
    if (changes.port !== undefined) {
      pinnedBy('port')
      if (!Number.isInteger(changes.port) || changes.port < 1 || changes.port > 65535) throw fail('invalid_param', 'The port must be a whole number from 1 to 65535', undefined, { setting: 'port' })
      toStore.port = changes.port
    }
    if (changes.logLevel !== undefined) {
      pinnedBy('logLevel')
      if (!isLogLevel(changes.logLevel)) throw fail('invalid_param', `The log level must be error, warn, info or debug, not "${changes.logLevel}"`, undefined, { setting: 'logLevel' })
      toStore.logLevel = logLevel = changes.logLevel
    }
    let publicUrl: string | null | undefined
    if (changes.publicUrl !== undefined) {
      pinnedBy('publicUrl')
      const text = changes.publicUrl?.trim() ?? ''
      publicUrl = text ? normalizePublicUrl(text) : null
      if (publicUrl === undefined) throw fail('invalid_param', `"${text.slice(0, 200)}" is not a public URL: give an http:// or https:// address without a query, e.g. https://my-tunnel.example.com`, undefined, { setting: 'publicUrl' })
      toStore.publicUrl = publicUrl
    }
    if (changes.mutedInstances !== undefined) {
      const bad = changes.mutedInstances.find((id) => !INSTANCE_ID.test(id))
      if (bad !== undefined) throw fail('invalid_param', `"${bad}" is not an instance id`, undefined, { setting: 'mutedInstances' })
      toStore.mutedInstances = [...new Set(changes.mutedInstances)]
    }
    if (changes.notificationSound !== undefined) toStore.notificationSound = changes.notificationSound === true
    if (changes.language !== undefined) {
      if (!isUiLanguage(changes.language)) throw fail('invalid_param', `The language must be one of ${UI_LANGUAGES.join(', ')}, not "${changes.language.slice(0, 20)}"`, undefined, { setting: 'language' })
      toStore.language = changes.language
    }
    if (changes.startAtLogin !== undefined && !this.deps.desktop) {
      throw fail('not_available', 'Start at login is a setting of the desktop app', 'The headless server starts however you start it (a service, a scheduled task)')
    }
    if (changes.startAtLogin !== undefined && !this.deps.desktop?.loginItem) {
      throw fail('not_available', 'Switchboard cannot set start at login on this system', 'Add Switchboard to your desktop\'s startup (autostart) applications')
    }

    writeAppSettings(this.deps.db, toStore, this.deps.now())
    if (changes.plan !== undefined) this.deps.accounts.update(DEFAULT_ACCOUNT_ID, { plan: changes.plan })
    // Live: the catalogue object is shared by reference with every quota reader.
    if (toStore.freeInstanceQuota !== undefined) this.deps.plans.instanceQuota.free = toStore.freeInstanceQuota
    if (toStore.paidInstanceQuota !== undefined) this.deps.plans.instanceQuota.paid = toStore.paidInstanceQuota
    if (allowHosts) {
      this.allowHostsNow = allowHosts
      this.deps.onAllowHostsChanged(allowHosts)
    }
    if (publicUrl !== undefined) this.publicUrlNow = publicUrl
    if (logLevel) {
      this.logLevelNow = logLevel
      this.deps.setLogLevel(logLevel)
    }
    if (changes.startAtLogin !== undefined) this.deps.desktop!.loginItem!.set(changes.startAtLogin)
    return this.view()
  }

  /** Opens the data folder in the desktop's file manager (desktop only). */
  openDataFolder(): void {
    if (!this.deps.desktop) throw fail('not_available', 'Only the desktop app can open a folder', 'Copy the path and open it in your file manager')
    this.deps.desktop.openFolder(this.deps.dataDir)
  }
}
