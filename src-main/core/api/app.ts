// The Fastify app factory (no listen): hardening, parsers, error handling, auth, OpenAPI and every route.
// Tests drive it with inject(); start-core.ts listens.
import { randomBytes } from 'node:crypto'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyPluginAsync } from 'fastify'
import { BRIDGE_MAX_MESSAGE_BYTES, BRIDGE_WS_PROTOCOL } from '../../../src-preload/contract/protocol.js'
import type { ApiDeps } from './api-deps.js'
import { AuthFailureLimiter } from './auth-failure-limiter.js'
import { registerBodyParsers } from './body-parsers.js'
import { registerOpenApi } from './openapi.js'
import { lazyChildLogger, RequestLog } from './request-log.js'
import { registerAuth } from './plugins/auth.js'
import { frameworkErrorHandler, registerErrorHandling } from './plugins/errors.js'
import { createRequestGuard, isLoopbackHost, registerSecurity } from './plugins/security.js'
import { registerWebsocketContext } from './websocket-context.js'
import { healthRoutes } from './routes/health.js'
import { tempQrRoutes } from './routes/temp-qr.js'
import { sendActionRoutes } from './routes/v2/send/action-routes.js'
import { sendRoutes } from './routes/v2/send/routes.js'
import { v1GroupSubjectRoutes } from './routes/v1/group-subject.js'
import { v1SessionRestartRoutes } from './routes/v1/session-restart.js'
import { authRoutes } from './routes/v2/auth.js'
import { contactsNetworkRoutes } from './routes/v2/contacts-network.js'
import { contactStoreRoutes } from './routes/v2/contacts-store.js'
import { chatReadRoutes } from './routes/v2/chats.js'
import { chatSearchRoutes } from './routes/v2/chat-search.js'
import { chatActionRoutes } from './routes/v2/chat-actions.js'
import { messageRoutes } from './routes/v2/messages.js'
import { lidRoutes } from './routes/v2/lids.js'
import { mediaFileRoutes } from './routes/files.js'
import { channelRoutes } from './routes/v2/channels.js'
import { groupRoutes } from './routes/v2/groups.js'
import { labelRoutes } from './routes/v2/labels.js'
import { presenceRoutes } from './routes/v2/presence.js'
import { profileRoutes } from './routes/v2/profile.js'
import { statusRoutes } from './routes/v2/status.js'
import { rateLimitRoutes } from './routes/v2/rate-limit.js'
import { callSettingsRoutes } from './routes/v2/calls.js'
import { sessionInfoRoutes } from './routes/v2/session-info.js'
import { sessionLifecycleRoutes } from './routes/v2/session-lifecycle.js'
import { tempLinkRoutes } from './routes/v2/temp-link.js'
import { webhookLogRoutes } from './routes/v2/webhook-log.js'
import { webhookRoutes } from './routes/v2/webhooks.js'
import { sessionListRoutes } from './routes/v2/sessions-list.js'
import { apiKeyRoutes } from './routes/v2/api-keys.js'
import { eventStreamRoutes } from './routes/v2/events.js'
import { campaignListRoutes } from './routes/v2/campaign-lists.js'
import { campaignOptOutRoutes } from './routes/v2/campaign-opt-outs.js'
import { campaignRoutes } from './routes/v2/campaigns.js'
import { mcpRoutes } from './routes/mcp.js'
import { metricsRoutes } from './routes/metrics.js'
import { compatAliasRoutes } from './routes/compat/aliases.js'
import { docsRawRoutes } from './routes/compat/docs-raw.js'
import { recordRoutes } from './routes/compat/route-table.js'
import { wahaOpenApiRoutes } from './routes/waha/waha-openapi.js'
import { wahaRoutes } from './routes/waha/waha-routes.js'
import { wahaSessionConfigRoutes } from './routes/waha/waha-session-config.js'
import { sharedSchemaController } from './schema-compilers.js'

export const DEFAULT_BODY_LIMIT = 1024 * 1024

/** Route modules of the core, in registration order. A new module: write `(app, deps) => ...` and add it here. */
export const CORE_ROUTES: ((app: FastifyInstance, deps: ApiDeps) => Promise<void>)[] = [
  sessionLifecycleRoutes,
  sessionListRoutes,
  sendRoutes,
  sendActionRoutes,
  sessionInfoRoutes,
  authRoutes,
  rateLimitRoutes,
  callSettingsRoutes,
  tempLinkRoutes,
  v1SessionRestartRoutes,
  tempQrRoutes,
  webhookRoutes,
  webhookLogRoutes,
  eventStreamRoutes,
  mcpRoutes,
  metricsRoutes,
  contactsNetworkRoutes,
  contactStoreRoutes,
  chatReadRoutes,
  chatSearchRoutes,
  chatActionRoutes,
  messageRoutes,
  lidRoutes,
  mediaFileRoutes,
  groupRoutes,
  profileRoutes,
  presenceRoutes,
  statusRoutes,
  channelRoutes,
  labelRoutes,
  v1GroupSubjectRoutes,
  campaignListRoutes,
  campaignOptOutRoutes,
  campaignRoutes,
  apiKeyRoutes
]

/**
 * The route modules that take WebSocket upgrades, each in its own context with @fastify/websocket (see
 * websocket-context.ts); the first one routes the server's upgrades. The UI bridge (bridge/ui-routes.ts) adds its
 * own context. A client may offer only the bridge's subprotocol; the event stream takes none.
 */
const WEBSOCKET_ROUTES: ReadonlySet<(typeof CORE_ROUTES)[number]> = new Set([eventStreamRoutes])
const WEBSOCKET_OPTIONS = { maxPayload: BRIDGE_MAX_MESSAGE_BYTES, handleProtocols: (protocols: Set<string>) => (protocols.has(BRIDGE_WS_PROTOCOL) ? BRIDGE_WS_PROTOCOL : false) }

export async function buildApiApp(deps: ApiDeps): Promise<FastifyInstance> {
  const guard = createRequestGuard({ boundHost: deps.boundHost, allowHosts: deps.allowHosts, port: deps.port })
  const app = Fastify({
    loggerInstance: deps.logger as FastifyBaseLogger,
    logController: new RequestLog(),
    childLoggerFactory: lazyChildLogger,
    bodyLimit: deps.bodyLimit ?? DEFAULT_BODY_LIMIT,
    // Clients send instance ids in any case and with trailing slashes; be lenient in routing, strict in auth.
    // A base URL configured with a trailing slash gives //v2/...: the hosted API behind a proxy merges slashes.
    routerOptions: { ignoreTrailingSlash: true, ignoreDuplicateSlashes: true, maxParamLength: 200 },
    ajv: { customOptions: { coerceTypes: 'array', removeAdditional: false, useDefaults: true } },
    // Each route schema compiled once per process, not again for every app (schema-compilers.ts).
    schemaController: sharedSchemaController,
    frameworkErrors: frameworkErrorHandler(guard)
  })

  registerSecurity(app, guard)
  registerErrorHandling(app)

  registerBodyParsers(app, { uploadDir: deps.uploadDir ?? join(tmpdir(), `switchboard-uploads-${randomBytes(6).toString('hex')}`) })

  registerAuth(app, { db: deps.db, limiter: new AuthFailureLimiter(deps.authFailureLimit, deps.now), unauthenticatedBodyLimit: deps.bodyLimit ?? DEFAULT_BODY_LIMIT, tokenFromRemotePeers: !isLoopbackHost(deps.boundHost), keyUsed: (id) => deps.services.apiKeys.recordUse(id) })
  await registerOpenApi(app)

  await app.register(async (scope) => healthRoutes(scope))
  await app.register(async (scope) => docsRawRoutes(scope))
  // Compatibility aliases reuse the v2 routes' own handlers: record them as they are registered, alias them after.
  const routeTable = recordRoutes(app)
  for (const routes of CORE_ROUTES) {
    await app.register(async (scope) => {
      if (WEBSOCKET_ROUTES.has(routes)) {
        await registerWebsocketContext(scope, WEBSOCKET_OPTIONS)
        // The event stream's WebSocket server, as app.websocketServer (the plugin decorates only its own context).
        app.decorate('websocketServer', scope.websocketServer)
      }
      await routes(scope, deps)
    })
  }
  await app.register(async (scope) => compatAliasRoutes(scope, routeTable))
  await app.register(async (scope) => wahaRoutes(scope, routeTable, deps))
  await app.register(async (scope) => wahaSessionConfigRoutes(scope, deps))
  await app.register(async (scope) => wahaOpenApiRoutes(scope))
  if (deps.sandboxRoutes) await app.register(sandboxScope(deps.sandboxRoutes), { prefix: '/sandbox' })
  for (const extra of deps.extraRoutes ?? []) await app.register(extra)
  return app
}

/** Every sandbox admin route needs a valid token (no instance_id) and keeps its own parameter schemas. */
function sandboxScope(routes: FastifyPluginAsync): FastifyPluginAsync {
  return async (scope) => {
    scope.addHook('onRoute', (route) => {
      route.config = { ...route.config, auth: 'account', mergeQuery: false }
      route.schema = { ...route.schema, tags: ['Sandbox'] }
    })
    await scope.register(routes)
  }
}
