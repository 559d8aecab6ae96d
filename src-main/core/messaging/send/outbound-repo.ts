// Rows of the outbound queue (migration 0230): written when a send is accepted, before Baileys sees it; moved
// to `sent` in the same transaction as the limiter's daily counter; `failed`/`purged` otherwise, never dropped.
import type { WAMessage } from '@whiskeysockets/baileys'
import type { Db } from '../../db/connection.js'
import { stmt } from '../../db/statements.js'
import { recordSent } from '../../rate-limit/index.js'
import { decodeMessage, encodeRaw } from '../store/raw-json.js'

export type OutboundStatus = 'queued' | 'sending' | 'sent' | 'failed' | 'purged'

export interface OutboundRow {
  seq: number
  instance_id: string
  message_id: string
  chat_jid: string
  kind: string
  status: OutboundStatus
  error_code: string | null
  error_message: string | null
  content: string | null
  created_at: number
  updated_at: number
  sent_at: number | null
}

export interface NewOutbound {
  instanceId: string
  messageId: string
  chatJid: string
  kind: string
}

export function insertOutbound(db: Db, row: NewOutbound, now: number): void {
  stmt(
    db,
    `INSERT INTO outbound_messages (instance_id, message_id, chat_jid, kind, status, created_at, updated_at)
     VALUES (?, ?, ?, ?, 'queued', ?, ?)`
  ).run(row.instanceId, row.messageId, row.chatJid, row.kind, now, now)
}

/** A refused send (daily cap, full queue) was never accepted: its row goes. */
export function deleteOutbound(db: Db, instanceId: string, messageId: string): void {
  stmt(db, 'DELETE FROM outbound_messages WHERE instance_id = ? AND message_id = ?').run(instanceId, messageId)
}

/** queued -> sending: Baileys is about to get it. False when the row is no longer queued (purged meanwhile). */
export function markSending(db: Db, instanceId: string, messageId: string, now: number): boolean {
  return (
    stmt(db, `UPDATE outbound_messages SET status = 'sending', updated_at = ? WHERE instance_id = ? AND message_id = ? AND status = 'queued'`).run(
      now,
      instanceId,
      messageId
    ).changes > 0
  )
}

/** sending -> sent and the daily counter, in one transaction (the count and the status commit together). */
export function markSent(db: Db, instanceId: string, message: WAMessage, now: number, countsAgainstLimit: boolean): void {
  db.transaction(() => {
    stmt(
      db,
      `UPDATE outbound_messages SET status = 'sent', content = ?, sent_at = ?, updated_at = ?, error_code = NULL, error_message = NULL
       WHERE instance_id = ? AND message_id = ?`
    ).run(encodeRaw(message), now, now, instanceId, message.key.id)
    if (countsAgainstLimit) recordSent(db, instanceId, 'send', now)
  })()
}

export function markFailed(db: Db, instanceId: string, messageId: string, code: string, message: string, now: number): void {
  stmt(
    db,
    `UPDATE outbound_messages SET status = 'failed', error_code = ?, error_message = ?, updated_at = ?
     WHERE instance_id = ? AND message_id = ? AND status IN ('queued', 'sending')`
  ).run(code, message.slice(0, 500), now, instanceId, messageId)
}

/** Restart: the instance's queued rows are purged (kept as `purged` so a client can learn their fate). */
export function purgeQueued(db: Db, instanceId: string, now: number): number {
  return stmt(
    db,
    `UPDATE outbound_messages SET status = 'purged', error_code = 'queue_purged', error_message = 'the instance restarted before this message was sent', updated_at = ?
     WHERE instance_id = ? AND status = 'queued'`
  ).run(now, instanceId).changes
}

/**
 * App start: rows a previous process accepted but did not finish fail explicitly. `queued` ones were never
 * handed to Baileys (a late send of a stale message would surprise more than a failure); `sending` ones may or
 * may not have left, so they are not retried either (no duplicates).
 */
export function failInterrupted(db: Db, now: number): number {
  return stmt(
    db,
    `UPDATE outbound_messages SET status = 'failed', updated_at = ?,
       error_code = CASE status WHEN 'queued' THEN 'app_restarted' ELSE 'send_interrupted' END,
       error_message = CASE status WHEN 'queued' THEN 'the app stopped before this queued message was sent'
                                   ELSE 'the app stopped while this message was being sent; it may or may not have been delivered' END
     WHERE status IN ('queued', 'sending')`
  ).run(now).changes
}

export function getOutbound(db: Db, instanceId: string, messageId: string): OutboundRow | undefined {
  return stmt(db, 'SELECT * FROM outbound_messages WHERE instance_id = ? AND message_id = ?').get(instanceId, messageId) as OutboundRow | undefined
}

/** The message as sent (for quotes and poll votes of our own messages). */
export function sentMessage(db: Db, instanceId: string, messageId: string): WAMessage | undefined {
  const row = stmt(db, `SELECT content FROM outbound_messages WHERE instance_id = ? AND message_id = ? AND status = 'sent'`).get(instanceId, messageId) as
    | { content: string | null }
    | undefined
  return row?.content ? decodeMessage(row.content) : undefined
}

/**
 * True when this API accepted the message (the message store's `source: "api"`). Any row counts: the id was
 * chosen here, so a message carrying it came from this API, even one whose row is still queued (Baileys'
 * own upsert can arrive before the row is marked sent) or was interrupted mid-send.
 */
export function wasSentByApi(db: Db, instanceId: string, messageId: string): boolean {
  return !!stmt(db, 'SELECT 1 FROM outbound_messages WHERE instance_id = ? AND message_id = ?').get(instanceId, messageId)
}

export function countOutbound(db: Db, instanceId: string, status: OutboundStatus): number {
  return stmt(db, 'SELECT count(*) AS n FROM outbound_messages WHERE instance_id = ? AND status = ?').pluck().get(instanceId, status) as number
}
