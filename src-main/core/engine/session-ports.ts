// Where the core gets a session's command port: live() is the one "is it working" check (a port only while the
// instance is logged in), working() the same with the caller's not-WORKING error, media() the instance's media
// transport (also while it is not WORKING).
import { coreErrors, type CoreErrorCode } from '../domain/core-errors.js'
import { domainError, type DomainError } from '../domain/errors.js'
import type { InstanceStatus } from '../domain/instance-status.js'
import type { MediaTransport, SessionPort } from './session-port.js'

export interface PortSource {
  livePort(instanceId: string): SessionPort | undefined
  media(instanceId: string): MediaTransport
}

export interface SessionPorts {
  /** The port while the instance is WORKING (logged in), else undefined. */
  live(instanceId: string): SessionPort | undefined
  /** The port, or `notWorking(status)` (default: 422 session_status_mismatch saying how to get WORKING). */
  working(instanceId: string, notWorking?: (status: InstanceStatus) => DomainError): SessionPort
  /** The instance's current status (for callers that wait for WORKING). */
  statusOf(instanceId: string): InstanceStatus
  media(instanceId: string): MediaTransport
}

const RECOMMENDATION = 'Start the instance (POST /v2/session/start) and wait until /v2/session/info says WORKING'

/** The default not-WORKING answer; WORKING in the database without an open connection is a reconnect under way. */
export function notWorkingError(status: InstanceStatus): DomainError {
  if (status === 'WORKING') {
    return domainError<CoreErrorCode>('session_status_mismatch', 'The session is reconnecting to the network', 'Retry in a few seconds', { status: 'STARTING' })
  }
  return coreErrors.statusMismatch(status, ['WORKING'], RECOMMENDATION)
}

export function sessionPorts(engine: PortSource | undefined, statusOf: (instanceId: string) => InstanceStatus | undefined): SessionPorts {
  const status = (id: string): InstanceStatus => statusOf(id) ?? 'STOPPED'
  return {
    live: (id) => engine?.livePort(id),
    working(id, notWorking = notWorkingError) {
      const port = engine?.livePort(id)
      if (port) return port
      throw notWorking(status(id))
    },
    statusOf: status,
    media: (id) => {
      if (!engine) throw new Error('no engine')
      return engine.media(id)
    }
  }
}
