// What the account-operation routes (groups, channels, labels, profile, presence) share: the instance
// credentials every one of them requires, the OpenAPI schema of one operation, alias schemas, and the
// {success:true} answer of mutations.
import type { TSchema } from '@sinclair/typebox'
import type { FastifyRequest } from 'fastify'
import { authInstance } from '../../plugins/auth.js'
import { accountOpErrors } from '../../schemas/account-ops.js'
import { instanceQuery } from '../../schemas/common.js'

/** Route config: the caller must own the instance named by instance_id. */
export const instanceAuth = { auth: 'instance' as const }

/** The instance the request acts for (set by the instance auth). */
export const instanceIdOf = (request: FastifyRequest): string => authInstance(request).instance.id

export interface OpSchemaOptions {
  /** Parameters of the query or body besides the credentials (documentation; validation is the route's). */
  query?: Record<string, TSchema>
  /** Path parameters. */
  params?: TSchema | undefined
}

/**
 * The schema builder of one route module: every operation carries the module's tags, `note` after its own
 * description (when there is one), the instance credentials in the query and the account operations' errors.
 * `schema(...)` answers 200 with `response`; `schema.created(...)` answers 201 (creates).
 */
export function opSchemas(tags: string[], note?: string) {
  const head = (summary: string, description: string, { query = {}, params }: OpSchemaOptions) => ({
    tags,
    summary,
    description: note ? `${description} ${note}` : description,
    querystring: instanceQuery(query),
    ...(params ? { params } : {})
  })
  const ok = <R extends TSchema>(summary: string, description: string, response: R, options: OpSchemaOptions = {}) => ({
    ...head(summary, description, options),
    response: { 200: response, ...accountOpErrors }
  })
  const created = <R extends TSchema>(summary: string, description: string, response: R, options: OpSchemaOptions = {}) => ({
    ...head(summary, description, options),
    response: { 201: response, ...accountOpErrors }
  })
  return Object.assign(ok, { created })
}

/** The same operation under a second path: the summary says it is an alias. */
export const aliasOf = <S extends { summary: string }>(schema: S): S => ({ ...schema, summary: `${schema.summary} (alias)` })

/** Awaits a mutation and answers {success:true}. */
export async function done(work: Promise<unknown>): Promise<{ success: true }> {
  await work
  return { success: true as const }
}
