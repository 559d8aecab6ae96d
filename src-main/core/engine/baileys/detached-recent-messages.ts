// Baileys' MessageRetryManager keeps every sent message 5 minutes for retry receipts, in an lru-cache with
// ttlAutopurge: one Node timer per message, started inside the key-store transaction that sent it, so each timer
// carried that transaction's AsyncLocalStorage store (its key cache: Signal sessions, tc-tokens and the 8 KB Buffer
// slabs they slice) for 5 minutes: ≈ 4 KB of heap per text sent. Messages are added outside any async context instead.
import { AsyncResource } from 'node:async_hooks'

/** Created when this module loads, before any socket runs: an async scope that carries no AsyncLocalStorage store. */
const detached = new AsyncResource('switchboard.detached-recent-messages')

export interface RecentMessagesLike {
  addRecentMessage(to: string, id: string, message: unknown): void
}

/** Patches the socket's own manager (null when Baileys runs without the recent-message cache). */
export function detachRecentMessages(manager: RecentMessagesLike | null | undefined): void {
  if (!manager || typeof manager.addRecentMessage !== 'function') return
  const add = manager.addRecentMessage.bind(manager)
  manager.addRecentMessage = (to, id, message) => detached.runInAsyncScope(add, null, to, id, message)
}
