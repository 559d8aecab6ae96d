// The Instances dashboard's day on real SQLite: sent and received since local midnight (yesterday's and other
// numbers' not counted), waiting now, failed or dropped today, the last activity and the unread count.
import { describe, expect, it } from 'vitest'
import { daySummary, startOfLocalDay } from './day-summary.js'
import { openStoreDb } from '../../testing/store-db.js'

const I = 'DAY000000001'
const OTHER = 'DAY000000002'

describe('daySummary', () => {
  it('counts the day since local midnight per instance', () => {
    const db = openStoreDb()
    db.pragma('foreign_keys = OFF')
    const now = new Date(2026, 10, 26, 15, 30).getTime()
    const midnight = startOfLocalDay(now)
    expect(new Date(midnight).getHours()).toBe(0)
    expect(now - midnight).toBe(15.5 * 3_600_000)
    let n = 0
    const message = (instanceId: string, fromMe: boolean, atMs: number, chat = '15550000002@s.whatsapp.net') =>
      db
        .prepare(`INSERT INTO store_messages (instance_id, chat_id, id, from_me, timestamp, type, raw, created_at, updated_at) VALUES (?, ?, ?, ?, ?, 'chat', '{}', 0, 0)`)
        .run(instanceId, chat, `M${n++}`, fromMe ? 1 : 0, Math.floor(atMs / 1000))
    const outbound = (instanceId: string, status: string, updatedAt: number) =>
      db.prepare(`INSERT INTO outbound_messages (instance_id, message_id, chat_jid, kind, status, created_at, updated_at) VALUES (?, ?, 'x@s.whatsapp.net', 'text', ?, ?, ?)`).run(instanceId, `O${n++}`, status, updatedAt, updatedAt)
    message(I, false, now - 3_600_000)
    message(I, false, now - 60_000)
    message(I, true, now - 30_000)
    message(I, false, midnight - 1000) // yesterday
    message(I, false, now - 1000, 'status@broadcast') // a status post, not a chat
    message(OTHER, false, now - 1000)
    outbound(I, 'queued', now - 5000)
    outbound(I, 'sending', now - 4000)
    outbound(I, 'failed', now - 3000)
    outbound(I, 'purged', now - 2000)
    outbound(I, 'failed', midnight - 5000) // failed yesterday
    outbound(I, 'sent', now - 1000)
    db.prepare(`INSERT INTO store_chats (instance_id, chat_id, unread_count, last_message_at, created_at, updated_at) VALUES (?, '15550000002@s.whatsapp.net', 2, ?, 0, 0)`).run(I, Math.floor((now - 30_000) / 1000))

    expect(daySummary(db, I, now)).toEqual({ sent: 1, received: 2, waiting: 2, failed: 2, lastActivityAt: Math.floor((now - 30_000) / 1000) * 1000, unread: 2 })
    expect(daySummary(db, OTHER, now)).toEqual({ sent: 0, received: 1, waiting: 0, failed: 0, lastActivityAt: null, unread: 0 })
  })
})
