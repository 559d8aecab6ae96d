// Placeholders of messages the engine could not decrypt (Baileys CIPHERTEXT stubs): the stub's store_messages
// row (type "ciphertext") plus a store_undecryptable row, replaced in place when a retry recovers the content,
// and marked final once the grace period passed without recovery (then message.undecryptable is written).
import { proto, type WAMessage } from '../../engine/wa-wire.js'
import type { Db } from '../../db/connection.js'
import { columnStmt, stmt, typedStmt } from '../../db/statements.js'
import { contentParams } from './messages-repo.js'
import { decodeMessage } from './raw-json.js'

/** A message as Baileys emits it when decryption failed: no content, stub type CIPHERTEXT, the error as parameter. */
export const isUndecryptableStub = (m: Pick<WAMessage, 'message' | 'messageStubType'>): boolean =>
  !m.message && m.messageStubType === proto.WebMessageInfo.StubType.CIPHERTEXT

/** Marks a freshly inserted stub row as a placeholder (type "ciphertext", as whatsapp-web.js names it). */
export function recordPlaceholder(db: Db, instanceId: string, pk: number, reason: string | null, now: number): void {
  stmt(db, `UPDATE store_messages SET type = 'ciphertext' WHERE pk = ?`).run(pk)
  stmt(db, 'INSERT OR IGNORE INTO store_undecryptable (message_pk, instance_id, reason, first_at) VALUES (?, ?, ?, ?)').run(pk, instanceId, reason, now)
}

/** Whether the stored row of (chat, id) is a placeholder; its pk when it is. */
export function placeholderPk(db: Db, instanceId: string, chatId: string, id: string): number | undefined {
  const pk = columnStmt<number>(
    db,
    `SELECT m.pk FROM store_messages m JOIN store_undecryptable u ON u.message_pk = m.pk
     WHERE m.instance_id = ? AND m.chat_id = ? AND m.id = ?`
  ).get(instanceId, chatId, id)
  return pk
}

/** Replaces a placeholder's row with the recovered message (every content column) and forgets the placeholder. */
export function recoverPlaceholder(db: Db, pk: number, m: WAMessage, now: number): void {
  stmt(
    db,
    `UPDATE store_messages SET type = @type, body = @body, ack = MAX(ack, @ack), has_media = @hasMedia, media_mimetype = @mimetype,
       media_filename = @filename, media_size = @size, push_name = COALESCE(@pushName, push_name), raw = @raw, updated_at = @now
     WHERE pk = @pk`
  ).run({ ...contentParams(m), now, pk })
  stmt(db, 'DELETE FROM store_undecryptable WHERE message_pk = ?').run(pk)
}

export interface DuePlaceholder {
  pk: number
  instanceId: string
  reason: string | null
  firstAt: number
  message: WAMessage
}

/** Placeholders not recovered since `before` (ms) and not yet final, oldest first. */
export function duePlaceholders(db: Db, before: number, limit = 500): DuePlaceholder[] {
  const rows = typedStmt<{ pk: number; instance_id: string; reason: string | null; first_at: number; raw: string }>(
    db,
    `SELECT u.message_pk AS pk, u.instance_id, u.reason, u.first_at, m.raw FROM store_undecryptable u JOIN store_messages m ON m.pk = u.message_pk
     WHERE u.final_at IS NULL AND u.first_at <= ? ORDER BY u.first_at LIMIT ?`
  ).all(before, limit)
  return rows.map((r) => ({ pk: r.pk, instanceId: r.instance_id, reason: r.reason, firstAt: r.first_at, message: decodeMessage(r.raw) }))
}

export function markPlaceholderFinal(db: Db, pk: number, now: number): void {
  stmt(db, 'UPDATE store_undecryptable SET final_at = ? WHERE message_pk = ?').run(now, pk)
}
