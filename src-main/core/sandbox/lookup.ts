// What callers of the network API pass in — phone numbers, PN/LID/c.us JIDs, group ids — resolved to accounts,
// devices, and the JID a person's client should address. Unknown or malformed input is a SandboxError.
import type { Db } from '../db/connection.js'
import { getAccount, getAccountByLid, type Account } from './store/accounts-repo.js'
import { getGroup, roleOf } from './store/groups-repo.js'
import type { DeviceAddr } from './server/delivery.js'
import { sandboxErrors } from './errors.js'
import { groupJid, parseJid, phoneDigits, pnJid, S_WA } from './wire/jid.js'

export function requirePhone(db: Db, phoneNumber: string): Account {
  const digits = phoneDigits(String(phoneNumber ?? ''))
  if (!digits) throw sandboxErrors.invalidPhoneNumber(String(phoneNumber))
  const acc = getAccount(db, digits)
  if (!acc) throw sandboxErrors.phoneNotFound(digits)
  return acc
}

/** "15550000001:1@s.whatsapp.net" or "<lid>:1@lid" -> the device it names. */
export function deviceOfJid(db: Db, jid: string): DeviceAddr {
  const p = parseJid(jid)
  const acc = p && (p.server === 'lid' ? getAccountByLid(db, p.user) : getAccount(db, p.user))
  if (!p || !acc) throw sandboxErrors.phoneNotFound(jid)
  return { phone: acc.phone, deviceId: p.device }
}

/** Digits, PN/LID/c.us JIDs or a group id (which `from` must be in) -> the JID the person's client should address. */
export function resolveTarget(db: Db, from: Account, to: string): string {
  const raw = String(to ?? '').trim()
  if (!raw) throw sandboxErrors.invalidRequest('to is required', ['to'])
  if (raw.endsWith('@g.us')) {
    const g = getGroup(db, parseJid(raw)?.user ?? '')
    if (!g || roleOf(db, g.id, from.phone) === undefined) throw sandboxErrors.invalidRequest(`${from.phone} is not in group ${raw}`)
    return groupJid(g.id)
  }
  const p = parseJid(raw.includes('@') ? raw.replace('@c.us', `@${S_WA}`) : undefined)
  const target = p?.server === 'lid' ? getAccountByLid(db, p.user) : getAccount(db, p?.user ?? phoneDigits(raw) ?? '')
  if (!target) throw sandboxErrors.phoneNotFound(p?.user ?? raw)
  return pnJid(target.phone)
}
