// Which value of each app setting runs: a flag or environment variable given at start wins, else the choice stored
// in the data dir (Settings view), else the start option's default. Pure: start-core.ts resolves the start values
// with it before it binds, and the settings service shows the same verdicts.
import { isIP } from 'node:net'
import { normalizeAllowedHost } from '../domain/host-policy.js'
import { DEFAULT_PLANS, type PlanCatalogue, type PlanTier } from '../domain/plans.js'
import { findPolicy } from '../rate-limit/policies.js'
import type { StoredAppSettings } from './app-settings-repo.js'

/** The UI's languages (issue 20 item 12); 'system' follows the browser's or the OS's. */
export const UI_LANGUAGES = ['system', 'en', 'pt-BR', 'es', 'id'] as const
export type UiLanguage = (typeof UI_LANGUAGES)[number]
export const isUiLanguage = (value: unknown): value is UiLanguage => (UI_LANGUAGES as readonly unknown[]).includes(value)

export const LOG_LEVELS = ['error', 'warn', 'info', 'debug'] as const
export type LogLevel = (typeof LOG_LEVELS)[number]
export const isLogLevel = (value: string): value is LogLevel => (LOG_LEVELS as readonly string[]).includes(value)

/** Settings only the UI chooses (never a flag): how new messages are announced. */
type UiOnlySetting = 'mutedInstances' | 'notificationSound' | 'language'
/** Settings a flag or environment variable can pin (and the owner's plan, pinned by --plan). */
export type PinnableSetting = Exclude<keyof StoredAppSettings, UiOnlySetting> | 'plan'
/** Per setting, the flag or variable that set it at start (`--port`, `SWITCHBOARD_HOST`...). */
export type PinnedSettings = Partial<Record<PinnableSetting, string>>

/** The values a start runs with: every stored setting, resolved (logLevel may be another pino level a flag gave, e.g. trace). */
export type StartValues = Omit<StoredAppSettings, UiOnlySetting>

/** A bind address: an IP address (0.0.0.0 and :: listen on every interface) or localhost; brackets optional. */
export function normalizeBindHost(text: string): string | undefined {
  const h = text.trim().replace(/^\[(.*)\]$/, '$1').toLowerCase()
  if (h === 'localhost') return h
  return isIP(h) ? h : undefined
}

/**
 * A public URL (--public-url, Settings): http(s), no credentials, query or fragment; the trailing slash dropped so
 * paths can be appended. undefined when it is not one.
 */
export function normalizePublicUrl(text: string): string | undefined {
  let url: URL
  try {
    url = new URL(text.trim())
  } catch {
    return undefined
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password || url.search || url.hash || !url.hostname) return undefined
  return url.toString().replace(/\/+$/, '')
}

/** Each allowed host normalized, duplicates dropped; the first bad one is named. */
export function normalizeAllowHosts(names: readonly string[]): { hosts: string[] } | { bad: string } {
  const hosts: string[] = []
  for (const name of names) {
    const host = normalizeAllowedHost(name)
    if (!host) return { bad: name }
    if (!hosts.includes(host)) hosts.push(host)
  }
  return { hosts }
}

/**
 * The values a start runs with. `given` are the host's options (flags, env, or defaults); `pinned` says which of
 * them were given explicitly. A stored value that no longer validates is ignored (the given one runs).
 */
export function resolveStartValues(given: StartValues, stored: Partial<StoredAppSettings>, pinned: PinnedSettings): StartValues {
  const pick = <K extends keyof StartValues>(key: K, valid: (v: unknown) => v is StartValues[K]): StartValues[K] => {
    if (pinned[key] !== undefined) return given[key]
    const v = stored[key]
    return v !== undefined && valid(v) ? v : given[key]
  }
  const quota = (v: unknown): v is number | null => v === null || (Number.isInteger(v) && (v as number) >= 0)
  return {
    host: pick('host', (v): v is string => typeof v === 'string' && normalizeBindHost(v) === v),
    port: pick('port', (v): v is number => Number.isInteger(v) && (v as number) >= 1 && (v as number) <= 65535),
    allowHosts: pick('allowHosts', (v): v is string[] => Array.isArray(v) && v.every((h) => typeof h === 'string' && normalizeAllowedHost(h) === h)),
    logLevel: pick('logLevel', (v): v is string => typeof v === 'string' && isLogLevel(v)),
    freeInstanceQuota: pick('freeInstanceQuota', quota),
    paidInstanceQuota: pick('paidInstanceQuota', quota),
    publicUrl: pick('publicUrl', (v): v is string | null => v === null || (typeof v === 'string' && normalizePublicUrl(v) === v))
  }
}

/**
 * The quotas a process that opens the data dir without the server runs with (the accounts CLI): the given ones,
 * else those chosen in Settings, else the defaults.
 */
export function storedPlanCatalogue(given: Partial<PlanCatalogue['instanceQuota']> | undefined, stored: Partial<StoredAppSettings>): PlanCatalogue {
  const quota = (tier: PlanTier, kept: number | null | undefined) => (given?.[tier] !== undefined ? given[tier]! : kept !== undefined ? kept : DEFAULT_PLANS.instanceQuota[tier])
  return { instanceQuota: { free: quota('free', stored.freeInstanceQuota), paid: quota('paid', stored.paidInstanceQuota) } }
}

/** A policy slug as the Policies view names it (standard_policy -> Standard). */
const policyName = (slug: string): string => findPolicy(slug)?.name ?? slug

/** What each plan unlocks, in words for the Settings view (the API's subscription_required checks follow the same rule). */
export function planUnlocks(quota: Record<PlanTier, number | null>, freePolicies: readonly string[]): Record<PlanTier, string[]> {
  const instances = (n: number | null) => (n === null ? 'Unlimited instances per account' : `Up to ${n} instance${n === 1 ? '' : 's'} per account`)
  return {
    free: [instances(quota.free), 'Chats, sending, pairing and the v2 API', `Free rate-limit policies only (${freePolicies.map(policyName).join(', ')})`],
    paid: [instances(quota.paid), 'Webhooks (signed, retried, with the delivery log)', 'Every rate-limit policy, including the faster ones']
  }
}

/**
 * What pins each setting when the host does not say (tests and embedders calling startCore): every option it gave.
 * The CLI and the desktop app say exactly which flags or variables were given (core-flags.ts).
 */
export function pinnedByGivenOptions(given: { host?: unknown; port?: unknown; allowHosts?: unknown; plan?: unknown; logLevel?: unknown; publicUrl?: unknown; instanceQuota?: { free?: unknown; paid?: unknown } }): PinnedSettings {
  const pinned: PinnedSettings = {}
  const by = 'the start options'
  for (const key of ['host', 'port', 'allowHosts', 'plan', 'logLevel', 'publicUrl'] as const) if (given[key] !== undefined) pinned[key] = by
  if (given.instanceQuota?.free !== undefined) pinned.freeInstanceQuota = by
  if (given.instanceQuota?.paid !== undefined) pinned.paidInstanceQuota = by
  return pinned
}
