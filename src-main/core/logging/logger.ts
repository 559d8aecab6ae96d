// The core's pino logger: tokens are redacted from every line (headers and fields by pino's redact, URLs by
// a query/path scrubber in the request serializer), and its default destinations (log file + stderr).
import { dirname } from 'node:path'
import pino, { type DestinationStream, type Logger, type LoggerOptions } from 'pino'
import pinoPretty from 'pino-pretty'
import { PRIVATE_FILE_MODE, ensurePrivateDir, tightenFile } from '../secrets/private-files.js'

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

/** Parameter names (decoded, lower-cased, letters and digits only) whose values are never logged. */
const SECRET_NAME = /token|secret|passw|apikey|auth|hmac|signature|cred|^key$/
// Slashes may be doubled (/temp-qr//<token>): the router merges them, so the scrubber must too.
const TEMP_QR_PATH = /(\/temp-qr\/+)(?!assets\/)[^/?#]+/gi

/** Percent-decoding as the query parser does it ('+' is a space), repeated so a double encoding cannot hide a name. */
function decoded(text: string): string {
  let out = text.replace(/\+/g, ' ')
  for (let i = 0; i < 3; i++) {
    try {
      const next = decodeURIComponent(out)
      if (next === out) break
      out = next
    } catch {
      break // malformed escapes: compare what we have
    }
  }
  return out
}

const isSecretName = (name: string) => SECRET_NAME.test(decoded(name).toLowerCase().replace(/[^a-z0-9]/g, ''))

/**
 * Removes credentials from a URL or path+query before it is logged. Names are compared decoded, as the server
 * reads them, so `?access%5Ftoken=` or `?ACCESS-TOKEN=` cannot smuggle a token into the log; the temp-link token
 * in /temp-qr/<token> is replaced, also when the path is percent-encoded.
 */
export function scrubUrl(url: string): string {
  const q = url.indexOf('?')
  const path = q < 0 ? url : url.slice(0, q)
  const plainPath = decoded(path)
  const safePath = new RegExp(TEMP_QR_PATH.source, 'i').test(plainPath) ? plainPath.replace(TEMP_QR_PATH, `$1${REDACTED}`) : path
  if (q < 0) return safePath
  const query = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=')
      return eq >= 0 && isSecretName(pair.slice(0, eq)) ? `${pair.slice(0, eq)}=${REDACTED}` : pair
    })
    .join('&')
  return `${safePath}?${query}`
}

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
  hooks?: LoggerOptions['hooks']
}

export function createCoreLogger(options: CoreLoggerOptions = {}): Logger {
  const config: LoggerOptions = {
    level: options.level ?? 'info',
    base: { app: 'switchboard' },
    redact: { paths: REDACT_PATHS, censor: REDACTED },
    serializers,
    ...(options.hooks ? { hooks: options.hooks } : {})
  }
  return options.destination ? pino(config, options.destination) : pino(config)
}

export interface FileLogger {
  logger: Logger
  /**
   * Resolves once the log file is open. The file is written asynchronously; pino flushes it synchronously at
   * process exit, which throws "sonic boom is not ready yet" while the file is still opening (an early exit,
   * e.g. refusing a newer database). Every exit path awaits this first (pino's final-flush pattern).
   */
  settled(): Promise<void>
  /** The level in force from now on, for this logger and every child made from it (Settings view, live). */
  setLevel(level: string): void
  /**
   * The same file, never the console: for the chatter of third-party and simulated parts (Baileys, the sandbox's
   * phones), so a console redirected to a file or a process manager carries only Switchboard's own words.
   */
  fileOnly: Logger
}

/**
 * Where warnings and errors reach a person: human-readable lines (pino-pretty, a maintained formatter, rather than
 * our own) when stderr is a terminal, JSON lines for a process manager or a log collector otherwise.
 */
export function consoleStream(tty = Boolean(process.stderr.isTTY), fd = 2): DestinationStream {
  if (!tty) return fd === 2 ? process.stderr : pino.destination({ dest: fd, sync: true })
  return pinoPretty({ destination: fd, sync: true, colorize: true, translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname,app' })
}

const levelValue = (level: string): number => pino.levels.values[level] ?? pino.levels.values.info!

/** `level` and up to `file` (default info, owner-only: folder 0700, file 0600), warnings and errors also to stderr. */
export function createFileLogger(file: string, level = 'info'): FileLogger {
  ensurePrivateDir(dirname(file))
  tightenFile(file)
  const stream = pino.destination({ dest: file, sync: false, mode: PRIVATE_FILE_MODE })
  const opened = new Promise<void>((resolve) => {
    stream.once('ready', () => resolve())
    stream.once('error', () => resolve()) // nothing to flush into; exiting must not hang on it
  })
  // The level can change while running, but pino fixes each child's level when it is made: so pino lets debug
  // (or the lower level asked for) through, and a logMethod hook, which every child inherits, drops what is below
  // the level in force. Children with a level of their own (the engine's warn) still drop at pino's level first.
  let threshold = levelValue(level)
  const floor = (Object.entries(pino.levels.values).find(([, v]) => v === Math.min(threshold, pino.levels.values.debug!))?.[0] ?? 'debug') as pino.Level
  const logger = createCoreLogger({
    level: floor,
    destination: pino.multistream([
      // The file takes whatever the logger lets through (SWITCHBOARD_LOG_LEVEL=debug must reach it).
      { level: floor, stream },
      { level: 'warn', stream: consoleStream() }
    ]),
    hooks: {
      logMethod(args, method, value) {
        if (value >= threshold) method.apply(this, args)
      }
    }
  })
  const fileOnly = createCoreLogger({
    level: floor,
    destination: pino.multistream([{ level: floor, stream }]),
    hooks: {
      logMethod(args, method, value) {
        if (value >= threshold) method.apply(this, args)
      }
    }
  })
  return {
    logger,
    fileOnly,
    settled: () => opened,
    setLevel: (next) => {
      threshold = levelValue(next)
    }
  }
}
