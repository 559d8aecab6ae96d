// Durable per-device stanza queue: a stanza stays until the device acks it, so nothing is lost across
// disconnects or a restart of the sandbox.
import type { Db } from '../../db/connection.js'
import { columnStmt, stmt, typedStmt } from '../../db/statements.js'

export interface QueuedStanza {
  seq: number
  stanzaId: string
  tag: string
  type: string | null
  node: Buffer
}

export function enqueueStanza(db: Db, phone: string, deviceId: number, s: Omit<QueuedStanza, 'seq'>): number {
  return Number(
    stmt(db, 'INSERT INTO stanza_queue (phone, device_id, stanza_id, tag, type, node, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)').run(
      phone, deviceId, s.stanzaId, s.tag, s.type, s.node, Date.now()
    ).lastInsertRowid
  )
}

export function pendingStanzas(db: Db, phone: string, deviceId: number): QueuedStanza[] {
  return typedStmt<{ seq: number; stanza_id: string; tag: string; type: string | null; node: Buffer }>(
    db, 'SELECT seq, stanza_id, tag, type, node FROM stanza_queue WHERE phone = ? AND device_id = ? ORDER BY seq'
  ).all(phone, deviceId).map((r) => ({ seq: r.seq, stanzaId: r.stanza_id, tag: r.tag, type: r.type, node: r.node }))
}

/** Removes the oldest queued stanza matching an ack; returns whether one matched. */
export function ackStanza(db: Db, phone: string, deviceId: number, stanzaId: string, tag: string, type: string | undefined): boolean {
  const withType = type
    ? stmt(
        db,
        `DELETE FROM stanza_queue WHERE seq = (SELECT seq FROM stanza_queue WHERE phone = ? AND device_id = ? AND stanza_id = ? AND tag = ?
         AND (type = ? OR type IS NULL) ORDER BY seq LIMIT 1)`
      ).run(phone, deviceId, stanzaId, tag, type)
    : stmt(
        db,
        `DELETE FROM stanza_queue WHERE seq = (SELECT seq FROM stanza_queue WHERE phone = ? AND device_id = ? AND stanza_id = ? AND tag = ?
         ORDER BY seq LIMIT 1)`
      ).run(phone, deviceId, stanzaId, tag)
  return withType.changes > 0
}

export function queueDepth(db: Db, phone: string, deviceId: number): number {
  return columnStmt<number>(db, 'SELECT count(*) AS n FROM stanza_queue WHERE phone = ? AND device_id = ?').get(phone, deviceId) ?? 0
}
