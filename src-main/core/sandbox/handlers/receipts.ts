// <receipt> routing: delivery/read receipts go to every device of the original sender (groups: with the reader
// as participant); retry receipts go to the exact device that sent the message, with their keys.
import type { BinaryNode } from '@whiskeysockets/baileys'
import type { Connection } from '../server/connection.js'
import { getAccount } from '../store/accounts-repo.js'
import { hidesNumber } from '../store/identity-privacy-repo.js'
import { child, childrenOf, node, tstr } from '../wire/nodes.js'
import { isGroupJid, lidJid, parseJid, pnJid } from '../wire/jid.js'
import { accountOfJid } from './messages.js'
import { answerMediaRetry } from '../phone/media-retry.js'
import { deviceKey } from '../server/delivery.js'

/** Receipt types that only concern the server (or the sender's own devices) and are not forwarded. */
const LOCAL_TYPES = new Set(['peer_msg', 'hist_sync', 'sender', 'server-error', 'read-self', 'played-self'])

export function handleReceipt(conn: Connection, r: BinaryNode): void {
  const s = conn.server
  const me = conn.device!
  const { id, to, type, participant } = r.attrs
  conn.send(node('ack', { id, class: 'receipt', from: to, type }))
  if (!id || !to) return
  const ids = [id, ...childrenOf(child(r, 'list'), 'item').map((i) => i.attrs.id).filter((x): x is string => !!x)]
  // Clients acknowledge a message with a receipt (any type, retry included), not with <ack>.
  for (const mid of ids) s.delivery.acknowledge(me, mid, 'message')
  // A media re-upload request (Baileys updateMediaMessage): the account's phone answers it (phone/media-retry.ts).
  if (type === 'server-error' && child(r, 'rmr')) {
    answerMediaRetry(s, me, r).catch((e: unknown) => s.log.warn({ err: e, id }, 'sandbox media re-upload failed'))
    return
  }
  if (type && LOCAL_TYPES.has(type)) return
  const myAcc = getAccount(s.db, me.phone)!
  const isGroup = isGroupJid(to)
  const senderJid = isGroup ? participant : to
  const target = accountOfJid(s, senderJid)
  if (!target) return
  if (type === 'retry') {
    const p = parseJid(senderJid)
    if (!p) return
    // A reader who hides their number answers from their LID whatever the message was addressed to.
    const lidAddressed = senderJid?.endsWith('@lid') || (target.phone !== me.phone && hidesNumber(s.db, me.phone))
    const myJid = lidAddressed ? lidJid(myAcc.lid, me.deviceId) : pnJid(me.phone, me.deviceId)
    // A retry for an own-device mirror copy names the chat's other party (recipient=, as the copy carried it): the
    // sender's Baileys needs it to find the message, the "from" being its own account.
    const recipient = !isGroup && r.attrs.recipient ? { recipient: r.attrs.recipient } : {}
    const attrs = isGroup ? { id, from: to, participant: myJid, type, t: tstr() } : { id, from: myJid, type, t: tstr(), ...recipient }
    const sender = { phone: target.phone, deviceId: p.device }
    const key = deviceKey(sender)
    s.retryReceipts.set(key, (s.retryReceipts.get(key) ?? 0) + 1)
    s.delivery.deliver(sender, node('receipt', attrs, r.content as BinaryNode[] | undefined))
    return
  }
  // Readers without read receipts enabled still deliver, but never reveal "read".
  if ((type === 'read' || type === 'played') && myAcc.privacy.readreceipts === 'none' && !isGroup) return
  const forwardedType = type === 'inactive' ? undefined : type
  const list = ids.length > 1 ? [node('list', {}, ids.slice(1).map((i) => node('item', { id: i })))] : undefined
  const lidAddressed = senderJid?.endsWith('@lid') || (target.phone !== me.phone && hidesNumber(s.db, me.phone))
  const fromMe = lidAddressed ? lidJid(myAcc.lid) : pnJid(me.phone)
  const attrs = isGroup
    ? { id, from: to, participant: fromMe, t: tstr(), type: forwardedType }
    : { id, from: fromMe, t: tstr(), type: forwardedType }
  s.delivery.deliverToAccount(target.phone, node('receipt', attrs, list))
}
