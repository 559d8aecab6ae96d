// What the UI bridge needs besides the core's services (services/core-services.ts): how the desktop reaches the
// API, the token operations, the acting account and the logger. start-core.ts builds it; nothing in it is optional.
// Chats, live events and the sandbox are services (services.chats, services.subscriptions, services.sandbox).
import type { Logger } from 'pino'
import type { NetworkMode } from '../domain/network-mode.js'

export interface UiBridgeConfig {
  /** http://HOST:PORT of the API once it listens. */
  apiUrl(): string
  /** Where the API listens and which extra Host names it accepts (--host, --allow-host), for the API view. */
  apiAccess: { host: string; allowHosts: readonly string[] }
  revealToken(): string | undefined
  rotateToken(): string
  /** The account the desktop user acts as. */
  accountId: string
  version: string
  /** The network the core runs on (app.info). */
  network: NetworkMode
  logger: Logger
}
