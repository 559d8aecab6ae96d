// <message> routing. The server never decrypts: it acks the sender, then hands each recipient device exactly the
// <enc> addressed to it (1:1 fan-out, own-device mirror copies with recipient=, peer messages), or, for groups,
// the device's pkmsg (sender key distribution) plus the shared skmsg.
import type { BinaryNode } from '@whiskeysockets/baileys'
import type { Connection } from '../server/connection.js'
import type { SandboxServer } from '../server/context.js'
import { deviceKey } from '../server/delivery.js'
import { getAccount, getAccountByLid, getDevice, listDevices, type Account } from '../store/accounts-repo.js'
import { getGroup, participantsOf } from '../store/groups-repo.js'
import { hidesNumber } from '../store/identity-privacy-repo.js'
import { isBlocked } from '../store/profile-repo.js'
import { checkNewChat, notifyRefusal, type SendRefusal } from '../server/send-limits.js'
import { silentRefusal } from '../server/silent-refusals.js'
import { child, childrenOf, kids, node, tstr } from '../wire/nodes.js'
import { isGroupJid, lidJid, parseJid, pnJid, S_WA } from '../wire/jid.js'

/** Stanza children recipients need besides their <enc>. */
const PASSTHROUGH = new Set(['device-identity', 'biz', 'meta', 'bot'])
const COPIED_ATTRS = ['edit', 'category', 'addressing_mode', 'expiration', 'mediatype', 'verified_name', 'push_priority'] as const

export function accountOfJid(s: SandboxServer, jid: string | undefined): Account | undefined {
  const p = parseJid(jid)
  if (!p) return undefined
  if (p.server === 'lid') return getAccountByLid(s.db, p.user)
  if (p.server === S_WA || p.server === 'c.us') return getAccount(s.db, p.user)
  return undefined
}

export function handleMessage(conn: Connection, msg: BinaryNode): void {
  const s = conn.server
  const sender = conn.device!
  const senderAcc = getAccount(s.db, sender.phone)!
  const { id, to } = msg.attrs
  const t = tstr()
  if (!id || !to) return
  const passthrough = kids(msg).filter((c) => PASSTHROUGH.has(c.tag))
  const base: Record<string, string> = { id, type: msg.attrs.type || 'text', t, notify: senderAcc.pushName }
  for (const k of COPIED_ATTRS) if (msg.attrs[k]) base[k] = msg.attrs[k]!
  const perDevice = new Map<string, BinaryNode>()
  for (const toNode of childrenOf(child(msg, 'participants'), 'to')) {
    const enc = child(toNode, 'enc')
    if (enc && toNode.attrs.jid) perDevice.set(toNode.attrs.jid, enc)
  }
  // Persist the fan-out before acking: once the sender has its ack, the message must not be lost.
  const out: Outgoing = { sender, senderAcc, msg, base, perDevice, passthrough }
  let refused: SendRefusal | undefined
  let silent = false
  s.db.transaction(() => {
    if (isGroupJid(to)) routeGroup(s, out)
    else if (to === STATUS_BROADCAST) routeStatus(s, out)
    else {
      // A message that would open a new chat may be refused (reach-out timelock 463, new-chat cap 475): nothing is routed.
      const recipient = accountOfJid(s, msg.attrs.recipient ?? to)
      // 463 with no notice: a number not on WhatsApp, or the refusal-path fault (server/silent-refusals.ts).
      refused = silentRefusal(s, sender.phone, msg.attrs.recipient ?? to, recipient)
      silent = !!refused
      if (!refused && recipient) refused = checkNewChat(s, sender.phone, recipient.phone)
      if (!refused) routeDirect(s, out)
    }
  })()
  conn.send(node('ack', { id, class: 'message', from: to, t, ...(refused ? { error: refused } : {}) }))
  if (refused && !silent) notifyRefusal(s, sender.phone, refused)
}

const STATUS_BROADCAST = 'status@broadcast'

/** The <enc> nodes a device gets, after any undecryptable-message fault armed for it (server/enc-faults.ts). */
const encFaulted = (s: SandboxServer, phone: string, deviceId: number, id: string, encs: BinaryNode[], from: string): BinaryNode[] =>
  s.faults.enc.apply(deviceKey({ phone, deviceId }), id, encs, from)

/** One client <message> being routed: who sent it, the attributes every copy gets, and each device's <enc>. */
interface Outgoing {
  sender: { phone: string; deviceId: number }
  senderAcc: Account
  msg: BinaryNode
  base: Record<string, string>
  perDevice: Map<string, BinaryNode>
  passthrough: BinaryNode[]
}

/** 24-hour status: the sender lists every audience device (each gets a sender-key pkmsg) plus one skmsg. */
function routeStatus(s: SandboxServer, { sender, senderAcc, msg, base, perDevice, passthrough }: Outgoing): void {
  const skmsg = kids(msg).find((c) => c.tag === 'enc' && c.attrs.type === 'skmsg')
  const participant = pnJid(sender.phone, sender.deviceId)
  for (const [djid, enc] of perDevice) {
    const acc = accountOfJid(s, djid)
    const p = parseJid(djid)
    if (!acc || !p || !getDevice(s.db, acc.phone, p.device)) continue
    if (acc.phone === sender.phone && p.device === sender.deviceId) continue
    const encs = encFaulted(s, acc.phone, p.device, base.id!, skmsg ? [enc, skmsg] : [enc], sender.phone)
    const content = [...encs, ...passthrough]
    s.delivery.deliver(
      { phone: acc.phone, deviceId: p.device },
      node('message', { ...base, from: STATUS_BROADCAST, participant, participant_lid: lidJid(senderAcc.lid) }, content)
    )
  }
}

function routeGroup(s: SandboxServer, { sender, senderAcc, msg, base, perDevice, passthrough }: Outgoing): void {
  const to = msg.attrs.to!
  const group = getGroup(s.db, parseJid(to)!.user)
  if (!group) return
  const members = participantsOf(s.db, group.id)
  if (!members.some((m) => m.phone === sender.phone)) return
  const skmsg = kids(msg).find((c) => c.tag === 'enc' && c.attrs.type === 'skmsg')
  const lidMode = group.addressingMode === 'lid'
  const participant = lidMode ? lidJid(senderAcc.lid, sender.deviceId) : pnJid(sender.phone, sender.deviceId)
  // A sender who hides their number appears in LID groups by LID alone (no participant_pn).
  const alt: Record<string, string> = lidMode
    ? hidesNumber(s.db, sender.phone) ? {} : { participant_pn: pnJid(sender.phone) }
    : { participant_lid: lidJid(senderAcc.lid) }
  // A retry goes to one device only (participant=...).
  const only = msg.attrs.participant
  for (const m of members) {
    const acc = getAccount(s.db, m.phone)!
    for (const dev of listDevices(s.db, m.phone)) {
      if (m.phone === sender.phone && dev.deviceId === sender.deviceId) continue
      const pn = pnJid(m.phone, dev.deviceId)
      const lid = lidJid(acc.lid, dev.deviceId)
      if (only && only !== pn && only !== lid) continue
      const enc = perDevice.get(pn) ?? perDevice.get(lid)
      const content: BinaryNode[] = []
      if (enc) content.push(enc)
      if (skmsg && !only) content.push(skmsg)
      if (!content.length) continue
      content.splice(0, content.length, ...encFaulted(s, m.phone, dev.deviceId, base.id!, content, sender.phone))
      s.delivery.deliver(
        { phone: m.phone, deviceId: dev.deviceId },
        node('message', { ...base, from: to, participant, ...alt }, [...content, ...(enc ? passthrough : [])])
      )
    }
  }
}

function routeDirect(s: SandboxServer, { sender, senderAcc, msg, base, perDevice, passthrough }: Outgoing): void {
  const to = msg.attrs.to!
  const lidChat = to.endsWith('@lid')
  const from = lidChat ? lidJid(senderAcc.lid, sender.deviceId) : pnJid(sender.phone, sender.deviceId)
  const alt: Record<string, string> = lidChat ? { sender_pn: pnJid(sender.phone) } : { sender_lid: lidJid(senderAcc.lid) }
  // A sender who hides their number reaches other accounts by LID only: from <lid>@lid, no sender_pn.
  const hidden = hidesNumber(s.db, sender.phone)
  const directEnc = kids(msg).find((c) => c.tag === 'enc')
  if (directEnc && !child(msg, 'participants')) {
    // Peer message (category="peer"): to one of the sender's own devices, the phone by default.
    const target = parseJid(to)
    const acc = accountOfJid(s, to)
    if (!target || acc?.phone !== sender.phone) return
    if (!getDevice(s.db, acc.phone, target.device)) return
    s.delivery.deliver({ phone: acc.phone, deviceId: target.device }, node('message', { ...base, from: pnJid(sender.phone, sender.deviceId) }, [directEnc]))
    return
  }
  const recipientAcc = accountOfJid(s, msg.attrs.recipient ?? to)
  const blocked = recipientAcc && recipientAcc.phone !== sender.phone && isBlocked(s.db, recipientAcc.phone, [pnJid(sender.phone), lidJid(senderAcc.lid)])
  for (const [djid, enc] of perDevice) {
    const acc = accountOfJid(s, djid)
    const p = parseJid(djid)
    if (!acc || !p || !getDevice(s.db, acc.phone, p.device)) continue
    if (acc.phone === sender.phone && p.device === sender.deviceId) continue
    const own = acc.phone === sender.phone
    if (!own && blocked) continue
    const attrs: Record<string, string> = !own && hidden ? { ...base, from: lidJid(senderAcc.lid, sender.deviceId) } : { ...base, from, ...alt }
    if (own) attrs.recipient = msg.attrs.recipient ?? to
    s.delivery.deliver({ phone: acc.phone, deviceId: p.device }, node('message', attrs, [...encFaulted(s, acc.phone, p.device, base.id!, [enc], sender.phone), ...passthrough]))
  }
}
