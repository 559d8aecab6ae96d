// Thrown errors -> the bridge's error body. Domain errors keep their code, message and recommendation; anything
// else is an unexpected failure: logged in full, shown to the user as server_error without internals.
import type { Logger } from 'pino'
import type { BridgeErrorBody } from '../../../src-preload/contract/envelope.js'
import { isDomainError, DomainError } from '../domain/errors.js'

export class BridgeError extends DomainError {}

export const bridgeErrors = {
  sandboxOnly: () =>
    new BridgeError('not_available', 'The sandbox runs only when Switchboard is started with --network sandbox', {
      recommendation: 'Restart Switchboard with --network sandbox to use simulated phones'
    })
}

export function toErrorBody(error: unknown, logger: Logger, channel: string): BridgeErrorBody {
  if (isDomainError(error)) {
    const { recommendation, ...rest } = error.details ?? {}
    return {
      code: error.code,
      message: error.message,
      ...(typeof recommendation === 'string' ? { recommendation } : {}),
      ...(Object.keys(rest).length ? { details: rest } : {})
    }
  }
  logger.error({ err: error, channel }, 'bridge handler failed')
  return { code: 'server_error', message: 'Something went wrong inside Switchboard', recommendation: 'Retry; the details are in the Switchboard log' }
}
