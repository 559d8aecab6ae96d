// Failures of Baileys calls -> domain errors. The network answers iq errors with a numeric code (Baileys puts
// it in Boom `data`, or in the status code for w:mex and group metadata); each operation says what a 404,
// 403 or 401 means for it, and everything else becomes a 502 proxy_error (never a 500).
import { CoreError, coreErrors } from '../domain/core-errors.js'
import { isDomainError, type DomainError } from '../domain/errors.js'

interface BoomLike {
  message?: string
  data?: unknown
  output?: { statusCode?: number }
  isBoom?: boolean
}

/** The network's error code of a failed Baileys call (404 item-not-found, 401 not-authorized, 408 timeout...). */
export function networkErrorCode(e: unknown): number | undefined {
  const b = e as BoomLike | undefined
  if (!b || typeof b !== 'object') return undefined
  if (typeof b.data === 'number' && Number.isFinite(b.data)) return b.data
  const status = b.output?.statusCode
  return typeof status === 'number' && status !== 500 ? status : undefined
}

export type ErrorMap = Partial<Record<number, () => DomainError>>

const TIMEOUT = 408
const CONNECTION_CLOSED = 428

/** Maps a thrown error of a Baileys call; domain errors pass through unchanged. */
export function toDomainError(e: unknown, map: ErrorMap = {}): DomainError {
  if (isDomainError(e)) return e
  const code = networkErrorCode(e)
  const mapped = code !== undefined ? map[code] : undefined
  if (mapped) return mapped()
  if (code === CONNECTION_CLOSED) {
    return new CoreError('session_status_mismatch', 'The connection to the network closed during the request', {
      status: 'STARTING',
      recommendation: 'Retry once the session is WORKING again'
    })
  }
  const message = (e as BoomLike | undefined)?.message ?? String(e)
  if (code === 400) return coreErrors.invalidParam('request', `the network refused it (${message.slice(0, 120)})`)
  if (code === TIMEOUT) return coreErrors.proxyError('the network did not answer in time')
  return coreErrors.proxyError(`${message.slice(0, 160)}${code !== undefined ? ` (code ${code})` : ''}`)
}

/** Runs a Baileys call and translates its failure. */
export async function callNetwork<T>(fn: () => Promise<T>, map: ErrorMap = {}): Promise<T> {
  try {
    return await fn()
  } catch (e) {
    throw toDomainError(e, map)
  }
}
