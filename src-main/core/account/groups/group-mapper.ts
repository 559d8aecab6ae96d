// Baileys GroupMetadata -> the API's group object: Baileys' field names (as WAHA's NOWEB engine answers)
// with every user id in the API's @c.us form, and participants carrying both identities and their role,
// whatever the group's addressing mode (PN or LID); and the public link of an invite code.
import { isLidUser, isPnUser, type GroupMetadata, type GroupParticipant } from '../../engine/wa-wire.js'
import { toApiChatId } from '../../messaging/chat-ids.js'

export type GroupRole = 'participant' | 'admin' | 'superadmin'

export interface ApiParticipant {
  /** <number>@c.us when the phone number is known, else <number>@lid. */
  id: string
  pn: string | null
  lid: string | null
  admin: 'admin' | 'superadmin' | null
  role: GroupRole
  isAdmin: boolean
  isSuperAdmin: boolean
}

export interface ApiGroup {
  id: string
  subject: string
  subjectOwner: string | null
  subjectTime: number | null
  creation: number | null
  owner: string | null
  desc: string | null
  descId: string | null
  descOwner: string | null
  descTime: number | null
  restrict: boolean
  announce: boolean
  memberAddMode: boolean
  joinApprovalMode: boolean
  isCommunity: boolean
  size: number
  addressingMode: 'pn' | 'lid'
  ephemeralDuration: number | null
  participants: ApiParticipant[]
}

const api = (jid: string | undefined | null): string | null => (jid ? toApiChatId(jid) : null)
/** The PN spelling of a user when Baileys gives one, else the id as it came. */
const pnFirst = (id: string | undefined, pn: string | undefined): string | null => api(pn && isPnUser(pn) ? pn : id)

export function toApiParticipant(p: GroupParticipant): ApiParticipant {
  const pn = p.phoneNumber ?? (isPnUser(p.id) ? p.id : undefined)
  const lid = p.lid ?? (isLidUser(p.id) ? p.id : undefined)
  const admin = p.admin === 'admin' || p.admin === 'superadmin' ? p.admin : null
  return {
    id: toApiChatId(pn ?? p.id),
    pn: api(pn),
    lid: api(lid),
    admin,
    role: admin ?? 'participant',
    isAdmin: admin !== null,
    isSuperAdmin: admin === 'superadmin'
  }
}

const num = (v: number | undefined): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null)

export function toApiGroup(g: GroupMetadata): ApiGroup {
  return {
    id: g.id,
    subject: g.subject ?? '',
    subjectOwner: pnFirst(g.subjectOwner, g.subjectOwnerPn),
    subjectTime: num(g.subjectTime),
    creation: num(g.creation),
    owner: pnFirst(g.owner, g.ownerPn),
    desc: g.desc ?? null,
    descId: g.descId ?? null,
    descOwner: pnFirst(g.descOwner, g.descOwnerPn),
    descTime: num(g.descTime),
    restrict: !!g.restrict,
    announce: !!g.announce,
    memberAddMode: !!g.memberAddMode,
    joinApprovalMode: !!g.joinApprovalMode,
    isCommunity: !!g.isCommunity,
    size: g.size ?? g.participants.length,
    addressingMode: g.addressingMode === 'lid' ? 'lid' : 'pn',
    ephemeralDuration: num(g.ephemeralDuration),
    participants: g.participants.map(toApiParticipant)
  }
}

/** The role of one of the account's identities (PN or LID) in the group, undefined when not a participant. */
export function roleIn(g: GroupMetadata, own: { pn: string; lid: string | undefined }): GroupRole | undefined {
  const ownIds = [own.pn, own.lid].filter((x): x is string => !!x).map((j) => toApiChatId(j))
  for (const p of g.participants) {
    const a = toApiParticipant(p)
    if ((a.pn && ownIds.includes(a.pn)) || (a.lid && ownIds.includes(a.lid)) || ownIds.includes(a.id)) return a.role
  }
  return undefined
}

export const inviteUrl = (code: string): string => `https://chat.whatsapp.com/${code}`
