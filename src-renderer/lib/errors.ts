// Errors as the UI shows them: a sentence, what to do, and the code (for support and tests).
import { BridgeCallError } from './bridge.js'

export interface UiError {
  code: string
  message: string
  recommendation?: string
  details?: Record<string, unknown>
}

export function toUiError(e: unknown): UiError {
  if (e instanceof BridgeCallError) {
    return { code: e.code, message: e.message, ...(e.recommendation ? { recommendation: e.recommendation } : {}), ...(e.details ? { details: e.details } : {}) }
  }
  return { code: 'unexpected', message: e instanceof Error ? e.message : 'Something went wrong' }
}
