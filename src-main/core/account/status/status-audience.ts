// Who sees a 24-hour status: the contacts the caller lists, or else every person the instance's message
// store knows (address-book contacts and people it has chatted with). The account's own number is always
// added, so its phone and other devices show the status under "My status" as WhatsApp's apps do.
import type { Db } from '../../db/connection.js'
import { coreErrors } from '../../domain/core-errors.js'
import { listContacts } from '../../messaging/store/index.js'

const PAGE = 1000
/** The network refuses very large audiences; WhatsApp's apps cap a status at a few thousand contacts too. */
export const MAX_STATUS_AUDIENCE = 5000

const isPerson = (jid: string) => jid.endsWith('@s.whatsapp.net') || jid.endsWith('@lid')

/** Every person (PN, or LID when the number is unknown) in the instance's contact store. */
export function knownContacts(db: Db, instanceId: string, limit = MAX_STATUS_AUDIENCE): string[] {
  const out: string[] = []
  for (let offset = 0; out.length < limit; offset += PAGE) {
    const page = listContacts(db, instanceId, { limit: PAGE, offset })
    for (const c of page) if (isPerson(c.jid)) out.push(c.jid)
    if (page.length < PAGE) break
  }
  return out.slice(0, limit)
}

/** `listed`: user JIDs the caller chose (undefined: every known person); the own number goes first. */
export function statusAudience(db: Db, instanceId: string, listed: string[] | undefined, ownPn: string): string[] {
  const audience = (listed ?? knownContacts(db, instanceId)).filter((j) => j !== ownPn)
  if (!audience.length) {
    const e = coreErrors.missingParam(['contacts'])
    e.details!.recommendation = 'This instance knows no contacts yet: list who should see the status in contacts (["15551234567@c.us", ...])'
    throw e
  }
  if (audience.length > MAX_STATUS_AUDIENCE) throw coreErrors.invalidParam('contacts', `at most ${MAX_STATUS_AUDIENCE} recipients`)
  return [ownPn, ...audience]
}
