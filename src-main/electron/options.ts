// Flags of the desktop app (the same as the headless CLI's, after `--`), with the same environment fallbacks.
// Unknown flags are ignored: Electron and Chromium pass their own.
import { parseArgs } from 'node:util'
import { isPlanTier } from '../core/domain/plans.js'
import type { CoreStartOptions } from './core-messages.js'

export function desktopCoreOptions(argv: string[], env: NodeJS.ProcessEnv, userDataDir: string): CoreStartOptions {
  const { values } = parseArgs({
    args: argv,
    strict: false,
    allowPositionals: true,
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      'data-dir': { type: 'string' },
      network: { type: 'string' },
      'access-token': { type: 'string' },
      plan: { type: 'string' }
    }
  })
  const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : undefined)
  const portText = text(values.port) ?? env.SWITCHBOARD_PORT ?? '3000'
  const port = /^\d+$/.test(portText) && Number(portText) <= 65535 ? Number(portText) : 3000
  const network = text(values.network) ?? env.SWITCHBOARD_NETWORK
  const plan = text(values.plan) ?? env.SWITCHBOARD_PLAN ?? 'free'
  return {
    port,
    host: text(values.host) ?? env.SWITCHBOARD_HOST ?? '127.0.0.1',
    dataDir: text(values['data-dir']) ?? env.SWITCHBOARD_DATA_DIR ?? userDataDir,
    network: network === 'sandbox' ? 'sandbox' : 'whatsapp',
    plan: isPlanTier(plan) ? plan : 'free',
    ...(text(values['access-token']) ?? env.SWITCHBOARD_ACCESS_TOKEN ? { accessToken: text(values['access-token']) ?? env.SWITCHBOARD_ACCESS_TOKEN } : {})
  }
}
