// The routes the app registered, by method and URL, so compatibility aliases can be registered with the very same
// handler, hooks, config and schema as their v2 operation (never a copy that could drift from it).
import type { FastifyInstance, RouteOptions } from 'fastify'

/** What an alias reuses of its target route. */
export type RecordedRoute = Pick<RouteOptions, 'url' | 'handler' | 'schema' | 'config' | 'bodyLimit' | 'preValidation' | 'preHandler'> & { method: string }

export interface RouteTable {
  get(method: string, url: string): RecordedRoute | undefined
}

/** Records every route registered from now on (call before the route modules are registered). */
export function recordRoutes(app: FastifyInstance): RouteTable {
  const routes = new Map<string, RecordedRoute>()
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method]
    for (const method of methods) {
      if (method === 'HEAD') continue
      routes.set(`${method} ${route.url}`, {
        method,
        url: route.url,
        handler: route.handler,
        schema: route.schema,
        config: route.config,
        bodyLimit: route.bodyLimit,
        preValidation: route.preValidation,
        preHandler: route.preHandler
      })
    }
  })
  return { get: (method, url) => routes.get(`${method} ${url}`) }
}
