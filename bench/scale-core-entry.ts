// The core under measurement when the sandbox runs in its own process (scale bench, BENCH_SCALE_SANDBOX=child): the
// same startCore as `npm run serve`, on the "whatsapp" network mode but pointed at that sandbox (its Noise root,
// websocket URL and media CA from $SWITCHBOARD_BENCH_SANDBOX), so no simulated phone shares this process.
// Args as cli.ts: --data-dir D --port N --access-token T. SIGTERM closes cleanly.
import { makeSocketTrust, trustSandboxRoot } from '../src-main/core/sandbox/index.js'
import { historyThreadFromEnv, startCore } from '../src-main/core/start-core.js'
import type { SandboxTrustInfo } from './scale-sandbox.js'

const arg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`)
  const v = i >= 0 ? process.argv[i + 1] : undefined
  if (!v) throw new Error(`--${name} is required`)
  return v
}
const trust = JSON.parse(process.env.SWITCHBOARD_BENCH_SANDBOX ?? 'null') as SandboxTrustInfo | null
if (!trust) throw new Error('SWITCHBOARD_BENCH_SANDBOX (the sandbox trust JSON) is required')
trustSandboxRoot(Buffer.from(trust.root, 'base64'), trust.wsUrl)
const core = await startCore({
  dataDir: arg('data-dir'),
  port: Number(arg('port')),
  accessToken: arg('access-token'),
  network: 'whatsapp',
  plan: 'paid',
  instanceQuota: { paid: null },
  engine: { socketConfig: makeSocketTrust(trust.wsUrl, trust.mediaCaPem, trust.mediaHost) },
  historyThread: historyThreadFromEnv(process.env)
})
console.log(`Switchboard API listening on ${core.url} (sandbox in another process: ${trust.wsUrl})`)
let closing = false
const shutdown = () => {
  if (closing) return
  closing = true
  core.close().then(() => process.exit(0), () => process.exit(1))
}
process.on('SIGTERM', shutdown)
process.on('SIGINT', shutdown)
