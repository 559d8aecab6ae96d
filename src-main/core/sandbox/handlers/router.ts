// Stanza dispatch: iqs by xmlns to their handler, other stanzas by tag. Every operation is recorded in the stanza
// inventory as handled or not. Unhandled: an unknown namespace gets an empty result (safe for every iq Baileys
// sends, and telemetry may be fire-and-forget); an operation a handler does not model gets 501.
import type { BinaryNode } from '@whiskeysockets/baileys'
import type { Connection } from '../server/connection.js'
import { iqOperation, UNHANDLED, type IqOutcome } from '../server/inventory.js'
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

type IqHandler = (conn: Connection, iq: BinaryNode, first: BinaryNode | undefined) => IqOutcome | Promise<IqOutcome>

/**
 * Operations answered with an empty result on purpose, by name: keepalive, the active/passive switch, dirty-bit
 * cleaning, telemetry, and settings the sandbox accepts without modelling (default disappearing timer, business
 * profile: an empty answer means "not a business"). Anything else in these namespaces is unhandled.
 */
export const ACKNOWLEDGED: ReadonlySet<string> = new Set([
  'iq:w:p/get/ping',
  'iq:passive/set/active',
  'iq:passive/set/passive',
  'iq:urn:xmpp:whatsapp:dirty/set/clean',
  'iq:w:stats/-/add',
  'iq:disappearing_mode/set/disappearing_mode',
  'iq:w:biz/get/business_profile',
  'iq:w:biz/set/business_profile'
])

const IQ_HANDLERS: Record<string, IqHandler> = {
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
  'w:mex': handleMex,
  newsletter: handleNewsletterIq,
  md: handleMd
}

/** Non-iq stanzas the sandbox routes (ib: telemetry and offline batches, acknowledged without routing). */
const ROUTED_TAGS = new Set(['message', 'receipt', 'presence', 'chatstate', 'ack', 'call', 'ib'])

export async function routeStanza(conn: Connection, stanza: BinaryNode): Promise<void> {
  if (stanza.tag === 'iq') return routeIq(conn, stanza)
  conn.server.inventory.record(`stanza:${stanza.tag}`, ROUTED_TAGS.has(stanza.tag))
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
      return
  }
}

async function routeIq(conn: Connection, iq: BinaryNode): Promise<void> {
  const inv = conn.server.inventory
  const xmlns = iq.attrs.xmlns ?? ''
  const first = kids(iq)[0]
  if (iq.attrs.type === 'result' || iq.attrs.type === 'error') {
    // Answers to server iqs sent without waiting (pair-device): nothing to do.
    inv.record(`iq-${iq.attrs.type}`, true)
    return
  }
  const op = iqOperation(iq)
  // Pairing by code happens before login (the companion has no device yet).
  if (xmlns === 'md' && first?.tag === 'link_code_companion_reg') return runHandler(conn, iq, op, () => handleLinkCodeIq(conn, iq, first))
  if (!conn.device) {
    inv.record(`pre-login:${op}`, op === 'iq:w:p/get/ping')
    return conn.result(iq)
  }
  if (ACKNOWLEDGED.has(op)) {
    inv.record(op, true)
    return conn.result(iq)
  }
  const handler = IQ_HANDLERS[xmlns]
  if (!handler) {
    inv.record(op, false)
    conn.server.log.warn({ op }, 'sandbox has no handler for this iq namespace; answered with an empty result')
    return conn.result(iq)
  }
  return runHandler(conn, iq, op, () => handler(conn, iq, first))
}

async function runHandler(conn: Connection, iq: BinaryNode, op: string, run: () => IqOutcome | Promise<IqOutcome>): Promise<void> {
  const inv = conn.server.inventory
  let outcome: IqOutcome
  try {
    outcome = await run()
  } catch (e) {
    inv.record(op, true)
    conn.server.log.warn({ err: e, op }, 'sandbox iq handler failed')
    return conn.error(iq, 500, 'internal-server-error')
  }
  inv.record(op, outcome !== UNHANDLED)
  if (outcome === UNHANDLED) {
    conn.server.log.warn({ op }, 'sandbox does not model this operation; answered 501')
    conn.error(iq, 501, 'feature-not-implemented')
  }
}
