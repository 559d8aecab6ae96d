// Rows of the outbound queue (migrations 0230, 0232): written when a send is accepted, before Baileys sees it, with
// the command that re-dispatches it after a crash; moved to `sent` in the same transaction as the limiter's daily
// counter; `failed`/`purged` otherwise, never dropped. The command stays until the server acks the message
// (`sent`): a row left `sending` by a crash or a dropped connection is sent again with the same id.
import type { WAMessage } from '../../engine/wa-wire.js'
import type { Db } from '../../db/connection.js'
import { stmt, typedStmt, columnStmt } from '../../db/statements.js'
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
  /** The stored SendCommand (durable-commands.ts) while queued; null for status posts and rows from before 0232. */
  command: string | null
  created_at: number
  updated_at: number
  sent_at: number | null
}

export interface NewOutbound {
  instanceId: string
  messageId: string
  chatJid: string
  kind: string
  /** The stored command (JSON), when the send can be restored after a crash. */
  command?: string | null
  /** What its chat shows of it (outbound-preview.ts); none for reactions, votes and status posts. */
  preview?: string | null
}

export function insertOutbound(db: Db, row: NewOutbound, now: number): void {
  stmt(
    db,
    `INSERT INTO outbound_messages (instance_id, message_id, chat_jid, kind, status, command, preview, created_at, updated_at)
     VALUES (?, ?, ?, ?, 'queued', ?, ?, ?, ?)`
  ).run(row.instanceId, row.messageId, row.chatJid, row.kind, row.command ?? null, row.preview ?? null, now, now)
}

/** A refused send (daily cap, full queue) was never accepted: its row goes. */
export function deleteOutbound(db: Db, instanceId: string, messageId: string): void {
  stmt(db, 'DELETE FROM outbound_messages WHERE instance_id = ? AND message_id = ?').run(instanceId, messageId)
}

/**
 * queued -> sending: Baileys is about to get it (or sending again: a resend of a message the server never acked).
 * The command stays for that resend. False when the row is neither (purged or failed meanwhile).
 */
export function markSending(db: Db, instanceId: string, messageId: string, now: number): boolean {
  return (
    stmt(db, `UPDATE outbound_messages SET status = 'sending', updated_at = ? WHERE instance_id = ? AND message_id = ? AND status IN ('queued', 'sending')`).run(
      now,
      instanceId,
      messageId
    ).changes > 0
  )
}

/**
 * Baileys relayed it (the frame is written to the socket, not yet acked by the server): its content and the daily
 * counter in one transaction (counted once, though a resend relays it again); the row stays `sending`.
 */
export function markRelayed(db: Db, instanceId: string, message: WAMessage, now: number, countsAgainstLimit: boolean): void {
  db.transaction(() => {
    const first = typedStmt<{ sent_at: number }>(
      db,
      `UPDATE outbound_messages SET content = ?, sent_at = coalesce(sent_at, ?), updated_at = ? WHERE instance_id = ? AND message_id = ? AND status = 'sending' RETURNING sent_at`
    ).get(encodeRaw(message), now, now, instanceId, message.key.id)
    if (countsAgainstLimit && first?.sent_at === now) recordSent(db, instanceId, 'send', now)
  })()
}

/** The server acked it: `sent`, final (never sent again); the command goes. True when the row was waiting for it. */
export function markAcked(db: Db, instanceId: string, messageId: string, now: number): boolean {
  return (
    stmt(
      db,
      `UPDATE outbound_messages SET status = 'sent', sent_at = coalesce(sent_at, ?), updated_at = ?, error_code = NULL, error_message = NULL, command = NULL
       WHERE instance_id = ? AND message_id = ? AND status = 'sending'`
    ).run(now, now, instanceId, messageId).changes > 0
  )
}

/** The instance's rows handed to Baileys and not acked yet, in acceptance order. */
export function unackedRows(db: Db, instanceId: string): OutboundRow[] {
  return typedStmt<OutboundRow>(db, `SELECT * FROM outbound_messages WHERE instance_id = ? AND status = 'sending' ORDER BY seq`).all(instanceId)
}

export function markFailed(db: Db, instanceId: string, messageId: string, code: string, message: string, now: number): void {
  stmt(
    db,
    `UPDATE outbound_messages SET status = 'failed', error_code = ?, error_message = ?, command = NULL, updated_at = ?
     WHERE instance_id = ? AND message_id = ? AND status IN ('queued', 'sending')`
  ).run(code, message.slice(0, 500), now, instanceId, messageId)
}

export const PURGED_MESSAGE = 'the instance restarted before this message was sent'
export const APP_RESTARTED_MESSAGE = 'the app stopped before this queued message was sent, and it could not be restored'

/** Rows a previous run left to send (queued, or sent but never acked, with the command for a resend), in acceptance order. */
export function pendingRows(db: Db): OutboundRow[] {
  return typedStmt<OutboundRow>(db, `SELECT * FROM outbound_messages WHERE status = 'queued' OR (status = 'sending' AND command IS NOT NULL) ORDER BY seq`).all()
}

/** The queued rows, in acceptance order: of one instance, or of all (boot). */
export function queuedRows(db: Db, instanceId?: string): OutboundRow[] {
  return instanceId === undefined
    ? typedStmt<OutboundRow>(db, `SELECT * FROM outbound_messages WHERE status = 'queued' ORDER BY seq`).all()
    : typedStmt<OutboundRow>(db, `SELECT * FROM outbound_messages WHERE instance_id = ? AND status = 'queued' ORDER BY seq`).all(instanceId)
}

/**
 * Restart: the instance's queued rows are purged (kept as `purged` so a client can learn their fate); returns them.
 * Their command stays, so the UI can resend one as a new message (takeCommand).
 */
export function purgeQueued(db: Db, instanceId: string, now: number): OutboundRow[] {
  return db.transaction(() => {
    const purged = queuedRows(db, instanceId)
    stmt(
      db,
      `UPDATE outbound_messages SET status = 'purged', error_code = 'queue_purged', error_message = ?, updated_at = ?
       WHERE instance_id = ? AND status = 'queued'`
    ).run(PURGED_MESSAGE, now, instanceId)
    return purged
  })()
}

export const INTERRUPTED_MESSAGE = 'the app stopped while this message was being sent; it may or may not have been delivered'

/**
 * App start: rows a previous process handed to Baileys (`sending`) that the server never acked are sent again with
 * their id when they keep their command (the recipient drops a repeat); those without one (status posts, rows from
 * before) may or may not have left: they fail `send_interrupted`.
 */
export function failInterrupted(db: Db, now: number): number {
  return stmt(
    db,
    `UPDATE outbound_messages SET status = 'failed', updated_at = ?, command = NULL, error_code = 'send_interrupted', error_message = ?
     WHERE status = 'sending' AND command IS NULL`
  ).run(now, INTERRUPTED_MESSAGE).changes
}

/** Ids of the instance's purged rows that still keep their command (resendable), newest first. */
export function resendableIds(db: Db, instanceId: string, limit: number): string[] {
  return columnStmt<string>(db, `SELECT message_id FROM outbound_messages WHERE instance_id = ? AND status = 'purged' AND command IS NOT NULL ORDER BY seq DESC LIMIT ?`)
    .all(instanceId, limit)
}

/** Takes a purged row's command for a resend (once: a second resend finds none); undefined when there is none. */
export function takeCommand(db: Db, instanceId: string, messageId: string): string | undefined {
  return db.transaction(() => {
    const cmd = columnStmt<string | null>(db, `SELECT command FROM outbound_messages WHERE instance_id = ? AND message_id = ? AND status = 'purged'`).get(instanceId, messageId)
    if (!cmd) return undefined
    stmt(db, 'UPDATE outbound_messages SET command = NULL WHERE instance_id = ? AND message_id = ?').run(instanceId, messageId)
    return cmd
  })()
}

/** Puts a taken command back (the resend failed before it was accepted). */
export function returnCommand(db: Db, instanceId: string, messageId: string, command: string): void {
  stmt(db, `UPDATE outbound_messages SET command = ? WHERE instance_id = ? AND message_id = ? AND status = 'purged'`).run(command, instanceId, messageId)
}

export function getOutbound(db: Db, instanceId: string, messageId: string): OutboundRow | undefined {
  return typedStmt<OutboundRow>(db, 'SELECT * FROM outbound_messages WHERE instance_id = ? AND message_id = ?').get(instanceId, messageId)
}

/** The message as sent (for quotes and poll votes of our own messages). */
export function sentMessage(db: Db, instanceId: string, messageId: string): WAMessage | undefined {
  const content = columnStmt<string | null>(db, `SELECT content FROM outbound_messages WHERE instance_id = ? AND message_id = ? AND status IN ('sent', 'sending')`).get(instanceId, messageId)
  return content ? decodeMessage(content) : undefined
}

/**
 * True when this API accepted the message (the message store's `source: "api"`). Any row counts: the id was
 * chosen here, so a message carrying it came from this API, even one whose row is still queued (Baileys'
 * own upsert can arrive before the row is marked sent) or was interrupted mid-send.
 */
export function wasSentByApi(db: Db, instanceId: string, messageId: string): boolean {
  return !!stmt(db, 'SELECT 1 FROM outbound_messages WHERE instance_id = ? AND message_id = ?').get(instanceId, messageId)
}

/** Which of `messageIds` this API sent: one query for a page of messages instead of one per own message. */
export function sentByApiAmong(db: Db, instanceId: string, messageIds: readonly string[]): Set<string> {
  if (messageIds.length === 0) return new Set()
  return new Set(
    columnStmt<string>(db, 'SELECT message_id FROM outbound_messages WHERE instance_id = ? AND message_id IN (SELECT value FROM json_each(?))').all(
      instanceId,
      JSON.stringify(messageIds)
    )
  )
}

export function countOutbound(db: Db, instanceId: string, status: OutboundStatus): number {
  return columnStmt<number>(db, 'SELECT count(*) AS n FROM outbound_messages WHERE instance_id = ? AND status = ?').get(instanceId, status) ?? 0
}
