// The result envelope every bridge call answers with: errors cross process boundaries as data, never as throws.
// PURE: imported by the core, the preload and the renderer.

export interface BridgeErrorBody {
  /** The core's stable error code (e.g. session_status_mismatch, quota_reached) or a bridge code below. */
  code: string
  /** A sentence for people. */
  message: string
  /** What to do about it, when the core knows (the API's details.recommendation). */
  recommendation?: string
  /** Extra facts the UI may use (e.g. retry_after, status, free_policies). */
  details?: Record<string, unknown>
}

export type BridgeResult<T> = { ok: true; data: T } | { ok: false; error: BridgeErrorBody }

/** Codes the bridge itself produces (the rest come from the core: see src-main/core/api/error-status.ts). */
export const BRIDGE_ERROR_CODES = {
  /** The message or its payload does not match the contract. */
  invalidRequest: 'invalid_request',
  unknownChannel: 'unknown_channel',
  /** The core has no module for this yet (e.g. messaging before it is installed). */
  notAvailable: 'not_available',
  /** The connection to the core dropped before an answer came. */
  disconnected: 'bridge_disconnected',
  /** No answer within the client's time limit. */
  timeout: 'bridge_timeout',
  serverError: 'server_error'
} as const

export const ok = <T>(data: T): BridgeResult<T> => ({ ok: true, data })
export const fail = (code: string, message: string, extra: Omit<BridgeErrorBody, 'code' | 'message'> = {}): BridgeResult<never> => ({
  ok: false,
  error: { code, message, ...extra }
})
