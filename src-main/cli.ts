// Headless entry (`npm run serve -- [flags]`): flags and env -> startCore -> "listening" line; SIGTERM/SIGINT
// shut down cleanly (engines closed, WAL checkpointed). Contract: ARCHITECTURE.md §4.1.
import { homedir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { parseArgs } from 'node:util'
import { DEFAULT_PLANS, isPlanTier, type PlanCatalogue, type PlanTier } from './core/domain/plans.js'
import type { CoreOptions, NetworkMode } from './core/start-core.js'

export class CliUsageError extends Error {}

/** Electron's userData folder for productName "Switchboard", so the headless core and the app share data. */
export function defaultDataDir(env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform): string {
  if (platform === 'win32') return join(env.APPDATA ?? join(homedir(), 'AppData', 'Roaming'), 'Switchboard')
  if (platform === 'darwin') return join(homedir(), 'Library', 'Application Support', 'Switchboard')
  return join(env.XDG_CONFIG_HOME ?? join(homedir(), '.config'), 'Switchboard')
}

export type CliOptions = Required<Pick<CoreOptions, 'port' | 'host' | 'dataDir' | 'network'>> & {
  accessToken: string | undefined
  /** Only when given: without it the data dir keeps its plan (free when new). */
  plan: PlanTier | undefined
  /** Instance quota per plan; null = unlimited. */
  instanceQuota: PlanCatalogue['instanceQuota']
}

/** A quota flag: a whole number of instances, or `unlimited`. */
function parseQuota(flag: string, text: string | undefined, fallback: number | null): number | null {
  if (text === undefined) return fallback
  if (text === 'unlimited') return null
  if (!/^\d{1,6}$/.test(text)) throw new CliUsageError(`--${flag} must be a whole number of instances or "unlimited", got "${text}"`)
  return Number(text)
}

export function parseCliArgs(argv: string[], env: NodeJS.ProcessEnv = process.env): CliOptions {
  const { values } = parseArgs({
    args: argv,
    strict: true,
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      'data-dir': { type: 'string' },
      network: { type: 'string' },
      'access-token': { type: 'string' },
      plan: { type: 'string' },
      'free-instance-quota': { type: 'string' },
      'paid-instance-quota': { type: 'string' }
    }
  })
  const portText = values.port ?? env.SWITCHBOARD_PORT ?? '3000'
  const port = Number(portText)
  if (!/^\d+$/.test(portText) || port > 65535) throw new CliUsageError(`--port must be 0..65535, got "${portText}"`)
  const network = values.network ?? env.SWITCHBOARD_NETWORK ?? 'whatsapp'
  if (network !== 'whatsapp' && network !== 'sandbox') throw new CliUsageError(`--network must be whatsapp or sandbox, got "${network}"`)
  const plan = values.plan ?? env.SWITCHBOARD_PLAN
  if (plan !== undefined && !isPlanTier(plan)) throw new CliUsageError(`--plan must be free or paid, got "${plan}"`)
  const accessToken = values['access-token'] ?? env.SWITCHBOARD_ACCESS_TOKEN
  if (accessToken !== undefined && accessToken.trim().length < 1) throw new CliUsageError('--access-token must not be empty')
  return {
    port,
    host: values.host ?? env.SWITCHBOARD_HOST ?? '127.0.0.1',
    dataDir: values['data-dir'] ?? env.SWITCHBOARD_DATA_DIR ?? defaultDataDir(env),
    network: network as NetworkMode,
    plan,
    accessToken: accessToken?.trim(),
    instanceQuota: {
      free: parseQuota('free-instance-quota', values['free-instance-quota'] ?? env.SWITCHBOARD_FREE_INSTANCE_QUOTA, DEFAULT_PLANS.instanceQuota.free),
      paid: parseQuota('paid-instance-quota', values['paid-instance-quota'] ?? env.SWITCHBOARD_PAID_INSTANCE_QUOTA, DEFAULT_PLANS.instanceQuota.paid)
    }
  }
}

async function main(): Promise<void> {
  let options: CliOptions
  try {
    options = parseCliArgs(process.argv.slice(2))
  } catch (e) {
    console.error(`switchboard: ${(e as Error).message}`)
    console.error('usage: npm run serve -- [--port N] [--host H] [--data-dir D] [--network whatsapp|sandbox] [--access-token T] [--plan free|paid] [--free-instance-quota N] [--paid-instance-quota N|unlimited]')
    process.exit(2)
  }
  // Imported late so that `--help`-style usage errors do not pay for loading Baileys.
  const { startCore } = await import('./core/start-core.js')
  const core = await startCore(options)
  console.log(`Switchboard API listening on ${core.url}`)
  console.log(`Switchboard UI (one-time link for this run): ${core.uiUrl}`)
  if (core.network === 'sandbox') console.log('Network: SANDBOX (simulated WhatsApp network on 127.0.0.1; no real accounts)')

  let closing = false
  const shutdown = async (signal: string) => {
    if (closing) return
    closing = true
    core.logger.info({ signal }, 'shutting down')
    const watchdog = setTimeout(() => {
      console.error('switchboard: shutdown took too long; exiting')
      process.exit(1)
    }, 15_000)
    watchdog.unref()
    try {
      await core.close()
      process.exit(0)
    } catch (e) {
      console.error('switchboard: shutdown failed', e)
      process.exit(1)
    }
  }
  process.on('SIGTERM', () => void shutdown('SIGTERM'))
  process.on('SIGINT', () => void shutdown('SIGINT'))
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((e: unknown) => {
    console.error('switchboard: failed to start:', e instanceof Error ? e.message : e)
    process.exit(1)
  })
}
