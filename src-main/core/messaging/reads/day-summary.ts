// One number's day for the Instances dashboard (issue 20 item 13): messages it sent and received since local
// midnight, what waits to be sent now, what failed (or a restart dropped) today, its last activity and unread
// messages. A few indexed aggregates, read when the dashboard shows or a message changes it.
import type { Db } from '../../db/connection.js'
import { columnStmt, typedStmt } from '../../db/statements.js'
import { unreadSummary } from './unread-summary.js'

export interface DaySummary {
  sent: number
  received: number
  waiting: number
  failed: number
  /** ms of the newest message in any chat; null before the first. */
  lastActivityAt: number | null
  unread: number
}

/** Local midnight (the machine's time zone, as the shop's day) of the day `now` is in, in ms. */
export function startOfLocalDay(now: number): number {
  const d = new Date(now)
  d.setHours(0, 0, 0, 0)
  return d.getTime()
}

export function daySummary(db: Db, instanceId: string, now: number): DaySummary {
  const since = startOfLocalDay(now)
  // Aggregates: each answers one row.
  const traffic = typedStmt<{ sent: number; received: number }>(
    db,
    `SELECT COALESCE(SUM(from_me = 1), 0) AS sent, COALESCE(SUM(from_me = 0), 0) AS received FROM store_messages
     WHERE instance_id = ? AND timestamp >= ? AND chat_id <> 'status@broadcast'`
  ).get(instanceId, Math.floor(since / 1000))
  const queue = typedStmt<{ waiting: number; failed: number }>(
    db,
    `SELECT COALESCE(SUM(status IN ('queued', 'sending')), 0) AS waiting,
            COALESCE(SUM(status IN ('failed', 'purged') AND updated_at >= ?), 0) AS failed
     FROM outbound_messages WHERE instance_id = ? AND (status IN ('queued', 'sending') OR updated_at >= ?)`
  ).get(since, instanceId, since)
  const last = columnStmt<number | null>(db, `SELECT MAX(last_message_at) FROM store_chats WHERE instance_id = ? AND chat_id <> 'status@broadcast'`).get(instanceId)
  return {
    sent: traffic?.sent ?? 0,
    received: traffic?.received ?? 0,
    waiting: queue?.waiting ?? 0,
    failed: queue?.failed ?? 0,
    lastActivityAt: last ? last * 1000 : null,
    unread: unreadSummary(db, instanceId).unread
  }
}
