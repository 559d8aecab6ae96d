// Persisted limiter state: per-day counters (read on every admission, so a restart never resets them) and
// GCRA arrival times. recordSent() is a plain statement: call it inside the transaction that marks the
// outbound row as sent, so the count and the status change commit together.
import type { Statement } from 'better-sqlite3-multiple-ciphers'
import type { Db } from '../db/connection.js'
import { localDayKey } from './calendar.js'

export type LimitKind = 'send' | 'group' | 'check'
export const LIMIT_KINDS: readonly LimitKind[] = ['send', 'group', 'check']

interface Statements {
  increment: Statement
  /** Plucked: the count (undefined when that day has none). */
  read: Statement<unknown[], number>
  /** Plucked: the stored arrival time (undefined before the first). */
  readTat: Statement<unknown[], number>
  writeTat: Statement
}

const cache = new WeakMap<Db, Statements>()

function statements(db: Db): Statements {
  let s = cache.get(db)
  if (!s) {
    s = {
      increment: db.prepare(
        `INSERT INTO rate_daily_counters (instance_id, kind, day, count) VALUES (?, ?, ?, ?)
         ON CONFLICT (instance_id, kind, day) DO UPDATE SET count = count + excluded.count`
      ),
      read: db.prepare<unknown[], number>('SELECT count FROM rate_daily_counters WHERE instance_id = ? AND kind = ? AND day = ?').pluck(),
      readTat: db.prepare<unknown[], number>('SELECT tat_ms FROM rate_gcra_state WHERE instance_id = ? AND kind = ?').pluck(),
      writeTat: db.prepare(
        'INSERT INTO rate_gcra_state (instance_id, kind, tat_ms) VALUES (?, ?, ?) ON CONFLICT (instance_id, kind) DO UPDATE SET tat_ms = excluded.tat_ms'
      )
    }
    cache.set(db, s)
  }
  return s
}

/** Counts `n` (default 1) done operations on the local calendar day of `at`. Safe inside a caller's transaction. */
export function recordSent(db: Db, instanceId: string, kind: LimitKind, at: number, n = 1): void {
  statements(db).increment.run(instanceId, kind, localDayKey(at), n)
}

/** Operations counted on the local calendar day containing `at`. */
export function dailyCount(db: Db, instanceId: string, kind: LimitKind, at: number): number {
  return statements(db).read.get(instanceId, kind, localDayKey(at)) ?? 0
}

export const loadTat = (db: Db, instanceId: string, kind: LimitKind): number =>
  statements(db).readTat.get(instanceId, kind) ?? 0

export const saveTat = (db: Db, instanceId: string, kind: LimitKind, tat: number): void => {
  statements(db).writeTat.run(instanceId, kind, Math.round(tat))
}

/** Instance deleted: drop its counters and GCRA state. */
export function deleteInstanceRateState(db: Db, instanceId: string): void {
  db.transaction(() => {
    db.prepare('DELETE FROM rate_daily_counters WHERE instance_id = ?').run(instanceId)
    db.prepare('DELETE FROM rate_gcra_state WHERE instance_id = ?').run(instanceId)
  })()
}

/** Housekeeping: counters of days before `beforeDay` ("YYYY-MM-DD") are no longer read. */
export const pruneDailyCounters = (db: Db, beforeDay: string): number =>
  db.prepare('DELETE FROM rate_daily_counters WHERE day < ?').run(beforeDay).changes
