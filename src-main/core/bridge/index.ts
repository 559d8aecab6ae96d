// The UI bridge: one server for the contract's channels and push events, reachable over Electron MessagePorts
// (attach) and, headless, over WebSocket at /ui/bridge with a one-time UI link token (then the tab's session
// token). The composition root calls registerUiBridge(app, services) before the app listens.
import type { FastifyInstance } from 'fastify'
import type { BridgeConnection } from './connection.js'
import { createHandlers } from './handlers/index.js'
import { startPush } from './push.js'
import { createBridgeServer, type BridgeServer } from './server.js'
import type { BridgeServices } from './services.js'
import { DEFAULT_ACCOUNT_ID } from '../db/repositories/accounts-repo.js'
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

export async function registerUiBridge(app: FastifyInstance, services: BridgeServices, options: UiBridgeOptions = {}): Promise<UiBridge> {
  const credentials = createUiCredentials(services.now)
  const { token } = credentials.mintLink(undefined, options.uiToken)
  const server = createBridgeServer(createHandlers(services), services.logger.child({ module: 'bridge' }))
  const stopPush = startPush(services, server)
  await registerUiRoutes(app, {
    credentials,
    server,
    rendererDir: options.rendererDir ?? defaultRendererDir(),
    apiUrl: services.apiUrl,
    accountId: services.accountId ?? DEFAULT_ACCOUNT_ID
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

export type { BridgeServices, ChatsService, WebhookRuntime } from './services.js'
export { messagePortConnection, websocketConnection, type BridgeConnection, type MessagePortLike } from './connection.js'
export type { BridgeServer } from './server.js'
