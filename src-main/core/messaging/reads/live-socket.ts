// The open Baileys socket of a WORKING instance, and one wrapper for calls through it: a session that is not
// WORKING is 422 session_status_mismatch; a network failure is 502 engine_request_failed, never a 500.
import type { WASocket } from '@whiskeysockets/baileys'
import { coreErrors } from '../../domain/core-errors.js'
import { isDomainError } from '../../domain/errors.js'
import type { InstanceManager } from '../../engine/instance-manager.js'
import { readsErrors } from './errors.js'

export interface LiveSocketSource {
  liveSocket(instanceId: string): WASocket | undefined
}

export function requireLiveSocket(engine: LiveSocketSource | undefined, manager: InstanceManager, instanceId: string): WASocket {
  const socket = engine?.liveSocket(instanceId)
  if (socket) return socket
  const status = manager.mustView(instanceId).status
  throw coreErrors.statusMismatch(status, ['WORKING'], 'Start the session and wait until /v2/session/info says WORKING')
}

/**
 * The status of a Baileys error: an iq error's code (Boom `data`, e.g. 404 item-not-found, 401 not-authorized),
 * else the Boom statusCode (408 timeout, 428 connection closed...).
 */
export const boomStatus = (e: unknown): number | undefined => {
  const err = e as { data?: unknown; output?: { statusCode?: unknown } } | undefined
  if (typeof err?.data === 'number' && Number.isFinite(err.data)) return err.data
  return typeof err?.output?.statusCode === 'number' ? err.output.statusCode : undefined
}

export async function engineCall<T>(what: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn()
  } catch (e) {
    if (isDomainError(e)) throw e
    throw readsErrors.engineRequestFailed(what, e instanceof Error ? e.message : String(e))
  }
}
