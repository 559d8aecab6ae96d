// The error handling every store action shares: run the work; a failure becomes a UiError that the store records
// where its view shows it, and the action answers a fallback; the busy flag goes off either way.
import { toUiError, type UiError } from '../lib/errors.js'

export interface ActionHandling<F> {
  /** Records the failure, e.g. `(error) => set({ error })`. */
  fail(error: UiError): void
  /** Runs last, after success or failure (clears the busy flag). */
  settle?(): void
  /** What the action answers after a failure (default undefined). */
  fallback?: F
}

export async function runAction<T, F = undefined>(run: () => Promise<T>, handling: ActionHandling<F>): Promise<T | F> {
  try {
    return await run()
  } catch (e) {
    handling.fail(toUiError(e))
    return handling.fallback as F
  } finally {
    handling.settle?.()
  }
}
