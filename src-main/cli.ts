// Headless entry (`npm run serve -- [flags]`): flags and env -> startCore -> "listening" line; SIGTERM/SIGINT
// shut down cleanly (engines closed, WAL checkpointed). Contract: ARCHITECTURE.md §4.1.
// `npm run serve -- accounts …` is the owner's account management instead (accounts-cli.ts; no server).
import { pathToFileURL } from 'node:url'
import { EXPOSED_WARNING, isLoopbackHost } from './core/api/plugins/security.js'
import { parseCoreFlags, USAGE, type CliOptions } from './core-flags.js'

export function parseCliArgs(argv: string[], env: NodeJS.ProcessEnv = process.env): CliOptions {
  return parseCoreFlags(argv, env, { unknownFlags: 'refuse' })
}

async function main(): Promise<void> {
  // `accounts …` manages API accounts on the data dir and exits; anything else is the server's flags, as before.
  if (process.argv[2] === 'accounts') {
    const { runAccountsCommand } = await import('./accounts-cli.js')
    process.exit(await runAccountsCommand(process.argv.slice(3)))
  }
  let options: CliOptions
  try {
    options = parseCliArgs(process.argv.slice(2))
  } catch (e) {
    console.error(`switchboard: ${(e as Error).message}`)
    console.error(USAGE)
    console.error('       npm run serve -- accounts add|list|rotate|set|remove ... (manage API accounts; accounts --help)')
    process.exit(2)
  }
  // Imported late so that `--help`-style usage errors do not pay for loading Baileys.
  const { startCore } = await import('./core/start-core.js')
  const core = await startCore(options)
  console.log(`Switchboard API listening on ${core.url}`)
  // Loud on purpose: --host other than loopback exposes the API to the network (the log has it too).
  if (!isLoopbackHost(core.host)) console.error(EXPOSED_WARNING)
  if (options.allowHosts.length) console.log(`Also accepting Host: ${options.allowHosts.join(', ')} (--allow-host)`)
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
