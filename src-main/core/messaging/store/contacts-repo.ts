// Contacts (push names, saved names, business flags) and the LID<->PN mapping list of the store.
import type { Db } from '../../db/connection.js'
import { columnStmt, stmt, typedStmt } from '../../db/statements.js'
import { patchUpdate } from './patch-update.js'

export interface StoredContact {
  instanceId: string
  /** Canonical JID: <n>@s.whatsapp.net, or <n>@lid when the phone number is unknown. */
  jid: string
  lid: string | null
  /** Saved in the phone's address book. */
  name: string | null
  /** Push name (chosen by the contact). */
  notify: string | null
  verifiedName: string | null
  isBusiness: boolean
  isEnterprise: boolean
  imgUrl: string | null
  status: string | null
  updatedAt: number
}

interface ContactRow {
  instance_id: string
  jid: string
  lid: string | null
  name: string | null
  notify: string | null
  verified_name: string | null
  is_business: number
  is_enterprise: number
  img_url: string | null
  status: string | null
  updated_at: number
}

const fromRow = (r: ContactRow): StoredContact => ({
  instanceId: r.instance_id,
  jid: r.jid,
  lid: r.lid,
  name: r.name,
  notify: r.notify,
  verifiedName: r.verified_name,
  isBusiness: r.is_business === 1,
  isEnterprise: r.is_enterprise === 1,
  imgUrl: r.img_url,
  status: r.status,
  updatedAt: r.updated_at
})

/** Fields to set; undefined = keep. */
export interface ContactPatch {
  lid?: string | null
  name?: string | null
  notify?: string | null
  verifiedName?: string | null
  isBusiness?: boolean
  isEnterprise?: boolean
  imgUrl?: string | null
  status?: string | null
}

const updateContact = patchUpdate<ContactPatch>('store_contacts', ['instance_id', 'jid'], [
  ['lid', 'lid', (p) => p.lid ?? null],
  ['name', 'name', (p) => p.name ?? null],
  ['notify', 'notify', (p) => p.notify ?? null],
  ['verified_name', 'verifiedName', (p) => p.verifiedName ?? null],
  ['is_business', 'isBusiness', (p) => (p.isBusiness ? 1 : 0)],
  ['is_enterprise', 'isEnterprise', (p) => (p.isEnterprise ? 1 : 0)],
  ['img_url', 'imgUrl', (p) => p.imgUrl ?? null],
  ['status', 'status', (p) => p.status ?? null]
])

export function upsertContact(db: Db, instanceId: string, jid: string, patch: ContactPatch, now: number): void {
  stmt(db, 'INSERT OR IGNORE INTO store_contacts (instance_id, jid, updated_at) VALUES (?, ?, ?)').run(instanceId, jid, now)
  updateContact(db, { instance_id: instanceId, jid }, patch, now)
}

/** A contact known under its LID becomes known by its PN: the LID row folds into the PN row. */
export function mergeLidContact(db: Db, instanceId: string, lid: string, pn: string, now: number): void {
  const lidRow = typedStmt<ContactRow>(db, 'SELECT * FROM store_contacts WHERE instance_id = ? AND jid = ?').get(instanceId, lid)
  if (!lidRow) return
  upsertContact(db, instanceId, pn, {
    lid,
    ...(lidRow.name ? { name: lidRow.name } : {}),
    ...(lidRow.notify ? { notify: lidRow.notify } : {}),
    ...(lidRow.verified_name ? { verifiedName: lidRow.verified_name, isBusiness: lidRow.is_business === 1 } : {})
  }, now)
  stmt(db, 'DELETE FROM store_contacts WHERE instance_id = ? AND jid = ?').run(instanceId, lid)
}

/** A contact by JID (the primary key), as run; exported for the query-plan tests. */
export const CONTACT_SQL = 'SELECT * FROM store_contacts WHERE instance_id = ? AND jid = ?'

export function getContact(db: Db, instanceId: string, jid: string): StoredContact | undefined {
  const row = typedStmt<ContactRow>(db, CONTACT_SQL).get(instanceId, jid)
  return row && fromRow(row)
}

/** The contacts of several JIDs (a page of chats) in one query: a primary-key probe per JID. */
export const CONTACTS_OF_SQL = 'SELECT * FROM store_contacts WHERE instance_id = ? AND jid IN (SELECT value FROM json_each(?))'

export function getContacts(db: Db, instanceId: string, jids: readonly string[]): Map<string, StoredContact> {
  const byJid = new Map<string, StoredContact>()
  if (!jids.length) return byJid
  for (const row of typedStmt<ContactRow>(db, CONTACTS_OF_SQL).all(instanceId, JSON.stringify(jids))) byJid.set(row.jid, fromRow(row))
  return byJid
}

export interface ContactListQuery {
  sortBy?: 'id' | 'name'
  sortOrder?: 'ASC' | 'DESC'
  limit?: number
  offset?: number
}

const CONTACT_ORDER = {
  id: { ASC: 'jid ASC', DESC: 'jid DESC' },
  name: { ASC: 'name ASC, jid ASC', DESC: 'name DESC, jid DESC' }
} as const

export function listContacts(db: Db, instanceId: string, q: ContactListQuery = {}): StoredContact[] {
  const order = CONTACT_ORDER[q.sortBy ?? 'id'][q.sortOrder ?? 'ASC']
  return (
    typedStmt<ContactRow>(db, `SELECT * FROM store_contacts WHERE instance_id = @instanceId ORDER BY ${order} LIMIT @limit OFFSET @offset`).all({
      instanceId,
      limit: Math.min(Math.max(1, Math.floor(q.limit ?? 100)), 1000),
      offset: Math.max(0, Math.floor(q.offset ?? 0))
    })
  ).map(fromRow)
}

export interface LidMapping {
  lid: string
  pn: string
}

export function listLidMappings(db: Db, instanceId: string, q: { limit?: number; offset?: number } = {}): LidMapping[] {
  return typedStmt<LidMapping>(db, 'SELECT lid, pn FROM store_lid_map WHERE instance_id = @instanceId ORDER BY lid LIMIT @limit OFFSET @offset').all({
    instanceId,
    limit: Math.min(Math.max(1, Math.floor(q.limit ?? 100)), 1000),
    offset: Math.max(0, Math.floor(q.offset ?? 0))
  })
}

export const countLidMappings = (db: Db, instanceId: string): number =>
  columnStmt<number>(db, 'SELECT COUNT(*) FROM store_lid_map WHERE instance_id = ?').get(instanceId) ?? 0
