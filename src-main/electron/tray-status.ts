// The tray's one-line summary of the instances and the unread messages (pure, unit-tested).
import type { InstancesSummary } from './core-messages.js'

export type CoreState = 'starting' | 'ready' | 'down'

export function statusLine(summary: InstancesSummary | undefined, coreState: CoreState): string {
  if (coreState === 'starting') return 'Starting…'
  if (coreState === 'down') return 'Core stopped: restarting'
  if (!summary || summary.total === 0) return 'No instances yet'
  const parts = [`${summary.working} of ${summary.total} working`]
  if (summary.needsScan) parts.push(`${summary.needsScan} waiting for a scan`)
  if (summary.failed) parts.push(`${summary.failed} failed`)
  return parts.join(', ')
}

/** The unread messages in words for the tray's tooltip and menu, or null when there are none. */
export function unreadLine(unread: number): string | null {
  if (unread <= 0) return null
  return unread === 1 ? '1 unread message' : `${unread.toLocaleString('en-US')} unread messages`
}
