// The core's flags (ARCHITECTURE.md §4.1) with their environment fallbacks, parsed in one place for both hosts:
// the headless CLI (unknown flags refused) and the desktop app (Electron and Chromium pass flags of their own).
import { readFileSync } from 'node:fs'
import { homedir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { normalizeAllowedHost } from './core/domain/host-policy.js'
import { DEFAULT_PLANS, isPlanTier, type PlanCatalogue, type PlanTier } from './core/domain/plans.js'
import { normalizePublicUrl, type PinnedSettings } from './core/settings/app-settings.js'
import type { CoreOptions, NetworkMode } from './core/start-core.js'

export class CliUsageError extends Error {}

/** Electron's userData folder for productName "Switchboard", so the headless core and the app share data. */
export function defaultDataDir(env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform): string {
  if (platform === 'win32') return join(env.APPDATA ?? join(homedir(), 'AppData', 'Roaming'), 'Switchboard')
  if (platform === 'darwin') return join(homedir(), 'Library', 'Application Support', 'Switchboard')
  return join(env.XDG_CONFIG_HOME ?? join(homedir(), '.config'), 'Switchboard')
}

/**
 * The passphrase that wraps the data key at rest (headless servers): --passphrase-file FILE (its first line), else
 * SWITCHBOARD_PASSPHRASE; undefined when neither is given (the CLI may then ask on a terminal).
 */
export function resolvePassphrase(fileFlag: string | undefined, env: NodeJS.ProcessEnv): string | undefined {
  if (fileFlag !== undefined) {
    let text: string
    try {
      text = readFileSync(fileFlag, 'utf8')
    } catch (e) {
      throw new CliUsageError(`--passphrase-file: cannot read ${fileFlag} (${(e as { code?: string }).code ?? (e as Error).message})`)
    }
    const line = text.split(/\r?\n/)[0] ?? ''
    if (line === '') throw new CliUsageError(`--passphrase-file: ${fileFlag} is empty`)
    return line
  }
  return env.SWITCHBOARD_PASSPHRASE || undefined
}

/** --data-dir, else SWITCHBOARD_DATA_DIR, else the host's default, else the per-user folder: one rule for the server and `accounts`. */
export function resolveDataDir(flagValue: string | undefined, env: NodeJS.ProcessEnv, hostDefault?: string): string {
  return flagValue ?? env.SWITCHBOARD_DATA_DIR ?? hostDefault ?? defaultDataDir(env)
}

export type CliOptions = Required<Pick<CoreOptions, 'port' | 'host' | 'dataDir' | 'network' | 'allowHosts'>> & {
  /** --public-url / SWITCHBOARD_PUBLIC_URL, normalized; only when given. */
  publicUrl: string | undefined
  accessToken: string | undefined
  /** Only when given: without it the data dir keeps its plan (free when new). */
  plan: PlanTier | undefined
  /** Instance quota per plan; null = unlimited. */
  instanceQuota: PlanCatalogue['instanceQuota']
  /** Only when given (--log-level or SWITCHBOARD_LOG_LEVEL): otherwise the Settings choice, else info. */
  logLevel: string | undefined
  /**
   * The settings a flag or variable set, named: they win over the choices stored in Settings (which apply to the
   * others, with the values above as defaults).
   */
  pinned: PinnedSettings
  /** --passphrase-file / SWITCHBOARD_PASSPHRASE: wraps the data key at rest (secrets/data-key.ts). */
  passphrase: string | undefined
}

const LOG_LEVEL_FLAG_VALUES = ['error', 'warn', 'info', 'debug', 'trace']

export interface FlagParsing {
  /** The desktop app ignores flags it does not know (Electron's and Chromium's own); the CLI refuses them. */
  unknownFlags: 'refuse' | 'ignore'
  /** The data dir when neither --data-dir nor SWITCHBOARD_DATA_DIR is given. */
  dataDir?: string
}

/** A quota flag: a whole number of instances, or `unlimited`. */
function parseQuota(flag: string, text: string | undefined, fallback: number | null): number | null {
  if (text === undefined) return fallback
  if (text === 'unlimited') return null
  if (!/^\d{1,6}$/.test(text)) throw new CliUsageError(`--${flag} must be a whole number of instances or "unlimited", got "${text}"`)
  return Number(text)
}

/**
 * --allow-host NAME (repeatable) or SWITCHBOARD_ALLOW_HOSTS (comma-separated; the flags replace it): extra Host
 * names the API accepts, e.g. host.docker.internal. A plain host name or IP address, never a wildcard or a port.
 */
function parseAllowHosts(flags: (string | boolean)[] | undefined, envList: string | undefined): string[] {
  const given = flags?.length ? flags : (envList ?? '').split(',').filter((n) => n.trim() !== '')
  return [...new Set(given.map((name) => {
    if (typeof name !== 'string') throw new CliUsageError('--allow-host needs a value')
    const host = normalizeAllowedHost(name)
    if (!host) throw new CliUsageError(`--allow-host must be a host name or IP address without port or wildcard, got "${name}"`)
    return host
  }))]
}

export function parseCoreFlags(argv: string[], env: NodeJS.ProcessEnv, how: FlagParsing): CliOptions {
  const { values } = parseArgs({
    args: argv,
    strict: how.unknownFlags === 'refuse',
    allowPositionals: how.unknownFlags === 'ignore',
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      'data-dir': { type: 'string' },
      network: { type: 'string' },
      'access-token': { type: 'string' },
      plan: { type: 'string' },
      'free-instance-quota': { type: 'string' },
      'paid-instance-quota': { type: 'string' },
      'allow-host': { type: 'string', multiple: true },
      'log-level': { type: 'string' },
      'public-url': { type: 'string' },
      'passphrase-file': { type: 'string' }
    }
  })
  // Without strict mode a known flag given bare (`--port`) parses as `true`: treat it as missing a value.
  const flag = (name: Exclude<keyof typeof values, 'allow-host'>): string | undefined => {
    const v = values[name]
    if (v === true) throw new CliUsageError(`--${name} needs a value`)
    return typeof v === 'string' ? v : undefined
  }
  // Which flag or variable gave a setting: the Settings view names it, and it wins over the stored choice.
  const pinned: PinnedSettings = {}
  const source = (key: keyof PinnedSettings, flagName: string, envName: string): void => {
    if (values[flagName as keyof typeof values] !== undefined) pinned[key] = `--${flagName}`
    else if (env[envName] !== undefined && env[envName] !== '') pinned[key] = envName
  }
  source('port', 'port', 'SWITCHBOARD_PORT')
  source('host', 'host', 'SWITCHBOARD_HOST')
  source('plan', 'plan', 'SWITCHBOARD_PLAN')
  source('logLevel', 'log-level', 'SWITCHBOARD_LOG_LEVEL')
  source('publicUrl', 'public-url', 'SWITCHBOARD_PUBLIC_URL')
  const publicUrlText = flag('public-url') ?? (env.SWITCHBOARD_PUBLIC_URL || undefined)
  const publicUrl = publicUrlText === undefined ? undefined : normalizePublicUrl(publicUrlText)
  if (publicUrlText !== undefined && !publicUrl) throw new CliUsageError(`--public-url must be an http:// or https:// address without a query, got "${publicUrlText}"`)
  source('freeInstanceQuota', 'free-instance-quota', 'SWITCHBOARD_FREE_INSTANCE_QUOTA')
  source('paidInstanceQuota', 'paid-instance-quota', 'SWITCHBOARD_PAID_INSTANCE_QUOTA')
  if (values['allow-host']?.length) pinned.allowHosts = '--allow-host'
  else if (env.SWITCHBOARD_ALLOW_HOSTS) pinned.allowHosts = 'SWITCHBOARD_ALLOW_HOSTS'
  const logLevel = flag('log-level') ?? (env.SWITCHBOARD_LOG_LEVEL || undefined)
  if (logLevel !== undefined && !LOG_LEVEL_FLAG_VALUES.includes(logLevel)) throw new CliUsageError(`--log-level must be one of ${LOG_LEVEL_FLAG_VALUES.join(', ')}, got "${logLevel}"`)
  const portText = flag('port') ?? env.SWITCHBOARD_PORT ?? '3000'
  const port = Number(portText)
  if (!/^\d+$/.test(portText) || port > 65535) throw new CliUsageError(`--port must be 0..65535, got "${portText}"`)
  const network = flag('network') ?? env.SWITCHBOARD_NETWORK ?? 'whatsapp'
  if (network !== 'whatsapp' && network !== 'sandbox') throw new CliUsageError(`--network must be whatsapp or sandbox, got "${network}"`)
  const plan = flag('plan') ?? env.SWITCHBOARD_PLAN
  if (plan !== undefined && !isPlanTier(plan)) throw new CliUsageError(`--plan must be free or paid, got "${plan}"`)
  const accessToken = flag('access-token') ?? env.SWITCHBOARD_ACCESS_TOKEN
  if (accessToken !== undefined && accessToken.trim().length < 1) throw new CliUsageError('--access-token must not be empty')
  return {
    port,
    allowHosts: parseAllowHosts(values['allow-host'], env.SWITCHBOARD_ALLOW_HOSTS),
    host: flag('host') ?? env.SWITCHBOARD_HOST ?? '127.0.0.1',
    dataDir: resolveDataDir(flag('data-dir'), env, how.dataDir),
    network: network as NetworkMode,
    plan,
    accessToken: accessToken?.trim(),
    instanceQuota: {
      free: parseQuota('free-instance-quota', flag('free-instance-quota') ?? env.SWITCHBOARD_FREE_INSTANCE_QUOTA, DEFAULT_PLANS.instanceQuota.free),
      paid: parseQuota('paid-instance-quota', flag('paid-instance-quota') ?? env.SWITCHBOARD_PAID_INSTANCE_QUOTA, DEFAULT_PLANS.instanceQuota.paid)
    },
    logLevel,
    publicUrl,
    pinned,
    passphrase: resolvePassphrase(flag('passphrase-file'), env)
  }
}

export const USAGE =
  'usage: npm run serve -- [--port N] [--host H] [--data-dir D] [--network whatsapp|sandbox] [--access-token T] [--plan free|paid] [--free-instance-quota N|unlimited] [--paid-instance-quota N|unlimited] [--allow-host NAME ...] [--public-url URL] [--log-level error|warn|info|debug|trace] [--passphrase-file F]'
