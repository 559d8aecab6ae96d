// Channels (newsletters): the w:mex GraphQL-style queries Baileys uses (create, metadata, follow, mute,
// update, admin, delete — plus account standing queries), the `newsletter` iqs (message history, live
// updates), and posts: plaintext messages from the channel's admins, fanned out to every follower.
import { randomBytes, randomInt } from 'node:crypto'
import { QueryIds, XWAPaths, type BinaryNode } from '@whiskeysockets/baileys'
import type { Connection } from '../server/connection.js'
import type { SandboxServer } from '../server/context.js'
import {
  addNewsletterMessage, deleteNewsletter, getNewsletter, getNewsletterByInvite, insertNewsletter, memberOf, membersOf, newsletterMessages,
  removeMember, setMember, setMuted, updateNewsletter, type Newsletter
} from '../store/newsletters-repo.js'
import { child, genId, kids, node, nowSeconds, text, tstr } from '../wire/nodes.js'
import { parseJid } from '../wire/jid.js'
import { accountOfJid } from './messages.js'
import { UNHANDLED, type IqOutcome } from '../server/inventory.js'

type Json = Record<string, unknown>

class MexError extends Error {
  constructor(readonly code: number, message: string) {
    super(message)
  }
}

export const newsletterJid = (id: string): string => (id.endsWith('@newsletter') ? id : `${id}@newsletter`)

function metadataOf(s: SandboxServer, n: Newsletter, viewer: string): Json {
  const me = memberOf(s.db, n.id, viewer)
  const subscribers = membersOf(s.db, n.id).length
  return {
    id: n.id,
    state: { type: 'ACTIVE' },
    thread_metadata: {
      creation_time: String(n.creation),
      description: { id: String(n.creation), text: n.description, update_time: String(n.creation) },
      handle: null,
      invite: n.invite,
      name: { id: String(n.creation), text: n.name, update_time: String(n.creation) },
      picture: { id: n.pictureId ?? '', type: 'IMAGE', direct_path: n.pictureId ? `/nl/${n.pictureId}` : '' },
      preview: { id: n.pictureId ?? '', type: 'PREVIEW', direct_path: n.pictureId ? `/nl/${n.pictureId}` : '' },
      subscribers_count: String(subscribers),
      verification: n.verification,
      settings: { reaction_codes: { value: 'ALL' } }
    },
    viewer_metadata: { mute: me?.muted ? 'ON' : 'OFF', role: me?.role ?? 'GUEST' }
  }
}

function requireNewsletter(s: SandboxServer, jid: unknown): Newsletter {
  const n = typeof jid === 'string' ? getNewsletter(s.db, newsletterJid(jid)) : undefined
  if (!n) throw new MexError(404, 'newsletter not found')
  return n
}

function requireAdmin(s: SandboxServer, n: Newsletter, phone: string, ownerOnly = false): void {
  const role = memberOf(s.db, n.id, phone)?.role
  if (role !== 'OWNER' && (ownerOnly || role !== 'ADMIN')) throw new MexError(403, 'not an admin of this newsletter')
}

function announce(s: SandboxServer, n: Newsletter, change: BinaryNode, exceptPhone?: string): void {
  const stanza = node('notification', { from: n.id, type: 'newsletter', id: genId(), t: tstr() }, [change])
  for (const m of membersOf(s.db, n.id)) if (m.phone !== exceptPhone) s.delivery.deliverToAccount(m.phone, stanza)
}

/** Runs one GraphQL query; undefined when the sandbox does not model it. */
function runMex(conn: Connection, queryId: string, v: Json): { path: string; data: unknown } | undefined {
  const s = conn.server
  const me = conn.device!.phone
  switch (queryId) {
    case QueryIds.CREATE: {
      const input = (v.input ?? {}) as Json
      const name = typeof input.name === 'string' ? input.name.trim() : ''
      if (!name) throw new MexError(400, 'name is required')
      const n: Newsletter = {
        id: `120363${randomInt(10 ** 11, 10 ** 12)}@newsletter`, name, description: typeof input.description === 'string' ? input.description : '',
        picture: null, pictureId: null, invite: randomBytes(16).toString('base64url').slice(0, 22), verification: 'UNVERIFIED', creation: nowSeconds()
      }
      insertNewsletter(s.db, n, me)
      return { path: XWAPaths.xwa2_newsletter_create, data: metadataOf(s, n, me) }
    }
    case QueryIds.METADATA: {
      const input = (v.input ?? {}) as Json
      const key = String(input.key ?? '')
      const n = input.type === 'INVITE' ? getNewsletterByInvite(s.db, key.replace(/^https?:\/\/whatsapp\.com\/channel\//, '')) : getNewsletter(s.db, newsletterJid(key))
      if (!n) throw new MexError(404, 'newsletter not found')
      return { path: XWAPaths.xwa2_newsletter_metadata, data: metadataOf(s, n, me) }
    }
    case QueryIds.FOLLOW: {
      const n = requireNewsletter(s, v.newsletter_id)
      if (!memberOf(s.db, n.id, me)) setMember(s.db, n.id, me, 'SUBSCRIBER')
      return { path: XWAPaths.xwa2_newsletter_join_v2, data: { id: n.id } }
    }
    case QueryIds.UNFOLLOW: {
      const n = requireNewsletter(s, v.newsletter_id)
      if (memberOf(s.db, n.id, me)?.role === 'OWNER') throw new MexError(400, 'the owner cannot unfollow')
      removeMember(s.db, n.id, me)
      return { path: XWAPaths.xwa2_newsletter_leave_v2, data: { id: n.id } }
    }
    case QueryIds.MUTE:
    case QueryIds.UNMUTE: {
      const n = requireNewsletter(s, v.newsletter_id)
      if (!memberOf(s.db, n.id, me)) throw new MexError(400, 'not following this newsletter')
      const mute = queryId === QueryIds.MUTE
      setMuted(s.db, n.id, me, mute)
      return { path: mute ? XWAPaths.xwa2_newsletter_mute_v2 : XWAPaths.xwa2_newsletter_unmute_v2, data: { id: n.id, mute: mute ? 'ON' : 'OFF' } }
    }
    case QueryIds.UPDATE_METADATA: {
      const n = requireNewsletter(s, v.newsletter_id)
      requireAdmin(s, n, me)
      const u = (v.updates ?? {}) as Json
      const picture = typeof u.picture === 'string' ? (u.picture ? Buffer.from(u.picture, 'base64') : null) : undefined
      updateNewsletter(s.db, n.id, {
        name: typeof u.name === 'string' ? u.name : undefined,
        description: typeof u.description === 'string' ? u.description : undefined,
        picture,
        pictureId: picture === undefined ? undefined : picture ? String(Date.now()) : null
      })
      const settings: BinaryNode[] = []
      if (typeof u.name === 'string') settings.push(node('name', {}, Buffer.from(u.name)))
      if (typeof u.description === 'string') settings.push(node('description', {}, Buffer.from(u.description)))
      if (settings.length) announce(s, n, node('update', {}, [node('settings', {}, settings)]), me)
      return { path: 'xwa2_newsletter_update', data: metadataOf(s, getNewsletter(s.db, n.id)!, me) }
    }
    case QueryIds.SUBSCRIBERS: {
      const n = requireNewsletter(s, v.newsletter_id)
      requireAdmin(s, n, me)
      return { path: XWAPaths.xwa2_newsletter_subscribers, data: { subscribers: membersOf(s.db, n.id).map((m) => ({ user: { pn: `${m.phone}@s.whatsapp.net` }, role: m.role })) } }
    }
    case QueryIds.ADMIN_COUNT: {
      const n = requireNewsletter(s, v.newsletter_id)
      return { path: XWAPaths.xwa2_newsletter_admin_count, data: { admin_count: membersOf(s.db, n.id).filter((m) => m.role !== 'SUBSCRIBER').length } }
    }
    case QueryIds.CHANGE_OWNER:
    case QueryIds.DEMOTE: {
      const n = requireNewsletter(s, v.newsletter_id)
      requireAdmin(s, n, me, true)
      const target = accountOfJid(s, String(v.user_id ?? ''))
      if (!target || !memberOf(s.db, n.id, target.phone)) throw new MexError(404, 'user is not in this newsletter')
      if (queryId === QueryIds.CHANGE_OWNER) {
        setMember(s.db, n.id, target.phone, 'OWNER')
        setMember(s.db, n.id, me, 'ADMIN')
        return { path: XWAPaths.xwa2_newsletter_change_owner, data: { id: n.id } }
      }
      setMember(s.db, n.id, target.phone, 'SUBSCRIBER')
      return { path: XWAPaths.xwa2_newsletter_demote, data: { id: n.id } }
    }
    case QueryIds.DELETE: {
      const n = requireNewsletter(s, v.newsletter_id)
      requireAdmin(s, n, me, true)
      deleteNewsletter(s.db, n.id)
      return { path: XWAPaths.xwa2_newsletter_delete_v2, data: { id: n.id, state: { type: 'DELETED' } } }
    }
    case QueryIds.REACHOUT_TIMELOCK:
      // The sandbox never restricts accounts from reaching out.
      return { path: XWAPaths.xwa2_fetch_account_reachout_timelock, data: { is_active: false, time_enforcement_ends: '0', enforcement_type: 'DEFAULT' } }
    case QueryIds.MESSAGE_CAPPING_INFO:
      return { path: XWAPaths.xwa2_message_capping_info, data: { total_quota: 1_000_000, used_quota: 0, is_capped: false } }
    default:
      return undefined
  }
}

export function handleMex(conn: Connection, iq: BinaryNode, first: BinaryNode | undefined): IqOutcome {
  const queryId = first?.attrs.query_id ?? ''
  let variables: Json = {}
  try {
    variables = ((JSON.parse(text(first) || '{}') as Json).variables ?? {}) as Json
  } catch {
    return conn.error(iq, 400, 'bad-request')
  }
  let body: unknown
  try {
    const answer = runMex(conn, queryId, variables)
    if (!answer) return UNHANDLED
    body = { data: { [answer.path]: answer.data } }
  } catch (e) {
    if (!(e instanceof MexError)) throw e
    body = { data: null, errors: [{ message: e.message, extensions: { error_code: e.code } }] }
  }
  conn.result(iq, [node('result', {}, Buffer.from(JSON.stringify(body)))])
}

/** xmlns="newsletter": message history and live-update subscriptions. */
export function handleNewsletterIq(conn: Connection, iq: BinaryNode, first: BinaryNode | undefined): IqOutcome {
  const s = conn.server
  if (!first || !['live_updates', 'message_updates', 'messages'].includes(first.tag)) return UNHANDLED
  const n = getNewsletter(s.db, iq.attrs.to ?? '')
  if (!n) return conn.error(iq, 404, 'item-not-found')
  if (first.tag === 'live_updates') return conn.result(iq, [node('live_updates', { duration: '300' })])
  const count = Math.min(Math.max(Number(first.attrs.count ?? 20) || 20, 1), 100)
  const before = first.attrs.before ? Number(first.attrs.before) : undefined
  const msgs = newsletterMessages(s.db, n.id, count, before)
  conn.result(iq, [
    node(first.tag, {}, [
      node('messages', { jid: n.id }, msgs.map((m) => node('message', { id: m.messageId, server_id: String(m.serverId), t: String(m.t), type: m.type }, [node('plaintext', {}, m.body)])))
    ])
  ])
}

/** A post (or a reaction) to a channel. */
export function handleNewsletterMessage(conn: Connection, msg: BinaryNode): void {
  const s = conn.server
  const me = conn.device!.phone
  const { id, to } = msg.attrs
  const n = to ? getNewsletter(s.db, to) : undefined
  if (!id || !n) return conn.send(node('ack', { id, class: 'message', from: to, error: '404' }))
  if (msg.attrs.type === 'reaction') {
    const serverId = msg.attrs.server_id
    const code = child(msg, 'reaction')?.attrs.code ?? ''
    conn.send(node('ack', { id, class: 'message', from: to, t: tstr() }))
    if (serverId) announce(s, n, node('reaction', { message_id: serverId }, [node('reaction', {}, Buffer.from(code))]), me)
    return
  }
  const role = memberOf(s.db, n.id, me)?.role
  const plaintext = kids(msg).find((c) => c.tag === 'plaintext')
  if ((role !== 'OWNER' && role !== 'ADMIN') || !(plaintext?.content instanceof Uint8Array)) {
    return conn.send(node('ack', { id, class: 'message', from: to, error: role ? '400' : '403' }))
  }
  const t = nowSeconds()
  const body = Buffer.from(plaintext.content)
  const type = msg.attrs.type || 'text'
  const serverId = addNewsletterMessage(s.db, n.id, { messageId: id, type, body, t })
  conn.send(node('ack', { id, class: 'message', from: to, t: String(t), server_id: String(serverId) }))
  const stanza = node('message', { from: n.id, id, server_id: String(serverId), t: String(t), type, ...(msg.attrs.mediatype ? { mediatype: msg.attrs.mediatype } : {}) }, [
    node('plaintext', {}, body)
  ])
  for (const m of membersOf(s.db, n.id)) {
    for (const d of s.delivery.devicesOf(m.phone)) {
      if (m.phone === me && d === conn.device!.deviceId) continue
      s.delivery.deliver({ phone: m.phone, deviceId: d }, stanza)
    }
  }
}

export const isNewsletterJid = (jid: string | undefined): boolean => !!jid && parseJid(jid)?.server === 'newsletter'
