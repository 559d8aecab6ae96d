// Unread messages per instance (issue 12 item 5): the instance picker shows them, the window/tab title and the tray
// show their total, and the Chats view opens on the instance with the newest unread message. From the core
// (instances.unread: the sum of the chats' unread counts), reloaded on the live pushes that change it. Reloads are
// coalesced: one query in flight and at most one pending, however many messages a history sync pushes meanwhile.
import type { UnreadSummaryDto } from '../../src-preload/contract/dto.js'
import { bridge, call } from '../lib/bridge.js'
import { createPerInstanceStore } from './per-instance-store.js'

type Entry = UnreadSummaryDto['instances'][number]

export const useUnreadStore = createPerInstanceStore<Entry>(() => call(() => bridge().instances.unread()))

/** Total unread messages over every instance (the title and the tray). */
export const totalUnread = (byInstance: Record<string, Entry>): number => Object.values(byInstance).reduce((n, e) => n + Math.max(0, e.unread), 0)

/** The instance whose newest unread message is the latest, if any has unread messages. */
export function newestUnreadInstance(byInstance: Record<string, Entry>): string | null {
  let best: Entry | null = null
  for (const e of Object.values(byInstance)) {
    if (e.unread > 0 && e.newestUnreadAt !== null && (!best || e.newestUnreadAt > best.newestUnreadAt!)) best = e
  }
  return best?.instanceId ?? null
}
