// Stanza dispatch: iqs by xmlns to their handler, other stanzas by tag. Every kind seen is recorded in the
// stanza inventory; an iq without a handler is answered with an empty result (safe for every iq Baileys sends)
// and recorded as unhandled.
import type { BinaryNode } from '@whiskeysockets/baileys'
import type { Connection } from '../server/connection.js'
import { kids } from '../wire/nodes.js'
import { handleEncrypt } from './prekeys.js'
import { handleUsync } from './usync.js'
import { handleMessage } from './messages.js'
import { handleReceipt } from './receipts.js'
import { handleChatstate, handlePresence } from './presence.js'
import { handleGroups } from './groups.js'
import { handleAppState } from './app-state.js'
import { handleBlocklist, handlePicture, handlePrivacy, handleStatus } from './profile.js'
import { handleAbProps, handleMd, handleMediaConn } from './misc.js'
import { handleLinkCodeIq } from '../phone/link-code-iq.js'
import { handleCall } from './calls.js'
import { handleMex, handleNewsletterIq, handleNewsletterMessage, isNewsletterJid } from './newsletters.js'

type IqHandler = (conn: Connection, iq: BinaryNode, first: BinaryNode | undefined) => void | Promise<void>

const ok: IqHandler = (conn, iq) => conn.result(iq)

const IQ_HANDLERS: Record<string, IqHandler> = {
  'w:p': ok,
  passive: ok,
  encrypt: handleEncrypt,
  usync: handleUsync,
  abt: handleAbProps,
  blocklist: handleBlocklist,
  privacy: handlePrivacy,
  status: handleStatus,
  'w:g2': handleGroups,
  'w:sync:app:state': handleAppState,
  'w:profile:picture': handlePicture,
  'w:m': handleMediaConn,
  'urn:xmpp:whatsapp:dirty': ok,
  disappearing_mode: ok,
  'w:stats': ok,
  'w:biz': ok,
  'w:mex': handleMex,
  newsletter: handleNewsletterIq,
  md: handleMd
}

export async function routeStanza(conn: Connection, stanza: BinaryNode): Promise<void> {
  const inv = conn.server.inventory
  if (stanza.tag === 'iq') return routeIq(conn, stanza)
  inv.record(`stanza:${stanza.tag}`, true)
  if (!conn.device) return // pre-login acks, ib telemetry
  switch (stanza.tag) {
    case 'message':
      return isNewsletterJid(stanza.attrs.to) ? handleNewsletterMessage(conn, stanza) : handleMessage(conn, stanza)
    case 'receipt':
      return handleReceipt(conn, stanza)
    case 'presence':
      return handlePresence(conn, stanza)
    case 'chatstate':
      return handleChatstate(conn, stanza)
    case 'ack':
      conn.server.delivery.ack(conn.device, stanza)
      return
    case 'call':
      return handleCall(conn, stanza)
    default:
      return // ib: telemetry and offline batches, nothing to route
  }
}

async function routeIq(conn: Connection, iq: BinaryNode): Promise<void> {
  const xmlns = iq.attrs.xmlns ?? ''
  const first = kids(iq)[0]
  if (iq.attrs.type === 'result' || iq.attrs.type === 'error') {
    // Answers to server iqs sent without waiting (pair-device): nothing to do.
    conn.server.inventory.record(`iq-${iq.attrs.type}`, true)
    return
  }
  const kind = `iq:${xmlns}:${first?.tag ?? ''}`
  if (xmlns === 'md' && first?.tag === 'link_code_companion_reg') {
    conn.server.inventory.record(kind, true)
    return handleLinkCodeIq(conn, iq, first)
  }
  if (!conn.device) {
    conn.server.inventory.record(`pre-login:${kind}`, xmlns === 'w:p')
    return conn.result(iq)
  }
  const handler = IQ_HANDLERS[xmlns]
  conn.server.inventory.record(kind, !!handler)
  if (!handler) {
    conn.server.log.warn({ kind }, 'sandbox has no handler for this iq; answered with an empty result')
    return conn.result(iq)
  }
  try {
    await handler(conn, iq, first)
  } catch (e) {
    conn.server.log.warn({ err: e, kind }, 'sandbox iq handler failed')
    conn.error(iq, 500, 'internal-server-error')
  }
}
