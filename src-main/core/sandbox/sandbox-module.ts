// The sandbox network assembled once for the composition root: the simulated network opened under the data dir
// with its own quiet log, what the core's engines, proxies and WhatsApp Web version check need to reach it instead
// of WhatsApp, and its admin routes (/sandbox/...). close() stops the network.
import { join } from 'node:path'
import type { FastifyPluginAsync } from 'fastify'
import type { Logger } from 'pino'
import type { Dispatcher } from 'undici'
import { sandboxAdminRoutes } from './admin/admin-routes.js'
import { sandboxClientConfig } from './client-config.js'
import { assertLoopback, mediaOriginRewrite, type SocketTrust } from './client-trust.js'
import { SandboxNetwork } from './sandbox-network.js'

export interface SandboxModuleOptions {
  /** The core's data dir: the network keeps its own database and keys in <dataDir>/sandbox. */
  dataDir: string
  /** The file-only logger: the simulated phones' chatter gets its own name and level and must not drown the log. */
  logger: Logger
  /** Level of the sandbox's lines (default env SWITCHBOARD_SANDBOX_LOG_LEVEL, else warn). */
  logLevel?: string
}

export interface SandboxModule {
  network: SandboxNetwork
  /** The engines' socket options: the sandbox's WebSocket URL and the trust of its media CA (client-config.ts). */
  socketTrust: SocketTrust
  /** Refuses a WebSocket URL that is not loopback: checked on the URL the engines really use (after test overrides). */
  assertEngineUrl(url: string | URL | undefined): void
  /** TLS of the instances' proxies: trust the media CA; WhatsApp's media hosts map to the sandbox's. */
  proxyTls: { ca: string; interceptor: Dispatcher.DispatcherComposeInterceptor }
  /** WhatsApp Web's service worker as the sandbox serves it (the version learned after a 405) and how to reach it. */
  versionSource: { url: string; dispatcher: Dispatcher }
  /**
   * The admin routes. A scan by instance_id reads the QR of an instance of the caller's own account only
   * (`ownedQr`); the API's auth plugin has put the caller on the request.
   */
  routes(ownedQr: (accountId: string, instanceId: string) => string | undefined): FastifyPluginAsync
  close(): Promise<void>
}

export async function openSandboxModule(o: SandboxModuleOptions): Promise<SandboxModule> {
  const level = o.logLevel ?? process.env.SWITCHBOARD_SANDBOX_LOG_LEVEL ?? 'warn'
  const network = await SandboxNetwork.open({ dataDir: join(o.dataDir, 'sandbox'), logger: o.logger.child({ name: 'sandbox', module: 'sandbox' }, { level }) })
  return {
    network,
    socketTrust: sandboxClientConfig(network),
    assertEngineUrl: (url) => assertLoopback(String(url)),
    proxyTls: { ca: network.mediaCaPem, interceptor: mediaOriginRewrite(network.mediaHost) },
    versionSource: { url: `https://${network.mediaHost}/sw.js`, dispatcher: network.socketTrust().options.dispatcher },
    routes: (ownedQr) => async (scope) =>
      scope.register(sandboxAdminRoutes, {
        network,
        resolveInstanceQr: async (instanceId, request) => (request.auth ? ownedQr(request.auth.account.id, instanceId) : undefined)
      }),
    close: () => network.close()
  }
}
