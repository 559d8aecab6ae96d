// Registering the operations on one instance (reads, contacts, messages, login, session): every one requires the
// instance credentials, documents them with the module's tags and error answers, and its handler starts from the
// authenticated caller, so a route module states only its own paths, documentation and translation.
import type { TSchema } from '@sinclair/typebox'
import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify'
import { authInstance } from '../plugins/auth.js'
import { instanceQuery } from '../schemas/common.js'

/** The documentation of one operation: the answers besides the module's error answers (200 and any other). */
export interface InstanceRouteDoc {
  summary: string
  description: string
  /** Parameters of the query or body besides the credentials. */
  query?: Record<string, TSchema>
  params?: TSchema
  answers: Record<number, TSchema>
}

export type InstanceCaller = ReturnType<typeof authInstance>

/** The registrar of one route module: `route(methods, url, doc, run)`; `run` gets the caller first. */
export function instanceRoutes(app: FastifyInstance, tags: string[], errors: Record<number, TSchema>) {
  return (
    method: HTTPMethods | HTTPMethods[],
    url: string,
    { summary, description, query, params, answers }: InstanceRouteDoc,
    /** The answer, or its promise: a hot read answers synchronously (Fastify then sends it without a promise). */
    run: (caller: InstanceCaller, request: FastifyRequest, reply: FastifyReply) => unknown
  ) =>
    app.route({
      method,
      url,
      config: { auth: 'instance' },
      schema: { tags, summary, description, ...(params ? { params } : {}), querystring: instanceQuery(query), response: { ...answers, ...errors } },
      // Not async: a throw is answered by Fastify as a rejection would be, and a synchronous answer costs no promise.
      handler: (request, reply) => run(authInstance(request), request, reply)
    })
}
