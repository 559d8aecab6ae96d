// Personal ("v4") group invitations: issued to one account when its privacy refused an admin's add, accepted
// by that account with the code, revocable by an admin.
import type { Db } from '../../db/connection.js'
import { stmt, typedStmt } from '../../db/statements.js'

export interface V4Invite {
  groupId: string
  phone: string
  code: string
  /** Unix seconds. */
  expiration: number
  inviter: string
}

export function putV4Invite(db: Db, i: V4Invite): void {
  stmt(
    db,
    `INSERT INTO group_v4_invites (group_id, phone, code, expiration, inviter) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (group_id, phone) DO UPDATE SET code = excluded.code, expiration = excluded.expiration, inviter = excluded.inviter`
  ).run(i.groupId, i.phone, i.code, i.expiration, i.inviter)
}

export function getV4Invite(db: Db, groupId: string, phone: string): V4Invite | undefined {
  return typedStmt<V4Invite>(db, 'SELECT group_id AS groupId, phone, code, expiration, inviter FROM group_v4_invites WHERE group_id = ? AND phone = ?').get(
    groupId, phone
  )
}

export function deleteV4Invite(db: Db, groupId: string, phone: string): boolean {
  return stmt(db, 'DELETE FROM group_v4_invites WHERE group_id = ? AND phone = ?').run(groupId, phone).changes > 0
}
