// GET /health: liveness without credentials (the CLI contract, ARCHITECTURE.md §4.1).
import { Type } from '@sinclair/typebox'
import type { FastifyInstance } from 'fastify'

export async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.get('/health', {
    schema: { tags: ['Health'], summary: 'Liveness', response: { 200: Type.Object({ status: Type.Literal('ok') }) } }
  }, async () => ({ status: 'ok' as const }))
}
