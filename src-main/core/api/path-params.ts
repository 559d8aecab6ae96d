// Path parameters as plain strings for routes whose schema object is built by a helper (the type provider
// cannot infer those); Fastify has already percent-decoded them (%40 -> @).
import type { FastifyRequest } from 'fastify'

export function pathParam(request: FastifyRequest, name: string): string | undefined {
  const params: unknown = request.params
  if (typeof params !== 'object' || params === null) return undefined
  const v: unknown = (params as Record<string, unknown>)[name]
  return typeof v === 'string' ? v : undefined
}
