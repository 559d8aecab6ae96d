// Headless entry (`npm run serve -- [flags]`): flags and env -> startCore -> "listening" line; SIGTERM/SIGINT
// shut down cleanly (engines closed, WAL checkpointed). Contract: ARCHITECTURE.md §4.1.
// `npm run serve -- accounts …` is the owner's account management instead (accounts-cli.ts; no server);
// `npm run ui-link` prints a one-time UI link from the running server (ui-link-cli.ts).
import { pathToFileURL } from 'node:url'
import { parseArgs } from 'node:util'
import { EXPOSED_WARNING, isLoopbackHost } from './core/domain/host-policy.js'
import { parseCoreFlags, resolveDataDir, USAGE, type CliOptions } from './core-flags.js'
import { revealDefaultToken, secretsPath } from './core/db/default-account.js'
import { readRunningServer } from './core/settings/running-server.js'
import { registerRunningCore, runningRegistryDir, unregisterRunningCore } from './running-cores.js'

export function parseCliArgs(argv: string[], env: NodeJS.ProcessEnv = process.env): CliOptions {
  return parseCoreFlags(argv, env, { unknownFlags: 'refuse' })
}

/** Where the API access token is, printed at start: a headless user must not have to read the code to find it. */
export function tokenWhereabouts(options: Pick<CliOptions, 'accessToken' | 'dataDir'>, env: NodeJS.ProcessEnv = process.env): string {
  if (options.accessToken) return 'API access token: the one given with --access-token / SWITCHBOARD_ACCESS_TOKEN'
  const dirFlag = env.SWITCHBOARD_DATA_DIR || options.dataDir === resolveDataDir(undefined, env) ? '' : ` --data-dir ${JSON.stringify(options.dataDir)}`
  return `API access token: kept in ${secretsPath(options.dataDir)} (owner-only); print it with: npm run serve -- token${dirFlag}`
}

/** `npm run serve -- token [--data-dir D]`: prints the default account's token (exit 1 when there is none yet). */
async function printDefaultToken(argv: string[]): Promise<number> {
  let dataDir: string
  try {
    const { values } = parseArgs({ args: argv, options: { 'data-dir': { type: 'string' } }, strict: true })
    dataDir = resolveDataDir(values['data-dir'], process.env)
  } catch (e) {
    console.error(`switchboard token: ${(e as Error).message}\nusage: npm run serve -- token [--data-dir D]`)
    return 2
  }
  const token = revealDefaultToken(dataDir)
  if (!token) {
    console.error(`switchboard token: no access token in ${secretsPath(dataDir)} yet; start Switchboard once (npm start) to create it`)
    return 1
  }
  console.log(token)
  return 0
}

async function main(): Promise<void> {
  // `accounts …` manages API accounts on the data dir and exits; anything else is the server's flags, as before.
  if (process.argv[2] === 'accounts') {
    const { runAccountsCommand } = await import('./accounts-cli.js')
    process.exit(await runAccountsCommand(process.argv.slice(3)))
  }
  // `ui-link` prints a one-time UI link from the server that uses the data dir (ui-link-cli.ts; no token needed).
  if (process.argv[2] === 'ui-link') {
    const { runUiLinkCommand } = await import('./ui-link-cli.js')
    process.exit(await runUiLinkCommand(process.argv.slice(3)))
  }
  // `backup` / `restore`: the whole data dir in one encrypted file, taken while the app runs (backup-cli.ts).
  if (process.argv[2] === 'backup' || process.argv[2] === 'restore') {
    const { runBackupCommand } = await import('./backup-cli.js')
    process.exit(await runBackupCommand(process.argv[2], process.argv.slice(3)))
  }
  // `token`: the default account's access token, for a headless user who never passed --access-token.
  if (process.argv[2] === 'token') process.exit(await printDefaultToken(process.argv.slice(3)))
  let options: CliOptions
  try {
    options = parseCliArgs(process.argv.slice(2))
  } catch (e) {
    console.error(`switchboard: ${(e as Error).message}`)
    console.error(USAGE)
    console.error('       npm run serve -- accounts add|list|rotate|set|remove ... (manage API accounts; accounts --help)')
    process.exit(2)
  }
  // A data key kept wrapped with a passphrase that was not given: ask for it on a terminal (not echoed).
  if (options.passphrase === undefined && process.stdin.isTTY) {
    const { wrappedKeyFile } = await import('./core/secrets/data-key.js')
    const { existsSync } = await import('node:fs')
    if (existsSync(wrappedKeyFile(options.dataDir))) options.passphrase = (await (await import('./backup-cli.js')).askOnTty('Switchboard passphrase: ')) || undefined
  }
  // Imported late so that `--help`-style usage errors do not pay for loading Baileys.
  const { historyThreadFromEnv, startCore } = await import('./core/start-core.js')
  const core = await startCore({ ...options, historyThread: historyThreadFromEnv(process.env) })
  // Found by `npm run ui-link` without flags, whatever data folder this core uses.
  const registry = runningRegistryDir()
  try {
    registerRunningCore(registry, { url: readRunningServer(core.dataDir)?.url ?? core.url, pid: process.pid, dataDir: core.dataDir, startedAt: Date.now() })
    process.once('exit', () => unregisterRunningCore(registry))
  } catch (e) {
    core.logger.warn({ err: e, registry }, 'could not list this core for npm run ui-link')
  }
  console.log(`Switchboard API listening on ${core.url}`)
  // Loud on purpose: --host other than loopback exposes the API to the network (the log has it too).
  if (!isLoopbackHost(core.host)) console.error(EXPOSED_WARNING)
  // The hosts in force: the flag's (or variable's), else those chosen in Settings.
  const allowHosts = core.services.settings.allowHosts()
  if (allowHosts.length) console.log(`Also accepting Host: ${allowHosts.join(', ')} (${options.pinned.allowHosts ?? 'Settings'})`)
  console.log(`Switchboard UI (one-time link for this run): ${core.uiUrl}`)
  console.log('Another tab or browser: run `npm run ui-link` for a new link.')
  console.log(tokenWhereabouts(options))
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
      unregisterRunningCore(registry)
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
    // The code first (e.g. store_key_mismatch, data_key_unavailable): what a script or a support answer matches on.
    const code = (e as { code?: unknown }).code
    console.error(`switchboard: failed to start${typeof code === 'string' ? ` (${code})` : ''}:`, e instanceof Error ? e.message : e)
    process.exit(1)
  })
}
