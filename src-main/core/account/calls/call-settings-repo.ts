// The instance_call_settings rows: whether an instance rejects incoming calls by itself and what it answers.
import type { Db } from '../../db/connection.js'
import { stmt, typedStmt } from '../../db/statements.js'

export interface CallSettings {
  /** Reject every incoming call as soon as it rings. */
  autoReject: boolean
  /** Sent to the caller after a rejected call (through the send pipeline); null: no reply. */
  replyText: string | null
}

export const DEFAULT_CALL_SETTINGS: CallSettings = { autoReject: false, replyText: null }

export function getCallSettings(db: Db, instanceId: string): CallSettings {
  const r = typedStmt<{ auto_reject: number; reply_text: string | null }>(
    db, 'SELECT auto_reject, reply_text FROM instance_call_settings WHERE instance_id = ?'
  ).get(instanceId)
  return r ? { autoReject: r.auto_reject === 1, replyText: r.reply_text } : { ...DEFAULT_CALL_SETTINGS }
}

export function setCallSettings(db: Db, instanceId: string, s: CallSettings, now: number): void {
  stmt(
    db,
    `INSERT INTO instance_call_settings (instance_id, auto_reject, reply_text, updated_at) VALUES (?, ?, ?, ?)
     ON CONFLICT (instance_id) DO UPDATE SET auto_reject = excluded.auto_reject, reply_text = excluded.reply_text, updated_at = excluded.updated_at`
  ).run(instanceId, s.autoReject ? 1 : 0, s.replyText, now)
}
