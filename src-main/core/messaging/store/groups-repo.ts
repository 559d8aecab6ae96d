// Group metadata as last seen (groups.upsert / groups.update / group-participants.update), so group events
// can say what changed and reads need no round trip for a known group.
import type { GroupMetadata } from '../../engine/wa-wire.js'
import type { Db } from '../../db/connection.js'
import { stmt, typedStmt, columnStmt } from '../../db/statements.js'
import { patchUpdate } from './patch-update.js'
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
  const r = typedStmt<GroupRow>(db, 'SELECT id, subject, description, owner, participants, announce, restrict, updated_at FROM store_groups WHERE instance_id = ? AND id = ?').get(
    instanceId,
    id
  )
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

const updateGroup = patchUpdate<GroupPatch>('store_groups', ['instance_id', 'id'], [
  ['subject', 'subject', (p) => p.subject ?? null],
  ['description', 'description', (p) => p.description ?? null],
  ['owner', 'owner', (p) => p.owner ?? null],
  ['participants', 'participants', (p) => JSON.stringify(p.participants ?? [])],
  ['announce', 'announce', (p) => num(p.announce)],
  ['restrict', 'restrict', (p) => num(p.restrict)],
  ['raw', 'raw', (p) => (p.raw ? encodeRaw(p.raw) : null)]
])

/** Creates or updates the group; returns it as it was before (undefined if new). */
export function patchGroup(db: Db, instanceId: string, id: string, p: GroupPatch, now: number): StoredGroup | undefined {
  const before = getGroup(db, instanceId, id)
  stmt(db, 'INSERT OR IGNORE INTO store_groups (instance_id, id, updated_at) VALUES (?, ?, ?)').run(instanceId, id, now)
  updateGroup(db, { instance_id: instanceId, id }, p, now)
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
  const ids = columnStmt<string>(db, 'SELECT id FROM store_groups WHERE instance_id = ? ORDER BY id').all(instanceId)
  return ids.map((id) => getGroup(db, instanceId, id)!)
}
