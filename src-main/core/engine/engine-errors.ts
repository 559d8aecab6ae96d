// The one translation of engine failures. The port turns whatever the engine throws into an EngineRequestError
// (the network's iq error code, the transport status, the message); each operation then says what a 404, 403 or
// 401 means for it (toDomainError's map) and everything else becomes a 502 (never a 500).
import { coreErrors, type CoreErrorCode } from '../domain/core-errors.js'
import { domainError, isDomainError, type DomainError } from '../domain/errors.js'

/** A failed request through a session's port. */
export class EngineRequestError extends Error {
  constructor(
    message: string,
    /** The network's error code of an iq answer (404 item-not-found, 401 not-authorized...), when it gave one. */
    readonly networkCode: number | undefined,
    /** The transport's status (408 timeout, 428 connection closed, an HTTP status of a media host...). */
    readonly statusCode: number | undefined,
    options?: { cause?: unknown }
  ) {
    super(message, options)
    this.name = 'EngineRequestError'
  }
}

interface BoomLike {
  message?: string
  data?: unknown
  output?: { statusCode?: unknown }
  status?: unknown
}

/** What the engine threw, as an EngineRequestError (Baileys throws Boom errors: `data` = iq code, `output.statusCode`). */
export function engineRequestError(e: unknown): EngineRequestError {
  if (e instanceof EngineRequestError) return e
  const b = (e && typeof e === 'object' ? e : {}) as BoomLike
  const networkCode = typeof b.data === 'number' && Number.isFinite(b.data) ? b.data : undefined
  const raw = b.output?.statusCode ?? b.status
  const statusCode = typeof raw === 'number' ? raw : undefined
  return new EngineRequestError(e instanceof Error ? e.message : String(e), networkCode, statusCode, { cause: e })
}

/** Runs an engine call, translating its failure into an EngineRequestError (domain errors pass unchanged). */
export async function engineRequest<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn()
  } catch (e) {
    throw isDomainError(e) ? e : engineRequestError(e)
  }
}

/** The network's error code of a failed request (a transport 500 is not one). */
export function networkErrorCode(e: unknown): number | undefined {
  if (!(e instanceof EngineRequestError)) return undefined
  if (e.networkCode !== undefined) return e.networkCode
  return e.statusCode !== 500 ? e.statusCode : undefined
}

/** The status of a failed request: the iq error code, else the transport status (500 included). */
export function engineErrorStatus(e: unknown): number | undefined {
  return e instanceof EngineRequestError ? (e.networkCode ?? e.statusCode) : undefined
}

export type ErrorMap = Partial<Record<number, () => DomainError>>

const TIMEOUT = 408
const CONNECTION_CLOSED = 428

/** Maps a failed request to a domain error: the operation's map first, then the common meanings, else 502 proxy_error. */
export function toDomainError(e: unknown, map: ErrorMap = {}): DomainError {
  if (isDomainError(e)) return e
  const code = networkErrorCode(e)
  const mapped = code !== undefined ? map[code] : undefined
  if (mapped) return mapped()
  if (code === CONNECTION_CLOSED) {
    return domainError<CoreErrorCode>('session_status_mismatch', 'The connection to the network closed during the request', 'Retry once the session is WORKING again', { status: 'STARTING' })
  }
  const message = e instanceof Error ? e.message : String(e)
  if (code === 400) return coreErrors.invalidParam('request', `the network refused it (${message.slice(0, 120)})`)
  if (code === TIMEOUT) return coreErrors.proxyError('the network did not answer in time')
  return coreErrors.proxyError(`${message.slice(0, 160)}${code !== undefined ? ` (code ${code})` : ''}`)
}

/** Runs a port call and translates its failure with toDomainError. */
export async function callNetwork<T>(fn: () => Promise<T>, map: ErrorMap = {}): Promise<T> {
  try {
    return await fn()
  } catch (e) {
    throw toDomainError(e, map)
  }
}

/** Runs a port call; any failure that is not a domain error becomes `fallback(message)` (the reads' 502 engine_request_failed). */
export async function callEngine<T>(fn: () => Promise<T>, fallback: (message: string) => DomainError): Promise<T> {
  try {
    return await fn()
  } catch (e) {
    if (isDomainError(e)) throw e
    throw fallback(e instanceof Error ? e.message : String(e))
  }
}
