// Flags of the desktop app: the headless CLI's own flags and environment fallbacks (one parser, core-flags.ts),
// with Electron's and Chromium's flags ignored and Electron's userData folder as the default data dir.
import { parseCoreFlags } from '../core-flags.js'
import type { CoreStartOptions } from './core-messages.js'

/** Throws CliUsageError for a bad value, which the app shows in a dialog before it quits. */
export function desktopCoreOptions(argv: string[], env: NodeJS.ProcessEnv, userDataDir: string): CoreStartOptions {
  const flags = parseCoreFlags(argv, env, { unknownFlags: 'ignore', dataDir: userDataDir })
  return {
    port: flags.port,
    host: flags.host,
    allowHosts: flags.allowHosts,
    dataDir: flags.dataDir,
    network: flags.network,
    instanceQuota: flags.instanceQuota,
    // What a flag or variable gave wins over the Settings choice; the rest above are defaults (settings/app-settings.ts).
    pinned: flags.pinned,
    ...(flags.logLevel !== undefined ? { logLevel: flags.logLevel } : {}),
    ...(flags.publicUrl !== undefined ? { publicUrl: flags.publicUrl } : {}),
    // Only when given: the data dir keeps its plan otherwise (a restart must not downgrade a paid account).
    ...(flags.plan !== undefined ? { plan: flags.plan } : {}),
    ...(flags.accessToken !== undefined ? { accessToken: flags.accessToken } : {})
  }
}
