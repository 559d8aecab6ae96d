// The logger handed to Baileys. Baileys logs every stream error at error level, but the network ends streams on
// purpose: 515 (restart required) follows every pairing, 440/401 are closes the session handles by policy. Those
// are downgraded (515 to info, the others to warn) so the log's errors stay the product's real failures.
import type { UserFacingSocketConfig } from '@whiskeysockets/baileys'
import type { Logger } from 'pino'
import type { DecryptFailureLog } from './decrypt-failures.js'
import type { RetryBudget } from './retry-budget.js'

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

const DECRYPT_FAILED = 'failed to decrypt message'
const TX_ROLLED_BACK = 'transaction failed, rolling back'

/**
 * Baileys' key store rolls back its transaction when libsignal fails to decrypt (Bad MAC, no session, a spent
 * pre-key) and logs that at error level before rethrowing; the decoder then logs the same failure as "failed to
 * decrypt message", which is counted. Two lines per undecryptable message in a storm: the first is debug.
 */
const isSignalFailure = (obj: unknown): boolean => {
  const e = (typeof obj === 'object' && obj !== null ? (obj as { error?: unknown }).error : undefined)
  return e instanceof Error && /[/\\]libsignal[/\\]/.test(e.stack ?? '')
}

/** Who sent a message Baileys could not decrypt (its log context: author in groups, else sender). */
const decryptFailure = (obj: unknown): { sender: string | undefined; reason: string | undefined; messageId: string | undefined } => {
  const o = (typeof obj === 'object' && obj !== null ? obj : {}) as { author?: unknown; sender?: unknown; err?: unknown; key?: { id?: unknown } }
  const sender = typeof o.author === 'string' ? o.author : typeof o.sender === 'string' ? o.sender : undefined
  return { sender, reason: o.err instanceof Error ? o.err.message : undefined, messageId: typeof o.key?.id === 'string' ? o.key.id : undefined }
}

/**
 * `decryptFailures`: where "failed to decrypt message" lines are counted instead of written one by one;
 * `retryBudget`: told which sender each undecryptable message came from (retry receipts bounded per sender).
 */
export function baileysLogger(logger: Logger, decryptFailures?: DecryptFailureLog, retryBudget?: RetryBudget): ILogger {
  return {
    get level() {
      return logger.level
    },
    set level(level: string) {
      logger.level = level
    },
    child: (bindings) => baileysLogger(logger.child(bindings), decryptFailures, retryBudget),
    trace: (obj, msg) => logger.trace(obj, msg),
    debug: (obj, msg) => logger.debug(obj, msg),
    info: (obj, msg) => logger.info(obj, msg),
    warn: (obj, msg) => logger.warn(obj, msg),
    error: (obj, msg) => {
      if (msg === DECRYPT_FAILED && (decryptFailures || retryBudget)) {
        const f = decryptFailure(obj)
        decryptFailures?.record(f.sender, f.reason)
        retryBudget?.failed(f.messageId, f.sender)
        return
      }
      if (msg === TX_ROLLED_BACK && decryptFailures && isSignalFailure(obj)) return logger.debug(withErr(obj), msg)
      const code = streamErrorCode(obj, msg)
      if (code === '515') logger.info(obj, 'stream restart required (515): normal right after pairing; reconnecting')
      else if (code !== undefined) logger.warn(obj, msg)
      else logger.error(withErr(obj), msg)
    }
  }
}
