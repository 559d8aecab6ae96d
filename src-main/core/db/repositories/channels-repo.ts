// The channels an instance owns, administers or follows (table account_channels, migration 0280).
import type { Db } from '../connection.js'
import { stmt, typedStmt } from '../statements.js'

export type ChannelRole = 'OWNER' | 'ADMIN' | 'SUBSCRIBER' | 'GUEST'

export interface KnownChannel {
  id: string
  role: Exclude<ChannelRole, 'GUEST'>
  name: string
  description: string
  invite: string | null
  verified: boolean
  muted: boolean
  subscribers: number | null
  picturePath: string | null
  previewPath: string | null
  createdAt: number | null
}

interface Row {
  id: string
  role: KnownChannel['role']
  name: string
  description: string
  invite: string | null
  verified: number
  muted: number
  subscribers: number | null
  picture_path: string | null
  preview_path: string | null
  created_at: number | null
}

const fromRow = (r: Row): KnownChannel => ({
  id: r.id,
  role: r.role,
  name: r.name,
  description: r.description,
  invite: r.invite,
  verified: !!r.verified,
  muted: !!r.muted,
  subscribers: r.subscribers,
  picturePath: r.picture_path,
  previewPath: r.preview_path,
  createdAt: r.created_at
})

export function upsertChannel(db: Db, instanceId: string, c: KnownChannel, now: number): void {
  stmt(
    db,
    `INSERT INTO account_channels (instance_id, id, role, name, description, invite, verified, muted, subscribers, picture_path, preview_path, created_at, updated_at)
     VALUES (@instanceId, @id, @role, @name, @description, @invite, @verified, @muted, @subscribers, @picturePath, @previewPath, @createdAt, @now)
     ON CONFLICT (instance_id, id) DO UPDATE SET role = excluded.role, name = excluded.name, description = excluded.description,
       invite = excluded.invite, verified = excluded.verified, muted = excluded.muted, subscribers = excluded.subscribers,
       picture_path = excluded.picture_path, preview_path = excluded.preview_path, created_at = excluded.created_at, updated_at = excluded.updated_at`
  ).run({ instanceId, ...c, verified: c.verified ? 1 : 0, muted: c.muted ? 1 : 0, now })
}

export function getChannel(db: Db, instanceId: string, id: string): KnownChannel | undefined {
  const r = typedStmt<Row>(db, 'SELECT * FROM account_channels WHERE instance_id = ? AND id = ?').get(instanceId, id)
  return r && fromRow(r)
}

export function listChannels(db: Db, instanceId: string, role?: KnownChannel['role']): KnownChannel[] {
  const rows = role
    ? stmt(db, 'SELECT * FROM account_channels WHERE instance_id = ? AND role = ? ORDER BY name, id').all(instanceId, role)
    : stmt(db, 'SELECT * FROM account_channels WHERE instance_id = ? ORDER BY name, id').all(instanceId)
  return (rows as Row[]).map(fromRow)
}

export function setChannelMuted(db: Db, instanceId: string, id: string, muted: boolean, now: number): void {
  stmt(db, 'UPDATE account_channels SET muted = ?, updated_at = ? WHERE instance_id = ? AND id = ?').run(muted ? 1 : 0, now, instanceId, id)
}

/** A settings notification (name/description changed by the channel's admins). */
export function patchChannelSettings(db: Db, instanceId: string, id: string, patch: { name?: string; description?: string }, now: number): void {
  stmt(
    db,
    'UPDATE account_channels SET name = coalesce(?, name), description = coalesce(?, description), updated_at = ? WHERE instance_id = ? AND id = ?'
  ).run(patch.name ?? null, patch.description ?? null, now, instanceId, id)
}

export function deleteChannel(db: Db, instanceId: string, id: string): boolean {
  return stmt(db, 'DELETE FROM account_channels WHERE instance_id = ? AND id = ?').run(instanceId, id).changes > 0
}
