// Group membership: add/remove/promote/demote, leaving, joining by invite link, personal ("v4") invitations for
// accounts whose privacy refuses being added, and join requests (never queued in the sandbox, so always none).
import { randomBytes } from 'node:crypto'
import type { BinaryNode } from '@whiskeysockets/baileys'
import type { Connection } from '../server/connection.js'
import type { SandboxServer } from '../server/context.js'
import type { Account } from '../store/accounts-repo.js'
import { deleteGroup, participantsOf, removeParticipant, roleOf, setParticipant, type Group, type GroupRole } from '../store/groups-repo.js'
import { deleteV4Invite, getV4Invite, putV4Invite } from '../store/group-invites-repo.js'
import { childrenOf, kids, node, nowSeconds } from '../wire/nodes.js'
import { groupJid } from '../wire/jid.js'
import { accountOfJid } from './messages.js'
import { isAdmin, notifyMembers, participantNode } from './group-stanzas.js'

/** How long a personal invitation stays valid (WhatsApp shows three days). */
const V4_INVITE_TTL_S = 3 * 24 * 3600

/**
 * The sandbox keeps no address books, so nobody is anybody's contact: any groupadd setting but "all" refuses an
 * add, and the admin gets a code to send as a personal invitation instead.
 */
const refusesAdd = (target: Account, me: Account): boolean => target.phone !== me.phone && (target.privacy.groupadd ?? 'all') !== 'all'

export function changeParticipants(conn: Connection, iq: BinaryNode, op: BinaryNode, me: Account, g: Group, role: GroupRole): void {
  const s = conn.server
  const allowed = isAdmin(role) || (op.tag === 'add' && g.memberAddMode === 'all_member_add')
  if (!allowed) return conn.error(iq, 401, 'not-authorized')
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
    if (!error && acc && op.tag === 'add' && refusesAdd(acc, me)) {
      const code = randomBytes(12).toString('base64url')
      const expiration = nowSeconds() + V4_INVITE_TTL_S
      putV4Invite(s.db, { groupId: g.id, phone: acc.phone, code, expiration, inviter: me.phone })
      results.push(node('participant', { jid: p.attrs.jid, error: '403' }, [node('add_request', { code, expiration: String(expiration) })]))
      continue
    }
    if (error || !acc) {
      results.push(node('participant', { jid: p.attrs.jid, error }))
      continue
    }
    if (op.tag === 'add') setParticipant(s.db, g.id, acc.phone, null)
    if (op.tag === 'promote') setParticipant(s.db, g.id, acc.phone, 'admin')
    if (op.tag === 'demote') setParticipant(s.db, g.id, acc.phone, null)
    changed.push(acc)
    results.push(participantNode(s.db, g, acc))
  }
  conn.result(iq, [node(op.tag, {}, results)])
  if (!changed.length) return
  notifyMembers(s, g, me, node(op.tag, {}, changed.map((a) => participantNode(s.db, g, a))), op.tag === 'remove' ? changed.map((a) => a.phone) : [])
  if (op.tag === 'remove') for (const a of changed) removeParticipant(s.db, g.id, a.phone)
}

export function leave(s: SandboxServer, g: Group, me: Account): void {
  notifyMembers(s, g, me, node('remove', {}, [participantNode(s.db, g, me)]))
  removeParticipant(s.db, g.id, me.phone)
  const left = participantsOf(s.db, g.id)
  if (!left.length) deleteGroup(s.db, g.id)
  else if (!left.some((m) => isAdmin(m.role))) setParticipant(s.db, g.id, left[0]!.phone, 'admin')
}

/** Adds an account that came in by invite (link or personal invitation) and tells the members. */
export function join(s: SandboxServer, g: Group, me: Account): void {
  if (roleOf(s.db, g.id, me.phone) !== undefined) return
  setParticipant(s.db, g.id, me.phone, null)
  notifyMembers(s, g, me, node('add', { reason: 'invite' }, [participantNode(s.db, g, me)]))
}

/** <accept code expiration admin/>: the invitee takes up a personal invitation. */
export function acceptV4(conn: Connection, iq: BinaryNode, accept: BinaryNode, me: Account, g: Group): void {
  const s = conn.server
  const invite = getV4Invite(s.db, g.id, me.phone)
  if (!invite || invite.code !== accept.attrs.code) return conn.error(iq, 404, 'item-not-found')
  if (invite.expiration < nowSeconds()) return conn.error(iq, 410, 'gone')
  deleteV4Invite(s.db, g.id, me.phone)
  join(s, g, me)
  conn.result(iq, undefined, { from: groupJid(g.id) })
}

/** <revoke><participant jid/></revoke>: an admin withdraws personal invitations. */
export function revokeV4(conn: Connection, iq: BinaryNode, revoke: BinaryNode, g: Group, role: GroupRole): void {
  const s = conn.server
  if (!isAdmin(role)) return conn.error(iq, 401, 'not-authorized')
  for (const p of childrenOf(revoke, 'participant')) {
    const acc = accountOfJid(s, p.attrs.jid)
    if (acc) deleteV4Invite(s.db, g.id, acc.phone)
  }
  conn.result(iq)
}

/** Join requests. The sandbox never queues one (an invite link joins directly), so the list is always empty. */
export function membershipRequests(conn: Connection, iq: BinaryNode, first: BinaryNode, role: GroupRole): void {
  if (!isAdmin(role)) return conn.error(iq, 401, 'not-authorized')
  if (first.tag === 'membership_approval_requests') return conn.result(iq, [node('membership_approval_requests', {})])
  // membership_requests_action: <approve|reject><participant jid/>…</…>; each one has no pending request.
  const answers = kids(first).map((action) =>
    node(action.tag, {}, childrenOf(action, 'participant').map((p) => node('participant', { jid: p.attrs.jid, error: '404' })))
  )
  conn.result(iq, [node('membership_requests_action', {}, answers)])
}
