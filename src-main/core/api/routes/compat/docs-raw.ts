// GET /api/docs/raw: the hosted service's machine-readable endpoint list ({endpoints:[{path,title,category}]}, read
// by Wawp's MCP server), derived from this app's own OpenAPI document so it can never list a route that is not served.
import { Type } from '@sinclair/typebox'
import type { FastifyInstance } from 'fastify'

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const

interface Operation {
  summary?: string
  tags?: string[]
  deprecated?: boolean
}

const Endpoint = Type.Object({
  path: Type.String({ description: 'OpenAPI path, e.g. /v2/send/text or /v2/groups/{id}' }),
  title: Type.String({ description: 'The operation\'s summary' }),
  category: Type.String({ description: 'Its first tag (Session, Sending, Chats ...)' }),
  method: Type.String({ description: 'HTTP method (one entry per method a path takes)' }),
  deprecated: Type.Optional(Type.Boolean({ description: 'true for compatibility aliases' }))
})

export async function docsRawRoutes(app: FastifyInstance): Promise<void> {
  let cached: { endpoints: unknown[] } | undefined
  app.get('/api/docs/raw', {
    schema: {
      tags: ['Health'],
      summary: 'Endpoint list (machine-readable)',
      description: 'Every documented operation as {endpoints:[{path, title, category, method, deprecated?}]} (the hosted service\'s /api/docs/raw shape, plus method and deprecated), derived from the OpenAPI document at /docs/json. No credentials, like /docs.',
      security: [],
      response: { 200: Type.Object({ endpoints: Type.Array(Endpoint) }) }
    }
  }, async () => {
    // The document is fixed once the app is ready: build the list once.
    cached ??= { endpoints: endpointsOf(app.swagger() as { paths?: Record<string, Record<string, Operation>> }) }
    return cached
  })
}

export function endpointsOf(doc: { paths?: Record<string, Record<string, Operation>> }): { path: string; title: string; category: string; method: string; deprecated?: boolean }[] {
  const endpoints = []
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const method of METHODS) {
      const op = item[method]
      if (!op) continue
      endpoints.push({ path, title: op.summary ?? path, category: op.tags?.[0] ?? 'Other', method: method.toUpperCase(), ...(op.deprecated ? { deprecated: true } : {}) })
    }
  }
  return endpoints
}
