// Fastify's request log, as one line per answered request instead of two (incoming + completed): successful
// answers at debug (tools poll /v2/session/info every few seconds, and at info the two lines cost more CPU than
// the request itself), client errors at info, server errors and broken responses at warn. URLs are scrubbed by
// the logger's req serializer (api/logger.ts). Installed through Fastify's logController option.
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify'
import pino from 'pino'

/** pino's numeric levels ('silent' and unknown names log nothing). */
const SEVERITY: Readonly<Record<string, number>> = pino.levels.values

export class RequestLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const status = reply.statusCode
    const level = error || status >= 500 ? 'warn' : status >= 400 ? 'info' : 'debug'
    // Checked first so a line nobody will see costs no serialization.
    if (SEVERITY[level]! < (SEVERITY[request.log.level] ?? Infinity)) return
    request.log[level]({ req: request, res: reply, responseTime: Math.round(reply.elapsedTime), ...(error ? { err: error } : {}) }, 'request')
  }
}
