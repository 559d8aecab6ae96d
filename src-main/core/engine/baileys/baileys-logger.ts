// The logger handed to Baileys. Baileys logs every stream error at error level, but the network ends streams on
// purpose: 515 (restart required) follows every pairing, 440/401 are closes the session handles by policy. Those
// are downgraded (515 to info, the others to warn) so the log's errors stay the product's real failures.
import type { UserFacingSocketConfig } from '@whiskeysockets/baileys'
import type { Logger } from 'pino'

type ILogger = NonNullable<UserFacingSocketConfig['logger']>

const STREAM_ERRORED = 'stream errored out'

/** The stream:error node Baileys passes as `fullErrorNode`, when this is its "stream errored out" line. */
const streamErrorCode = (obj: unknown, msg: string | undefined): string | undefined => {
  if (msg !== STREAM_ERRORED || typeof obj !== 'object' || obj === null) return undefined
  const node = (obj as { fullErrorNode?: { attrs?: Record<string, unknown> } }).fullErrorNode
  const code = node?.attrs?.code
  return typeof code === 'string' ? code : ''
}

/** Baileys logs caught errors under `error`, which pino prints as {}: moved to `err` (pino's serializer: message, stack). */
const withErr = (obj: unknown): unknown => {
  if (typeof obj !== 'object' || obj === null || !((obj as { error?: unknown }).error instanceof Error)) return obj
  const { error, ...rest } = obj as { error: Error }
  return { ...rest, err: error }
}

export function baileysLogger(logger: Logger): ILogger {
  return {
    get level() {
      return logger.level
    },
    set level(level: string) {
      logger.level = level
    },
    child: (bindings) => baileysLogger(logger.child(bindings)),
    trace: (obj, msg) => logger.trace(obj, msg),
    debug: (obj, msg) => logger.debug(obj, msg),
    info: (obj, msg) => logger.info(obj, msg),
    warn: (obj, msg) => logger.warn(obj, msg),
    error: (obj, msg) => {
      const code = streamErrorCode(obj, msg)
      if (code === '515') logger.info(obj, 'stream restart required (515): normal right after pairing; reconnecting')
      else if (code !== undefined) logger.warn(obj, msg)
      else logger.error(withErr(obj), msg)
    }
  }
}
