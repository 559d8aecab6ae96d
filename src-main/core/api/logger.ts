// The core's pino logger: tokens are redacted from every line (headers and fields by pino's redact, URLs by
// a query/path scrubber in the request serializer). The only global singleton the core allows.
import pino, { type DestinationStream, type Logger, type LoggerOptions } from 'pino'

export const REDACTED = '[REDACTED]'

export const REDACT_PATHS = [
  'req.headers["access-token"]',
  'req.headers.authorization',
  'req.headers["x-api-key"]',
  'req.headers.cookie',
  'access_token',
  'accessToken',
  'token',
  '*.access_token',
  '*.accessToken',
  '*.token',
  'creds',
  '*.creds'
]

const SECRET_QUERY = /([?&](?:access_token|access-token|accessToken|token|api_key)=)[^&#]*/gi
const TEMP_QR_PATH = /(\/temp-qr\/)(?!assets\/)[^/?#]+/g

/** Removes credentials from a URL or path+query before it is logged. */
export const scrubUrl = (url: string): string => url.replace(SECRET_QUERY, `$1${REDACTED}`).replace(TEMP_QR_PATH, `$1${REDACTED}`)

interface RequestLike {
  method?: string
  url?: string
  ip?: string
  headers?: Record<string, unknown>
  socket?: { remoteAddress?: string }
}

export const serializers = {
  req: (req: RequestLike) => ({
    method: req.method,
    url: scrubUrl(req.url ?? ''),
    host: req.headers?.host,
    remoteAddress: req.ip ?? req.socket?.remoteAddress
  }),
  res: (res: { statusCode?: number }) => ({ statusCode: res.statusCode }),
  err: pino.stdSerializers.err
}

export interface CoreLoggerOptions {
  level?: string
  destination?: DestinationStream
}

export function createCoreLogger(options: CoreLoggerOptions = {}): Logger {
  const config: LoggerOptions = {
    level: options.level ?? 'info',
    base: { app: 'switchboard' },
    redact: { paths: REDACT_PATHS, censor: REDACTED },
    serializers
  }
  return options.destination ? pino(config, options.destination) : pino(config)
}
