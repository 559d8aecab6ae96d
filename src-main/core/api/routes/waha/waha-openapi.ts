// GET /docs/waha/json: the second OpenAPI document (issue 23 item 4) — WAHA's API as Switchboard serves it under /api:
// the main document's operations tagged WAHA_TAG, with WAHA's X-Api-Key security scheme. Derived, never hand-kept.
import type { FastifyInstance } from 'fastify'
import { WAHA_TAG } from './waha-tag.js'

type Operation = { tags?: string[] } & Record<string, unknown>
type Doc = { paths?: Record<string, Record<string, Operation>>; info?: Record<string, unknown>; components?: Record<string, unknown> } & Record<string, unknown>

const METHODS = ['get', 'put', 'post', 'delete', 'patch']

export function wahaDocument(main: Doc): Doc {
  const paths: Record<string, Record<string, Operation>> = {}
  for (const [path, item] of Object.entries(main.paths ?? {})) {
    for (const method of METHODS) {
      const op = item[method]
      if (op?.tags?.includes(WAHA_TAG)) (paths[path] ??= {})[method] = op
    }
  }
  return {
    ...main,
    info: {
      title: 'Switchboard: WAHA-compatible API',
      version: '2025.1',
      description:
        "WAHA's HTTP API on this PC (no Docker): sessions by name, /api/{session}/auth/qr, /api/sendText and the other send kinds, chats, messages, contacts, groups, labels and presence, served by the same operations as the v2 API (/docs). The session is a session name or an instance id (the body's `session`, default \"default\", for the send routes). The API key is the Switchboard access token, sent as X-Api-Key. Webhooks carry WAHA's envelope ({id, timestamp, session, engine, event, payload, me} plus instance_id); configure them with /v2/webhook/set."
    },
    tags: [{ name: WAHA_TAG, description: "WAHA's paths" }],
    components: { ...(main.components ?? {}), securitySchemes: { api_key: { type: 'apiKey', in: 'header', name: 'X-Api-Key' } } },
    security: [{ api_key: [] }],
    paths
  }
}

export async function wahaOpenApiRoutes(app: FastifyInstance): Promise<void> {
  app.get('/docs/waha/json', { schema: { hide: true } }, async () => wahaDocument(app.swagger() as unknown as Doc))
}
