// GET /health: liveness without credentials (the CLI contract, ARCHITECTURE.md §4.1); an empty favicon.
import { Type } from '@sinclair/typebox'
import type { FastifyInstance } from 'fastify'

export async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.get('/health', {
    schema: { tags: ['Health'], summary: 'Liveness', security: [], response: { 200: Type.Object({ status: Type.Literal('ok') }) } }
  }, async () => ({ status: 'ok' as const }))
  // Browsers ask for it on every page (the temp-qr page, /docs); an empty answer keeps their consoles clean.
  app.get('/favicon.ico', { schema: { hide: true } }, async (_request, reply) => reply.code(204).send())
}
