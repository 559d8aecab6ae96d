// Answers of the session operations in the negotiated format (JSON object, XML document, "Success ..." text).
import type { FastifyReply, FastifyRequest } from 'fastify'
import { CONTENT_TYPE, negotiateFormat, renderSuccess } from './formats.js'

export function sendSessionResult<T extends Record<string, unknown>>(request: FastifyRequest, reply: FastifyReply, body: T, message: string): FastifyReply | T {
  const format = negotiateFormat(request.headers.accept)
  if (format === 'xml' || format === 'text') return reply.type(CONTENT_TYPE[format]).send(renderSuccess(body, message, format))
  return body
}
