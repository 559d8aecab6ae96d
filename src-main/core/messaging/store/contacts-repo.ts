// Contacts (push names, saved names, business flags) and the LID<->PN mapping list of the store.
import type { Db } from '../../db/connection.js'
import { stmt } from '../../db/statements.js'

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

export function upsertContact(db: Db, instanceId: string, jid: string, patch: ContactPatch, now: number): void {
  stmt(db, 'INSERT OR IGNORE INTO store_contacts (instance_id, jid, updated_at) VALUES (?, ?, ?)').run(instanceId, jid, now)
  const set = (k: keyof ContactPatch) => (patch[k] === undefined ? 0 : 1)
  stmt(
    db,
    `UPDATE store_contacts SET
       lid = CASE WHEN @hasLid = 1 THEN @lid ELSE lid END,
       name = CASE WHEN @hasName = 1 THEN @name ELSE name END,
       notify = CASE WHEN @hasNotify = 1 THEN @notify ELSE notify END,
       verified_name = CASE WHEN @hasVerified = 1 THEN @verifiedName ELSE verified_name END,
       is_business = CASE WHEN @hasBusiness = 1 THEN @isBusiness ELSE is_business END,
       is_enterprise = CASE WHEN @hasEnterprise = 1 THEN @isEnterprise ELSE is_enterprise END,
       img_url = CASE WHEN @hasImg = 1 THEN @imgUrl ELSE img_url END,
       status = CASE WHEN @hasStatus = 1 THEN @status ELSE status END,
       updated_at = @now
     WHERE instance_id = @instanceId AND jid = @jid`
  ).run({
    hasLid: set('lid'),
    lid: patch.lid ?? null,
    hasName: set('name'),
    name: patch.name ?? null,
    hasNotify: set('notify'),
    notify: patch.notify ?? null,
    hasVerified: set('verifiedName'),
    verifiedName: patch.verifiedName ?? null,
    hasBusiness: set('isBusiness'),
    isBusiness: patch.isBusiness ? 1 : 0,
    hasEnterprise: set('isEnterprise'),
    isEnterprise: patch.isEnterprise ? 1 : 0,
    hasImg: set('imgUrl'),
    imgUrl: patch.imgUrl ?? null,
    hasStatus: set('status'),
    status: patch.status ?? null,
    now,
    instanceId,
    jid
  })
}

/** A contact known under its LID becomes known by its PN: the LID row folds into the PN row. */
export function mergeLidContact(db: Db, instanceId: string, lid: string, pn: string, now: number): void {
  const lidRow = stmt(db, 'SELECT * FROM store_contacts WHERE instance_id = ? AND jid = ?').get(instanceId, lid) as ContactRow | undefined
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
  const row = stmt(db, CONTACT_SQL).get(instanceId, jid) as ContactRow | undefined
  return row && fromRow(row)
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
    stmt(db, `SELECT * FROM store_contacts WHERE instance_id = @instanceId ORDER BY ${order} LIMIT @limit OFFSET @offset`).all({
      instanceId,
      limit: Math.min(Math.max(1, Math.floor(q.limit ?? 100)), 1000),
      offset: Math.max(0, Math.floor(q.offset ?? 0))
    }) as ContactRow[]
  ).map(fromRow)
}

export interface LidMapping {
  lid: string
  pn: string
}

export function listLidMappings(db: Db, instanceId: string, q: { limit?: number; offset?: number } = {}): LidMapping[] {
  return stmt(db, 'SELECT lid, pn FROM store_lid_map WHERE instance_id = @instanceId ORDER BY lid LIMIT @limit OFFSET @offset').all({
    instanceId,
    limit: Math.min(Math.max(1, Math.floor(q.limit ?? 100)), 1000),
    offset: Math.max(0, Math.floor(q.offset ?? 0))
  }) as LidMapping[]
}

export const countLidMappings = (db: Db, instanceId: string): number =>
  stmt(db, 'SELECT COUNT(*) FROM store_lid_map WHERE instance_id = ?').pluck().get(instanceId) as number
