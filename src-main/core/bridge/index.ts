// The UI bridge: one server for the contract's channels and push events, reachable over Electron MessagePorts
// (attach) and, headless, over WebSocket at /ui/bridge with a one-time UI link token (then the tab's session
// token). The composition root calls registerUiBridge(app, services, config) before the app listens; handlers
// translate channels into calls on the core's services.
import type { FastifyInstance } from 'fastify'
import type { BridgeConnection } from './connection.js'
import type { CoreServices } from '../services/core-services.js'
import { bridgeContext, createHandlers } from './handlers/index.js'
import { startPush } from './push.js'
import { createBridgeServer, type BridgeServer } from './server.js'
import type { UiBridgeConfig } from './services.js'
import { defaultRendererDir, registerUiRoutes } from './ui-routes.js'
import { createUiCredentials } from './ui-token.js'

export interface UiBridgeOptions {
  /** The first one-time link token (default: random). */
  uiToken?: string
  /** Folder of the renderer build served at /ui/ (default: out/renderer). */
  rendererDir?: string
}

export interface UiBridge {
  /** The one-time link token minted at start (goes in the URL fragment: /ui/#token=...). */
  token: string
  /** Relative UI path with that token, e.g. `/ui/#token=...`; prefix it with the API's base URL. */
  path: string
  /** Another one-time link (relative path), valid until used. */
  mintLinkPath(): string
  server: BridgeServer
  /** Serve a renderer over another carrier (Electron's MessagePort). */
  attach(connection: BridgeConnection): () => void
  close(): void
}

export async function registerUiBridge(app: FastifyInstance, services: CoreServices, config: UiBridgeConfig, options: UiBridgeOptions = {}): Promise<UiBridge> {
  const credentials = createUiCredentials(Date.now, services.uiDevices)
  const { token } = credentials.mintLink(undefined, options.uiToken)
  const context = bridgeContext(services, config)
  const server = createBridgeServer(createHandlers(context), config.logger.child({ module: 'bridge' }))
  const stopPush = startPush(context, server)
  await registerUiRoutes(app, {
    credentials,
    server,
    rendererDir: options.rendererDir ?? defaultRendererDir(),
    apiUrl: config.apiUrl,
    accountId: config.accountId,
    liveChannels: services.liveChannels,
    onDevicesRevoked: (listener) => services.uiDevices.onRevoked(listener)
  })
  return {
    token,
    path: `/ui/#token=${token}`,
    mintLinkPath: () => `/ui/#token=${credentials.mintLink().token}`,
    server,
    attach: (connection) => server.attach(connection),
    close() {
      stopPush()
      server.close()
    }
  }
}

export type { UiBridgeConfig } from './services.js'
export { messagePortConnection, websocketConnection, type BridgeConnection, type MessagePortLike } from './connection.js'
export type { BridgeServer } from './server.js'
