// A number check as WhatsApp clients make it: one usync query (contact + business protocols, by phone) through
// the instance's Baileys socket. Baileys' onWhatsApp asks only the contact protocol; the business protocol's
// verified-name certificate is where the network says an account is a business, and its issuer which kind.
import { proto, USyncQuery, USyncUser, type BinaryNode, type WASocket } from '@whiskeysockets/baileys'
import type { BusinessInfo, NumberLookup } from '../session-port.js'

type Protocol = USyncQuery['protocols'][number]

const textOf = (c: BinaryNode['content']): Uint8Array | undefined => (c instanceof Uint8Array ? c : undefined)

/** Enterprise (API) certificates are issued by "ent:…"; the Business app's by "smb:…". */
export const isEnterpriseIssuer = (issuer: string | null | undefined): boolean => !!issuer && /^ent(:|$)/i.test(issuer)

/** The usync `business` protocol asking for the verified name (what WhatsApp Web and whatsmeow ask). */
export const businessProtocol: Protocol = {
  name: 'business',
  getQueryElement: () => ({ tag: 'business', attrs: {}, content: [{ tag: 'verified_name', attrs: {} }] }),
  getUserElement: () => null,
  parser(node: BinaryNode): BusinessInfo | null {
    const vn = Array.isArray(node.content) ? node.content.find((c) => c.tag === 'verified_name') : undefined
    const raw = vn && textOf(vn.content)
    if (!raw?.length) return null
    try {
      const cert = proto.VerifiedNameCertificate.decode(raw)
      const d = proto.VerifiedNameCertificate.Details.decode(cert.details ?? new Uint8Array())
      return { verifiedName: d.verifiedName || null, issuer: d.issuer || null, isEnterprise: isEnterpriseIssuer(d.issuer) }
    } catch {
      // A certificate we cannot read still says "business".
      return { verifiedName: null, issuer: null, isEnterprise: false }
    }
  }
}

export async function lookupNumber(socket: WASocket, digits: string): Promise<NumberLookup> {
  const query = new USyncQuery().withContactProtocol()
  query.protocols.push(businessProtocol)
  query.withUser(new USyncUser().withPhone(`+${digits}`))
  const result = await socket.executeUSyncQuery(query)
  const hit = result?.list.find((u) => u.contact === true)
  if (!hit) return { exists: false, jid: `${digits}@s.whatsapp.net`, business: null }
  return { exists: true, jid: hit.id, business: (hit.business as BusinessInfo | null | undefined) ?? null }
}
