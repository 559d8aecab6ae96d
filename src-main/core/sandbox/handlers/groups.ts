// xmlns="w:g2": groups. Dispatches each operation: create, participating, leave and invite links (to @g.us);
// metadata, subject, description, settings (announcement, locked, ephemeral, member add mode, join approval),
// invite codes and membership (to the group). Each change reaches the members as a w:gp2 notification.
import { randomBytes, randomInt } from 'node:crypto'
import type { BinaryNode } from '@whiskeysockets/baileys'
import type { Connection } from '../server/connection.js'
import { UNHANDLED, type IqOutcome } from '../server/inventory.js'
import { getAccount, type Account } from '../store/accounts-repo.js'
import { getGroup, getGroupByInvite, groupsOf, insertGroup, roleOf, updateGroup, type Group, type GroupRole } from '../store/groups-repo.js'
import { bytes, child, childrenOf, genId, node, nowSeconds, text } from '../wire/nodes.js'
import { groupJid, parseJid } from '../wire/jid.js'
import { accountOfJid } from './messages.js'
import { approvalNode, groupNode, isAdmin, memberJid, notifyMembers } from './group-stanzas.js'
import { acceptV4, changeParticipants, join, leave, membershipRequests, revokeV4 } from './group-members.js'

export function handleGroups(conn: Connection, iq: BinaryNode, first: BinaryNode | undefined): IqOutcome {
  const s = conn.server
  const me = getAccount(s.db, conn.device!.phone)!
  const to = iq.attrs.to ?? ''
  if (!first) return UNHANDLED
  if (to === '@g.us' || to === 'g.us') return globalOp(conn, iq, first, me)
  const g = getGroup(s.db, parseJid(to)?.user ?? '')
  if (!g) return conn.error(iq, 404, 'item-not-found')
  // A personal invitation is taken up by someone who is not a member yet.
  if (first.tag === 'accept') return s.db.transaction(() => acceptV4(conn, iq, first, me, g))()
  const role = roleOf(s.db, g.id, me.phone)
  if (role === undefined) return conn.error(iq, 403, 'forbidden')
  return s.db.transaction(() => groupOp(conn, iq, first, me, g, role))()
}

function globalOp(conn: Connection, iq: BinaryNode, first: BinaryNode, me: Account): IqOutcome {
  const s = conn.server
  switch (first.tag) {
    case 'create': {
      const subject = first.attrs.subject?.trim()
      if (!subject) return conn.error(iq, 400, 'bad-request')
      const now = nowSeconds()
      const g: Group = {
        id: `120363${randomInt(10 ** 11, 10 ** 12)}`, subject, subjectTime: now, subjectOwner: me.phone, creation: now, creator: me.phone,
        description: null, descId: null, descTime: null, descOwner: null, announce: false, locked: false, inviteCode: null,
        addressingMode: s.options.groupAddressingMode, ephemeral: 0, memberAddMode: 'admin_add', joinApproval: false
      }
      const members = new Map<string, GroupRole>([[me.phone, 'superadmin']])
      for (const p of childrenOf(first, 'participant')) {
        const acc = accountOfJid(s, p.attrs.jid)
        if (acc && !members.has(acc.phone)) members.set(acc.phone, null)
      }
      s.db.transaction(() => insertGroup(s.db, g, [...members].map(([phone, role]) => ({ phone, role }))))()
      conn.result(iq, [groupNode(s, g)], { from: '@g.us' })
      notifyMembers(s, g, me, node('create', {}, [groupNode(s, g)]))
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
      join(s, g, me)
      return conn.result(iq, [node('group', { jid: groupJid(g.id) })])
    }
    default:
      return UNHANDLED
  }
}

function groupOp(conn: Connection, iq: BinaryNode, first: BinaryNode, me: Account, g: Group, role: GroupRole): IqOutcome {
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
      return notifyMembers(s, g, me, node('subject', { subject, s_t: String(t), s_o: memberJid(g, me) }))
    }
    case 'description': {
      if (g.locked && !admin) return deny()
      const body = child(first, 'body')
      const description = first.attrs.delete === 'true' || !body ? null : (bytes(body)?.toString('utf8') ?? '')
      const id = description === null ? null : (first.attrs.id ?? genId())
      updateGroup(s.db, g.id, { description, descId: id, descTime: nowSeconds(), descOwner: me.phone })
      conn.result(iq)
      return notifyMembers(s, g, me, node('description', { id: id ?? undefined, ...(description === null ? { delete: 'true' } : {}) }, body ? [body] : undefined))
    }
    case 'add':
    case 'remove':
    case 'promote':
    case 'demote':
      return changeParticipants(conn, iq, first, me, g, role)
    case 'announcement':
    case 'not_announcement':
    case 'locked':
    case 'unlocked': {
      if (!admin) return deny()
      if (first.tag.endsWith('announcement')) updateGroup(s.db, g.id, { announce: first.tag === 'announcement' })
      else updateGroup(s.db, g.id, { locked: first.tag === 'locked' })
      conn.result(iq)
      return notifyMembers(s, g, me, node(first.tag, {}))
    }
    case 'ephemeral':
    case 'not_ephemeral': {
      if (g.locked && !admin) return deny()
      const expiration = first.tag === 'ephemeral' ? Number(first.attrs.expiration ?? 0) : 0
      updateGroup(s.db, g.id, { ephemeral: expiration })
      conn.result(iq)
      return notifyMembers(s, g, me, node(first.tag, expiration ? { expiration: String(expiration) } : {}))
    }
    case 'member_add_mode': {
      if (!admin) return deny()
      const mode = text(first)
      if (mode !== 'admin_add' && mode !== 'all_member_add') return conn.error(iq, 400, 'bad-request')
      updateGroup(s.db, g.id, { memberAddMode: mode })
      conn.result(iq)
      return notifyMembers(s, g, me, node('member_add_mode', {}, mode))
    }
    case 'membership_approval_mode': {
      if (!admin) return deny()
      const state = child(first, 'group_join')?.attrs.state
      if (state !== 'on' && state !== 'off') return conn.error(iq, 400, 'bad-request')
      updateGroup(s.db, g.id, { joinApproval: state === 'on' })
      conn.result(iq)
      return notifyMembers(s, g, me, approvalNode(state === 'on'))
    }
    case 'membership_approval_requests':
    case 'membership_requests_action':
      return membershipRequests(conn, iq, first, role)
    case 'revoke':
      return revokeV4(conn, iq, first, g, role)
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
      return notifyMembers(s, g, me, node('invite', { code }))
    }
    default:
      return UNHANDLED
  }
}

const newInviteCode = () => randomBytes(16).toString('base64url').slice(0, 22)
