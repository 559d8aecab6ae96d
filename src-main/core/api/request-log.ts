// Fastify's request log, as one line per answered request instead of two (incoming + completed): successful
// answers at debug (tools poll /v2/session/info every few seconds, and at info the two lines cost more CPU than
// the request itself), client errors at info, server errors and broken responses at warn. URLs are scrubbed by
// the logger's req serializer (logging/logger.ts). Installed through Fastify's logController option.
import { LogController, type FastifyBaseLogger, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify'
import pino, { type Bindings, type ChildLoggerOptions, type LevelWithSilentOrString } from 'pino'

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

type LogMethod = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent'

/**
 * request.log, made per request: pino's child (bindings serialized, a logger object built) only once a line is
 * written. Answered requests log nothing at the default level (see RequestLog), so most never need one.
 */
class LazyRequestLogger {
  private made: FastifyBaseLogger | undefined

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly childBindings: Bindings,
    private readonly options: ChildLoggerOptions
  ) {}

  private get logger(): FastifyBaseLogger {
    return (this.made ??= this.parent.child(this.childBindings, this.options))
  }

  get level(): LevelWithSilentOrString {
    return this.made?.level ?? this.options.level ?? this.parent.level
  }

  set level(level: LevelWithSilentOrString) {
    this.logger.level = level
  }

  isLevelEnabled(level: string): boolean {
    return (SEVERITY[level] ?? -Infinity) >= (SEVERITY[this.level] ?? Infinity)
  }

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.logger.child(bindings, options)
  }

  bindings(): Bindings {
    return (this.logger as unknown as { bindings(): Bindings }).bindings()
  }
}

for (const method of ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as LogMethod[]) {
  Object.defineProperty(LazyRequestLogger.prototype, method, {
    value(this: LazyRequestLogger, ...args: unknown[]) {
      const logger = (this as unknown as { logger: FastifyBaseLogger }).logger
      return (logger[method] as (...a: unknown[]) => void).apply(logger, args)
    }
  })
}

/** Fastify's childLoggerFactory option: request loggers that cost nothing until used. */
export const lazyChildLogger: NonNullable<FastifyServerOptions['childLoggerFactory']> = (logger, bindings, options) =>
  new LazyRequestLogger(logger, bindings, options) as unknown as FastifyBaseLogger
