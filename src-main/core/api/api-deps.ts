// What the HTTP layer needs from the rest of the core. start-core.ts builds it; tests build it too.
import type { FastifyPluginAsync } from 'fastify'
import type { Logger } from 'pino'
import type { Db } from '../db/connection.js'
import type { CoreServices } from '../services/core-services.js'
import type { AuthFailureLimiterConfig } from './auth-failure-limiter.js'

/** The service layer plus what only HTTP needs (binding, limits, the auth store). No optional service. */
export interface ApiDeps {
  /** The service layer (services/core-services.ts): routes translate wire parameters into calls on it. */
  services: CoreServices
  /** The auth plugin's account and instance lookups. */
  db: Db
  logger: Logger
  /** The bind address (Host allow-list; not loopback: the token is needed on every route from other machines). */
  boundHost: string
  /** Extra Host names accepted besides loopback (--allow-host; a function: asked per request, Settings changes them live). */
  allowHosts: readonly string[] | (() => readonly string[])
  /** The listening port once known (Host allow-list); undefined before listen. */
  port: () => number | undefined
  /** Sandbox admin routes, already bound to the network; mounted at /sandbox behind token auth (sandbox mode only). */
  sandboxRoutes: FastifyPluginAsync | undefined
  /** More route plugins (tests), registered after the core's, with the same hooks. */
  extraRoutes?: FastifyPluginAsync[]
  authFailureLimit?: Partial<AuthFailureLimiterConfig>
  /** Request body limit in bytes (default 1 MiB); routes may raise their own. */
  bodyLimit?: number
  /** Where multipart file parts are streamed to, emptied at start (start-core: <data-dir>/uploads; default: a new temp dir). */
  uploadDir?: string
  /** Clock of the auth-failure throttle (default Date.now). */
  now?: () => number
}
