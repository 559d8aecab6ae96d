// Unread messages per instance (issue 12 item 5): the instance picker shows them, and the Chats view opens on the
// instance with the newest unread message. From the core (instances.unread: the sum of the chats' unread counts),
// reloaded on the live pushes that change it (a message arrives; the user reads a chat here).
import { create } from 'zustand'
import type { UnreadSummaryDto } from '../../src-preload/contract/dto.js'
import { bridge, call } from '../lib/bridge.js'

type Entry = UnreadSummaryDto['instances'][number]

interface UnreadState {
  byInstance: Record<string, Entry>
  loaded: boolean
  load(): Promise<void>
}

let running: Promise<void> | null = null

export const useUnreadStore = create<UnreadState>()((set) => ({
  byInstance: {},
  loaded: false,
  load() {
    running ??= call(bridge().instances.unread())
      .then((dto) => set({ byInstance: Object.fromEntries(dto.instances.map((e) => [e.instanceId, e])), loaded: true }))
      // The counts are a convenience: a failure leaves the last ones.
      .catch(() => {})
      .finally(() => {
        running = null
      })
    return running
  }
}))

/** The instance whose newest unread message is the latest, if any has unread messages. */
export function newestUnreadInstance(byInstance: Record<string, Entry>): string | null {
  let best: Entry | null = null
  for (const e of Object.values(byInstance)) {
    if (e.unread > 0 && e.newestUnreadAt !== null && (!best || e.newestUnreadAt > best.newestUnreadAt!)) best = e
  }
  return best?.instanceId ?? null
}
