// xmlns="usync": the directory. Answers the devices (with key-index), lid, contact, status,
// disappearing_mode and business protocols for each user asked about; a protocol it does not model comes back
// empty and is recorded in the stanza inventory as unhandled ("usync:<protocol>").
import { randomBytes } from 'node:crypto'
import { proto, type BinaryNode } from '@whiskeysockets/baileys'
import type { Connection } from '../server/connection.js'
import type { SandboxServer } from '../server/context.js'
import { getAccount, getAccountByLid, listDevices, type Account } from '../store/accounts-repo.js'
import { hidesNumber } from '../store/identity-privacy-repo.js'
import { getMeta, setMeta } from '../store/meta-repo.js'
import { child, childrenOf, kids, node, text } from '../wire/nodes.js'
import { lidJid, parseJid, phoneDigits, pnJid, S_WA } from '../wire/jid.js'
import { UNHANDLED, type IqOutcome } from '../server/inventory.js'

const MODELLED = new Set(['devices', 'contact', 'lid', 'status', 'disappearing_mode', 'business'])

export function handleUsync(conn: Connection, iq: BinaryNode, usync: BinaryNode | undefined): IqOutcome {
  const s = conn.server
  if (usync?.tag !== 'usync') return UNHANDLED
  const protocols = kids(child(usync, 'query')).map((c) => c.tag)
  for (const p of protocols) s.inventory.record(`usync:${p}`, MODELLED.has(p))
  const out: BinaryNode[] = []
  for (const u of childrenOf(child(usync, 'list'), 'user')) {
    let jid = u.attrs.jid
    const contact = child(u, 'contact')
    if (!jid && contact) {
      const digits = phoneDigits(text(contact))
      if (!digits) continue
      jid = pnJid(digits)
    }
    const p = parseJid(jid)
    if (!jid || !p) continue
    const acc: Account | undefined = p.server === 'lid' ? getAccountByLid(s.db, p.user) : p.server === S_WA ? getAccount(s.db, p.user) : undefined
    // Asked by LID about someone who hides their number: the answer stays keyed by the LID and names no PN
    // (whoever already knows the number may still look the LID up by it).
    const byLidOnly = !!acc && p.server === 'lid' && acc.phone !== conn.device?.phone && hidesNumber(s.db, acc.phone)
    const content: BinaryNode[] = protocols.map((proto) => (byLidOnly && proto === 'lid' ? node('lid', {}) : protocolAnswer(conn, proto, acc)))
    // Contact lookups echo the number asked about; everything else is keyed by the account's PN jid.
    out.push(node('user', { jid: acc && !byLidOnly ? pnJid(acc.phone) : jid }, content))
  }
  conn.result(iq, [
    node('usync', { ...usync.attrs }, [node('result', {}, protocols.map((p) => node(p, {}))), node('list', {}, out)])
  ])
}

function protocolAnswer(conn: Connection, protocol: string, acc: Account | undefined): BinaryNode {
  const s = conn.server
  switch (protocol) {
    case 'devices': {
      const devs = acc ? listDevices(s.db, acc.phone) : []
      return node('devices', {}, [
        node(
          'device-list',
          {},
          devs.map((d) => node('device', { id: String(d.deviceId), ...(d.deviceId ? { 'key-index': String(d.keyIndex) } : {}) }))
        )
      ])
    }
    case 'contact':
      return node('contact', { type: acc ? 'in' : 'out' })
    case 'lid':
      return acc ? node('lid', { val: lidJid(acc.lid) }) : node('lid', {})
    case 'status':
      if (!acc) return node('status', { code: '404' })
      if (acc.privacy.status === 'none') return node('status', { code: '401' })
      return node('status', { t: String(acc.statusT) }, Buffer.from(acc.statusText))
    case 'disappearing_mode':
      return node('disappearing_mode', { duration: '0', t: '0' })
    case 'business':
      return businessAnswer(s, acc)
    default:
      return node(protocol, {})
  }
}

// ---- business accounts (a sandbox-only flag in the meta table; added for the message store's isBusiness /
// isEnterprise, issue 4). A business account answers the `business` protocol with its verified-name
// certificate, as the network does; the certificate is not signed (nothing in Baileys checks it).

export interface SandboxBusiness {
  verifiedName: string
  /** The certificate's issuer: "smb:wa" for the WhatsApp Business app (default), "ent:wa" for an API (enterprise) account. */
  issuer?: string
}

const businessKey = (phone: string) => `business:${phone}`

/** Marks a phone as a business account (null: a personal account again). */
export function setSandboxBusiness(server: SandboxServer, phone: string, business: SandboxBusiness | null): void {
  setMeta(server.db, businessKey(phone), Buffer.from(business ? JSON.stringify({ issuer: 'smb:wa', ...business }) : ''))
}

function businessAnswer(s: SandboxServer, acc: Account | undefined): BinaryNode {
  const raw = acc ? getMeta(s.db, businessKey(acc.phone))?.toString('utf8') : undefined
  if (!raw) return node('business', {})
  const biz = JSON.parse(raw) as Required<SandboxBusiness>
  const serial = Date.now()
  const details = proto.VerifiedNameCertificate.Details.encode({ serial, issuer: biz.issuer, verifiedName: biz.verifiedName }).finish()
  const cert = proto.VerifiedNameCertificate.encode({ details, signature: randomBytes(64) }).finish()
  return node('business', {}, [node('verified_name', { v: '1', serial: String(serial) }, cert)])
}
