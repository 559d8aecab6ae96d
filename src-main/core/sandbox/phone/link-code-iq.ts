// The companion side of pairing-code linking as the server sees it: companion_hello registers a pending
// request for a phone number; companion_finish hands the wrapped key bundle to the phone that is linking.
import type { BinaryNode } from '@whiskeysockets/baileys'
import { randomBytes } from 'node:crypto'
import type { Connection } from '../server/connection.js'
import { childBytes, node } from '../wire/nodes.js'
import { parseJid } from '../wire/jid.js'
import { UNHANDLED, type IqOutcome } from '../server/inventory.js'

export function handleLinkCodeIq(conn: Connection, iq: BinaryNode, reg: BinaryNode): IqOutcome {
  const s = conn.server
  const stage = reg.attrs.stage
  const phone = parseJid(reg.attrs.jid)?.user
  if (!phone) return conn.error(iq, 400, 'bad-request')
  if (stage === 'companion_hello') {
    const wrapped = childBytes(reg, 'link_code_pairing_wrapped_companion_ephemeral_pub')
    const noiseKey = childBytes(reg, 'companion_server_auth_key_pub')
    if (!wrapped || wrapped.length !== 80 || !noiseKey || !conn.registration) return conn.error(iq, 400, 'bad-request')
    const ref = randomBytes(16).toString('hex')
    s.pendingLinkCode.set(phone, { conn, ref, wrappedCompanionEphemeral: wrapped, noiseKey, createdAt: Date.now() })
    return conn.result(iq, [node('link_code_companion_reg', {}, [node('link_code_pairing_ref', {}, Buffer.from(ref))])])
  }
  if (stage === 'companion_finish') {
    const pending = s.pendingLinkCode.get(phone)
    const wrappedKeyBundle = childBytes(reg, 'link_code_pairing_wrapped_key_bundle')
    const companionIdentity = childBytes(reg, 'companion_identity_public')
    conn.result(iq)
    if (pending?.conn === conn && pending.finish && wrappedKeyBundle && companionIdentity) pending.finish({ wrappedKeyBundle, companionIdentity })
    return
  }
  return UNHANDLED
}
