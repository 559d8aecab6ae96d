// JID vocabulary of the sandbox: phone-number (PN) and LID addressing of accounts, devices and groups.
import { jidDecode } from '@whiskeysockets/baileys'

export const S_WA = 's.whatsapp.net'
export const SERVER_JID = '@s.whatsapp.net'

export const pnJid = (phone: string, device = 0): string => (device ? `${phone}:${device}@${S_WA}` : `${phone}@${S_WA}`)
export const lidJid = (lid: string, device = 0): string => (device ? `${lid}:${device}@lid` : `${lid}@lid`)
export const groupJid = (id: string): string => `${id}@g.us`

export interface ParsedJid {
  user: string
  server: string
  device: number
}

export function parseJid(jid: string | undefined): ParsedJid | undefined {
  if (!jid) return undefined
  const d = jidDecode(jid)
  if (!d || !d.user) return undefined
  return { user: d.user, server: d.server, device: d.device ?? 0 }
}

export const isGroupJid = (jid: string | undefined): boolean => !!jid && jid.endsWith('@g.us')
export const isLid = (jid: string | undefined): boolean => !!jid && jid.endsWith('@lid')

/** "+1 555-000-0001", "15550000001@c.us", "15550000001" -> "15550000001" (digits only); undefined if not a number. */
export function phoneDigits(input: string): string | undefined {
  const user = input.includes('@') ? input.slice(0, input.indexOf('@')).split(':')[0]! : input
  const digits = user.replace(/[\s+\-()]/g, '')
  return /^[0-9]{6,15}$/.test(digits) ? digits : undefined
}
