// Pairing-code requests per phone number, kept across restarts so the throttle cannot be reset by a relaunch.
import type { Db } from '../connection.js'
import { columnStmt, stmt } from '../statements.js'

export function recordPairingRequest(db: Db, phoneNumber: string, instanceId: string, now: number): void {
  db.transaction(() => {
    stmt(db, 'INSERT INTO pairing_code_requests (phone_number, instance_id, requested_at) VALUES (?, ?, ?)').run(phoneNumber, instanceId, now)
    stmt(db, 'DELETE FROM pairing_code_requests WHERE requested_at < ?').run(now - 24 * 3600_000)
  })()
}

/** Request times for the number since `since`, oldest first. */
export const pairingRequestsSince = (db: Db, phoneNumber: string, since: number): number[] =>
  columnStmt<number>(db, 'SELECT requested_at FROM pairing_code_requests WHERE phone_number = ? AND requested_at >= ? ORDER BY requested_at').all(phoneNumber, since)
