// <presence> (available/unavailable, subscribe, push name) and <chatstate> (typing, recording, paused).
import type { BinaryNode } from '@whiskeysockets/baileys'
import type { Connection } from '../server/connection.js'
import { getAccount, setPushName } from '../store/accounts-repo.js'
import { getGroup, participantsOf } from '../store/groups-repo.js'
import { isGroupJid, parseJid, pnJid } from '../wire/jid.js'
import { node } from '../wire/nodes.js'
import { accountOfJid } from './messages.js'

export function handlePresence(conn: Connection, p: BinaryNode): void {
  const s = conn.server
  const me = conn.device!
  const { type, to, name } = p.attrs
  if (name && name !== getAccount(s.db, me.phone)?.pushName) setPushName(s.db, me.phone, name)
  if (type === 'subscribe') {
    const target = accountOfJid(s, to)
    if (target) s.presence.subscribe(target.phone, conn)
    return
  }
  // No type means available (XMPP semantics): Baileys sends <presence name=...> that way.
  if (!type || type === 'available') s.presence.set(me.phone, true)
  else if (type === 'unavailable') s.presence.set(me.phone, false)
}

export function handleChatstate(conn: Connection, c: BinaryNode): void {
  const s = conn.server
  const me = conn.device!
  const to = c.attrs.to
  if (isGroupJid(to)) {
    const g = getGroup(s.db, parseJid(to)!.user)
    if (!g) return
    const stanza = node('chatstate', { from: to, participant: pnJid(me.phone) }, c.content as BinaryNode[] | undefined)
    for (const m of participantsOf(s.db, g.id)) if (m.phone !== me.phone) s.delivery.sendLive(m.phone, stanza)
    return
  }
  const target = accountOfJid(s, to)
  if (!target || target.phone === me.phone) return
  s.delivery.sendLive(target.phone, node('chatstate', { from: pnJid(me.phone) }, c.content as BinaryNode[] | undefined))
}
