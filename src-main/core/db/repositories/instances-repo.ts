// Instances: identity, owner, persisted status, whether the user wants it running, policy and paired account.
import type { Db } from '../connection.js'
import { stmt, typedStmt, columnStmt } from '../statements.js'
import { RowCache } from './row-cache.js'
import type { InstanceStatus } from '../../domain/instance-status.js'
import type { InstanceMe } from '../../domain/events.js'
import type { ProxySetting } from '../../domain/proxy.js'

export type PersistedStatus = Exclude<InstanceStatus, 'DELETED'>

export interface InstanceRow {
  id: string
  account_id: string
  session_name: string
  status: PersistedStatus
  status_reason: string | null
  desired_running: number
  rate_policy: string
  me_id: string | null
  me_lid: string | null
  me_push_name: string | null
  me_platform: string | null
  /** config.proxy (migration 0035); the password is sealed: read it with getInstanceProxy. */
  proxy_server: string | null
  proxy_username: string | null
  proxy_password: string | null
  created_at: number
  updated_at: number
}

export const getInstance = (db: Db, id: string): InstanceRow | undefined =>
  typedStmt<InstanceRow>(db, 'SELECT * FROM instances WHERE id = ?').get(id)

const ownedRows = new RowCache<InstanceRow>()

/**
 * The ownership check is part of the query: another account's instance is simply "not found". Every
 * instance-scoped request reads it, so found rows are cached (frozen) until the database changes (row-cache.ts).
 */
export const getOwnedInstance = (db: Db, accountId: string, id: string): InstanceRow | undefined =>
  ownedRows.get(db, `${accountId}\u0000${id}`, () => typedStmt<InstanceRow>(db, 'SELECT * FROM instances WHERE id = ? AND account_id = ?').get(id, accountId))

/**
 * WAHA's addressing (/api): the account's instance named `session` (the oldest when names repeat), or the instance
 * with that id. Only the WAHA routes read it, so it is not cached.
 */
export const getOwnedInstanceBySession = (db: Db, accountId: string, session: string): InstanceRow | undefined =>
  (typedStmt<InstanceRow>(db, 'SELECT * FROM instances WHERE account_id = ? AND session_name = ? ORDER BY created_at LIMIT 1').get(accountId, session)) ??
  getOwnedInstance(db, accountId, session.toUpperCase())

export const listInstances = (db: Db): InstanceRow[] => typedStmt<InstanceRow>(db, 'SELECT * FROM instances ORDER BY created_at').all()

export const listAccountInstances = (db: Db, accountId: string): InstanceRow[] =>
  typedStmt<InstanceRow>(db, 'SELECT * FROM instances WHERE account_id = ? ORDER BY created_at').all(accountId)

export const countAccountInstances = (db: Db, accountId: string): number =>
  (typedStmt<{ n: number }>(db, 'SELECT count(*) AS n FROM instances WHERE account_id = ?').get(accountId)?.n ?? 0)

export interface InsertInstanceInput {
  id: string
  accountId: string
  sessionName: string
  status: PersistedStatus
  desiredRunning: boolean
  ratePolicy: string
  now: number
}

export function insertInstance(db: Db, input: InsertInstanceInput): InstanceRow {
  stmt(db, 
    `INSERT INTO instances (id, account_id, session_name, status, desired_running, rate_policy, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`
  ).run(input.id, input.accountId, input.sessionName, input.status, input.desiredRunning ? 1 : 0, input.ratePolicy, input.now, input.now)
  return getInstance(db, input.id)!
}

export function setInstanceStatus(db: Db, id: string, status: PersistedStatus, reason: string, now: number): void {
  stmt(db, 'UPDATE instances SET status = ?, status_reason = ?, updated_at = ? WHERE id = ?').run(status, reason, now, id)
}

/** A new reason without a status change (what a STARTING instance is retrying). */
export function setInstanceStatusReason(db: Db, id: string, reason: string, now: number): void {
  stmt(db, 'UPDATE instances SET status_reason = ?, updated_at = ? WHERE id = ?').run(reason, now, id)
}

export function setDesiredRunning(db: Db, id: string, running: boolean, now: number): void {
  stmt(db, 'UPDATE instances SET desired_running = ?, updated_at = ? WHERE id = ?').run(running ? 1 : 0, now, id)
}

export function setInstanceMe(db: Db, id: string, me: InstanceMe | null, now: number): void {
  stmt(db, 'UPDATE instances SET me_id = ?, me_lid = ?, me_push_name = ?, me_platform = ?, updated_at = ? WHERE id = ?').run(
    me?.id ?? null,
    me?.lid ?? null,
    me?.pushName ?? null,
    me?.platform ?? null,
    now,
    id
  )
}

/** The instance's proxy with its password opened (open_secret), or null for a direct connection. */
export function getInstanceProxy(db: Db, id: string): ProxySetting | null {
  const row = typedStmt<{ server: string | null; username: string | null; password: string | null }>(
    db, 'SELECT proxy_server AS server, proxy_username AS username, open_secret(proxy_password) AS password FROM instances WHERE id = ?'
  ).get(id)
  return row?.server ? { server: row.server, username: row.username, password: row.password } : null
}

/** The proxy as answers show it: whether a password is set, without opening it (session answers read this per request). */
export function getInstanceProxyShown(db: Db, id: string): { server: string; username: string | null; password: '***' | null } | null {
  const row = typedStmt<{ server: string | null; username: string | null; sealed: number }>(
    db, 'SELECT proxy_server AS server, proxy_username AS username, proxy_password IS NOT NULL AS sealed FROM instances WHERE id = ?'
  ).get(id)
  return row?.server ? { server: row.server, username: row.username, password: row.sealed ? '***' : null } : null
}

/** Sets (or with null removes) the proxy; the password is sealed with the data key. */
export function setInstanceProxy(db: Db, id: string, proxy: ProxySetting | null, now: number): void {
  stmt(db, 'UPDATE instances SET proxy_server = ?, proxy_username = ?, proxy_password = seal_secret(?), updated_at = ? WHERE id = ?').run(
    proxy?.server ?? null,
    proxy?.username ?? null,
    proxy?.password ?? null,
    now,
    id
  )
}

export function setInstancePolicy(db: Db, id: string, slug: string, now: number): void {
  stmt(db, 'UPDATE instances SET rate_policy = ?, updated_at = ? WHERE id = ?').run(slug, now, id)
}

/** Rows that reference the instance (auth state, temp links, pairing requests) go with it (ON DELETE CASCADE). */
/** The account that owns an instance (the auth throttle's per-account cap), whoever asks. */
export function instanceAccountId(db: Db, id: string): string | undefined {
  return columnStmt<string>(db, 'SELECT account_id FROM instances WHERE id = ?').get(id)
}

export function deleteInstance(db: Db, id: string): boolean {
  return stmt(db, 'DELETE FROM instances WHERE id = ?').run(id).changes > 0
}

export function rowMe(row: InstanceRow): InstanceMe | null {
  return row.me_id ? { id: row.me_id, lid: row.me_lid, pushName: row.me_push_name, platform: row.me_platform } : null
}
