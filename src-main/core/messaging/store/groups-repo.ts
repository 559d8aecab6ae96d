// Group metadata as last seen (groups.upsert / groups.update / group-participants.update), so group events
// can say what changed and reads need no round trip for a known group.
import type { GroupMetadata } from '@whiskeysockets/baileys'
import type { Db } from '../../db/connection.js'
import { stmt } from '../../db/statements.js'
import { encodeRaw } from './raw-json.js'

export interface StoredParticipant {
  /** Canonical JID (PN when known). */
  id: string
  lid?: string | null
  admin: 'admin' | 'superadmin' | null
}

export interface StoredGroup {
  id: string
  subject: string | null
  description: string | null
  owner: string | null
  participants: StoredParticipant[]
  announce: boolean | null
  restrict: boolean | null
  updatedAt: number
}

interface GroupRow {
  id: string
  subject: string | null
  description: string | null
  owner: string | null
  participants: string
  announce: number | null
  restrict: number | null
  updated_at: number
}

const bool = (v: number | null): boolean | null => (v === null ? null : v === 1)
const num = (v: boolean | null | undefined): number | null => (v === undefined || v === null ? null : v ? 1 : 0)

export function getGroup(db: Db, instanceId: string, id: string): StoredGroup | undefined {
  const r = stmt(db, 'SELECT id, subject, description, owner, participants, announce, restrict, updated_at FROM store_groups WHERE instance_id = ? AND id = ?').get(
    instanceId,
    id
  ) as GroupRow | undefined
  return r && {
    id: r.id,
    subject: r.subject,
    description: r.description,
    owner: r.owner,
    participants: JSON.parse(r.participants) as StoredParticipant[],
    announce: bool(r.announce),
    restrict: bool(r.restrict),
    updatedAt: r.updated_at
  }
}

export interface GroupPatch {
  subject?: string | null
  description?: string | null
  owner?: string | null
  participants?: StoredParticipant[]
  announce?: boolean | null
  restrict?: boolean | null
  raw?: Partial<GroupMetadata>
}

/** Creates or updates the group; returns it as it was before (undefined if new). */
export function patchGroup(db: Db, instanceId: string, id: string, p: GroupPatch, now: number): StoredGroup | undefined {
  const before = getGroup(db, instanceId, id)
  stmt(db, 'INSERT OR IGNORE INTO store_groups (instance_id, id, updated_at) VALUES (?, ?, ?)').run(instanceId, id, now)
  const has = (k: keyof GroupPatch) => (p[k] === undefined ? 0 : 1)
  stmt(
    db,
    `UPDATE store_groups SET
       subject = CASE WHEN @hasSubject = 1 THEN @subject ELSE subject END,
       description = CASE WHEN @hasDesc = 1 THEN @description ELSE description END,
       owner = CASE WHEN @hasOwner = 1 THEN @owner ELSE owner END,
       participants = CASE WHEN @hasParticipants = 1 THEN @participants ELSE participants END,
       announce = CASE WHEN @hasAnnounce = 1 THEN @announce ELSE announce END,
       restrict = CASE WHEN @hasRestrict = 1 THEN @restrict ELSE restrict END,
       raw = CASE WHEN @hasRaw = 1 THEN @raw ELSE raw END,
       updated_at = @now
     WHERE instance_id = @instanceId AND id = @id`
  ).run({
    hasSubject: has('subject'),
    subject: p.subject ?? null,
    hasDesc: has('description'),
    description: p.description ?? null,
    hasOwner: has('owner'),
    owner: p.owner ?? null,
    hasParticipants: has('participants'),
    participants: JSON.stringify(p.participants ?? []),
    hasAnnounce: has('announce'),
    announce: num(p.announce),
    hasRestrict: has('restrict'),
    restrict: num(p.restrict),
    hasRaw: has('raw'),
    raw: p.raw ? encodeRaw(p.raw) : null,
    now,
    instanceId,
    id
  })
  return before
}

export type ParticipantAction = 'add' | 'remove' | 'promote' | 'demote' | 'modify'

/**
 * Applies a participants change; returns the ids whose membership/role actually changed. For a group whose
 * member list is not known yet every given participant counts as changed.
 */
export function applyParticipants(db: Db, instanceId: string, id: string, action: ParticipantAction, people: StoredParticipant[], now: number): string[] {
  const list = [...(getGroup(db, instanceId, id)?.participants ?? [])]
  const known = list.length > 0
  const changed: string[] = []
  for (const person of people) {
    const i = list.findIndex((p) => p.id === person.id || (!!person.lid && p.lid === person.lid))
    if (action === 'add') {
      if (i < 0) {
        list.push({ id: person.id, lid: person.lid ?? null, admin: person.admin ?? null })
        changed.push(person.id)
      } else if (!known) changed.push(person.id)
    } else if (action === 'remove') {
      if (i >= 0) list.splice(i, 1)
      if (i >= 0 || !known) changed.push(person.id)
    } else if (action === 'promote' || action === 'demote') {
      const admin = action === 'promote' ? 'admin' : null
      if (i >= 0) {
        const next = list[i]!.admin === 'superadmin' && admin ? 'superadmin' : admin
        if (next !== list[i]!.admin) changed.push(person.id)
        list[i] = { ...list[i]!, admin: next }
      } else {
        list.push({ id: person.id, lid: person.lid ?? null, admin })
        changed.push(person.id)
      }
    }
  }
  patchGroup(db, instanceId, id, { participants: list }, now)
  return changed
}

export function listGroups(db: Db, instanceId: string): StoredGroup[] {
  const ids = stmt(db, 'SELECT id FROM store_groups WHERE instance_id = ? ORDER BY id').pluck().all(instanceId) as string[]
  return ids.map((id) => getGroup(db, instanceId, id)!)
}
