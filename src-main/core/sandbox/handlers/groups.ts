// xmlns="w:g2": groups. Create, metadata, participating, subject, description, participants
// (add/remove/promote/demote), settings (announcement/locked/ephemeral), invite codes (get, revoke, info, join)
// and leave — each change announced to members with a w:gp2 notification, in PN or LID addressing.
import { randomBytes, randomInt } from 'node:crypto'
import type { BinaryNode } from '@whiskeysockets/baileys'
import type { Connection } from '../server/connection.js'
import type { SandboxServer } from '../server/context.js'
import { getAccount, type Account } from '../store/accounts-repo.js'
import {
  deleteGroup, getGroup, getGroupByInvite, groupsOf, insertGroup, participantsOf, removeParticipant, roleOf, setParticipant, updateGroup,
  type Group, type GroupRole
} from '../store/groups-repo.js'
import { bytes, child, childrenOf, genId, node, nowSeconds, text, tstr } from '../wire/nodes.js'
import { groupJid, lidJid, parseJid, pnJid } from '../wire/jid.js'
import { accountOfJid } from './messages.js'

const isAdmin = (r: GroupRole | undefined) => r === 'admin' || r === 'superadmin'

/** How a member is named in this group's stanzas. */
function memberJid(g: Group, acc: Account): string {
  return g.addressingMode === 'lid' ? lidJid(acc.lid) : pnJid(acc.phone)
}

function participantNode(g: Group, acc: Account, role?: GroupRole): BinaryNode {
  const attrs: Record<string, string | undefined> =
    g.addressingMode === 'lid'
      ? { jid: lidJid(acc.lid), phone_number: pnJid(acc.phone) }
      : { jid: pnJid(acc.phone), lid: lidJid(acc.lid) }
  if (role) attrs.type = role
  return node('participant', attrs)
}

export function groupNode(s: SandboxServer, g: Group): BinaryNode {
  const members = participantsOf(s.db, g.id)
  const creator = getAccount(s.db, g.creator)
  const subjectOwner = getAccount(s.db, g.subjectOwner)
  const lid = g.addressingMode === 'lid'
  const content: BinaryNode[] = members.map((m) => participantNode(g, getAccount(s.db, m.phone)!, m.role))
  if (g.description !== null) {
    const owner = g.descOwner ? getAccount(s.db, g.descOwner) : undefined
    content.push(
      node('description', { id: g.descId ?? undefined, t: String(g.descTime ?? g.creation), participant: owner ? memberJid(g, owner) : undefined }, [
        node('body', {}, Buffer.from(g.description))
      ])
    )
  }
  if (g.announce) content.push(node('announcement', {}))
  if (g.locked) content.push(node('locked', {}))
  if (g.ephemeral) content.push(node('ephemeral', { expiration: String(g.ephemeral) }))
  return node(
    'group',
    {
      id: g.id,
      subject: g.subject,
      s_t: String(g.subjectTime),
      s_o: subjectOwner ? memberJid(g, subjectOwner) : undefined,
      s_o_pn: lid && subjectOwner ? pnJid(subjectOwner.phone) : undefined,
      creation: String(g.creation),
      creator: creator ? memberJid(g, creator) : undefined,
      creator_pn: lid && creator ? pnJid(creator.phone) : undefined,
      size: String(members.length),
      addressing_mode: g.addressingMode
    },
    content
  )
}

/** Sends one w:gp2 notification to every member (and to `extra` accounts, e.g. those just removed). */
function notify(s: SandboxServer, g: Group, actor: Account, change: BinaryNode, extra: string[] = []): void {
  const lid = g.addressingMode === 'lid'
  const stanza = node(
    'notification',
    {
      from: groupJid(g.id),
      type: 'w:gp2',
      id: genId(),
      t: tstr(),
      participant: memberJid(g, actor),
      participant_pn: lid ? pnJid(actor.phone) : undefined,
      notify: actor.pushName
    },
    [change]
  )
  const targets = new Set([...participantsOf(s.db, g.id).map((m) => m.phone), ...extra])
  for (const phone of targets) s.delivery.deliverToAccount(phone, stanza)
}

export function handleGroups(conn: Connection, iq: BinaryNode, first: BinaryNode | undefined): void {
  const s = conn.server
  const me = getAccount(s.db, conn.device!.phone)!
  const to = iq.attrs.to ?? ''
  if (!first) return conn.error(iq, 400, 'bad-request')
  if (to === '@g.us' || to === 'g.us') return globalOp(conn, iq, first, me)
  const g = getGroup(s.db, parseJid(to)?.user ?? '')
  if (!g) return conn.error(iq, 404, 'item-not-found')
  const role = roleOf(s.db, g.id, me.phone)
  if (role === undefined) return conn.error(iq, 403, 'forbidden')
  s.db.transaction(() => groupOp(conn, iq, first, me, g, role))()
}

function globalOp(conn: Connection, iq: BinaryNode, first: BinaryNode, me: Account): void {
  const s = conn.server
  switch (first.tag) {
    case 'create': {
      const subject = first.attrs.subject?.trim()
      if (!subject) return conn.error(iq, 400, 'bad-request')
      const now = nowSeconds()
      const g: Group = {
        id: `120363${randomInt(10 ** 11, 10 ** 12)}`, subject, subjectTime: now, subjectOwner: me.phone, creation: now, creator: me.phone,
        description: null, descId: null, descTime: null, descOwner: null, announce: false, locked: false, inviteCode: null,
        addressingMode: s.options.groupAddressingMode, ephemeral: 0
      }
      const members = new Map<string, GroupRole>([[me.phone, 'superadmin']])
      for (const p of childrenOf(first, 'participant')) {
        const acc = accountOfJid(s, p.attrs.jid)
        if (acc && !members.has(acc.phone)) members.set(acc.phone, null)
      }
      s.db.transaction(() => insertGroup(s.db, g, [...members].map(([phone, role]) => ({ phone, role }))))()
      conn.result(iq, [groupNode(s, g)], { from: '@g.us' })
      notify(s, g, me, node('create', {}, [groupNode(s, g)]))
      return
    }
    case 'participating':
      return conn.result(iq, [node('groups', {}, groupsOf(s.db, me.phone).map((g) => groupNode(s, g)))])
    case 'leave': {
      for (const gn of childrenOf(first, 'group')) {
        const g = getGroup(s.db, parseJid(gn.attrs.id)?.user ?? gn.attrs.id ?? '')
        if (!g || roleOf(s.db, g.id, me.phone) === undefined) continue
        leave(s, g, me)
      }
      return conn.result(iq)
    }
    case 'invite': {
      const code = first.attrs.code
      const g = code ? getGroupByInvite(s.db, code) : undefined
      if (!g) return conn.error(iq, 404, 'item-not-found')
      if (iq.attrs.type === 'get') return conn.result(iq, [groupNode(s, g)])
      if (roleOf(s.db, g.id, me.phone) === undefined) {
        setParticipant(s.db, g.id, me.phone, null)
        notify(s, g, me, node('add', { reason: 'invite' }, [participantNode(g, me)]))
      }
      return conn.result(iq, [node('group', { jid: groupJid(g.id) })])
    }
    default:
      return conn.error(iq, 501, 'feature-not-implemented')
  }
}

function leave(s: SandboxServer, g: Group, me: Account): void {
  notify(s, g, me, node('remove', {}, [participantNode(g, me)]))
  removeParticipant(s.db, g.id, me.phone)
  const left = participantsOf(s.db, g.id)
  if (!left.length) deleteGroup(s.db, g.id)
  else if (!left.some((m) => isAdmin(m.role))) setParticipant(s.db, g.id, left[0]!.phone, 'admin')
}

function groupOp(conn: Connection, iq: BinaryNode, first: BinaryNode, me: Account, g: Group, role: GroupRole): void {
  const s = conn.server
  const admin = isAdmin(role)
  const deny = () => conn.error(iq, 401, 'not-authorized')
  switch (first.tag) {
    case 'query':
      return conn.result(iq, [groupNode(s, g)])
    case 'subject': {
      if (g.locked && !admin) return deny()
      const subject = text(first).trim()
      if (!subject) return conn.error(iq, 400, 'bad-request')
      const t = nowSeconds()
      updateGroup(s.db, g.id, { subject, subjectTime: t, subjectOwner: me.phone })
      conn.result(iq)
      return notify(s, g, me, node('subject', { subject, s_t: String(t), s_o: memberJid(g, me) }))
    }
    case 'description': {
      if (g.locked && !admin) return deny()
      const body = child(first, 'body')
      const description = first.attrs.delete === 'true' || !body ? null : (bytes(body)?.toString('utf8') ?? '')
      const id = description === null ? null : (first.attrs.id ?? genId())
      updateGroup(s.db, g.id, { description, descId: id, descTime: nowSeconds(), descOwner: me.phone })
      conn.result(iq)
      return notify(s, g, me, node('description', { id: id ?? undefined, ...(description === null ? { delete: 'true' } : {}) }, body ? [body] : undefined))
    }
    case 'add':
    case 'remove':
    case 'promote':
    case 'demote':
      return changeParticipants(conn, iq, first, me, g, admin)
    case 'announcement':
    case 'not_announcement':
    case 'locked':
    case 'unlocked': {
      if (!admin) return deny()
      if (first.tag.endsWith('announcement')) updateGroup(s.db, g.id, { announce: first.tag === 'announcement' })
      else updateGroup(s.db, g.id, { locked: first.tag === 'locked' })
      conn.result(iq)
      return notify(s, g, me, node(first.tag, {}))
    }
    case 'ephemeral':
    case 'not_ephemeral': {
      if (g.locked && !admin) return deny()
      const expiration = first.tag === 'ephemeral' ? Number(first.attrs.expiration ?? 0) : 0
      updateGroup(s.db, g.id, { ephemeral: expiration })
      conn.result(iq)
      return notify(s, g, me, node(first.tag, expiration ? { expiration: String(expiration) } : {}))
    }
    case 'invite': {
      if (!admin) return deny()
      if (iq.attrs.type === 'get') {
        const code = g.inviteCode ?? newInviteCode()
        if (!g.inviteCode) updateGroup(s.db, g.id, { inviteCode: code })
        return conn.result(iq, [node('invite', { code })])
      }
      const code = newInviteCode()
      updateGroup(s.db, g.id, { inviteCode: code })
      conn.result(iq, [node('invite', { code })])
      return notify(s, g, me, node('invite', { code }))
    }
    default:
      return conn.error(iq, 501, 'feature-not-implemented')
  }
}

const newInviteCode = () => randomBytes(16).toString('base64url').slice(0, 22)

function changeParticipants(conn: Connection, iq: BinaryNode, op: BinaryNode, me: Account, g: Group, admin: boolean): void {
  const s = conn.server
  if (!admin) return conn.error(iq, 401, 'not-authorized')
  const results: BinaryNode[] = []
  const changed: Account[] = []
  for (const p of childrenOf(op, 'participant')) {
    const acc = accountOfJid(s, p.attrs.jid)
    const current = acc ? roleOf(s.db, g.id, acc.phone) : undefined
    let error: string | undefined
    if (!acc) error = '404'
    else if (op.tag === 'add' && current !== undefined) error = '409'
    else if (op.tag !== 'add' && current === undefined) error = '404'
    else if (op.tag !== 'add' && current === 'superadmin' && acc.phone !== me.phone) error = '403'
    if (error || !acc) {
      results.push(node('participant', { jid: p.attrs.jid, error }))
      continue
    }
    if (op.tag === 'add') setParticipant(s.db, g.id, acc.phone, null)
    if (op.tag === 'promote') setParticipant(s.db, g.id, acc.phone, 'admin')
    if (op.tag === 'demote') setParticipant(s.db, g.id, acc.phone, null)
    changed.push(acc)
    results.push(participantNode(g, acc))
  }
  conn.result(iq, [node(op.tag, {}, results)])
  if (!changed.length) return
  notify(s, g, me, node(op.tag, {}, changed.map((a) => participantNode(g, a))), op.tag === 'remove' ? changed.map((a) => a.phone) : [])
  if (op.tag === 'remove') for (const a of changed) removeParticipant(s.db, g.id, a.phone)
}

