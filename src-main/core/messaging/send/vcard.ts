// Contact cards as vCard 3.0, the way WhatsApp phones write them (waid= on the TEL line makes the number
// tappable as a WhatsApp chat).

export interface ContactCard {
  fullName: string
  organization?: string
  phoneNumber?: string
  whatsappId?: string
}

/** vCard text values escape backslash, comma, semicolon and newlines (RFC 2426 §4). */
const esc = (v: string) => v.replace(/\\/g, '\\\\').replace(/,/g, '\\,').replace(/;/g, '\\;').replace(/\r?\n/g, '\\n')

export function toVCard(c: ContactCard): string {
  const digits = (c.whatsappId ?? c.phoneNumber ?? '').replace(/@.*$/, '').replace(/\D/g, '')
  const phone = c.phoneNumber?.trim() || (digits ? `+${digits}` : '')
  const lines = ['BEGIN:VCARD', 'VERSION:3.0', `FN:${esc(c.fullName)}`, `N:${esc(c.fullName)};;;;`]
  if (c.organization) lines.push(`ORG:${esc(c.organization)};`)
  if (phone) lines.push(`TEL;type=CELL;type=VOICE${digits ? `;waid=${digits}` : ''}:${phone}`)
  lines.push('END:VCARD')
  return lines.join('\n')
}

/** The display name a vCard carries (FN), for cards passed in raw. */
export function vCardName(vcard: string): string | undefined {
  const m = /^FN(?:;[^:]*)?:(.*)$/m.exec(vcard)
  return m?.[1]?.trim().replace(/\\([,;\\])/g, '$1') || undefined
}
