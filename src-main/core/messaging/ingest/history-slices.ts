// A big history sync batch cut into slices the ingestor commits one at a time, yielding to the event loop between
// them (a 2,000-message HistorySync chunk in one transaction held the API for a second or more). The slices keep the
// batch's order: lid-mapping.update and the history's LID mappings, then contacts, chats and messages, each in runs of at most `size` items; every
// other kind of the batch (live messages, updates, presence) rides with the last slice, after the whole history.
import type { BaileysEventMap } from '@whiskeysockets/baileys'

type Events = Partial<BaileysEventMap>
type History = BaileysEventMap['messaging-history.set']

/**
 * Items per slice by default: a few milliseconds of SQLite work on an ordinary PC. Small, so that the loop turn
 * a slice holds stays short on a loaded machine too (250 items took 150-230 ms on a busy 2-core box, and the API's
 * p99 during a sync followed it; 40 still made turns of 25-45 ms of CPU, the last slice overshooting the budget);
 * the ingestor runs several slices per turn while within its time budget.
 */
export const HISTORY_SLICE_ITEMS = 25

/** Slices committed back to back in one turn of the event loop while their total stays under this. */
export const HISTORY_TURN_BUDGET_MS = 8

/** The batch itself when its history is small (or absent), else its slices in order. */
export function sliceBatch(events: Events, size = HISTORY_SLICE_ITEMS): Events[] {
  const h = events['messaging-history.set']
  if (!h) return [events]
  const mappings = h.lidPnMappings ?? []
  const total = mappings.length + h.contacts.length + h.chats.length + h.messages.length
  if (total <= size) return [events]
  const empty: History = { ...h, lidPnMappings: [], contacts: [], chats: [], messages: [] }
  const parts: History[] = []
  for (const [key, list] of [
    ['lidPnMappings', mappings],
    ['contacts', h.contacts],
    ['chats', h.chats],
    ['messages', h.messages]
  ] as const) {
    for (let i = 0; i < list.length; i += size) parts.push({ ...empty, [key]: list.slice(i, i + size) })
  }
  const { 'messaging-history.set': _history, 'lid-mapping.update': mapping, ...rest } = events
  const out: Events[] = parts.map((part) => ({ 'messaging-history.set': part }))
  // lid-mapping.update runs before the history within a batch (batch.ts): it stays in front.
  if (mapping) out[0] = { ...out[0], 'lid-mapping.update': mapping }
  out[out.length - 1] = { ...rest, ...out[out.length - 1] }
  return out
}
