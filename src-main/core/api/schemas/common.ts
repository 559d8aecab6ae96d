// Shared TypeBox schemas: credentials, error bodies, session objects. Used for validation, serialization
// and the OpenAPI document alike.
import { Type, type SchemaOptions, type Static, type TSchema } from '@sinclair/typebox'
import type { InstanceStatus } from '../../domain/instance-status.js'

export const CREDENTIALS_NOTE =
  'access_token and instance_id may be sent in the query string, a JSON body or a form body (the body wins), or as the headers access-token (or Authorization: Bearer, X-Api-Key) and X-Instance-Id.'

/**
 * `t` or null. A typed schema gets OpenAPI 3.0's `nullable: true` (Ajv knows it): the response serializer writes
 * it with a null check, where an anyOf made it run an Ajv validator per value on every answer to pick the branch.
 * A const or enum (which null would fail) stays an anyOf.
 */
export const Nullable = <T extends TSchema>(t: T) =>
  Type.Unsafe<Static<T> | null>(typeof t.type === 'string' && t.const === undefined && t.enum === undefined ? { ...t, nullable: true } : Type.Union([t, Type.Null()]))

/** One of a few strings: an `enum` the serializer writes as a plain string (a union of literals is an anyOf, see Nullable). */
export const StringEnum = <const V extends readonly string[]>(values: V, options: SchemaOptions = {}) => Type.Unsafe<V[number]>({ ...options, type: 'string', enum: [...values] })

/** StringEnum or null. */
export const NullableStringEnum = <const V extends readonly string[]>(values: V, options: SchemaOptions = {}) =>
  Type.Unsafe<V[number] | null>({ ...options, type: 'string', nullable: true, enum: [...values, null] })

export const AccessToken = Type.String({ description: 'API access token of the account' })
export const InstanceId = Type.String({ description: 'The 12-character instance id', examples: ['3EB0BCB2E3D4'] })

/** Query parameters of an instance operation (they may equally arrive in the body). */
export const instanceQuery = <P extends Record<string, TSchema>>(extra?: P) =>
  Type.Object({ access_token: Type.Optional(AccessToken), instance_id: Type.Optional(InstanceId), ...(extra ?? ({} as P)) }, { additionalProperties: true })

export const accountQuery = <P extends Record<string, TSchema>>(extra?: P) =>
  Type.Object({ access_token: Type.Optional(AccessToken), ...(extra ?? ({} as P)) }, { additionalProperties: true })

export const ErrorBody = Type.Object(
  {
    code: Type.String(),
    message: Type.String(),
    details: Type.Object(
      { missing: Type.Optional(Type.Array(Type.String())), recommendation: Type.Optional(Type.String()) },
      { additionalProperties: true }
    )
  },
  { description: 'Error (JSON). With Accept: application/xml an <error> document, text/plain "Error: <code>. <message>. <hint>", text/html a page.' }
)

export const StatusErrorBody = Type.Object(
  {
    status: Type.Literal('error'),
    code: Type.String(),
    message: Type.String(),
    free_policies: Type.Optional(Type.Array(Type.String()))
  },
  { description: 'Error of the rate-limit and temp-link operations' }
)

export const Status = StringEnum(['STOPPED', 'STARTING', 'SCAN_QR_CODE', 'WORKING', 'FAILED', 'DELETED'])
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false
/** Compile-time guard: the schema lists exactly the domain's statuses. */
export const STATUS_SCHEMA_MATCHES_DOMAIN: Same<Static<typeof Status>, InstanceStatus> = true

/** config.proxy as answers show it: the password is never sent back. */
export const ProxyAnswer = Type.Object(
  {
    server: Type.String({ description: 'scheme://host:port: http or https (HTTP CONNECT), socks5, socks5h or socks4', examples: ['socks5://10.0.0.5:1080'] }),
    username: Nullable(Type.String()),
    password: Nullable(Type.Literal('***', { description: '"***" when a password is set; never the password' }))
  },
  { description: "The instance's proxy: its WhatsApp connection and media uploads/downloads go through it. null: a direct connection." }
)

export const SessionConfig = Type.Object({
  webhooks: Type.Array(Type.Unknown(), { description: 'Webhooks of the instance' }),
  proxy: Nullable(ProxyAnswer)
})

export const Me = Type.Object({
  id: Type.String({ description: 'Own chat id, <number>@c.us' }),
  lid: Nullable(Type.String()),
  pushName: Nullable(Type.String())
})

export const standardErrors = {
  400: ErrorBody,
  401: ErrorBody,
  404: ErrorBody,
  422: ErrorBody,
  429: ErrorBody,
  500: ErrorBody
}

export const statusVariantErrors = { 400: StatusErrorBody, 401: StatusErrorBody, 403: StatusErrorBody, 500: StatusErrorBody }
