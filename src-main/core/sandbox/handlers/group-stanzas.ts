// How groups look on the wire: the <group> metadata node, participants in PN or LID addressing, and the w:gp2
// notification every member gets for a change.
import type { BinaryNode } from '@whiskeysockets/baileys'
import type { SandboxServer } from '../server/context.js'
import { getAccount, type Account } from '../store/accounts-repo.js'
import { participantsOf, type Group, type GroupRole } from '../store/groups-repo.js'
import { hidesNumber } from '../store/identity-privacy-repo.js'
import { genId, node, tstr } from '../wire/nodes.js'
import { groupJid, lidJid, pnJid } from '../wire/jid.js'

export const isAdmin = (r: GroupRole | undefined): boolean => r === 'admin' || r === 'superadmin'

/** How a member is named in this group's stanzas. */
export function memberJid(g: Group, acc: Account): string {
  return g.addressingMode === 'lid' ? lidJid(acc.lid) : pnJid(acc.phone)
}

/** A member's phone number as LID groups reveal it: not at all when the member hides it. */
const pnOf = (db: SandboxServer['db'], acc: Account | undefined): string | undefined =>
  acc && !hidesNumber(db, acc.phone) ? pnJid(acc.phone) : undefined

export function participantNode(db: SandboxServer['db'], g: Group, acc: Account, role?: GroupRole): BinaryNode {
  const attrs: Record<string, string | undefined> =
    g.addressingMode === 'lid'
      ? { jid: lidJid(acc.lid), phone_number: pnOf(db, acc) }
      : { jid: pnJid(acc.phone), lid: lidJid(acc.lid) }
  if (role) attrs.type = role
  return node('participant', attrs)
}

/** The approval setting as clients read it (<group_join state="on|off"/>). */
export const approvalNode = (on: boolean): BinaryNode => node('membership_approval_mode', {}, [node('group_join', { state: on ? 'on' : 'off' })])

export function groupNode(s: SandboxServer, g: Group): BinaryNode {
  const members = participantsOf(s.db, g.id)
  const creator = getAccount(s.db, g.creator)
  const subjectOwner = getAccount(s.db, g.subjectOwner)
  const lid = g.addressingMode === 'lid'
  const content: BinaryNode[] = members.map((m) => participantNode(s.db, g, getAccount(s.db, m.phone)!, m.role))
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
  content.push(node('member_add_mode', {}, g.memberAddMode))
  // Clients treat the node's presence as "approval on".
  if (g.joinApproval) content.push(approvalNode(true))
  return node(
    'group',
    {
      id: g.id,
      subject: g.subject,
      s_t: String(g.subjectTime),
      s_o: subjectOwner ? memberJid(g, subjectOwner) : undefined,
      s_o_pn: lid ? pnOf(s.db, subjectOwner) : undefined,
      creation: String(g.creation),
      creator: creator ? memberJid(g, creator) : undefined,
      creator_pn: lid ? pnOf(s.db, creator) : undefined,
      size: String(members.length),
      addressing_mode: g.addressingMode
    },
    content
  )
}

/** Sends one w:gp2 notification to every member (and to `extra` accounts, e.g. those just removed). */
export function notifyMembers(s: SandboxServer, g: Group, actor: Account, change: BinaryNode, extra: string[] = []): void {
  const lid = g.addressingMode === 'lid'
  const stanza = node(
    'notification',
    {
      from: groupJid(g.id),
      type: 'w:gp2',
      id: genId(),
      t: tstr(),
      participant: memberJid(g, actor),
      participant_pn: lid ? pnOf(s.db, actor) : undefined,
      notify: actor.pushName
    },
    [change]
  )
  const targets = new Set([...participantsOf(s.db, g.id).map((m) => m.phone), ...extra])
  for (const phone of targets) s.delivery.deliverToAccount(phone, stanza)
}
