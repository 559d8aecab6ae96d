// Instance statuses and the transitions the spec's state table allows (plus the documented FAILED rule).
// Pure: the InstanceManager consults this table before it persists or announces a change.

export const INSTANCE_STATUSES = ['STOPPED', 'STARTING', 'SCAN_QR_CODE', 'WORKING', 'FAILED', 'DELETED'] as const
export type InstanceStatus = (typeof INSTANCE_STATUSES)[number]

/**
 * Allowed next states. Beyond the spec's table:
 * - SCAN_QR_CODE -> STARTING: after a scan the engine restarts the socket (515) and logs in.
 * - WORKING -> STARTING: the connection dropped and the engine is reconnecting.
 * - WORKING -> SCAN_QR_CODE: also when the phone unlinked the device (disconnect 401).
 * - * -> FAILED: the engine gave up (see engine/baileys/reconnect-policy.ts for the rule).
 * - FAILED -> WORKING: a background attempt after a cause that may pass (no network) connected again.
 */
const NEXT: Record<InstanceStatus, readonly InstanceStatus[]> = {
  STOPPED: ['STARTING', 'DELETED'],
  STARTING: ['WORKING', 'SCAN_QR_CODE', 'STOPPED', 'FAILED', 'DELETED'],
  SCAN_QR_CODE: ['STARTING', 'WORKING', 'STOPPED', 'FAILED', 'DELETED'],
  WORKING: ['STARTING', 'SCAN_QR_CODE', 'STOPPED', 'FAILED', 'DELETED'],
  FAILED: ['STARTING', 'WORKING', 'STOPPED', 'DELETED'],
  DELETED: []
}

export const canTransition = (from: InstanceStatus, to: InstanceStatus): boolean => from === to || NEXT[from].includes(to)

export const isInstanceStatus = (value: string): value is InstanceStatus => (INSTANCE_STATUSES as readonly string[]).includes(value)

/** Statuses in which an engine socket exists (or is being made). */
export const isRunningStatus = (s: InstanceStatus): boolean => s === 'STARTING' || s === 'SCAN_QR_CODE' || s === 'WORKING'

export function assertNever(value: never, what = 'value'): never {
  throw new Error(`unexpected ${what}: ${String(value)}`)
}
