// Profile and account settings: about text (xmlns=status), profile pictures of accounts and groups
// (w:profile:picture), blocklist and privacy settings.
import type { BinaryNode } from '@whiskeysockets/baileys'
import type { Connection } from '../server/connection.js'
import type { SandboxServer } from '../server/context.js'
import { getAccount, listAccounts, setPrivacy, setStatusText } from '../store/accounts-repo.js'
import { getGroup, participantsOf, roleOf } from '../store/groups-repo.js'
import { blocklistOf, deletePicture, getPicture, setBlocked, setPicture } from '../store/profile-repo.js'
import { bytes, genId, kids, node, nowSeconds, text, tstr } from '../wire/nodes.js'
import { groupJid, isGroupJid, lidJid, parseJid, pnJid } from '../wire/jid.js'
import { accountOfJid } from './messages.js'
import { UNHANDLED, type IqOutcome } from '../server/inventory.js'

export function handleStatus(conn: Connection, iq: BinaryNode, first: BinaryNode | undefined): IqOutcome {
  const s = conn.server
  if (iq.attrs.type !== 'set' || first?.tag !== 'status') return UNHANDLED
  setStatusText(s.db, conn.device!.phone, text(first), nowSeconds())
  conn.result(iq)
}

/** Canonical key of a picture: the account's PN jid or the group jid. */
function pictureOwner(s: SandboxServer, jid: string | undefined): string | undefined {
  if (isGroupJid(jid)) {
    const g = getGroup(s.db, parseJid(jid)!.user)
    return g ? groupJid(g.id) : undefined
  }
  const acc = accountOfJid(s, jid)
  return acc ? pnJid(acc.phone) : undefined
}

export function pictureUrl(s: SandboxServer, owner: string, pictureId: string, type: string): string {
  return `https://${s.options.mediaHost()}/pp/${encodeURIComponent(owner)}/${pictureId}?type=${type}`
}

export function handlePicture(conn: Connection, iq: BinaryNode, first: BinaryNode | undefined): IqOutcome {
  // get: <picture type query>; set: <picture type="image">jpeg</picture>; delete: a set with no child.
  if (first && first.tag !== 'picture') return UNHANDLED
  const s = conn.server
  const me = getAccount(s.db, conn.device!.phone)!
  const owner = pictureOwner(s, iq.attrs.target ?? pnJid(me.phone))
  if (!owner) return conn.error(iq, 404, 'item-not-found')
  if (iq.attrs.type === 'get') {
    const pic = getPicture(s.db, owner)
    if (!pic) return conn.error(iq, 404, 'item-not-found')
    const targetAcc = isGroupJid(owner) ? undefined : accountOfJid(s, owner)
    if (targetAcc && targetAcc.phone !== me.phone && targetAcc.privacy.profile === 'none') return conn.error(iq, 401, 'not-authorized')
    const type = first?.attrs.type === 'image' ? 'image' : 'preview'
    return conn.result(iq, [node('picture', { id: pic.pictureId, type, url: pictureUrl(s, owner, pic.pictureId, type), direct_path: `/pp/${pic.pictureId}` })])
  }
  // set / delete: own picture, or a group's when allowed.
  if (isGroupJid(owner)) {
    const g = getGroup(s.db, parseJid(owner)!.user)!
    const role = roleOf(s.db, g.id, me.phone)
    if (role === undefined || (g.locked && role === null)) return conn.error(iq, 401, 'not-authorized')
  } else if (owner !== pnJid(me.phone)) {
    return conn.error(iq, 401, 'not-authorized')
  }
  const img = first?.tag === 'picture' ? bytes(first) : undefined
  let pictureId: string | undefined
  if (img?.length) {
    pictureId = String(Date.now())
    setPicture(s.db, { jid: owner, pictureId, image: img, author: me.phone, updatedAt: nowSeconds() })
  } else {
    deletePicture(s.db, owner)
  }
  conn.result(iq, pictureId ? [node('picture', { id: pictureId })] : undefined)
  announcePicture(s, owner, me.phone, pictureId)
}

/** Everyone who knows the owner (group members, or every account for a person) learns about the change. */
function announcePicture(s: SandboxServer, owner: string, author: string, pictureId: string | undefined): void {
  const authorAcc = getAccount(s.db, author)!
  const change = pictureId
    ? node('set', { id: pictureId, author: pnJid(author), author_lid: lidJid(authorAcc.lid), jid: owner })
    : node('delete', { author: pnJid(author), jid: owner })
  const stanza = node('notification', { from: owner, type: 'picture', id: genId(), t: tstr() }, [change])
  const audience = isGroupJid(owner)
    ? participantsOf(s.db, parseJid(owner)!.user).map((m) => m.phone)
    : listAccounts(s.db).map((a) => a.phone).filter((p) => p !== author)
  for (const phone of audience) s.delivery.deliverToAccount(phone, stanza)
}

export function handleBlocklist(conn: Connection, iq: BinaryNode, first: BinaryNode | undefined): IqOutcome {
  const s = conn.server
  const me = conn.device!.phone
  if (iq.attrs.type === 'get' && !first) {
    return conn.result(iq, [node('list', {}, blocklistOf(s.db, me).map((jid) => node('item', { jid })))])
  }
  if (iq.attrs.type !== 'set' || first?.tag !== 'item') return UNHANDLED
  const item = first
  const target = accountOfJid(s, item.attrs.jid)
  if (!target) return conn.error(iq, 400, 'bad-request')
  const block = item.attrs.action === 'block'
  // Kept by LID, as the real network lists it; delivery checks map senders to their LID.
  setBlocked(s.db, me, lidJid(target.lid), block)
  conn.result(iq)
  const update = node('notification', { from: pnJid(me), type: 'account_sync', id: genId(), t: tstr() }, [
    node('blocklist', {}, [node('item', { jid: lidJid(target.lid), action: block ? 'block' : 'unblock' })])
  ])
  s.delivery.deliverToAccount(me, update, conn.device)
}

const PRIVACY_VALUES = new Set(['all', 'contacts', 'contact_blacklist', 'none', 'match_last_seen', 'known'])

export function handlePrivacy(conn: Connection, iq: BinaryNode, first: BinaryNode | undefined): IqOutcome {
  const s = conn.server
  const acc = getAccount(s.db, conn.device!.phone)!
  if (first?.tag === 'privacy' && iq.attrs.type === 'get') {
    return conn.result(iq, [node('privacy', {}, Object.entries(acc.privacy).map(([name, value]) => node('category', { name, value })))])
  }
  if (first?.tag === 'privacy') {
    const next = { ...acc.privacy }
    for (const c of kids(first)) {
      const { name, value } = c.attrs
      if (!name || !value || !PRIVACY_VALUES.has(value)) return conn.error(iq, 400, 'bad-request')
      next[name] = value
    }
    setPrivacy(s.db, acc.phone, next)
    return conn.result(iq)
  }
  // Trusted-contact tokens are accepted but not issued: the sandbox does not enforce reach-out limits.
  if (first?.tag === 'tokens' && iq.attrs.type === 'set') return conn.result(iq, [node('tokens', {}, [])])
  return UNHANDLED
}
