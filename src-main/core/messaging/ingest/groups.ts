// Groups: metadata kept in the store; membership changes emit group.v2.join / group.v2.leave /
// group.v2.participants and info changes group.v2.update, each only when the stored state really changed.
// group.changed is published for every group the engine reports (caches refetch; the store may be unchanged).
import type { BaileysEventMap, GroupMetadata, GroupParticipant } from '@whiskeysockets/baileys'
import { groupParticipantsPayload, groupUpdatePayload, type ParticipantInfo } from '../events/payloads.js'
import { patchChat } from '../store/chats-repo.js'
import { applyParticipants, getGroup, patchGroup, type GroupPatch, type StoredParticipant } from '../store/groups-repo.js'
import { canonicalJid } from '../store/jids.js'
import { learnMappings, nowSeconds, type IngestContext } from './context.js'

function participant(ctx: IngestContext, p: GroupParticipant | string): StoredParticipant {
  const gp: GroupParticipant = typeof p === 'string' ? { id: p } : p
  const lid = gp.lid ?? (gp.id.endsWith('@lid') ? gp.id : null)
  const pn = gp.phoneNumber ?? (gp.id.endsWith('@s.whatsapp.net') ? gp.id : undefined)
  if (lid && pn) learnMappings(ctx, [{ lid, pn }], 'groups')
  return { id: canonicalJid(ctx.db, ctx.instanceId, gp.id, pn), lid, admin: gp.admin ?? (gp.isSuperAdmin ? 'superadmin' : gp.isAdmin ? 'admin' : null) }
}

const info = (p: StoredParticipant): ParticipantInfo => ({ id: p.id, lid: p.lid ?? null, role: p.admin ?? 'participant' })

function metadataPatch(ctx: IngestContext, g: Partial<GroupMetadata>): GroupPatch {
  const p: GroupPatch = { raw: g }
  if (g.subject !== undefined) p.subject = g.subject
  if (g.desc !== undefined) p.description = g.desc ?? null
  if (g.owner !== undefined) p.owner = g.owner ? canonicalJid(ctx.db, ctx.instanceId, g.owner, g.ownerPn) : null
  if (g.announce !== undefined) p.announce = !!g.announce
  if (g.restrict !== undefined) p.restrict = !!g.restrict
  if (g.participants) p.participants = g.participants.map((x) => participant(ctx, x))
  return p
}

/**
 * groups.upsert: the instance learned a group (created it, was added, or synced it). A group new to the store
 * emits one group.v2.join listing its members, unless it comes from history sync.
 */
export function ingestGroupsUpsert(ctx: IngestContext, groups: GroupMetadata[], history = false): void {
  for (const g of groups) {
    if (!g.id) continue
    ctx.publish('group.changed', { groupId: g.id, change: 'added' })
    const patch = metadataPatch(ctx, g)
    const before = patchGroup(ctx.db, ctx.instanceId, g.id, patch, ctx.now)
    if (g.subject) patchChat(ctx.db, ctx.instanceId, g.id, { name: g.subject }, ctx.now)
    if (!before && !history) {
      const people = (patch.participants ?? []).map(info)
      const by = g.author ? canonicalJid(ctx.db, ctx.instanceId, g.author, g.authorPn) : (patch.owner ?? null)
      ctx.emit('group.v2.join', groupParticipantsPayload(g.id, g.subject ?? null, 'join', people, by, ctx.me, nowSeconds(ctx)))
    }
  }
}

const FIELDS = [
  ['subject', 'subject'],
  ['desc', 'description'],
  ['announce', 'announce'],
  ['restrict', 'restrict']
] as const

export function ingestGroupsUpdate(ctx: IngestContext, updates: Partial<GroupMetadata>[]): void {
  for (const u of updates) {
    if (!u.id) continue
    ctx.publish('group.changed', { groupId: u.id, change: 'info' })
    const before = getGroup(ctx.db, ctx.instanceId, u.id)
    const patch = metadataPatch(ctx, u)
    delete patch.participants // a partial update's participant list is not the whole list
    patchGroup(ctx.db, ctx.instanceId, u.id, patch, ctx.now)
    if (u.subject) patchChat(ctx.db, ctx.instanceId, u.id, { name: u.subject }, ctx.now)
    const after = getGroup(ctx.db, ctx.instanceId, u.id)!
    const changed = FIELDS.filter(([k, col]) => u[k] !== undefined && (before?.[col] ?? null) !== after[col]).map(([, col]) => col)
    if (!changed.length) continue
    const by = u.author ? canonicalJid(ctx.db, ctx.instanceId, u.author, u.authorPn) : null
    ctx.emit('group.v2.update', groupUpdatePayload(after, changed, by, nowSeconds(ctx)))
  }
}

/** A group's picture changed (the engine reports it as a contact update of the group id). */
export function ingestGroupPicture(ctx: IngestContext, groupId: string): void {
  ctx.publish('group.changed', { groupId, change: 'picture' })
  const g = getGroup(ctx.db, ctx.instanceId, groupId) ?? { id: groupId, subject: null, description: null, announce: null, restrict: null }
  ctx.emit('group.v2.update', groupUpdatePayload(g, ['picture'], null, nowSeconds(ctx)))
}

const TYPE = { add: 'join', remove: 'leave', promote: 'promote', demote: 'demote' } as const

export function ingestParticipants(ctx: IngestContext, u: BaileysEventMap['group-participants.update']): void {
  ctx.publish('group.changed', { groupId: u.id, change: 'participants' })
  if (u.action === 'modify' || !(u.action in TYPE)) return // a member changed number: not a membership change
  const action = u.action as keyof typeof TYPE
  const people = u.participants.map((p) => participant(ctx, p))
  const changed = new Set(applyParticipants(ctx.db, ctx.instanceId, u.id, action, people, ctx.now))
  const affected = people.filter((p) => changed.has(p.id))
  if (!affected.length) return
  const by = u.author ? canonicalJid(ctx.db, ctx.instanceId, u.author, u.authorPn) : null
  const subject = getGroup(ctx.db, ctx.instanceId, u.id)?.subject ?? null
  const type = TYPE[action]
  const event = type === 'join' ? 'group.v2.join' : type === 'leave' ? 'group.v2.leave' : 'group.v2.participants'
  const details = affected.map((p) => info({ ...p, admin: type === 'promote' ? 'admin' : type === 'demote' ? null : p.admin }))
  ctx.emit(event, groupParticipantsPayload(u.id, subject, type, details, by, ctx.me, nowSeconds(ctx)))
}
