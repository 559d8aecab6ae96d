// Channels (newsletters): metadata, members with roles and mute state, and the posted messages.
import type { Db } from '../../db/connection.js'
import { columnStmt, oneRow, stmt, typedStmt } from '../../db/statements.js'

export type NewsletterRole = 'OWNER' | 'ADMIN' | 'SUBSCRIBER'

export interface Newsletter {
  id: string
  name: string
  description: string
  picture: Buffer | null
  pictureId: string | null
  invite: string
  verification: string
  creation: number
}

interface Row {
  id: string
  name: string
  description: string
  picture: Buffer | null
  picture_id: string | null
  invite: string
  verification: string
  creation: number
}

const toNewsletter = (r: Row): Newsletter => ({
  id: r.id, name: r.name, description: r.description, picture: r.picture, pictureId: r.picture_id, invite: r.invite,
  verification: r.verification, creation: r.creation
})

export function insertNewsletter(db: Db, n: Newsletter, owner: string): void {
  db.transaction(() => {
    stmt(db, 'INSERT INTO newsletters (id, name, description, picture, picture_id, invite, verification, creation) VALUES (?, ?, ?, ?, ?, ?, ?, ?)').run(
      n.id, n.name, n.description, n.picture, n.pictureId, n.invite, n.verification, n.creation
    )
    setMember(db, n.id, owner, 'OWNER')
  })()
}

export function getNewsletter(db: Db, id: string): Newsletter | undefined {
  return oneRow(db, 'SELECT * FROM newsletters WHERE id = ?', id, toNewsletter)
}

export function getNewsletterByInvite(db: Db, invite: string): Newsletter | undefined {
  return oneRow(db, 'SELECT * FROM newsletters WHERE invite = ?', invite, toNewsletter)
}

export function updateNewsletter(db: Db, id: string, patch: { name?: string; description?: string; picture?: Buffer | null; pictureId?: string | null }): void {
  const n = getNewsletter(db, id)
  if (!n) return
  stmt(db, 'UPDATE newsletters SET name = ?, description = ?, picture = ?, picture_id = ? WHERE id = ?').run(
    patch.name ?? n.name, patch.description ?? n.description,
    patch.picture === undefined ? n.picture : patch.picture, patch.pictureId === undefined ? n.pictureId : patch.pictureId, id
  )
}

export function deleteNewsletter(db: Db, id: string): void {
  stmt(db, 'DELETE FROM newsletters WHERE id = ?').run(id)
}

export function memberOf(db: Db, id: string, phone: string): { role: NewsletterRole; muted: boolean } | undefined {
  const r = typedStmt<{ role: NewsletterRole; muted: number }>(db, 'SELECT role, muted FROM newsletter_members WHERE newsletter_id = ? AND phone = ?').get(id, phone)
  return r && { role: r.role, muted: !!r.muted }
}

export function setMember(db: Db, id: string, phone: string, role: NewsletterRole): void {
  stmt(db, 'INSERT INTO newsletter_members (newsletter_id, phone, role) VALUES (?, ?, ?) ON CONFLICT (newsletter_id, phone) DO UPDATE SET role = excluded.role').run(id, phone, role)
}

export function removeMember(db: Db, id: string, phone: string): void {
  stmt(db, 'DELETE FROM newsletter_members WHERE newsletter_id = ? AND phone = ?').run(id, phone)
}

export function setMuted(db: Db, id: string, phone: string, muted: boolean): void {
  stmt(db, 'UPDATE newsletter_members SET muted = ? WHERE newsletter_id = ? AND phone = ?').run(muted ? 1 : 0, id, phone)
}

export function membersOf(db: Db, id: string): { phone: string; role: NewsletterRole }[] {
  return typedStmt<{ phone: string; role: NewsletterRole }>(db, 'SELECT phone, role FROM newsletter_members WHERE newsletter_id = ? ORDER BY rowid').all(id)
}

export function addNewsletterMessage(db: Db, id: string, m: { messageId: string; type: string; body: Buffer; t: number }): number {
  return db.transaction(() => {
    const sid = columnStmt<number>(db, 'UPDATE newsletters SET next_server_id = next_server_id + 1 WHERE id = ? RETURNING next_server_id - 1 AS sid').get(id)
    if (sid === undefined) throw new Error(`no newsletter ${id}`)
    stmt(db, 'INSERT INTO newsletter_messages (newsletter_id, server_id, message_id, type, body, t) VALUES (?, ?, ?, ?, ?, ?)').run(id, sid, m.messageId, m.type, m.body, m.t)
    return sid
  })()
}

export function newsletterMessages(db: Db, id: string, count: number, before?: number): { serverId: number; messageId: string; type: string; body: Buffer; t: number }[] {
  const rows = typedStmt<{ server_id: number; message_id: string; type: string; body: Buffer; t: number }>(
    db,
    'SELECT server_id, message_id, type, body, t FROM newsletter_messages WHERE newsletter_id = ? AND server_id < ? ORDER BY server_id DESC LIMIT ?'
  ).all(id, before ?? Number.MAX_SAFE_INTEGER, count)
  return rows.reverse().map((r) => ({ serverId: r.server_id, messageId: r.message_id, type: r.type, body: r.body, t: r.t }))
}
