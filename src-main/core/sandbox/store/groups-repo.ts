// Groups of the simulated network: metadata, settings, invite codes and participants with roles.
import type { Db } from '../../db/connection.js'
import { oneRow, stmt, typedStmt } from '../../db/statements.js'

export type GroupRole = 'admin' | 'superadmin' | null
export type AddressingMode = 'pn' | 'lid'
/** Who may add members: admins only, or every member. */
export type MemberAddMode = 'admin_add' | 'all_member_add'

export interface Group {
  id: string
  subject: string
  subjectTime: number
  subjectOwner: string
  creation: number
  creator: string
  description: string | null
  descId: string | null
  descTime: number | null
  descOwner: string | null
  announce: boolean
  locked: boolean
  inviteCode: string | null
  addressingMode: AddressingMode
  ephemeral: number
  memberAddMode: MemberAddMode
  /** Joining needs an admin's approval. */
  joinApproval: boolean
}

export interface Participant {
  phone: string
  role: GroupRole
}

interface GroupDbRow {
  id: string
  subject: string
  subject_time: number
  subject_owner: string
  creation: number
  creator: string
  description: string | null
  desc_id: string | null
  desc_time: number | null
  desc_owner: string | null
  announce: number
  locked: number
  invite_code: string | null
  addressing_mode: AddressingMode
  ephemeral: number
  member_add_mode: MemberAddMode
  join_approval: number
}

const toGroup = (r: GroupDbRow): Group => ({
  id: r.id,
  subject: r.subject,
  subjectTime: r.subject_time,
  subjectOwner: r.subject_owner,
  creation: r.creation,
  creator: r.creator,
  description: r.description,
  descId: r.desc_id,
  descTime: r.desc_time,
  descOwner: r.desc_owner,
  announce: !!r.announce,
  locked: !!r.locked,
  inviteCode: r.invite_code,
  addressingMode: r.addressing_mode,
  ephemeral: r.ephemeral,
  memberAddMode: r.member_add_mode,
  joinApproval: !!r.join_approval
})

export function insertGroup(db: Db, g: Group, participants: Participant[]): void {
  db.transaction(() => {
    stmt(
      db,
      `INSERT INTO groups (id, subject, subject_time, subject_owner, creation, creator, description, desc_id, desc_time, desc_owner,
        announce, locked, invite_code, addressing_mode, ephemeral, member_add_mode, join_approval)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`
    ).run(
      g.id, g.subject, g.subjectTime, g.subjectOwner, g.creation, g.creator, g.description, g.descId, g.descTime, g.descOwner,
      g.announce ? 1 : 0, g.locked ? 1 : 0, g.inviteCode, g.addressingMode, g.ephemeral, g.memberAddMode, g.joinApproval ? 1 : 0
    )
    for (const p of participants) setParticipant(db, g.id, p.phone, p.role)
  })()
}

export function getGroup(db: Db, id: string): Group | undefined {
  return oneRow(db, 'SELECT * FROM groups WHERE id = ?', id, toGroup)
}

export function getGroupByInvite(db: Db, code: string): Group | undefined {
  return oneRow(db, 'SELECT * FROM groups WHERE invite_code = ?', code, toGroup)
}

export function groupsOf(db: Db, phone: string): Group[] {
  return (
    typedStmt<GroupDbRow>(db, 'SELECT g.* FROM groups g JOIN group_participants p ON p.group_id = g.id WHERE p.phone = ? ORDER BY g.creation').all(
      phone
    )
  ).map(toGroup)
}

export function updateGroup(db: Db, id: string, patch: Partial<Omit<Group, 'id'>>): void {
  const cols: Record<keyof Omit<Group, 'id'>, string> = {
    subject: 'subject', subjectTime: 'subject_time', subjectOwner: 'subject_owner', creation: 'creation', creator: 'creator',
    description: 'description', descId: 'desc_id', descTime: 'desc_time', descOwner: 'desc_owner', announce: 'announce',
    locked: 'locked', inviteCode: 'invite_code', addressingMode: 'addressing_mode', ephemeral: 'ephemeral',
    memberAddMode: 'member_add_mode', joinApproval: 'join_approval'
  }
  const entries = Object.entries(patch) as [keyof Omit<Group, 'id'>, unknown][]
  if (!entries.length) return
  const sql = `UPDATE groups SET ${entries.map(([k]) => `${cols[k]} = ?`).join(', ')} WHERE id = ?`
  const values = entries.map(([, v]) => (typeof v === 'boolean' ? (v ? 1 : 0) : v))
  stmt(db, sql).run(...values, id)
}

export function participantsOf(db: Db, groupId: string): Participant[] {
  return (typedStmt<Participant>(db, 'SELECT phone, role FROM group_participants WHERE group_id = ? ORDER BY rowid').all(groupId)).map((r) => ({
    phone: r.phone,
    role: r.role ?? null
  }))
}

export function roleOf(db: Db, groupId: string, phone: string): GroupRole | undefined {
  const r = typedStmt<{ role: GroupRole }>(db, 'SELECT role FROM group_participants WHERE group_id = ? AND phone = ?').get(groupId, phone)
  return r ? (r.role ?? null) : undefined
}

export function setParticipant(db: Db, groupId: string, phone: string, role: GroupRole): void {
  stmt(db, 'INSERT INTO group_participants (group_id, phone, role) VALUES (?, ?, ?) ON CONFLICT (group_id, phone) DO UPDATE SET role = excluded.role').run(
    groupId, phone, role
  )
}

export function removeParticipant(db: Db, groupId: string, phone: string): boolean {
  return stmt(db, 'DELETE FROM group_participants WHERE group_id = ? AND phone = ?').run(groupId, phone).changes > 0
}

export function deleteGroup(db: Db, id: string): void {
  stmt(db, 'DELETE FROM groups WHERE id = ?').run(id)
}
