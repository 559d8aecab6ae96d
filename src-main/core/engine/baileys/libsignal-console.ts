// libsignal (Baileys' Signal implementation) logs with the global console and offers no logger option; some of its
// messages print whole session records, private keys included ("Closing session: SessionEntry {...}"). The core
// installs this filter once (start-core.ts): a console call whose first argument is one of libsignal's known
// messages becomes a one-line debug entry in our log, without its arguments; every other console call is untouched.
import type { Logger } from 'pino'

/** libsignal's console messages (src/session_record.js, session_builder.js, session_cipher.js, queue_job.js, curve.js). */
export const LIBSIGNAL_MESSAGES = [
  'Closing session:',
  'Opening session:',
  'Removing old closed session:',
  'Session already closed',
  'Session already open',
  'Migrating session to:',
  'Closing open session in favor of incoming prekey bundle',
  'Closing stale open session for new outgoing prekey bundle',
  'Decrypted message with closed session.',
  'Failed to decrypt message with any known session',
  'Session error:',
  'V1 session storage migration error',
  'Unhandled bucket type (for naming):',
  'WARNING: Expected pubkey of length 33'
] as const

const METHODS = ['log', 'info', 'warn', 'error', 'debug'] as const

/** The libsignal message a console call starts with, if it is one. */
export function libsignalMessage(args: readonly unknown[]): string | undefined {
  const first = args[0]
  return typeof first === 'string' ? LIBSIGNAL_MESSAGES.find((m) => first.startsWith(m)) : undefined
}

let target: Logger | undefined

/** Idempotent: the console is wrapped once per process; a later core (tests start several) takes over the log. */
export function installLibsignalConsoleFilter(logger: Logger): void {
  const first = target === undefined
  target = logger
  if (!first) return
  for (const method of METHODS) {
    const original = console[method].bind(console)
    console[method] = (...args: unknown[]) => {
      const message = libsignalMessage(args)
      // Only the fixed text of the message: its arguments are session records, keys or raw errors.
      if (message === undefined) original(...args)
      else target?.debug({ source: 'libsignal', console: method }, `libsignal: ${message}`)
    }
  }
}
