// The API's single error handler: DomainErrors by code (api/error-status.ts), Fastify's own errors (bad JSON,
// body limits, validation, and the router's bad URLs, which come before any hook) as 4xx codes, anything else as
// a logged 500 whose message is hidden. Bodies follow the spec's shapes and the Accept header.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify'
import { coreErrors, type CoreErrorCode } from '../../domain/core-errors.js'
import { domainError, DomainError, isDomainError } from '../../domain/errors.js'
import { statusOfCode } from '../error-status.js'
import { CONTENT_TYPE, negotiateFormat, renderError, type ErrorPayload } from '../formats.js'
import { closeUnupgradedSocket } from '../websocket-context.js'
import { setSecurityHeaders, type RequestGuard } from './security.js'

export type ErrorVariant = 'standard' | 'status'

declare module 'fastify' {
  interface FastifyContextConfig {
    /** `status`: the rate-limit and temp-link operations' `{status:"error", code, message}` bodies. */
    errorVariant?: ErrorVariant
  }
}

interface FastifyLikeError {
  code?: string
  statusCode?: number
  validation?: { keyword: string; instancePath: string; params: Record<string, unknown>; message?: string }[]
  validationContext?: string
}

/** Fastify and Ajv errors -> our codes. Returns undefined for errors that are genuinely ours to fix (5xx). */
function fromFastifyError(error: FastifyLikeError, contentType: string | undefined): DomainError | undefined {
  if (error.validation?.length) {
    const missing = error.validation.filter((v) => v.keyword === 'required').map((v) => String(v.params.missingProperty))
    if (missing.length) return coreErrors.missingParam(missing)
    const first = error.validation[0]!
    const name = first.instancePath.replace(/^\//, '').replace(/\//g, '.') || error.validationContext || 'request'
    return coreErrors.invalidParam(name, allowedValues(error.validation, first.instancePath) ?? first.message ?? 'invalid value')
  }
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return coreErrors.payloadTooLarge()
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return coreErrors.unsupportedMediaType(contentType)
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return coreErrors.invalidParam('body', 'the body is not valid JSON')
  }
  const status = error.statusCode ?? 500
  if (status === 413) return coreErrors.payloadTooLarge()
  if (status === 415) return coreErrors.unsupportedMediaType(contentType)
  if (status >= 400 && status < 500) return domainError<CoreErrorCode>('invalid_param', 'The request is malformed', 'Check the request against /docs')
  return undefined
}

/** A union of literals fails with one `const` error per literal ("must be equal to constant"): name them all. */
function allowedValues(errors: NonNullable<FastifyLikeError['validation']>, path: string): string | undefined {
  const values = errors.filter((v) => v.instancePath === path).flatMap((v) => (v.keyword === 'const' ? [v.params.allowedValue] : v.keyword === 'enum' && Array.isArray(v.params.allowedValues) ? v.params.allowedValues : []))
  return values.length ? `expected one of ${values.map((v) => JSON.stringify(v)).join(', ')}` : undefined
}

function payloadOf(error: DomainError, variant: ErrorVariant): ErrorPayload {
  const details = error.details ?? {}
  const recommendation = typeof details.recommendation === 'string' ? details.recommendation : undefined
  const missing = Array.isArray(details.missing) ? details.missing.map(String) : undefined
  if (variant === 'standard') return { code: error.code, message: error.message, recommendation, missing, json: { code: error.code, message: error.message, details } }
  const freePolicies = Array.isArray(details.free_policies) ? details.free_policies.map(String) : undefined
  const json = { status: 'error', code: error.code, message: error.message, ...(freePolicies ? { free_policies: freePolicies } : {}) }
  return { status: 'error', code: error.code, message: error.message, recommendation, missing, freePolicies, json }
}

export function sendError(request: FastifyRequest, reply: FastifyReply, error: DomainError): FastifyReply {
  const status = statusOfCode(error.code) ?? 500
  const retryAfter = error.details?.retry_after
  if (typeof retryAfter === 'number') reply.header('Retry-After', String(retryAfter))
  const format = negotiateFormat(request.headers.accept)
  // Router errors (see frameworkErrorHandler) have no route, hence no route config.
  const variant = request.routeOptions?.config?.errorVariant ?? 'standard'
  return reply.code(status).type(CONTENT_TYPE[format]).send(renderError(payloadOf(error, variant), format, status))
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((raw: FastifyError | Error, request, reply) => {
    let error = isDomainError(raw) ? raw : fromFastifyError(raw as FastifyLikeError, request.headers['content-type'])
    if (error && statusOfCode(error.code) === undefined) {
      request.log.error({ err: raw, code: error.code }, 'domain error code without an HTTP status (add it to api/error-status.ts)')
      error = undefined
    }
    if (!error) {
      request.log.error({ err: raw }, 'unexpected failure')
      error = coreErrors.serverError()
    } else if ((statusOfCode(error.code) ?? 500) >= 500) {
      request.log.warn({ err: raw }, 'request failed upstream')
    }
    return sendError(request, reply, error)
  })
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0]
    // A known path with another method: 405 with the methods it has (RFC 9110 §15.5.6), not a 404.
    const allowed = ROUTER_METHODS.filter((method) => method !== request.method && app.findRoute({ method, url: request.url }))
    if (!allowed.length) return sendError(request, reply, coreErrors.notFound(`${request.method} ${path}`))
    reply.header('Allow', allowed.join(', '))
    return sendError(request, reply, new DomainError('method_not_allowed', `${request.method} is not allowed on ${path}`, { allowed, recommendation: `Use ${allowed.join(' or ')}; see /docs` }))
  })
}

const ROUTER_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const

/**
 * Errors of Fastify's router (a path that is not valid percent-encoding, a path parameter over maxParamLength)
 * happen before any hook, so they get the Host/Origin guard, our codes and body formats and the security headers
 * here; otherwise they would answer Fastify's own JSON, even to a foreign Host.
 */
export function frameworkErrorHandler(guard: RequestGuard): NonNullable<FastifyServerOptions['frameworkErrors']> {
  return (raw, request, reply) => {
    const fastifyCode = (raw as FastifyLikeError).code
    const error =
      guard(request.headers) ??
      (fastifyCode === 'FST_ERR_BAD_URL'
        ? coreErrors.invalidParam('path', 'the path is not valid percent-encoding')
        : fastifyCode === 'FST_ERR_MAX_PARAM_LENGTH'
          ? coreErrors.invalidParam('path', 'a path segment is too long')
          : coreErrors.serverError())
    if (error.code === 'server_error') request.log.error({ err: raw }, 'router failure')
    setSecurityHeaders(reply)
    closeUnupgradedSocket(request.raw, reply.raw)
    sendError(request, reply, error)
  }
}
